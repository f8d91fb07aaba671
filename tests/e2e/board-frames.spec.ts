import { expect, test, type Page } from '@playwright/test';
import type { FrameShape, RectangleShape, Shape } from '../../shared/model';
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
 * Frames (board.md §2, §4 "Frames", §5, §9): a team-plan owner sees the empty frames panel,
 * draws two rectangles, picks the frame tool with F and drags a frame over them (it captures
 * both), renames it by clicking its title strip (56 characters at most), drags the frame and the
 * rectangles come along; a second browser sees the title and the moved rectangles; the frames
 * panel lists the frame and choosing it zooms to it.
 */
const server = useServer();

const rects = async (page: Page) => (await shapes(page)).filter((s): s is RectangleShape => s.cmd === 'rectangle');
const frames = async (page: Page) => (await shapes(page)).filter((s: Shape): s is FrameShape => s.cmd === 'frame');

/** Board point → page point. */
async function onPage(page: Page, x: number, y: number) {
  const o = await canvasOrigin(page);
  const s = await page.evaluate(([bx, by]) => window.tabula!.editor.viewport.toScreen(bx!, by!), [x, y]);
  return { x: o.x + s.x, y: o.y + s.y };
}

test('frame two shapes with F, title it, move it with its shapes; another browser sees it; the panel zooms to it', async ({ browser }) => {
  const owner = await userSession(server, { plan: 'team' });
  const a = await (await newContext(browser, { session: owner })).newPage();
  await a.setViewportSize({ width: 1280, height: 800 });
  const code = await startBoardIn(a, server);

  // no frames yet: the panel says how to add one; Escape closes it and focus goes back to its button
  const framesButton = a.getByRole('button', { name: 'Frames', exact: true });
  await framesButton.click();
  const panel = a.getByRole('complementary', { name: 'Frames panel' });
  await expect(panel.getByText('Use frame tool in the toolbox to add frames', { exact: true })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Close frames panel' })).toBeFocused();
  await a.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(framesButton).toBeFocused();

  // two rectangles, then F and a drag around both
  await pickTool(a, 'Rectangle');
  await drag(a, [
    [300, 300],
    [380, 360],
  ]);
  await drag(a, [
    [420, 320],
    [500, 380],
  ]);
  await expect.poll(async () => (await rects(a)).length).toBe(2);
  const before = await rects(a);
  await a.keyboard.press('f');
  const frameTool = a.getByRole('toolbar', { name: 'Tools' }).getByRole('button', { name: 'Frame', exact: true });
  await expect(frameTool).toHaveAttribute('aria-pressed', 'true');
  await drag(a, [
    [260, 260],
    [560, 420],
  ]);
  await expect.poll(async () => (await frames(a)).length).toBe(1);
  const [drawn] = await frames(a);
  expect(drawn).toMatchObject({ title: 'Frame 1', order: 1 });
  expect([...drawn!.children].sort()).toEqual(before.map((r) => r.id).sort());

  // select tool, click the title strip: type a long title, Enter applies the first 56 characters
  await a.keyboard.press('v');
  const strip = await onPage(a, drawn!.x + 40, drawn!.y - 10);
  await a.mouse.click(strip.x, strip.y);
  const input = a.getByRole('textbox', { name: 'Frame title' });
  await expect(input).toBeFocused();
  await input.press('ControlOrMeta+a');
  const typed = `Sprint planning ${'x'.repeat(60)}`;
  await a.keyboard.type(typed);
  await expect(input).toHaveValue(typed.slice(0, 56));
  await shot(a, 'board-frames-title');
  await a.keyboard.press('Enter');
  await expect(input).toHaveCount(0);
  const title = typed.slice(0, 56);
  await expect.poll(async () => (await frames(a))[0]!.title).toBe(title);

  // drag the frame by its title strip: both rectangles move with it, in one command
  const scale = await a.evaluate(() => window.tabula!.editor.viewport.scale);
  await a.mouse.move(strip.x + 60, strip.y);
  await a.mouse.down();
  await a.mouse.move(strip.x + 210, strip.y + 90, { steps: 10 });
  await a.mouse.up();
  await expect.poll(async () => (await frames(a))[0]!.x).toBeCloseTo(drawn!.x + 150 / scale, 3);
  for (const r of before) {
    await expect.poll(async () => (await rects(a)).find((m) => m.id === r.id)!.x).toBeCloseTo(r.x + 150 / scale, 3);
    expect((await rects(a)).find((m) => m.id === r.id)!.y).toBeCloseTo(r.y + 90 / scale, 3);
  }
  await settled(a);
  await shot(a, 'board-frames-moved');

  // a second browser sees the title and the moved rectangles
  const b = await (await newContext(browser, { name: 'Viv' })).newPage();
  await openBoard(b, server, code);
  await expect.poll(async () => (await frames(b))[0]?.title).toBe(title);
  for (const r of before) await expect.poll(async () => (await rects(b)).find((m) => m.id === r.id)?.x).toBeCloseTo(r.x + 150 / scale, 3);

  // pan away, then the panel lists the frame and choosing it fits it, whole, into what the top bars,
  // the toolbox and the panel leave of the screen
  await click(a, 1000, 650); // empty canvas: nothing selected
  await a.evaluate(() => window.tabula!.editor.viewport.panBy(-900, -700));
  await framesButton.click();
  const item = panel.getByRole('button', { name: title });
  await expect(item).toBeFocused();
  await item.click();
  const o = await canvasOrigin(a);
  const panelBox = (await panel.boundingBox())!;
  const toolsBox = (await a.getByRole('toolbar', { name: 'Tools' }).boundingBox())!;
  const frameOnScreen = () =>
    a.evaluate(() => {
      const e = window.tabula!.editor;
      const f = e.doc.ordered().find((s) => s.cmd === 'frame') as FrameShape;
      const tl = e.viewport.toScreen(f.x, f.y - 20); // the header strip is part of it
      const br = e.viewport.toScreen(f.x + f.w, f.y + f.h);
      return { left: tl.x, top: tl.y, right: br.x, bottom: br.y, scale: e.viewport.scale };
    });
  await expect
    .poll(async () => {
      const f = await frameOnScreen();
      return f.scale > 1 && o.x + f.left > toolsBox.x + toolsBox.width && o.x + f.right < panelBox.x && f.top > 60 && o.y + f.bottom < 800;
    })
    .toBe(true);
  await shot(a, 'board-frames-panel');
  await a.context().close();
  await b.context().close();
});
