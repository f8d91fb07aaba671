import { expect, test, type Page } from '@playwright/test';
import { boxOf, innerShapes } from '../../shared/geometry';
import type { Rect } from '../../shared/geometry';
import { canvasOrigin, drag, newContext, openBoard, pickTool, settled, shapes, startBoardIn } from './board-fixtures';
import { useServer } from './support/suite';

/**
 * Groups (issue 34 item 4): a person draws two rectangles, drag-boxes them, presses Ctrl+G and
 * drags the group — both move, and a second browser sees the moved group; Ctrl+Shift+G gives the
 * rectangles back where they stand; Ctrl+Z regroups, and further Ctrl+Z take the move and then
 * the grouping back, each in one step.
 */
const server = useServer();

/** The board's top-level shapes as kinds, and every rectangle's box (inside groups too), left to right. */
async function board(page: Page): Promise<{ kinds: string[]; boxes: Rect[] }> {
  const all = await shapes(page);
  const leaves = all.flatMap((s) => (innerShapes(s).length ? [...innerShapes(s)] : [s]));
  return { kinds: all.map((s) => s.cmd), boxes: leaves.map(boxOf).sort((a, b) => a.x - b.x) };
}
const near = (a: Rect, b: Rect, dx: number, dy: number) => Math.abs(a.x + dx - b.x) < 2 && Math.abs(a.y + dy - b.y) < 2;

test('group two rectangles with Ctrl+G, move them as one, ungroup, undo in one step each; another browser sees it', async ({ browser }) => {
  const a = await (await newContext(browser, { name: 'Gina' })).newPage();
  const code = await startBoardIn(a, server);

  for (const [x, y] of [
    [360, 300],
    [560, 300],
  ]) {
    await pickTool(a, 'Rectangle');
    await drag(a, [
      [x, y],
      [x + 120, y + 90],
    ]);
  }
  await expect.poll(async () => (await board(a)).kinds).toEqual(['rectangle', 'rectangle']);
  const drawn = (await board(a)).boxes;

  // a drag box around both selects them; the floating menu offers Group
  await pickTool(a, 'Select');
  await drag(a, [
    [300, 250],
    [500, 350],
    [740, 440],
  ]);
  await expect.poll(() => a.evaluate(() => window.tabula!.editor.selection.length)).toBe(2);
  const menu = a.getByRole('toolbar', { name: 'Edit selection' });
  await expect(menu.getByRole('button', { name: 'Group', exact: true })).toBeVisible();

  await a.keyboard.press('Control+g');
  await expect.poll(async () => (await board(a)).kinds).toEqual(['composite']);
  await expect(menu.getByRole('button', { name: 'Ungroup', exact: true })).toBeVisible();
  await a.screenshot({ path: '/tmp/board-groups.png' });

  // drag the group by the first rectangle's top edge: both rectangles move
  await drag(a, [
    [400, 300],
    [450, 330],
    [500, 360],
  ]);
  await expect.poll(async () => near(drawn[0]!, (await board(a)).boxes[0]!, 100, 60)).toBe(true);
  const moved = (await board(a)).boxes;
  expect(near(drawn[1]!, moved[1]!, 100, 60)).toBe(true);
  await settled(a);

  // a second browser sees one group, moved
  const b = await (await newContext(browser, { name: 'Hal' })).newPage();
  await openBoard(b, server, code);
  await expect.poll(async () => (await board(b)).kinds).toEqual(['composite']);
  expect((await board(b)).boxes).toEqual(moved);

  // Ctrl+Shift+G: two rectangles again, where the group had them
  await a.keyboard.press('Control+Shift+g');
  await expect.poll(async () => (await board(a)).kinds).toEqual(['rectangle', 'rectangle']);
  expect((await board(a)).boxes).toEqual(moved);
  await expect(a.getByRole('button', { name: 'Group', exact: true })).toBeVisible();
  await expect.poll(async () => (await board(b)).kinds).toEqual(['rectangle', 'rectangle']);

  // Ctrl+Z regroups; Ctrl+Z takes the move back; Ctrl+Z undoes the grouping in one step
  await a.keyboard.press('Control+z');
  await expect.poll(async () => (await board(a)).kinds).toEqual(['composite']);
  await a.keyboard.press('Control+z');
  await expect.poll(async () => (await board(a)).boxes).toEqual(drawn);
  expect((await board(a)).kinds).toEqual(['composite']);
  await a.keyboard.press('Control+z');
  await expect.poll(async () => (await board(a)).kinds).toEqual(['rectangle', 'rectangle']);
  // the rectangles come back from the server's effect of the undo (shared/reducer: a shape whose
  // baseline is newer than the undone command waits for it), so the places are polled too
  await expect.poll(async () => (await board(a)).boxes).toEqual(drawn);
  await settled(a);
  await expect.poll(async () => (await board(b)).kinds).toEqual(['rectangle', 'rectangle']);
  await expect.poll(async () => (await board(b)).boxes).toEqual(drawn);

  // the context menu of the two selected rectangles groups them too
  await a.keyboard.press('Control+a');
  const o = await canvasOrigin(a);
  await a.mouse.click(o.x + 400, o.y + 300, { button: 'right' });
  const group = a.getByRole('menuitem', { name: /^Group/ });
  await expect(group).toBeVisible();
  await a.screenshot({ path: '/tmp/board-groups-context-menu.png' });
  await group.click();
  await expect.poll(async () => (await board(a)).kinds).toEqual(['composite']);
  await expect.poll(async () => (await board(b)).kinds).toEqual(['composite']);
});
