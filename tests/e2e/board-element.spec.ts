import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import type { TestServer } from './support/server';
import { workerServer } from './support/suite';
import { api, drag, pickTool, shapes, shot } from './board-fixtures';

/**
 * <tabula-board> on a plain HTML page of ANOTHER origin (dist/sdk/tabula-board.js, r2wc): it
 * renders the board in an open shadow root with its own styles, joins the platform named by its
 * `server` attribute as a guest, draws from real mouse input, and tells the page through
 * bubbling, composed DOM events (ready, joined, command).
 */
let server: TestServer;
let host: http.Server;
let hostUrl: string;
const pages = new Map<string, string>();
test.beforeAll(async () => {
  server = await workerServer();
  host = http.createServer((req, res) => {
    const body = pages.get(req.url ?? '');
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => host?.close(resolve));
});

const hostPage = (code: string) => `<!doctype html>
<html><head><meta charset="utf-8"><title>Host app</title></head>
<body style="margin:0;font-family:sans-serif">
<header style="height:60px;display:flex;align-items:center;padding:0 16px;background:#222;color:#fff">My host app</header>
<tabula-board id="board" code="${code}" server="${server.url}" name="Host User" features='{"embedded":true}' style="display:block;width:1100px;height:640px"></tabula-board>
<script>
  window.__events = [];
  for (const type of ['ready', 'joined', 'command', 'error']) {
    document.addEventListener(type, (e) => window.__events.push({ type, composed: e.composed, cmd: e.detail && e.detail.cmd }));
  }
  document.getElementById('board').addEventListener('ready', (e) => { window.tabula = { editor: e.detail.editor, sync: e.detail.sync }; });
</script>
<script src="${server.url}/static/sdk/tabula-board.js"></script>
</body></html>`;

test('<tabula-board> renders in its shadow root, draws and emits DOM events', async ({ browser }) => {
  const owner = `host-${randomUUID()}`;
  const { code } = await api<{ code: string }>(server, 'POST', '/api/boards', { uid: owner }, {});
  const context = await browser.newContext({ viewport: { width: 1200, height: 760 } });
  const page = await context.newPage();
  pages.set('/host.html', hostPage(code));
  await page.goto(`${hostUrl}/host.html`);

  await page.waitForFunction(() => (window as unknown as { tabula?: unknown }).tabula !== undefined, null, { timeout: 30_000 });
  const events = () =>
    page.evaluate(() => (window as unknown as { __events: Array<{ type: string; composed: boolean; cmd?: string }> }).__events);
  expect((await events()).map((e) => e.type)).toEqual(expect.arrayContaining(['joined', 'ready']));
  // `ready` hands out the documented faces of the editor and session, not their internals
  const faces = await page.evaluate(() => {
    const { editor, sync } = (window as unknown as { tabula: { editor: Record<string, unknown>; sync: Record<string, unknown> } }).tabula;
    const tool$ = editor.tool$ as { value: string; next?: unknown };
    return {
      editor: Object.keys(editor).sort(),
      sync: Object.keys(sync).sort(),
      frozen: Object.isFrozen(editor) && Object.isFrozen(sync),
      tool: tool$.value,
      writable: typeof tool$.next,
      role: (sync.claims$ as { value: { role: string } }).value.role,
    };
  });
  expect(faces.editor).toEqual(
    [
      'addShapes',
      'canRedo',
      'canUndo',
      'changes$',
      'exportImage',
      'getShapes',
      'redo',
      'removeShapes',
      'select',
      'selection$',
      'setBackground',
      'setStyle',
      'setTool',
      'style$',
      'tool$',
      'undo',
      'zoom$',
      'zoomIn',
      'zoomOut',
      'zoomTo100',
      'zoomToFit',
    ].sort(),
  );
  expect(faces.sync).toEqual(['board$', 'claims$', 'members$', 'pending', 'renameBoard', 'renameMember', 'state$']);
  expect(faces).toMatchObject({ frozen: true, tool: 'select', writable: 'undefined', role: 'Editor' });

  // rendered inside an open shadow root, styled by its own injected stylesheet
  const inShadow = await page.evaluate(() => {
    const el = document.getElementById('board')!;
    const root = el.shadowRoot!;
    const panel = root.querySelector('.tb-toolbox') as HTMLElement;
    return {
      hasRoot: !!root,
      styles: root.querySelectorAll('style').length,
      radius: getComputedStyle(panel).borderRadius,
      outside: document.querySelector('.tb-board') === null,
    };
  });
  expect(inShadow.hasRoot).toBe(true);
  expect(inShadow.styles).toBeGreaterThanOrEqual(2);
  expect(inShadow.radius).toBe('12px');
  expect(inShadow.outside).toBe(true);

  // embedded: no log in, no new board in the menu (the controls a guest has outside an embed:
  // board-load.spec.ts "the main menu"). The top bar and the menu are there, only these are not.
  await expect(page.getByRole('button', { name: /Online members/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Main menu' }).click();
  await expect(page.getByRole('menu', { name: 'Main menu' })).toBeVisible();
  for (const item of ['New board', 'Log in', 'Create account', 'Back to boards']) {
    await expect(page.getByRole('menu', { name: 'Main menu' }).getByRole('menuitem', { name: item })).toHaveCount(0);
  }
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu', { name: 'Main menu' })).toHaveCount(0);

  // draw a rectangle through the shadow DOM toolbox with the real mouse
  await pickTool(page, 'Rectangle');
  await drag(page, [
    [300, 200],
    [460, 320],
  ]);
  await expect.poll(async () => (await shapes(page)).map((s) => s.cmd)).toEqual(['rectangle']);
  await expect.poll(async () => (await events()).filter((e) => e.type === 'command').map((e) => e.cmd)).toContain('rectangle');
  expect((await events()).every((e) => e.composed)).toBe(true);

  // an attribute change re-renders: the dark theme
  await page.evaluate(() => document.getElementById('board')!.setAttribute('theme', 'dark'));
  await expect
    .poll(() =>
      page.evaluate(() => document.getElementById('board')!.shadowRoot!.querySelector('.tb-board')!.classList.contains('tb-dark')),
    )
    .toBe(true);
  await page.waitForTimeout(400); // let the colour transitions finish
  await shot(page, 'board-element');

  // the server has the rectangle
  const load = await api<{ commands: unknown[] }>(server, 'GET', `/api/boards/${code}/commands`, { uid: owner });
  expect(JSON.stringify(load)).toContain('"rectangle"');
  await context.close();
});
