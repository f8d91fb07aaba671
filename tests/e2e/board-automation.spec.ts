import { expect, test, type Page } from '@playwright/test';
import type { StickyNoteShape } from '../../shared/model';
import { useServer } from './support/suite';
import { click, newContext, pickTool, settled, shapes, shot, startBoardIn, userSession } from './board-fixtures';

/**
 * The Automation technical preview (board.md §1, §2: right side 650 px, toolbox command, Shift+F2;
 * §6 app-automation: beta-tester), as a person uses it in Chromium: sticky notes placed with the
 * sticky tool in two colours, the panel opened with Shift+F2, an example chosen and run; the notes'
 * places are read from the page's editor once the server confirmed them. A script that reaches for
 * the network is told it has none.
 */
const server = useServer();

async function placeSticky(page: Page, x: number, y: number, text: string) {
  await click(page, x, y);
  await expect(page.getByRole('textbox', { name: 'Sticky note text' })).toBeFocused();
  await page.keyboard.type(text);
  await page.keyboard.press('Escape');
}

const panel = (page: Page) => page.getByRole('complementary', { name: 'Automation panel' });

test('Shift+F2 opens Automation; the arrange example puts the sticky notes in columns by colour', async ({ browser }) => {
  const session = await userSession(server, { plan: 'beta-tester' });
  const page = await (await newContext(browser, { session })).newPage();
  await startBoardIn(page, server);

  await pickTool(page, 'Sticky note');
  await placeSticky(page, 260, 220, 'One');
  await placeSticky(page, 620, 560, 'Two');
  // a second colour from the toolbox's drawing style
  await page.getByRole('button', { name: 'Drawing style' }).click();
  await page.getByRole('group', { name: 'Sticky colour' }).getByRole('button').nth(3).click();
  await page.keyboard.press('Escape');
  await placeSticky(page, 450, 420, 'Three');
  await placeSticky(page, 820, 180, 'Four');
  await expect.poll(async () => (await shapes(page)).length).toBe(4);
  const colours = new Set((await shapes(page)).map((s) => (s as StickyNoteShape).color));
  expect(colours.size).toBe(2);
  await settled(page);

  await pickTool(page, 'Select');
  await page.keyboard.press('Shift+F2');
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByRole('textbox', { name: /Script/ })).toBeFocused();
  expect((await panel(page).boundingBox())!.width).toBe(650);
  await panel(page).getByLabel('Examples').selectOption({ label: 'Arrange sticky notes by colour' });
  await panel(page).getByRole('button', { name: 'Run' }).click();
  const log = panel(page).getByRole('log');
  await expect(log).toContainText('Arranged 4 sticky notes in 2 column(s).');
  await expect(log).toContainText(/Script finished in \d+ ms/);
  await expect(panel(page).getByRole('button', { name: 'Run' })).toBeVisible();

  await settled(page);
  const notes = (await shapes(page)) as StickyNoteShape[];
  const columns = new Map<string, StickyNoteShape[]>();
  for (const n of notes) columns.set(n.color, [...(columns.get(n.color) ?? []), n]);
  const xs = [...columns.values()].map((column) => new Set(column.map((n) => n.x)));
  // each colour is one column (one x), the columns side by side without overlapping
  expect(xs.map((set) => set.size)).toEqual([1, 1]);
  const [a, b] = xs.map((set) => [...set][0]!);
  expect(Math.abs(a - b)).toBeGreaterThanOrEqual(notes[0]!.w);
  for (const column of columns.values()) {
    const ys = column.map((n) => n.y).sort((p, q) => p - q);
    expect(ys[1]! - ys[0]!).toBeGreaterThanOrEqual(column[0]!.h);
  }
  await shot(page, 'board-automation');

  // the toolbox's command closes it again (and, being a tools entry, is keyboard reachable)
  await page.getByRole('toolbar', { name: 'Tools' }).getByRole('button', { name: 'Automation' }).click();
  await expect(panel(page)).toHaveCount(0);
});

test('a script has no network: fetch() reports it, with the line (in a narrow window)', async ({ browser }) => {
  const session = await userSession(server, { plan: 'beta-tester' });
  const page = await (await newContext(browser, { session })).newPage();
  await startBoardIn(page, server);
  // the size of a small embed: the panel narrows and keeps every control on screen
  await page.setViewportSize({ width: 720, height: 600 });
  await page.getByRole('toolbar', { name: 'Tools' }).getByRole('button', { name: 'Automation' }).click();
  const run = panel(page).getByRole('button', { name: 'Run' });
  await expect(run).toBeInViewport({ ratio: 1 });
  const box = (await panel(page).boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(720);
  const script = panel(page).getByRole('textbox', { name: /Script/ });
  await script.fill('');
  // Tab indents with two spaces inside the script box
  await script.pressSequentially('if (true) {');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await script.pressSequentially("await fetch('https://example.com/');");
  await page.keyboard.press('Enter');
  await script.pressSequentially('}');
  await expect(script).toHaveValue("if (true) {\n  await fetch('https://example.com/');\n}");
  // the failure is logged to the server like the board's other client errors (board.md §8)
  const logged = page.waitForRequest(
    (r) => r.url().endsWith('/api/logs/clients') && (r.postDataJSON() as { context?: string } | null)?.context === 'automation',
  );
  await page.keyboard.press('Control+Enter');
  await expect(panel(page).getByRole('log')).toContainText(
    'Error on line 2: Network is not available to automation scripts (fetch is disabled).',
  );
  expect((await logged).postDataJSON()).toMatchObject({ level: 'warn', message: expect.stringContaining('Network is not available') });
  await shot(page, 'board-automation-network');
});
