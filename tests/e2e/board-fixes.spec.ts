import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { RectangleShape, StickyNoteShape, TextShape } from '../../shared/model';
import { guestKey } from '../../platform/core/identity';
import { memberColor } from '../../sdk/ui/member-color';
import { useServer } from './support/suite';
import {
  api,
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

/**
 * The interaction fixes of issue 10 item 8, each by what a person does at 1280×800: the tool a
 * board opens with, mouse wheel vs trackpad, clicking inside hollow shapes, double-click editing
 * and Escape on an empty sticky, popovers that stay on screen, the tab title, the main menu above
 * the toolbox, an embedded board without a start screen, distinct member colours.
 */
const server = useServer();

const tool = (page: Page) => page.evaluate(() => window.tabula!.editor.tool$.value);
const selection = (page: Page) => page.evaluate(() => window.tabula!.editor.selection);
const view = (page: Page) => page.evaluate(() => window.tabula!.editor.viewport.state);
const toolButton = (page: Page, label: string) =>
  page.getByRole('toolbar', { name: 'Tools' }).getByRole('button', { name: label, exact: true });

/** Every control of `panel` lies inside the 1280×800 page. */
async function expectOnScreen(page: Page, panel: Locator): Promise<void> {
  const box = await panel.boundingBox();
  expect(box).not.toBeNull();
  const size = page.viewportSize()!;
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(size.height);
  expect(box!.x + box!.width).toBeLessThanOrEqual(size.width);
  const controls = panel.locator('button, input, select');
  const n = await controls.count();
  expect(n).toBeGreaterThan(0);
  for (let i = 0; i < n; i++) {
    const c = controls.nth(i);
    await c.scrollIntoViewIfNeeded();
    const b = (await c.boundingBox())!;
    expect(b.y).toBeGreaterThanOrEqual(0);
    expect(b.y + b.height).toBeLessThanOrEqual(size.height);
    expect(b.x + b.width).toBeLessThanOrEqual(size.width);
  }
}

test('an editor lands on the select tool; Start drawing still starts the pen', async ({ browser }) => {
  const session = await userSession(server);
  const page = await (await newContext(browser, { session })).newPage();
  const code = await startBoardIn(page, server);
  await expect(toolButton(page, 'Pen')).toHaveAttribute('aria-pressed', 'true');
  await drag(page, [
    [400, 300],
    [460, 340],
    [520, 300],
  ]);
  await expect.poll(async () => (await shapes(page)).length).toBe(1);
  await settled(page);

  // returning to the board: the select tool, not pan
  await openBoard(page, server, code);
  await expect(toolButton(page, 'Select')).toHaveAttribute('aria-pressed', 'true');
  expect(await tool(page)).toBe('select');
});

test('a mouse wheel zooms; a trackpad two-finger scroll pans and a pinch zooms', async ({ browser }) => {
  const session = await userSession(server);
  const page = await (await newContext(browser, { session })).newPage();
  await startBoardIn(page, server);
  const o = await canvasOrigin(page);

  // a mouse wheel notch (Chromium: deltaMode 0, deltaY 100): one zoom step of board.md §9, about the pointer
  await page.mouse.move(o.x + 640, o.y + 400);
  const before = await view(page);
  await page.mouse.wheel(0, -100);
  await expect.poll(async () => (await view(page)).scale).toBeCloseTo(before.scale * Math.exp(0.1), 5);

  // a trackpad two-finger scroll: small, fractional deltas (and sideways ones) move the board, the zoom stays
  const zoomed = await view(page);
  const scroll = (deltaX: number, deltaY: number, ctrlKey = false) =>
    page.evaluate(
      ([dx, dy, ctrl, x, y]) => {
        const canvas = document.querySelector('canvas[data-tabula-canvas]')!;
        canvas.dispatchEvent(
          new WheelEvent('wheel', {
            deltaX: dx,
            deltaY: dy,
            deltaMode: 0,
            ctrlKey: ctrl,
            clientX: x,
            clientY: y,
            bubbles: true,
            cancelable: true,
          }),
        );
      },
      [deltaX, deltaY, ctrlKey, o.x + 640, o.y + 400] as const,
    );
  await scroll(0, 12.5);
  await scroll(-8, 4);
  await expect.poll(async () => (await view(page)).ty).toBeCloseTo(zoomed.ty - 16.5, 5);
  const panned = await view(page);
  expect(panned.scale).toBe(zoomed.scale);
  expect(panned.tx).toBeCloseTo(zoomed.tx + 8, 5);

  // a pinch (Chromium sends it as a wheel with ctrlKey): zooms in proportionally, about the fingers
  await scroll(0, -5, true);
  await expect.poll(async () => (await view(page)).scale).toBeCloseTo(panned.scale * Math.exp(0.05), 5);
  await shot(page, 'board-fixes-wheel');
});

test('a click inside a hollow rectangle or circle selects it', async ({ browser }) => {
  const session = await userSession(server);
  const page = await (await newContext(browser, { session })).newPage();
  await startBoardIn(page, server);
  await pickTool(page, 'Rectangle');
  await drag(page, [
    [300, 250],
    [500, 400],
  ]);
  await pickTool(page, 'Circle');
  await drag(page, [
    [800, 300],
    [900, 400],
  ]);
  await expect.poll(async () => (await shapes(page)).length).toBe(2);
  const [rect, circle] = await shapes(page);

  await pickTool(page, 'Select');
  await click(page, 400, 325); // the middle of the rectangle, far from its outline
  await expect.poll(() => selection(page)).toEqual([rect!.id]);
  await expect(page.getByRole('toolbar', { name: 'Selection', exact: true })).toBeVisible();
  // the selected hollow rectangle moves when dragged from inside
  await drag(page, [
    [400, 325],
    [430, 345],
    [460, 365],
  ]);
  await expect
    .poll(async () => Math.round(((await shapes(page)).find((s) => s.id === rect!.id) as RectangleShape).x))
    .toBe(Math.round((rect as RectangleShape).x + 60));

  await click(page, 850, 350); // the centre of the circle
  await expect.poll(() => selection(page)).toEqual([circle!.id]);
  // empty canvas still clears the selection
  await click(page, 640, 650);
  await expect.poll(() => selection(page)).toEqual([]);
});

test('double-click editing returns to the select tool; Escape on an empty new sticky leaves no note', async ({ browser }) => {
  const session = await userSession(server);
  const page = await (await newContext(browser, { session })).newPage();
  await startBoardIn(page, server);
  const o = await canvasOrigin(page);

  // a sticky note with text
  await pickTool(page, 'Sticky note');
  await click(page, 400, 300);
  await page.getByRole('textbox', { name: 'Sticky note text' }).fill('Hello');
  await click(page, 900, 600);
  await expect.poll(async () => (await shapes(page)).filter((s) => s.cmd === 'stickyNote').length).toBe(1);

  // Escape on a new, empty sticky: no note is left behind
  await click(page, 900, 250);
  await expect(page.getByRole('textbox', { name: 'Sticky note text' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('textbox', { name: 'Sticky note text' })).toHaveCount(0);
  await settled(page);
  expect((await shapes(page)).filter((s) => s.cmd === 'stickyNote')).toHaveLength(1);

  // double-click the note with the select tool: edit in place, then back to select
  await pickTool(page, 'Select');
  await page.mouse.dblclick(o.x + 400, o.y + 300);
  const area = page.getByRole('textbox', { name: 'Sticky note text' });
  await expect(area).toHaveValue('Hello');
  await area.press('End');
  await area.pressSequentially(' world');
  await page.keyboard.press('Escape');
  await expect.poll(async () => ((await shapes(page)).find((s) => s.cmd === 'stickyNote') as StickyNoteShape).text).toBe('Hello world');
  await expect(toolButton(page, 'Select')).toHaveAttribute('aria-pressed', 'true');

  // the same for a text shape: double-click, edit, click away, still selecting
  await pickTool(page, 'Text');
  await click(page, 300, 600);
  await page.getByRole('textbox', { name: 'Text' }).fill('Note');
  await click(page, 700, 700);
  await expect.poll(async () => (await shapes(page)).filter((s) => s.cmd === 'text').length).toBe(1);
  await pickTool(page, 'Select');
  await page.mouse.dblclick(o.x + 310, o.y + 600);
  await expect(page.getByRole('textbox', { name: 'Text' })).toHaveValue('Note');
  await page.getByRole('textbox', { name: 'Text' }).fill('Note 2');
  await click(page, 700, 700);
  await expect.poll(async () => ((await shapes(page)).find((s) => s.cmd === 'text') as TextShape).value).toBe('Note 2');
  await expect(toolButton(page, 'Select')).toHaveAttribute('aria-pressed', 'true');
  // and a single click on empty canvas makes no new text box
  await click(page, 1000, 150);
  await expect(page.getByRole('textbox', { name: 'Text' })).toHaveCount(0);
});

test('style popovers stay on a 1280×800 screen', async ({ browser }) => {
  const session = await userSession(server);
  const page = await (await newContext(browser, { session })).newPage();
  await startBoardIn(page, server);

  // the toolbox's drawing style opens next to its button near the bottom of the toolbox
  await toolButton(page, 'Rectangle').click();
  await page.getByRole('button', { name: 'Drawing style' }).click();
  const style = page.getByRole('menu', { name: 'Drawing style' });
  await expect(style).toBeVisible();
  await expectOnScreen(page, style);
  await style.getByRole('slider', { name: 'Opacity' }).fill('6');
  await expect.poll(() => page.evaluate(() => window.tabula!.editor.style.opacity)).toBe(6);
  await page.keyboard.press('Escape');

  // a rectangle nearly as tall as the screen: the property menu goes below it, its popovers flip or scroll
  await drag(page, [
    [400, 90],
    [900, 720],
  ]);
  await expect.poll(async () => (await shapes(page)).length).toBe(1);
  await pickTool(page, 'Select');
  await click(page, 650, 90);
  const menu = page.getByRole('toolbar', { name: 'Selection', exact: true });
  await expect(menu).toBeVisible();
  await expectOnScreen(page, menu);
  await menu.getByRole('button', { name: 'Colour', exact: true }).click();
  const colours = page.getByRole('menu', { name: 'Colour' });
  await expectOnScreen(page, colours);
  await colours.getByRole('button', { name: 'Colour #ff0000' }).click();
  await expect.poll(async () => ((await shapes(page))[0] as RectangleShape).stroke).toBe('#ff0000');
  await menu.getByRole('button', { name: 'Line width and opacity' }).click();
  await expectOnScreen(page, page.getByRole('menu', { name: 'Line width and opacity' }));
  await shot(page, 'board-fixes-popover');
});

test('the browser tab shows the board name and follows a rename', async ({ browser }) => {
  const session = await userSession(server);
  const page = await (await newContext(browser, { session })).newPage();
  await startBoardIn(page, server);
  const name = page.getByRole('textbox', { name: 'Board name' });
  await expect(name).not.toHaveValue('');
  await expect(page).toHaveTitle(await name.inputValue());
  await name.fill('Roadmap 2027');
  await name.press('Enter');
  await expect(page).toHaveTitle('Roadmap 2027');
});

test('the main menu opens above the toolbox', async ({ browser }) => {
  const session = await userSession(server);
  const page = await (await newContext(browser, { session })).newPage();
  await startBoardIn(page, server);
  await page.getByRole('button', { name: 'Main menu' }).click();
  const menu = page.getByRole('menu', { name: 'Main menu' });
  await expect(menu).toBeVisible();
  const toolbox = (await page.getByRole('toolbar', { name: 'Tools' }).boundingBox())!;
  const box = (await menu.boundingBox())!;
  // the menu and the toolbox overlap on screen …
  const overlap = {
    x0: Math.max(box.x, toolbox.x),
    y0: Math.max(box.y, toolbox.y),
    x1: Math.min(box.x + box.width, toolbox.x + toolbox.width),
    y1: Math.min(box.y + box.height, toolbox.y + toolbox.height),
  };
  expect(overlap.x1 - overlap.x0).toBeGreaterThan(10);
  expect(overlap.y1 - overlap.y0).toBeGreaterThan(10);
  // … and there the menu is what a person sees and clicks
  const onTop = await page.evaluate(
    ({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest('[role="menu"][aria-label="Main menu"]')),
    {
      x: (overlap.x0 + overlap.x1) / 2,
      y: (overlap.y0 + overlap.y1) / 2,
    },
  );
  expect(onTop).toBe(true);
  await shot(page, 'board-fixes-main-menu');
});

test('a new embedded board is ready to draw on: no start screen over the host', async ({ browser }) => {
  const owner = `host-${randomUUID()}`;
  const { code } = await api<{ code: string }>(server, 'POST', '/api/boards', { uid: owner }, {});
  const hostPage = `<!doctype html><html><head><meta charset="utf-8"><title>Host app</title></head><body style="margin:0">
<tabula-board code="${code}" uid="${owner}" server="${server.url}" name="Host User" features='{"embedded":true}' style="display:block;width:1200px;height:740px"></tabula-board>
<script>document.querySelector('tabula-board').addEventListener('ready', (e) => { window.tabula = { editor: e.detail.editor, sync: e.detail.sync }; });</script>
<script src="${server.url}/static/sdk/tabula-board.js"></script></body></html>`;
  const host = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(hostPage);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${(host.address() as AddressInfo).port}/`);
    await page.waitForFunction(
      () =>
        (window as unknown as { tabula?: { sync: { state$: { value: { phase: string } } } } }).tabula?.sync.state$.value.phase === 'online',
      null,
      { timeout: 30_000 },
    );
    expect(await page.evaluate(() => window.tabula!.sync.claims$.value.role)).toBe('Owner');
    await expect(page.getByRole('toolbar', { name: 'Tools' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Start your board' })).toHaveCount(0);
    // the host's user draws at once
    await page.getByRole('toolbar', { name: 'Tools' }).getByRole('button', { name: 'Rectangle', exact: true }).click();
    await drag(page, [
      [500, 300],
      [640, 400],
    ]);
    await expect.poll(() => page.evaluate(() => window.tabula!.editor.getShapes().length)).toBe(1);
    await context.close();
  } finally {
    await new Promise((resolve) => host.close(resolve));
  }
});

test('two members never share an avatar colour', async ({ browser }) => {
  // two guests whose keys would hash to the same colour
  const first = `guest-${randomUUID()}`;
  let second = '';
  for (let i = 0; !second; i++) {
    const candidate = `guest-${randomUUID()}`;
    if (memberColor(guestKey(candidate)) === memberColor(guestKey(first))) second = candidate;
    if (i > 10_000) throw new Error('no colliding guest');
  }
  const { code } = await api<{ code: string }>(server, 'POST', '/api/boards', { uid: first }, {});
  const a = await (await newContext(browser, { name: 'Ann' })).newPage();
  const b = await (await newContext(browser, { name: 'Bob' })).newPage();
  await openBoard(a, server, code, `?uid=${first}`);
  await openBoard(b, server, code, `?uid=${second}`);
  for (const page of [a, b]) {
    const start = page.getByRole('button', { name: 'Start drawing' });
    if (await start.isVisible().catch(() => false)) await start.click();
    const avatars = page.getByTestId('online-avatars').locator('.tb-avatar');
    await expect(avatars).toHaveCount(2);
    const colours = await avatars.evaluateAll((els) => els.map((el) => getComputedStyle(el).backgroundColor));
    expect(new Set(colours).size).toBe(2);
  }
  // both browsers agree on who has which colour
  const byName = (page: Page) =>
    page
      .getByTestId('online-avatars')
      .locator('.tb-avatar')
      .evaluateAll((els) =>
        Object.fromEntries(els.map((el) => [el.getAttribute('title')!.replace(' (you)', ''), getComputedStyle(el).backgroundColor])),
      );
  expect(await byName(a)).toEqual(await byName(b));
});
