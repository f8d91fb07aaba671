import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { Shape } from '../../shared/model';
import { newContext, openBoard, settled, shapes, startBoardIn, userSession } from './board-fixtures';
import { useServer } from './support/suite';

/**
 * The board with a keyboard and a screen reader (issue 32 item 2; docs/accessibility.md): after the
 * canvas, Tab walks the shapes in reading order, each read from the accessibility tree with its name
 * and description; Ctrl+Arrow goes to the nearest shape that way; Enter selects; the live region
 * reads this person's move and, once, what another member added. No mouse is used on the board.
 */
const server = useServer();

const sticky = (text: string, x: number, y: number) => ({
  cmd: 'stickyNote',
  text,
  x,
  y,
  w: 100,
  h: 100,
  color: '#feff9c',
  size: 'M',
  fontSize: 35,
});
const announcer = (page: Page) => page.getByTestId('board-announcer');
const focused = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

test('Tab reads the shapes in reading order; Ctrl+Arrow, Enter and the live region', async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await userSession(server);
  const page = await (await newContext(browser, { session: owner })).newPage();
  const code = await startBoardIn(page, server);
  // five notes, added out of order: two rows of the board
  await page.evaluate(
    (list) => window.tabula!.editor.addShapes(list as Array<Partial<Shape> & { cmd: 'stickyNote' }>),
    [sticky('Five', 300, 300), sticky('Two', 300, 100), sticky('Four', 100, 310), sticky('One', 100, 90), sticky('Three', 500, 100)],
  );
  await settled(page);
  // the list follows the board a moment after it changes
  await expect(page.getByRole('list', { name: 'Shapes in reading order, 5 shapes' })).toBeAttached();

  await page.getByRole('application', { name: 'Board canvas' }).focus();
  const order = ['One', 'Two', 'Three', 'Four', 'Five'];
  for (const [i, text] of order.entries()) {
    await page.keyboard.press('Tab');
    const item = focused(page, `${text}, sticky note`);
    await expect(item).toBeFocused();
    await expect(item).toHaveAccessibleDescription(new RegExp(`^yellow, 100 by 100, .* of the board, ${i + 1} of 5$`));
  }
  // the focused note is outlined on the canvas
  await expect(page.locator('.tb-focus-ring')).toBeVisible();

  // Ctrl+Arrow: the nearest note above Five is Two
  await page.keyboard.press('Control+ArrowUp');
  await expect(focused(page, 'Two, sticky note')).toBeFocused();

  // Enter selects it and gives the keys back to the canvas; the live region says so
  await page.keyboard.press('Enter');
  await expect(page.getByRole('application', { name: 'Board canvas' })).toBeFocused();
  const two = (await shapes(page)).find((s) => (s as { text?: string }).text === 'Two')!;
  await expect.poll(() => page.evaluate(() => window.tabula!.editor.selection$.value)).toEqual([two.id]);
  await expect(announcer(page)).toHaveText(/^Selected sticky note/);

  // the board's arrow keys move it; the live region reads the move
  await page.keyboard.press('Control+ArrowRight');
  await expect(announcer(page)).toHaveText(/You moved a sticky note/);

  // another member adds a note: the live region reads it once, with the member's name
  const other = await (await newContext(browser, { name: 'Bea Guest' })).newPage();
  await openBoard(other, server, code);
  await other.evaluate(() =>
    window.tabula!.editor.addShapes([
      { cmd: 'stickyNote', text: 'Hi', x: 700, y: 100, w: 100, h: 100, color: '#feff9c', size: 'M', fontSize: 35 } as never,
    ]),
  );
  await settled(other);
  await expect(announcer(page)).toHaveText(/added a sticky note/);
  const said = await announcer(page).textContent();
  expect(said).toMatch(/^(Bea Guest|A collaborator) added a sticky note/);
  // and not again
  await page.waitForTimeout(2500);
  await expect(announcer(page)).toHaveText(said!);
  // the list now has six notes, the new one last in its row
  await expect(page.getByRole('list', { name: /Shapes in reading order, 6 shapes/ })).toBeAttached();

  // the other member writes in the chat: the live region reads it, the chat box closed
  await other.getByRole('button', { name: 'Chat', exact: true }).click();
  const message = other.getByRole('region', { name: 'Chat' }).getByRole('textbox', { name: 'Message' });
  await message.fill('Look at the new note');
  await message.press('Enter');
  await expect(announcer(page)).toHaveText(/^Chat message from (Bea Guest|a guest): Look at the new note/);
});

test('keyboard only: place a rectangle and a sticky note, type, move, resize, undo', async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await userSession(server);
  const page = await (await newContext(browser, { session: owner })).newPage();
  await startBoardIn(page, server);
  const canvas = page.getByRole('application', { name: 'Board canvas' });
  await canvas.focus();

  // R chooses the rectangle, Enter places it in the middle of the view, selected
  await page.keyboard.press('r');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await shapes(page)).map((s) => s.cmd)).toEqual(['rectangle']);
  const rect = (await shapes(page))[0] as Shape & { x: number; y: number; w: number; h: number };

  // N chooses the sticky note, Enter places it beside the rectangle, open for typing
  await page.keyboard.press('n');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Hello');
  await page.keyboard.press('Escape');
  await canvas.focus();
  await expect.poll(async () => (await shapes(page)).find((s) => s.cmd === 'stickyNote')).toMatchObject({ text: 'Hello' });
  const note = (await shapes(page)).find((s) => s.cmd === 'stickyNote') as Shape & { x: number; y: number; w: number };
  expect(note.x).toBeGreaterThan(rect.x + rect.w);

  // Tab to the note in the shapes list, Enter selects it; Ctrl+Arrow moves it 20 px, Alt+Arrow makes it wider
  await expect(page.getByRole('list', { name: 'Shapes in reading order, 2 shapes' })).toBeAttached();
  await page.keyboard.press('Tab');
  const listed = page.getByRole('list', { name: /^Shapes in reading order/ });
  await expect(listed.getByRole('button', { name: 'Rectangle', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(listed.getByRole('button', { name: 'Hello, sticky note' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+ArrowDown');
  await expect.poll(async () => ((await shapes(page)).find((s) => s.id === note.id) as typeof note).y).toBe(note.y + 20);
  await page.keyboard.press('Alt+ArrowRight');
  await expect.poll(async () => ((await shapes(page)).find((s) => s.id === note.id) as typeof note).w).toBe(note.w + 10);

  // Ctrl+Z takes the resize back
  await page.keyboard.press('Control+z');
  await expect.poll(async () => ((await shapes(page)).find((s) => s.id === note.id) as typeof note).w).toBe(note.w);
  await settled(page);
});

test('with reduced motion the view jumps instead of gliding', async ({ browser }) => {
  const owner = await userSession(server);
  const context = await newContext(browser, { session: owner });
  const page = await context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await startBoardIn(page, server);
  await page.evaluate(
    (list) => window.tabula!.editor.addShapes(list as Array<Partial<Shape> & { cmd: 'stickyNote' }>),
    [sticky('Far', 3000, 2000)],
  );
  const before = await page.evaluate(() => window.tabula!.editor.viewport.state);
  // zoom to fit, then read the view in the very same task: it is already where it ends
  const after = await page.evaluate(() => {
    window.tabula!.editor.zoomToFit();
    return window.tabula!.editor.viewport.state;
  });
  expect(after).not.toEqual(before);
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => window.tabula!.editor.viewport.state)).toEqual(after);
});

/** The colours in a small square of the page around (x, y). */
async function coloursAround(page: Page, x: number, y: number): Promise<Array<[number, number, number]>> {
  const png = await page.screenshot({ clip: { x: x - 4, y: y - 4, width: 9, height: 9 } });
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const out: Array<[number, number, number]> = [];
  for (let i = 0; i < data.length; i += info.channels) out.push([data[i]!, data[i + 1]!, data[i + 2]!]);
  return out;
}

test('the main menu’s High-contrast selection draws the selection thick and dark, and is remembered', async ({ browser }) => {
  const owner = await userSession(server);
  const page = await (await newContext(browser, { session: owner })).newPage();
  const code = await startBoardIn(page, server);
  await page.evaluate(() => {
    const [s] = window.tabula!.editor.addShapes([
      { cmd: 'stickyNote', text: 'A', x: 200, y: 200, w: 200, h: 200, color: '#feff9c', size: 'M', fontSize: 35 } as never,
    ]);
    window.tabula!.editor.select([s!.id]);
  });
  // a point on the selection frame’s top edge (clear of its handles), on the page
  const edge = await page.evaluate(() => {
    const p = window.tabula!.editor.viewport.toScreen(250, 200);
    const r = document.querySelector('canvas[data-tabula-canvas]')!.getBoundingClientRect();
    return { x: r.x + p.x, y: r.y + p.y };
  });
  const blue = (c: [number, number, number]) => c[2] > 180 && c[0] < 120;
  const dark = (c: [number, number, number]) => c[0] < 50 && c[1] < 50 && c[2] < 50;
  await expect.poll(async () => (await coloursAround(page, edge.x, edge.y)).some(blue)).toBe(true);

  await page.getByRole('button', { name: 'Main menu' }).click();
  const item = page.getByRole('menuitemcheckbox', { name: 'High-contrast selection' });
  await expect(item).toHaveAttribute('aria-checked', 'false');
  await item.click();
  await expect.poll(async () => (await coloursAround(page, edge.x, edge.y)).some(dark)).toBe(true);
  expect((await coloursAround(page, edge.x, edge.y)).some(blue)).toBe(false);

  // remembered in this browser
  await openBoard(page, server, code);
  await page.getByRole('button', { name: 'Main menu' }).click();
  await expect(page.getByRole('menuitemcheckbox', { name: 'High-contrast selection' })).toHaveAttribute('aria-checked', 'true');
});
