import fs from 'node:fs';
import { expect, test, type Download, type Frame, type Page } from '@playwright/test';
import sharp from 'sharp';
import { boundsOf, expandRect, unionRects } from '../../shared/geometry';
import type { RectangleShape, Shape } from '../../shared/model';
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
  startDrawing,
  userSession,
} from './board-fixtures';
import { useServer } from './support/suite';

/**
 * Export (board.md §2 export dropdown, §6 export needs login except embedded, §9 padding 30,
 * white or transparent, '{board name}_notes.txt'): a signed-in owner draws and writes, then
 * downloads PNG (white and transparent), SVG (team plan) and the board's text; the files are read
 * back. A guest sees the choices disabled with '(You must log in first)'; a guest on an embedded
 * board exports.
 */
const server = useServer();

type Pixels = { data: Buffer; width: number; height: number; channels: number };
async function decode(file: string): Promise<Pixels> {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}
const pixel = (p: Pixels, x: number, y: number) => {
  const i = (Math.round(y) * p.width + Math.round(x)) * p.channels;
  return [...p.data.subarray(i, i + 4)];
};

async function exportAs(page: Page | Frame, item: string, download: Promise<Download>): Promise<{ name: string; file: string }> {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menu', { name: 'Export' }).getByRole('menuitem', { name: item, exact: true }).click();
  const d = await download;
  const file = await d.path();
  return { name: d.suggestedFilename(), file };
}

test('a signed-in owner exports PNG, transparent PNG, SVG and the board text, named after the board', async ({ browser }) => {
  const session = await userSession(server, { plan: 'team' });
  const { code } = await api<{ code: string }>(server, 'POST', '/api/boards', { token: session.accessToken }, { name: 'Sprint plan' });
  const context = await newContext(browser, { session });
  const page = await context.newPage();
  await openBoard(page, server, code);
  await startDrawing(page);

  // a filled (black) rectangle, long and thin, and a sticky note with text
  await pickTool(page, 'Filled rectangle');
  await drag(page, [
    [300, 300],
    [500, 340],
  ]);
  await pickTool(page, 'Sticky note');
  const o = await canvasOrigin(page);
  await page.mouse.click(o.x + 700, o.y + 300);
  await page.keyboard.type('Buy milk');
  await page.mouse.click(o.x + 900, o.y + 600);
  await expect.poll(async () => (await shapes(page)).map((s) => s.cmd).sort()).toEqual(['filledRectangle', 'stickyNote']);
  await settled(page);
  await pickTool(page, 'Select');

  // rotate the rectangle with its rotate handle (24 px above the box's top middle) a quarter turn
  await page.mouse.click(o.x + 400, o.y + 320);
  const { handle, centre } = await page.evaluate(() => {
    const { editor } = (window as any).tabula;
    const box = editor.scene.overlay$.value.handles!.box;
    return { handle: editor.toScreen(box.x + box.w / 2, box.y), centre: editor.toScreen(box.x + box.w / 2, box.y + box.h / 2) };
  });
  await drag(page, [
    [handle.x, handle.y - 24],
    [centre.x + 80, centre.y - 80],
    [centre.x + 150, centre.y],
  ]);
  await expect
    .poll(async () => Math.round(((await shapes(page)).find((s) => s.cmd === 'filledRectangle') as RectangleShape).rotation ?? 0))
    .toBeGreaterThan(45);
  await page.mouse.click(o.x + 1000, o.y + 650);
  await settled(page);
  const rect = (await shapes(page)).find((s) => s.cmd === 'filledRectangle') as RectangleShape;
  const turn = ((rect.rotation ?? 0) * Math.PI) / 180;
  const mid = { x: rect.x + rect.w / 2, y: rect.y + rect.h / 2 };
  // a point of the turned rectangle outside the unrotated box (along its long axis), and a point of the box beside it
  const along = { x: mid.x + Math.cos(turn) * (rect.w / 2 - 8), y: mid.y + Math.sin(turn) * (rect.w / 2 - 8) };
  const corner = { x: mid.x - rect.h / 2 - 20, y: rect.y + 6 };
  expect(Math.abs(along.y - mid.y)).toBeGreaterThan(rect.h / 2 + 10);

  // the menu as a person sees it, at 1280×800
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const menu = page.getByRole('menu', { name: 'Export' });
  await expect(menu.getByRole('menuitem')).toHaveText([
    'PNG image',
    'PNG, transparent background',
    'SVG image',
    'PDF document',
    'Board text (.txt)',
  ]);
  await shot(page, 'board-export-menu');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);

  // PNG: decodes; the rectangle's colour where the rectangle is (padding 30), white around it
  const pngFile = await exportAs(page, 'PNG image', page.waitForEvent('download'));
  expect(pngFile.name).toBe('Sprint plan.png');
  const img = await decode(pngFile.file);
  const all = await shapes(page);
  // the export's origin: the shapes' bounds less the padding of 30
  const area = expandRect(unionRects(all.map(boundsOf))!, 30);
  const left = area.x;
  const top = area.y;
  const inside = pixel(img, rect.x + rect.w / 2 - left, rect.y + rect.h / 2 - top);
  expect(inside).toEqual([0, 0, 0, 255]);
  expect(pixel(img, 5, 5)).toEqual([255, 255, 255, 255]);
  // the rotation is drawn: black along the turned rectangle, white in the box it left
  expect(pixel(img, along.x - left, along.y - top)).toEqual([0, 0, 0, 255]);
  expect(pixel(img, corner.x - left, corner.y - top)).toEqual([255, 255, 255, 255]);
  // the same colour as the canvas shows at that point of the board
  const screen = await page.evaluate(({ x, y }) => (window as any).tabula.editor.toScreen(x, y), {
    x: rect.x + rect.w / 2,
    y: rect.y + rect.h / 2,
  });
  const screenshot = await decode(
    await page.screenshot({ clip: { x: o.x + screen.x, y: o.y + screen.y, width: 1, height: 1 } }).then((b) => {
      const f = `${test.info().outputDir}/screen-pixel.png`;
      fs.mkdirSync(test.info().outputDir, { recursive: true });
      fs.writeFileSync(f, b);
      return f;
    }),
  );
  expect(pixel(screenshot, 0, 0)).toEqual(inside);
  // the sticky note's yellow is in the export too
  const note = all.find((s) => s.cmd === 'stickyNote') as Extract<Shape, { cmd: 'stickyNote' }>;
  expect(pixel(img, note.x + 8 - left, note.y + note.h - 8 - top)).toEqual([0xfe, 0xff, 0x9c, 255]);

  // transparent PNG: nothing around the shapes
  const clear = await decode((await exportAs(page, 'PNG, transparent background', page.waitForEvent('download'))).file);
  expect(pixel(clear, 5, 5)[3]).toBe(0);
  expect(pixel(clear, rect.x + rect.w / 2 - left, rect.y + rect.h / 2 - top)).toEqual([0, 0, 0, 255]);

  // SVG (team plan: export-svg): parses as SVG with both shapes
  const svgFile = await exportAs(page, 'SVG image', page.waitForEvent('download'));
  expect(svgFile.name).toBe('Sprint plan.svg');
  const svg = fs.readFileSync(svgFile.file, 'utf8');
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return {
      root: doc.documentElement.nodeName,
      error: doc.getElementsByTagName('parsererror').length,
      text: doc.documentElement.textContent,
    };
  }, svg);
  expect(parsed).toMatchObject({ root: 'svg', error: 0 });
  // the rectangle turned around its centre
  const rotate = /transform="rotate\(([-\d.]+) ([-\d.]+) ([-\d.]+)\)"/.exec(svg);
  expect(rotate).not.toBeNull();
  expect(Number(rotate![1])).toBeCloseTo(rect.rotation!, 1);
  expect([Number(rotate![2]), Number(rotate![3])]).toEqual([expect.closeTo(mid.x, 1), expect.closeTo(mid.y, 1)]);
  // the note's text, wrapped into lines by the note's width
  expect(parsed.text).toMatch(/Buy\s*milk/);

  // the board's text
  const txt = await exportAs(page, 'Board text (.txt)', page.waitForEvent('download'));
  expect(txt.name).toBe('Sprint plan_notes.txt');
  expect(fs.readFileSync(txt.file, 'utf8')).toBe('Buy milk');

  // the main menu's Export opens the same choices
  await page.getByRole('button', { name: 'Main menu' }).click();
  await page.getByRole('menuitem', { name: 'Export' }).click();
  await expect(page.getByRole('menu', { name: 'Export' })).toBeVisible();
  await context.close();
});

test('a guest cannot export (login hint); on an embedded board a guest can', async ({ browser }) => {
  const owner = await userSession(server);
  const { code } = await api<{ code: string }>(server, 'POST', '/api/boards', { token: owner.accessToken }, { name: 'Open board' });
  await api(server, 'POST', `/api/boards/${code}/sharings`, { token: owner.accessToken }, { link: 'Editor' });

  const context = await newContext(browser);
  const page = await context.newPage();
  await openBoard(page, server, code);
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const menu = page.getByRole('menu', { name: 'Export' });
  await expect(menu.getByRole('menuitem', { name: 'PNG image' })).toHaveAttribute('aria-disabled', 'true');
  await expect(menu.getByText('(You must log in first)')).toBeVisible();
  // SVG needs the export-svg policy: a guest's board has none
  await expect(menu.getByRole('menuitem', { name: 'SVG image' })).toHaveCount(0);
  let downloaded = false;
  page.on('download', () => (downloaded = true));
  // a person can still click the disabled choice: nothing is downloaded, the hint stays
  await menu.getByRole('menuitem', { name: 'PNG image' }).click({ force: true });
  await expect(menu.getByText('(You must log in first)')).toBeVisible();
  expect(downloaded).toBe(false);

  // the same board in a frame of a page of the platform's origin: embedded
  await page.goto(`${server.url}/accounts/login`);
  await page.evaluate((src) => {
    document.body.innerHTML = `<iframe title="board" src="${src}" style="width:1000px;height:700px;border:0"></iframe>`;
  }, `${server.url}/board/${code}`);
  const frame = page.frameLocator('iframe[title="board"]');
  await expect(frame.locator('[data-phase="online"]')).toBeVisible({ timeout: 30_000 });
  await frame.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(frame.getByText('(You must log in first)')).toHaveCount(0);
  const download = page.waitForEvent('download');
  await frame.getByRole('menuitem', { name: 'Board text (.txt)' }).click();
  expect((await download).suggestedFilename()).toBe('Open board_notes.txt');
  await context.close();
});
