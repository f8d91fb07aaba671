import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '../../shared/messages';
import { useServer } from './support/suite';
import { click, drag, newContext, openBoard, pickTool, settled, shapes, shot, startBoardIn, userSession } from './board-fixtures';

/**
 * Templates on the board (board.md §2 1035 px dialog, §4 "Templates dialog", §5, §7 addTemplate,
 * §8 'template saved', §9 Insert): driven as a person does — the Insert key, typing, clicks — by a
 * beta-tester (custom templates allowed); a second browser on the same board sees what is inserted.
 */
const server = useServer();

const texts = async (page: Page): Promise<string[]> =>
  (await shapes(page)).map((s) => String((s as { value?: unknown }).value ?? (s as { text?: unknown }).text ?? ''));

test('Insert, search, customise the kanban, Use Template: everyone sees it, one Ctrl+Z takes it back', async ({ browser }) => {
  const session = await userSession(server, { plan: 'beta-tester' });
  const a = await (await newContext(browser, { session })).newPage();
  const code = await startBoardIn(a, server);
  const b = await (await newContext(browser, { name: 'Ben' })).newPage();
  await openBoard(b, server, code);

  await click(a, 640, 420);
  await a.keyboard.press('Insert');
  const dialog = a.getByRole('dialog', { name: 'Templates' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByRole('button', { name: /^Kanban board/ })).toBeVisible();
  // the whole dialog is on a 1280×800 screen
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(1280);
  expect(box.y + box.height).toBeLessThanOrEqual(800);
  // the cards show the server's thumbnails
  await expect
    .poll(
      () =>
        dialog
          .locator('img')
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      { timeout: 20_000 },
    )
    .toBe(true);
  await shot(a, 'board-templates-dialog');

  // the arrow keys move through the cards
  const cards = dialog.locator('.tb-tpl-card__open');
  await cards.first().focus();
  await a.keyboard.press('ArrowRight');
  await expect(cards.nth(1)).toBeFocused();
  await a.keyboard.press('ArrowLeft');
  await expect(cards.first()).toBeFocused();

  // the search box filters by name, summary and tags
  await dialog.getByRole('searchbox', { name: 'Search templates' }).fill('kanban');
  await expect(dialog.getByRole('button', { name: /^Kanban board/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^SWOT/ })).toHaveCount(0);

  // Enter on the focused card opens its detail; Customize shows the form
  await dialog.getByRole('button', { name: /^Kanban board/ }).focus();
  await a.keyboard.press('Enter');
  await expect(a.getByRole('dialog', { name: 'Kanban board' })).toBeVisible();
  const detail = a.getByRole('dialog', { name: 'Kanban board' });
  await detail.getByRole('button', { name: 'Customize' }).click();
  await detail.getByRole('textbox', { name: 'Columns 1' }).fill('Backlog');
  await detail.getByRole('button', { name: 'Add item' }).click();
  await detail.getByRole('textbox', { name: 'Columns 4' }).fill('Shipped');

  // invalid data: Use Template is disabled and says why
  const use = detail.getByRole('button', { name: MESSAGES.useTemplate });
  await detail.getByRole('spinbutton', { name: 'WIP limit' }).fill('99');
  await expect(use).toBeDisabled();
  await expect(use).toHaveAttribute('title', MESSAGES.dataNotValid);
  await expect(detail.getByText('Must be at most 20')).toBeVisible();
  await detail.getByRole('spinbutton', { name: 'WIP limit' }).fill('2');
  await expect(use).toBeEnabled();
  await shot(a, 'board-templates-customize');
  await use.click();
  await expect(detail).toBeHidden();

  // four columns of lane, title, WIP text and a card — selected here, seen by the second browser
  await expect.poll(async () => (await shapes(a)).length, { timeout: 15_000 }).toBe(16);
  await expect.poll(async () => (await shapes(b)).length, { timeout: 15_000 }).toBe(16);
  expect(await texts(b)).toEqual(expect.arrayContaining(['Backlog', 'Doing', 'Done', 'Shipped', 'WIP ≤ 2']));
  await expect.poll(() => a.evaluate(() => window.tabula!.editor.selection.length)).toBe(16);
  await settled(a);

  // one undo removes the whole template, for everyone
  await click(a, 20, 780);
  await a.keyboard.press('Control+z');
  await expect.poll(async () => (await shapes(a)).length).toBe(0);
  await expect.poll(async () => (await shapes(b)).length).toBe(0);

  // in a small embed the dialog fits the board; Escape closes it
  await a.setViewportSize({ width: 600, height: 500 });
  await click(a, 300, 450);
  await a.keyboard.press('Insert');
  await expect(dialog).toBeVisible();
  const narrow = (await dialog.boundingBox())!;
  expect(narrow.x).toBeGreaterThanOrEqual(0);
  expect(narrow.x + narrow.width).toBeLessThanOrEqual(600);
  await shot(a, 'board-templates-narrow');
  await a.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('save a board as a template and use it on another board; ?template= inserts once', async ({ browser }) => {
  const session = await userSession(server, { plan: 'beta-tester' });
  const a = await (await newContext(browser, { session })).newPage();
  await startBoardIn(a, server);

  // an empty board cannot be saved
  await a.getByRole('button', { name: 'Main menu' }).click();
  await a.getByRole('menuitem', { name: 'Save as template' }).click();
  const save = a.getByRole('dialog', { name: 'Save as template' });
  await save.getByRole('textbox', { name: 'Template name' }).fill('Our two boxes');
  await save.getByRole('button', { name: 'Save' }).click();
  await expect(save.getByText(MESSAGES.boardEmpty)).toBeVisible();
  await save.getByRole('button', { name: 'Cancel' }).click();

  await pickTool(a, 'Filled rectangle');
  await drag(a, [
    [300, 300],
    [420, 380],
  ]);
  await drag(a, [
    [500, 320],
    [600, 420],
  ]);
  await expect.poll(async () => (await shapes(a)).length).toBe(2);
  await settled(a);

  // a name is required; then 'template saved'
  await a.getByRole('button', { name: 'Main menu' }).click();
  await a.getByRole('menuitem', { name: 'Save as template' }).click();
  await save.getByRole('button', { name: 'Save' }).click();
  await expect(save.getByText('Enter a name for the template')).toBeVisible();
  await save.getByRole('textbox', { name: 'Template name' }).fill('Our two boxes');
  await shot(a, 'board-templates-save');
  await save.getByRole('button', { name: 'Save' }).click();
  await expect(a.getByText(MESSAGES.templateSaved)).toBeVisible();
  await expect(save).toBeHidden();

  // another board: My templates has it; Use Template puts the two boxes there
  const other = await startBoardIn(a, server);
  await pickTool(a, 'Templates');
  const dialog = a.getByRole('dialog', { name: 'Templates' });
  await dialog.getByRole('tab', { name: 'My templates' }).click();
  // its thumbnail is the JPEG drawn when it was saved
  await expect
    .poll(
      () =>
        dialog
          .locator('img')
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      { timeout: 20_000 },
    )
    .toBe(true);
  await shot(a, 'board-templates-mine');
  await dialog.getByRole('button', { name: 'Our two boxes', exact: true }).click();
  await a.getByRole('dialog', { name: 'Our two boxes' }).getByRole('button', { name: MESSAGES.useTemplate }).click();
  await expect.poll(async () => (await shapes(a)).map((s) => s.cmd)).toEqual(['filledRectangle', 'filledRectangle']);
  await settled(a);

  // the board page's ?template=<name>: inserted once, then gone from the address
  await openBoard(a, server, other, '?template=sticky-grid');
  await expect.poll(async () => (await shapes(a)).length, { timeout: 15_000 }).toBeGreaterThan(2);
  await expect.poll(() => new URL(a.url()).searchParams.has('template')).toBe(false);
  const count = (await shapes(a)).length;
  await settled(a);
  await openBoard(a, server, other);
  await expect.poll(async () => (await shapes(a)).length).toBe(count);
});
