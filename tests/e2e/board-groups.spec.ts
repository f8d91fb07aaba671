import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { boundsOf, boxOf, expandRect, innerShapes, unionRects } from '../../shared/geometry';
import type { Rect } from '../../shared/geometry';
import { ungroupedShapes } from '../../shared/geometry/grouping';
import type { LineShape, RectangleShape, Shape } from '../../shared/model';
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
  startDrawing,
  userSession,
  waitOnline,
} from './board-fixtures';
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
  await expect(menu.getByRole('button', { name: 'Group', exact: true })).toBeVisible();
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

/** The board's groups, and the children of the first as they stand on the board (rotation applied). */
async function groups(page: Page): Promise<{ groups: Shape[]; drawn: Shape[] }> {
  const all = (await shapes(page)).filter((s) => s.cmd === 'composite');
  return { groups: all, drawn: all[0] ? ungroupedShapes(all[0]) : [] };
}
const centreOf = (s: Shape) => {
  const b = boxOf(s);
  return { x: b.x + b.w / 2, y: b.y + b.h / 2 };
};

test('a group rotates with its handle, Alt-drags and pastes as copies with their children, and exports as drawn', async ({ browser }) => {
  const session = await userSession(server, { plan: 'team' });
  const { code } = await api<{ code: string }>(server, 'POST', '/api/boards', { token: session.accessToken }, { name: 'Groups' });
  const context = await newContext(browser, { session });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const a = await context.newPage();
  await openBoard(a, server, code);
  await startDrawing(a);

  // a long filled rectangle and a small outlined one, grouped
  await pickTool(a, 'Filled rectangle');
  await drag(a, [
    [300, 300],
    [500, 340],
  ]);
  await pickTool(a, 'Rectangle');
  await drag(a, [
    [540, 300],
    [600, 340],
  ]);
  await expect.poll(async () => (await shapes(a)).length).toBe(2);
  await pickTool(a, 'Select');
  await a.keyboard.press('Control+a');
  await a.keyboard.press('Control+g');
  await expect.poll(async () => (await groups(a)).groups.length).toBe(1);
  await settled(a);
  const before = (await groups(a)).groups[0]!;

  // the rotate handle (24 px above the box's top middle) turns the whole group a quarter turn
  const { handle, centre } = await a.evaluate(() => {
    const { editor } = window.tabula!;
    const box = editor.scene.overlay$.value.handles!.box;
    return { handle: editor.toScreen(box.x + box.w / 2, box.y), centre: editor.toScreen(box.x + box.w / 2, box.y + box.h / 2) };
  });
  await drag(a, [
    [handle.x, handle.y - 24],
    [centre.x + 80, centre.y - 80],
    [centre.x + 150, centre.y],
  ]);
  await expect.poll(async () => Math.round((await groups(a)).groups[0]?.rotation ?? 0)).toBeGreaterThan(80);
  await settled(a);
  const turned = (await groups(a)).groups[0]!;
  // one shape turned: the children inside are unchanged, the group's rotation turns them about its centre
  expect(turned.id).toBe(before.id);
  expect(innerShapes(turned)).toEqual(innerShapes(before));
  const drawn = (await groups(a)).drawn;
  const long = drawn.find((s) => s.cmd === 'filledRectangle') as RectangleShape;
  expect(Math.round(long.rotation ?? 0)).toBe(Math.round(turned.rotation!));
  await shot(a, 'board-groups-rotated');

  // after a reload and in a second browser: the same group, the same turn
  await a.reload();
  await waitOnline(a);
  await expect.poll(async () => (await groups(a)).groups[0]).toEqual(turned);
  const b = await (await newContext(browser, { name: 'Hal' })).newPage();
  await openBoard(b, server, code);
  await expect.poll(async () => (await groups(b)).groups[0]).toEqual(turned);
  // the long rectangle's far end on its turned axis (board units)
  const turn = ((long.rotation ?? 0) * Math.PI) / 180;
  const tip = { x: centreOf(long).x + Math.cos(turn) * (long.w / 2 - 10), y: centreOf(long).y + Math.sin(turn) * (long.w / 2 - 10) };

  // Alt-drag: a copy of the group with its children; the original stays; one undo removes the copy
  const o = await canvasOrigin(a);
  const mid = await a.evaluate(({ x, y }) => window.tabula!.editor.toScreen(x, y), centreOf(long));
  await a.mouse.click(o.x + 1100, o.y + 650);
  await a.keyboard.down('Alt');
  await drag(a, [
    [mid.x, mid.y],
    [mid.x + 150, mid.y + 20],
    [mid.x + 300, mid.y + 40],
  ]);
  await a.keyboard.up('Alt');
  await expect.poll(async () => (await groups(a)).groups.length).toBe(2);
  const [original, copy] = (await groups(a)).groups;
  expect(original).toEqual(turned);
  expect(copy!.id).not.toBe(turned.id);
  expect(copy!.rotation).toBe(turned.rotation);
  expect(innerShapes(copy!).map((s) => s.cmd)).toEqual(innerShapes(turned).map((s) => s.cmd));
  expect(innerShapes(copy!).some((s) => innerShapes(turned).some((t) => t.id === s.id))).toBe(false);
  expect(centreOf(innerShapes(copy!)[0]!).x - centreOf(innerShapes(turned)[0]!).x).toBeCloseTo(300 / (await zoom(a)), 0);
  await expect.poll(() => a.evaluate(() => window.tabula!.editor.selection)).toEqual([copy!.id]);
  await expect.poll(async () => (await groups(b)).groups.length).toBe(2);
  await a.keyboard.press('Control+z');
  await expect.poll(async () => (await groups(a)).groups).toEqual([turned]);
  await expect.poll(async () => (await groups(b)).groups).toEqual([turned]);

  // copy and paste: a second group with its children under new ids, where the pointer is
  await a.mouse.click(o.x + mid.x, o.y + mid.y);
  await expect.poll(() => a.evaluate(() => window.tabula!.editor.selection)).toEqual([turned.id]);
  await a.keyboard.press('Control+c');
  await a.mouse.move(o.x + 700, o.y + 600, { steps: 3 });
  await a.keyboard.press('Control+v');
  await expect.poll(async () => (await groups(a)).groups.length).toBe(2);
  const pasted = (await groups(a)).groups[1]!;
  expect(pasted.id).not.toBe(turned.id);
  expect(innerShapes(pasted)).toHaveLength(2);
  expect(innerShapes(pasted).some((s) => innerShapes(turned).some((t) => t.id === s.id))).toBe(false);
  expect(pasted.rotation).toBe(turned.rotation);
  await expect.poll(async () => (await groups(b)).groups.length).toBe(2);
  await a.keyboard.press('Control+z');
  await expect.poll(async () => (await groups(a)).groups).toEqual([turned]);
  await settled(a);

  // PNG export: the group's children where the canvas draws them (the long rectangle turned)
  const all = await shapes(a);
  const area = expandRect(unionRects(all.map(boundsOf))!, 30);
  const d = a.waitForEvent('download');
  await a.getByRole('button', { name: 'Export', exact: true }).click();
  await a.getByRole('menu', { name: 'Export' }).getByRole('menuitem', { name: 'PNG image', exact: true }).click();
  const { data, info } = await sharp(await (await d).path())
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const px = (x: number, y: number) => [
    ...data.subarray((Math.round(y) * info.width + Math.round(x)) * 4, (Math.round(y) * info.width + Math.round(x)) * 4 + 4),
  ];
  expect(px(tip.x - area.x, tip.y - area.y)).toEqual([0, 0, 0, 255]);
  // 20 px past that end, between the two turned children: white
  const past = { x: centreOf(long).x + Math.cos(turn) * (long.w / 2 + 20), y: centreOf(long).y + Math.sin(turn) * (long.w / 2 + 20) };
  expect(px(past.x - area.x, past.y - area.y)).toEqual([255, 255, 255, 255]);
  // the export is as wide as the turned group (its bounds plus the padding), not as the unturned one
  expect(info.width).toBeLessThan(long.w);

  // SVG export: the group's rotation about its box centre, both children inside it
  const s = a.waitForEvent('download');
  await a.getByRole('button', { name: 'Export', exact: true }).click();
  await a.getByRole('menu', { name: 'Export' }).getByRole('menuitem', { name: 'SVG image', exact: true }).click();
  const svg = fs.readFileSync(await (await s).path(), 'utf8');
  const parsed = await a.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const g = [...doc.querySelectorAll('g[transform]')].find((n) => n.querySelectorAll('rect').length >= 2);
    return {
      error: doc.getElementsByTagName('parsererror').length,
      transform: g?.getAttribute('transform') ?? null,
      rects: g?.querySelectorAll('rect').length ?? 0,
    };
  }, svg);
  expect(parsed.error).toBe(0);
  expect(parsed.rects).toBeGreaterThanOrEqual(2);
  const c = centreOf(turned);
  const m = /rotate\(([-\d.]+) ([-\d.]+) ([-\d.]+)\)/.exec(parsed.transform ?? '');
  expect(m).not.toBeNull();
  expect(Number(m![1])).toBeCloseTo(turned.rotation!, 1);
  expect([Number(m![2]), Number(m![3])]).toEqual([expect.closeTo(c.x, 1), expect.closeTo(c.y, 1)]);
  await context.close();
});

const zoom = (page: Page) => page.evaluate(() => window.tabula!.editor.viewport.scale);

test('double-click enters a diagram group: the words of a node edited and a node moved without ungrouping; another browser sees it', async ({
  browser,
}) => {
  const owner = await userSession(server, { plan: 'team' });
  const a = await (await newContext(browser, { session: owner })).newPage();
  const code = await startBoardIn(a, server);
  const b = await (await newContext(browser, { name: 'Viv' })).newPage();
  await openBoard(b, server, code);

  // a flowchart through the diagram dialog: one group of node groups (a rectangle and its words) and an arrow
  const bar = a.getByRole('toolbar', { name: 'Tools' });
  const direct = bar.getByRole('button', { name: 'Diagram', exact: true });
  if (await direct.isVisible()) await direct.click();
  else {
    await bar.getByRole('button', { name: 'More tools' }).click();
    await a.getByRole('menuitemradio', { name: 'Diagram' }).click();
  }
  const dialog = a.getByRole('dialog', { name: 'Diagram' });
  await dialog.getByRole('textbox', { name: 'Text script' }).pressSequentially('flowchart LR\nA[Plan] --> B[Build]');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(async () => (await shapes(a)).map((s) => s.cmd)).toEqual(['composite']);
  await settled(a);
  const diagram = (await shapes(a))[0]!;
  const node = (g: Shape, name: string) => innerShapes(g).find((s) => (s.metadata as { node?: string } | undefined)?.node === name)!;
  const words = (n: Shape) => innerShapes(n).find((s) => s.cmd === 'text') as Extract<Shape, { cmd: 'text' }>;
  const arrowOf = (g: Shape) => innerShapes(g).find((s) => s.cmd === 'arrow') as LineShape;
  const build = node(diagram, 'B');
  const o = await canvasOrigin(a);
  const onPage = async (p: { x: number; y: number }) => {
    const s = await a.evaluate(({ x, y }) => window.tabula!.editor.toScreen(x, y), p);
    return { x: o.x + s.x, y: o.y + s.y };
  };
  const at = await onPage(centreOf(words(build)));

  // double-click enters the group (the node under the pointer), a second one enters the node (its words); Enter edits them
  await a.mouse.dblclick(at.x, at.y);
  await a.mouse.dblclick(at.x, at.y);
  await a.keyboard.press('Enter');
  const field = a.getByRole('textbox', { name: 'Text', exact: true });
  await expect(field).toBeFocused();
  await a.keyboard.press('Control+a');
  await a.keyboard.type('Ship');
  await a.mouse.click(o.x + 1000, o.y + 700);
  await expect.poll(async () => words(node((await shapes(a))[0]!, 'B'))?.value).toBe('Ship');
  // still one group, the same group; the other node untouched
  const after = await shapes(a);
  expect(after.map((s) => s.id)).toEqual([diagram.id]);
  expect(node(after[0]!, 'A')).toEqual(node(diagram, 'A'));
  await shot(a, 'board-groups-entered');
  await expect.poll(async () => words(node((await shapes(b))[0]!, 'B'))?.value).toBe('Ship');

  // inside the group a click picks the node, a drag moves only it: the arrow's end follows
  // (Escape from the node's words back to the node)
  await a.keyboard.press('Escape');
  const before = arrowOf(after[0]!).points;
  const body = await onPage({ x: boxOf(build).x + 6, y: boxOf(build).y + boxOf(build).h - 6 });
  await a.mouse.move(body.x, body.y);
  await a.mouse.down();
  await a.mouse.move(body.x + 40, body.y + 60, { steps: 4 });
  await a.mouse.move(body.x + 80, body.y + 120, { steps: 4 });
  await a.mouse.up();
  await expect.poll(async () => boxOf(node((await shapes(a))[0]!, 'B')).y).toBeCloseTo(boxOf(build).y + 120 / (await zoom(a)), 0);
  const moved = (await shapes(a))[0]!;
  expect(moved.id).toBe(diagram.id);
  expect(node(moved, 'A')).toEqual(node(diagram, 'A'));
  const points = arrowOf(moved).points;
  // the start stays on node A's outline (turned toward B), the end goes down with B
  const boxA = boxOf(node(moved, 'A'));
  expect(points[0]!).toBeGreaterThanOrEqual(boxA.x - 2);
  expect(points[0]!).toBeLessThanOrEqual(boxA.x + boxA.w + 2);
  expect(points[1]!).toBeGreaterThanOrEqual(boxA.y - 2);
  expect(points[1]!).toBeLessThanOrEqual(boxA.y + boxA.h + 2);
  expect(points[points.length - 1]!).toBeGreaterThan(before[before.length - 1]! + 50);
  // one undo puts the node back with its arrow
  await a.keyboard.press('Control+z');
  await expect.poll(async () => arrowOf((await shapes(a))[0]!).points).toEqual(before);
  await settled(a);
  await expect.poll(async () => arrowOf((await shapes(b))[0]!).points).toEqual(before);
  // Escape leaves the node, then the group; the group stays selected
  await a.keyboard.press('Escape');
  await expect.poll(() => a.evaluate(() => window.tabula!.editor.selection)).toEqual([diagram.id]);
});
