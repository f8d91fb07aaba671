import { expect, test, type Page } from '@playwright/test';
import type { Shape } from '../../shared/model';
import {
  api,
  canvasOrigin,
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
 * Snap to objects (board.md §4, §6, §9): a team-plan owner turns on "Snap to objects", drags a
 * rectangle to 4 px from another's left edge — guides show during the drag and it drops on the
 * other's x, which a second browser sees; with snapping off it lands where it was let go;
 * Shift-resizing keeps the aspect ratio.
 */
const server = useServer();

type Box = { id: string; x: number; y: number; w: number; h: number };

async function rects(page: Page): Promise<Box[]> {
  return (await shapes(page))
    .filter((s: Shape) => s.cmd === 'rectangle')
    .map((s) => {
      const r = s as Shape & { x: number; y: number; w: number; h: number };
      return { id: r.id, x: r.x, y: r.y, w: r.w, h: r.h };
    });
}

async function setSnap(page: Page, on: boolean) {
  await page.getByRole('button', { name: 'Main menu' }).click();
  await page.getByRole('menu', { name: 'Main menu' }).getByRole('menuitem', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const snap = dialog.getByRole('switch', { name: 'Snap to objects' });
  if (on) await snap.check();
  else await snap.uncheck();
  await expect.poll(() => page.evaluate(() => window.tabula!.sync.board$.value?.userConfig?.snapToObject === true)).toBe(on);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);
}

/** Board point → screen point relative to the canvas. */
function toScreen(page: Page, x: number, y: number) {
  return page.evaluate(([bx, by]) => window.tabula!.editor.viewport.toScreen(bx!, by!), [x, y]);
}

/** How many pixels of the guide colour (#ff3b6b) the top canvas shows in a column around x. */
function guidePixels(page: Page, sx: number) {
  return page.evaluate((x) => {
    const canvas = document.querySelector('canvas[data-tabula-canvas]') as HTMLCanvasElement;
    const ratio = canvas.width / canvas.clientWidth;
    const data = canvas
      .getContext('2d')!
      .getImageData(Math.max(0, Math.round((x - 2) * ratio)), 0, Math.round(5 * ratio), canvas.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4)
      if (data[i]! > 200 && data[i + 1]! < 110 && data[i + 2]! > 70 && data[i + 2]! < 150 && data[i + 3]! > 100) n++;
    return n;
  }, sx);
}

/** Draws two rectangles (the second below-right of the first) and returns to the select tool. */
async function twoRectangles(page: Page): Promise<[Box, Box]> {
  await pickTool(page, 'Rectangle');
  await drag(page, [
    [200, 200],
    [320, 280],
  ]);
  await drag(page, [
    [560, 420],
    [640, 480],
  ]);
  await expect.poll(async () => (await rects(page)).length).toBe(2);
  const [first, second] = await rects(page);
  await pickTool(page, 'Select');
  return [first!, second!];
}

/**
 * Grabs `second` on its left edge and brings that edge to 4 px right of `first`'s left edge,
 * leaving the mouse pressed; returns the target's screen point and where the canvas starts.
 */
async function dragLeftEdgeNear(page: Page, first: Box, second: Box) {
  const from = await toScreen(page, second.x, second.y + second.h / 2);
  const target = await toScreen(page, first.x, second.y + 100);
  const o = await canvasOrigin(page);
  await page.mouse.move(o.x + from.x, o.y + from.y);
  await page.mouse.down();
  await page.mouse.move(o.x + target.x + 4, o.y + target.y, { steps: 12 });
  return { target, o };
}

test('snap on: guides while dragging, the rectangle drops on the other’s left edge; a second browser sees it', async ({ browser }) => {
  const owner = await userSession(server, { plan: 'team' });
  const a = await (await newContext(browser, { session: owner })).newPage();
  const code = await startBoardIn(a, server);
  await setSnap(a, true);

  const [first, second] = await twoRectangles(a);
  // grab the second rectangle on its left edge, bring that edge to 4 px right of the first's
  const { target } = await dragLeftEdgeNear(a, first, second);
  // while dragging: a vertical guide through the first's left edge, drawn on the overlay
  await expect.poll(() => a.evaluate(() => window.tabula!.editor.scene.overlay$.value.guides ?? [])).toContain(first.x);
  await expect.poll(() => guidePixels(a, target.x)).toBeGreaterThan(100);
  await shot(a, 'board-snap-guides');
  await a.mouse.up();

  // released: the guides are gone, and the rectangle landed on the first's x
  await expect.poll(() => a.evaluate(() => window.tabula!.editor.scene.overlay$.value.guides ?? null)).toBeNull();
  await expect.poll(async () => (await rects(a)).find((r) => r.id === second.id)!.x).toBe(first.x);
  await expect.poll(() => guidePixels(a, target.x)).toBe(0);
  await settled(a);

  const b = await (await newContext(browser, { name: 'Viv' })).newPage();
  await openBoard(b, server, code);
  await expect.poll(async () => (await rects(b)).find((r) => r.id === second.id)?.x).toBe(first.x);
  await a.context().close();
  await b.context().close();
});

test('snap off: the rectangle lands where it is let go; Shift-resize keeps the ratio', async ({ browser }) => {
  const owner = await userSession(server, { plan: 'team' });
  const a = await (await newContext(browser, { session: owner })).newPage();
  await startBoardIn(a, server);
  await setSnap(a, true);
  await setSnap(a, false);

  const [first, second] = await twoRectangles(a);
  const scale = await a.evaluate(() => window.tabula!.editor.viewport.scale);
  const { o } = await dragLeftEdgeNear(a, first, second);
  expect(await a.evaluate(() => window.tabula!.editor.scene.overlay$.value.guides ?? null)).toBeNull();
  await a.mouse.up();
  await expect.poll(async () => (await rects(a)).find((r) => r.id === second.id)!.x).toBeCloseTo(first.x + 4 / scale, 5);

  // Shift-drag the south-east handle of the (selected) second rectangle: width:height stays
  const moved = (await rects(a)).find((r) => r.id === second.id)!;
  const ratio = moved.w / moved.h;
  const se = await toScreen(a, moved.x + moved.w, moved.y + moved.h);
  await a.mouse.move(o.x + se.x, o.y + se.y);
  await a.keyboard.down('Shift');
  await a.mouse.down();
  await a.mouse.move(o.x + se.x + 90, o.y + se.y + 10, { steps: 8 });
  await a.mouse.up();
  await a.keyboard.up('Shift');
  await expect.poll(async () => (await rects(a)).find((r) => r.id === second.id)!.w).toBeGreaterThan(moved.w + 50);
  const resized = (await rects(a)).find((r) => r.id === second.id)!;
  expect(resized.w / resized.h).toBeCloseTo(ratio, 2);
  await settled(a);
  await a.context().close();
});

test('without the snap-to-object policy (free plan) a stored "on" setting does not snap', async ({ browser }) => {
  const owner = await userSession(server);
  await api(server, 'PUT', '/api/users/configs', { token: owner.accessToken }, { config: { snapToObject: true } });
  const a = await (await newContext(browser, { session: owner })).newPage();
  await startBoardIn(a, server);
  expect(await a.evaluate(() => window.tabula!.sync.board$.value?.userConfig?.snapToObject)).toBe(true);

  const [first, second] = await twoRectangles(a);
  const scale = await a.evaluate(() => window.tabula!.editor.viewport.scale);
  await dragLeftEdgeNear(a, first, second);
  await a.mouse.up();
  await expect.poll(async () => (await rects(a)).find((r) => r.id === second.id)!.x).toBeCloseTo(first.x + 4 / scale, 5);
  await a.context().close();
});
