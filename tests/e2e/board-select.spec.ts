import { expect, test, type Page } from '@playwright/test';
import type { RectangleShape } from '../../shared/model';
import { useServer } from './support/suite';
import { click, drag, newContext, pickTool, settled, shapes, shot, startBoardIn, userSession } from './board-fixtures';

/**
 * Selection by real mouse input (board.md §4 "Selection", §2 floating property menu): select,
 * move, resize with a handle, rotate with the rotate handle (team plan), colour and order from
 * the property menu, duplicate and delete (menu and the Delete key).
 */
const server = useServer();

const rectOf = async (page: Page, id: string) => (await shapes(page)).find((s) => s.id === id) as RectangleShape | undefined;

/** Screen position (canvas-relative) of a selection handle. */
async function handleAt(page: Page, handle: 'se' | 'rotate'): Promise<[number, number]> {
  return page.evaluate((h) => {
    const { editor } = window.tabula!;
    const box = editor.scene.overlay$.value.handles!.box;
    const p = h === 'se' ? editor.toScreen(box.x + box.w, box.y + box.h) : editor.toScreen(box.x + box.w / 2, box.y);
    return [p.x, h === 'rotate' ? p.y - 24 : p.y] as [number, number];
  }, handle);
}

test('select, move, resize, rotate, restyle, duplicate and delete', async ({ browser }) => {
  const session = await userSession(server, { plan: 'team' });
  const context = await newContext(browser, { session });
  const page = await context.newPage();
  await startBoardIn(page, server);

  await pickTool(page, 'Rectangle');
  await drag(page, [
    [500, 300],
    [660, 400],
  ]);
  await expect.poll(async () => (await shapes(page)).length).toBe(1);
  const id = (await shapes(page))[0]!.id;
  const start = (await rectOf(page, id))!;

  // select: a click on the outline
  await pickTool(page, 'Select');
  await click(page, 540, 300); // on the top edge, away from the handles
  await expect.poll(() => page.evaluate(() => window.tabula!.editor.selection)).toEqual([id]);
  const menu = page.getByRole('toolbar', { name: 'Selection', exact: true });
  await expect(menu).toBeVisible();

  // move: drag the outline by (60, 40)
  await drag(page, [
    [540, 300],
    [570, 320],
    [600, 340],
  ]);
  await expect.poll(async () => Math.abs((await rectOf(page, id))!.x - (start.x + 60))).toBeLessThan(2);
  expect(Math.abs((await rectOf(page, id))!.y - (start.y + 40))).toBeLessThan(2);

  // resize: the south-east handle by (+80, +50)
  const [hx, hy] = await handleAt(page, 'se');
  await drag(page, [
    [hx, hy],
    [hx + 40, hy + 25],
    [hx + 80, hy + 50],
  ]);
  await expect.poll(async () => Math.round((await rectOf(page, id))!.w)).toBeGreaterThan(start.w + 60);
  const resized = (await rectOf(page, id))!;
  expect(resized.h).toBeGreaterThan(start.h + 30);
  expect(Math.abs(resized.x - (start.x + 60))).toBeLessThan(2);

  // rotate: drag the rotate handle around to the right (team plan)
  const [rx, ry] = await handleAt(page, 'rotate');
  const centre = await page.evaluate(() => {
    const { editor } = window.tabula!;
    const box = editor.scene.overlay$.value.handles!.box;
    return editor.toScreen(box.x + box.w / 2, box.y + box.h / 2);
  });
  await drag(page, [
    [rx, ry],
    [centre.x + 80, centre.y - 80],
    [centre.x + 150, centre.y],
  ]);
  await expect.poll(async () => Math.round((await rectOf(page, id))!.rotation ?? 0)).toBeGreaterThan(45);

  // property menu: colour red, then bring to front / send back keep the shape
  await expect(menu).toBeVisible();
  await menu.getByRole('button', { name: 'Colour', exact: true }).click();
  await page.getByRole('button', { name: 'Colour #ff0000' }).click();
  await expect.poll(async () => (await rectOf(page, id))!.stroke).toBe('#ff0000');
  await menu.getByRole('button', { name: 'Line width and opacity' }).click();
  await page.getByRole('slider', { name: 'Width' }).fill('6');
  await expect.poll(async () => (await rectOf(page, id))!.lineWidth).toBe(6);
  await shot(page, 'board-select');

  // duplicate from the menu: a copy offset by 20, selected
  await menu.getByRole('button', { name: 'Duplicate' }).click();
  await expect.poll(async () => (await shapes(page)).length).toBe(2);
  const copy = (await shapes(page)).find((s) => s.id !== id) as RectangleShape;
  expect(Math.abs(copy.x - ((await rectOf(page, id))!.x + 20))).toBeLessThan(1);
  await expect.poll(() => page.evaluate(() => window.tabula!.editor.selection)).toEqual([copy.id]);

  // delete: the menu's Delete removes the copy; the Delete key removes the original
  await menu.getByRole('button', { name: 'Delete' }).click();
  await expect.poll(async () => (await shapes(page)).map((s) => s.id)).toEqual([id]);
  // select it again with a drag box around everything, then press Delete
  await drag(page, [
    [90, 100],
    [1200, 740],
  ]);
  await expect.poll(() => page.evaluate(() => window.tabula!.editor.selection.length)).toBe(1);
  await page.keyboard.press('Delete');
  await expect.poll(async () => (await shapes(page)).length).toBe(0);
  await settled(page);

  // undo brings the original back (own commands)
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(async () => (await shapes(page)).map((s) => s.id)).toEqual([id]);
  await settled(page);
  await context.close();
});
