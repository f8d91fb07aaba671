import { expect, test, type Page } from '@playwright/test';
import type { LineShape, RectangleShape } from '../../shared/model';
import {
  canvasOrigin,
  click,
  drag,
  newContext,
  openBoard,
  pickTool,
  settled,
  shapes,
  shot,
  startBoardIn,
  userSession,
} from './board-fixtures';
import { useServer } from './support/suite';

/**
 * Connectors and line ends (board.md §3 line start/end, §4 "Selection", §9 line types): a
 * team-plan owner draws two rectangles, drags the first one's connector handle onto the second
 * (one arrow, attached to both), drags the second rectangle away and the arrow's end follows it —
 * a second browser sees the same points; Shift-dragging the arrow's end handle stores a 5°
 * angle (dropped on empty canvas the end is free); the line-type picker makes it dashed.
 */
const server = useServer();

const rects = async (page: Page) => (await shapes(page)).filter((s): s is RectangleShape => s.cmd === 'rectangle');
const arrows = async (page: Page) => (await shapes(page)).filter((s): s is LineShape => s.cmd === 'arrow');

/** Board point → canvas point. */
const toScreen = (page: Page, x: number, y: number) =>
  page.evaluate(([bx, by]) => window.tabula!.editor.viewport.toScreen(bx!, by!), [x, y]);

/** Whether board point (x, y) lies on the rectangle's outline (within `tol`). */
function onOutline(r: RectangleShape, x: number, y: number, tol = 0.05): boolean {
  const inX = x >= r.x - tol && x <= r.x + r.w + tol,
    inY = y >= r.y - tol && y <= r.y + r.h + tol;
  const edgeX = Math.abs(x - r.x) < tol || Math.abs(x - r.x - r.w) < tol;
  const edgeY = Math.abs(y - r.y) < tol || Math.abs(y - r.y - r.h) < tol;
  return inX && inY && (edgeX || edgeY);
}

test('connector handle draws an attached arrow that follows its shape; Shift-dragged ends snap to 5°; the picker sets the line type', async ({
  browser,
}) => {
  const owner = await userSession(server, { plan: 'team' });
  const a = await (await newContext(browser, { session: owner })).newPage();
  const code = await startBoardIn(a, server);

  await pickTool(a, 'Rectangle');
  await drag(a, [
    [200, 200],
    [320, 280],
  ]);
  await drag(a, [
    [560, 420],
    [680, 500],
  ]);
  await expect.poll(async () => (await rects(a)).length).toBe(2);
  const [first, second] = await rects(a);
  await pickTool(a, 'Select');

  // select the first rectangle; its connector handle sits 22 px right of the selection box's middle
  await click(a, 200, 240);
  await expect.poll(() => a.evaluate(() => window.tabula!.editor.scene.overlay$.value.handles?.connector ?? false)).toBe(true);
  await shot(a, 'board-connectors-handle');
  const box = await a.evaluate(() => window.tabula!.editor.scene.overlay$.value.handles!.box);
  const handle = await toScreen(a, box.x + box.w, box.y + box.h / 2);
  await drag(
    a,
    [
      [handle.x + 22, handle.y],
      [620, 460],
    ],
    10,
  );

  // one arrow from the first rectangle to the second, its ends on their outlines
  await expect.poll(async () => (await arrows(a)).length).toBe(1);
  const [arrow] = await arrows(a);
  expect(arrow).toMatchObject({ start: first!.id, end: second!.id, type: 'arrow' });
  expect(onOutline(first!, arrow!.points[0]!, arrow!.points[1]!)).toBe(true);
  expect(onOutline(second!, arrow!.points[2]!, arrow!.points[3]!)).toBe(true);
  await shot(a, 'board-connectors-arrow');

  // drag the second rectangle by its right edge: the arrow's end follows onto its new outline
  await drag(
    a,
    [
      [680, 460],
      [880, 260],
    ],
    10,
  );
  await expect.poll(async () => (await rects(a)).find((r) => r.id === second!.id)!.y).toBeLessThan(second!.y - 100);
  const moved = (await rects(a)).find((r) => r.id === second!.id)!;
  const followed = (await arrows(a))[0]!;
  expect(followed.end).toBe(second!.id);
  expect(onOutline(moved, followed.points[2]!, followed.points[3]!)).toBe(true);
  expect(onOutline(first!, followed.points[0]!, followed.points[1]!)).toBe(true);
  await settled(a);

  // a second browser sees the same arrow
  const b = await (await newContext(browser, { name: 'Viv' })).newPage();
  await openBoard(b, server, code);
  await expect.poll(async () => (await arrows(b))[0]?.points).toEqual(followed.points);

  // select the arrow, Shift-drag its end handle to empty canvas: a 5° angle, the end is free
  const mid = await toScreen(a, (followed.points[0]! + followed.points[2]!) / 2, (followed.points[1]! + followed.points[3]!) / 2);
  await click(a, mid.x, mid.y);
  await expect.poll(() => a.evaluate(() => window.tabula!.editor.scene.overlay$.value.handles?.ends?.length ?? 0)).toBe(4);
  const end = await toScreen(a, followed.points[2]!, followed.points[3]!);
  const o = await canvasOrigin(a);
  await a.mouse.move(o.x + end.x, o.y + end.y);
  await a.keyboard.down('Shift');
  await a.mouse.down();
  await a.mouse.move(o.x + 1000, o.y + 640, { steps: 10 });
  await a.mouse.up();
  await a.keyboard.up('Shift');
  await expect.poll(async () => (await arrows(a))[0]!.end ?? null).toBeNull();
  const snapped = (await arrows(a))[0]!;
  const [x0, y0, x1, y1] = snapped.points as [number, number, number, number];
  const angle = (Math.atan2(y1 - y0, x1 - x0) * 180) / Math.PI;
  expect(Math.abs(angle / 5 - Math.round(angle / 5))).toBeLessThan(0.01);
  expect(snapped.start).toBe(first!.id);

  // the line-type picker of the selection's menu: dashed
  const picker = a.getByRole('toolbar', { name: 'Selection' }).getByRole('combobox', { name: 'Line type' });
  await expect(picker.getByRole('option')).toHaveText(['Line', 'Dashed', 'Dotted', 'Right arrow', 'Left arrow', 'Both arrows']);
  await picker.selectOption({ label: 'Dashed' });
  await expect.poll(async () => (await arrows(a))[0]!.type).toBe('dashed');
  await shot(a, 'board-connectors-dashed');
  await settled(a);
  await expect.poll(async () => (await arrows(b))[0]?.type).toBe('dashed');

  // the line tool's drawing style offers the same picker: a new line is dotted
  await pickTool(a, 'Line');
  await a.getByRole('button', { name: 'Drawing style' }).click();
  await a.getByRole('combobox', { name: 'Line type' }).selectOption({ label: 'Dotted' });
  await shot(a, 'board-connectors-style');
  await a.keyboard.press('Escape');
  await drag(a, [
    [300, 600],
    [500, 640],
  ]);
  await expect.poll(async () => (await shapes(a)).find((s): s is LineShape => s.cmd === 'line')?.type).toBe('dotted');
  await a.context().close();
  await b.context().close();
});
