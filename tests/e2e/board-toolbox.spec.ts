import { expect, test, type Page } from '@playwright/test';
import { newContext, openBoard, shot, startBoardIn, startDrawing, userSession } from './board-fixtures';
import { useServer } from './support/suite';

/**
 * The toolbox fits its board (docs/board-screen.md "Toolbox"): at 1280×800 and at a short embed
 * size (800×500, and 800×400) every tool of the toolbox is reachable — a button in the toolbar or an item of its
 * 'More tools' popover, in the spec's order — and nothing of it is off-screen; the keyboard reaches
 * the overflow (arrows in the toolbar, Enter and Escape in the popover).
 */
const server = useServer();

/** The toolbox's tools as the toolbox lists them (the action registry's enabled tools, less those offered elsewhere). */
const expectedTools = (page: Page) =>
  page.evaluate(() => {
    const { editor } = window.tabula!;
    return editor.actions
      .list('tools')
      .filter((a) => !['previousTool', 'pan', 'uploadUrl'].includes(a.id) && a.enabled({ editor }))
      .map((a) => a.label);
  });

/** Every tool a person can reach: the toolbar's tool buttons, then the 'More tools' items (opened and closed again). */
async function reachableTools(page: Page): Promise<string[]> {
  const bar = page.getByRole('toolbar', { name: 'Tools' });
  const buttons = await bar.locator('button[data-tool]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  const more = bar.getByRole('button', { name: 'More tools' });
  if (!(await more.count())) return buttons;
  await more.click();
  const menu = page.getByRole('menu', { name: 'More tools' });
  await expect(menu).toBeVisible();
  await expectOnScreen(page, menu);
  const items = await menu.getByRole('menuitemradio').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  return [...buttons, ...items];
}

async function expectOnScreen(page: Page, el: ReturnType<Page['locator']>): Promise<void> {
  const box = (await el.boundingBox())!;
  const view = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(view.width);
  expect(box.y + box.height).toBeLessThanOrEqual(view.height);
}

test('every tool is reachable at 1280×800 and at 800×500, nothing off-screen, the overflow by keyboard', async ({ browser }) => {
  // the team plan has the most tools (highlighter, frames, comments)
  const session = await userSession(server, { plan: 'team' });
  const context = await newContext(browser, { session });
  const page = await context.newPage();
  const code = await startBoardIn(page, server);
  const bar = page.getByRole('toolbar', { name: 'Tools' });

  const expected = await expectedTools(page);
  expect(expected.length).toBeGreaterThan(15);
  await expectOnScreen(page, bar);
  expect(await reachableTools(page)).toEqual(expected);
  await shot(page, 'board-toolbox-1280x800');

  // a short embed: the toolbox stays on the board, the rest of the tools in 'More tools'
  await page.setViewportSize({ width: 800, height: 500 });
  await openBoard(page, server, code);
  await startDrawing(page);
  const more = bar.getByRole('button', { name: 'More tools' });
  await expect(more).toBeVisible();
  await expectOnScreen(page, bar);
  expect(await reachableTools(page)).toEqual(expected);

  // keyboard: from the first tool, End reaches the drawing style, ArrowUp 'More tools'; Enter opens it
  await bar.getByRole('button', { name: 'Select', exact: true }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(bar.locator('button[data-tool]').nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(bar.getByRole('button', { name: 'Drawing style' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(more).toBeFocused();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'More tools' });
  const items = menu.getByRole('menuitemradio');
  await expect(items.first()).toBeFocused();
  await shot(page, 'board-toolbox-800x500-more');
  // Escape gives the focus back to the button
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(more).toBeFocused();
  // shorter still (800×400): drawing tools go into 'More tools' too; Enter on the first picks it
  await page.setViewportSize({ width: 800, height: 400 });
  await expectOnScreen(page, bar);
  expect(await reachableTools(page)).toEqual(expected);
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(items.first()).toBeFocused();
  const first = await items.first().getAttribute('data-tool');
  expect(first).toBe('stickyNote');
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(menu).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => window.tabula!.editor.tool$.value)).toBe('stickyNote');
  // the button says which tool of its menu is in use, and the menu checks it
  await expect(more).toHaveAttribute('title', 'More tools (Sticky note)');
  await more.click();
  await expect(menu.getByRole('menuitemradio', { checked: true })).toHaveAttribute('data-tool', 'stickyNote');
  await page.keyboard.press('Escape');
  await shot(page, 'board-toolbox-800x400');

  // back to 1280×800 after the short size: the tools fit again
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectOnScreen(page, bar);
  expect(await reachableTools(page)).toEqual(expected);
  await context.close();
});
