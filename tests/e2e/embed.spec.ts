import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Browser, type Frame, type Page } from '@playwright/test';
import { guestKey, participantKey } from '../../platform/core/identity';
import { BOARD_MESSAGES } from '../../sdk/sync/messages';
import type { TestServer } from './support/server';
import { workerServer } from './support/suite';

/**
 * The embedding script against a real platform, from a host page served by ANOTHER origin
 * (http://127.0.0.1:{port} vs the platform's http://localhost:{port}): it loads /embed.js,
 * embeds a board, calls every method and checks its effect (also for a second, non-embedded
 * browser on the same board), receives the events, gets { code, message } for each kind of bad
 * argument, and is refused when its origin is not on the app's allowlist.
 */
let server: TestServer;
let host: http.Server;
let hostOrigin: string;

const HOST_PAGE = (platform: string) => `<!doctype html>
<html><head><meta charset="utf-8"><title>Host app</title></head>
<body style="margin:0">
<h1 style="font:16px sans-serif;margin:8px">Acme host app</h1>
<div id="board" style="width:960px;height:640px"></div>
<script src="${platform}/embed.js"></script>
</body></html>`;

test.beforeAll(async () => {
  server = await workerServer();
  host = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(HOST_PAGE(server.url));
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => host?.close(resolve));
});

const api = async <T>(path: string, body?: object, token?: string): Promise<{ status: number; body: T }> => {
  const res = await fetch(`${server.url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
};

/** A developer with an app; `allowedOrigins` restricts embedding. */
async function developerApp(allowedOrigins: string[]): Promise<{ clientId: string; secret: string; token: string }> {
  const email = `dev-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const password = 'developer password 1';
  expect((await api('/api/accounts/users', { username: email, password, repeatPassword: password, terms: true })).status).toBe(201);
  const login = await api<{ accessToken: string }>('/api/accounts/login', { username: email, password });
  expect(login.status).toBe(200);
  const app = await api<{ clientId: string; secret: string }>(
    '/api/clients',
    { appName: 'Acme', terms: true, allowedOrigins },
    login.body.accessToken,
  );
  expect(app.status).toBe(200);
  return { clientId: app.body.clientId, secret: app.body.secret, token: login.body.accessToken };
}

/** The host backend's token exchange (server to server). */
async function participantToken(clientId: string, secret: string, uid: string, name: string): Promise<string> {
  const res = await api<{ token: string; expiresIn: number }>('/api/clients/token', { clientId, clientSecret: secret, uid, name });
  expect(res.status).toBe(200);
  return res.body.token;
}

/** Opens the host page and embeds; answers what the embed call did ({ ok, code } or { error }). */
async function embed(page: Page, options: Record<string, unknown>) {
  await page.goto(`${hostOrigin}/`);
  await expect(page).toHaveTitle('Host app');
  return page.evaluate(async (opts) => {
    const w = window as unknown as { Tabula: any; board: any; events: Array<[string, any]>; codeAtResolve: string };
    w.events = [];
    try {
      w.board = await w.Tabula.embed(document.getElementById('board'), opts);
      w.codeAtResolve = w.board.code;
      for (const name of ['ready', 'joined', 'left', 'command', 'selection', 'error'])
        w.board.on(name, (payload: unknown) => w.events.push([name, payload]));
      return { ok: true as const };
    } catch (error) {
      return { ok: false as const, error: error as { code: string; message: string } };
    }
  }, options);
}

const call = (page: Page, method: string, ...args: unknown[]) =>
  page.evaluate(
    async ([m, a]) => {
      const w = window as unknown as { board: Record<string, (...x: unknown[]) => Promise<unknown>> };
      try {
        return { ok: true as const, value: await w.board[m as string]!(...(a as unknown[])) };
      } catch (error) {
        return { ok: false as const, error: error as { code: string; message: string } };
      }
    },
    [method, args] as const,
  );

const events = (page: Page, name?: string) =>
  page.evaluate((n) => (window as unknown as { events: Array<[string, any]> }).events.filter(([e]) => !n || e === n), name);

/** The board page inside the host's iframe (playwright reaches cross-origin frames). */
const boardFrame = (page: Page): Frame => page.frames().find((f) => f.url().includes('/board/'))!;

async function secondBrowserOn(browser: Browser, code: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    (window as unknown as { __TABULA_TEST__: boolean }).__TABULA_TEST__ = true;
  });
  const page = await context.newPage();
  await page.goto(`${server.url}/board/${code}`);
  await page.waitForFunction(() => Boolean((window as any).tabula?.ready));
  return page;
}

test('a host page on another origin embeds a board and drives it through every method', async ({ page, browser }) => {
  await page.addInitScript(() => {
    (window as unknown as { __TABULA_TEST__: boolean }).__TABULA_TEST__ = true;
  });
  const app = await developerApp([hostOrigin]);
  const token = await participantToken(app.clientId, app.secret, 'host-user-42', 'Ada');
  const result = await embed(page, {
    clientId: app.clientId,
    participant: { uid: 'host-user-42', name: 'Ada' },
    token,
    features: {
      tool: 'pen',
      color: '#1e88e5',
      thickness: 3,
      background: 'Dot',
      permissions: ['view_chat', 'view_templates'],
      notifications: 'essential',
      whiteLabel: true,
    },
  });
  expect(result).toEqual({ ok: true });

  // the iframe is the board page with uid, clientid and data (base64 JSON)
  const src = await page.locator('#board iframe').getAttribute('src');
  const url = new URL(src!);
  expect(url.origin).toBe(server.url);
  expect(url.searchParams.get('uid')).toBe('host-user-42');
  expect(url.searchParams.get('clientid')).toBe(app.clientId);
  const data = JSON.parse(Buffer.from(url.searchParams.get('data')!, 'base64').toString('utf8'));
  expect(data).toMatchObject({
    board: '',
    participant: { uid: 'host-user-42', name: 'Ada' },
    origin: hostOrigin,
    features: { tool: 'pen', color: '#1e88e5' },
  });

  // ready (sticky: it may have fired before the listener) and joined
  await expect.poll(() => events(page, 'ready')).toHaveLength(1);
  const [[, ready]] = await events(page, 'ready');
  // the participant's key on the board: the host's uid in the app's namespace (docs/embedding.md)
  const key = participantKey(app.clientId, 'host-user-42');
  expect(ready).toMatchObject({ uid: key, whiteLabel: false });
  expect(ready.code).toMatch(/^[A-Za-z0-9_-]{12}$/);
  await expect
    .poll(async () => (await events(page, 'joined')).map(([, p]) => p))
    .toContainEqual(expect.objectContaining({ uid: key, isSelf: true }));
  const code: string = ready.code;
  // a new board: the promise resolved once it existed, with its code
  expect(await page.evaluate(() => (window as any).codeAtResolve)).toBe(code);
  expect(await page.evaluate(() => (window as any).board.code)).toBe(code);
  // the participant's own joined came before the promise resolved, and still reached the listener
  expect((await events(page, 'joined')).map(([, p]) => p)).toEqual([{ uid: key, name: 'Ada', isSelf: true }]);
  expect(await call(page, 'getMembers')).toEqual({ ok: true, value: [{ uid: key, name: 'Ada', isSelf: true }] });

  // embed-time features reached the editor
  const frame = boardFrame(page);
  await frame.waitForFunction(() => Boolean((window as any).tabula?.editor));
  expect(
    await frame.evaluate(() => ({
      tool: (window as any).tabula.editor.tool$.value,
      style: (window as any).tabula.editor.style,
      bg: (window as any).tabula.editor.background$.value,
    })),
  ).toMatchObject({
    tool: 'pen',
    style: { color: '#1e88e5', lineWidth: 3 },
    bg: 'dot',
  });
  // the participant joined under the app (the token's client claim)
  expect(await frame.evaluate(() => (window as any).tabula.sync.board$.value.client)).toBe(app.clientId);
  // (embedded boards offer no Log in, New board or Back: checked where the participant would
  // otherwise have them — the roaming participant below, and board-element.spec.ts's menu)

  // setters
  expect(await call(page, 'setTool', 'rectangle')).toEqual({ ok: true });
  expect(await call(page, 'setColor', '#ff0000')).toEqual({ ok: true });
  expect(await call(page, 'setThickness', 7)).toEqual({ ok: true });
  expect(await call(page, 'setBackground', 'https://example.com/paper.png')).toEqual({ ok: true });
  expect(
    await frame.evaluate(() => ({
      tool: (window as any).tabula.editor.tool$.value,
      style: (window as any).tabula.editor.style,
      bg: (window as any).tabula.editor.background$.value,
    })),
  ).toMatchObject({
    tool: 'rectangle',
    style: { color: '#ff0000', lineWidth: 7 },
    bg: 'https://example.com/paper.png',
  });
  expect(await call(page, 'setPermissions', ['view_templates'])).toEqual({ ok: true });
  expect(await frame.evaluate(() => (window as any).tabula.sync.claims$.value.permissions)).not.toContain('view_chat');
  expect(await frame.evaluate(() => (window as any).tabula.sync.claims$.value.permissions)).toContain('view_templates');
  expect(await call(page, 'setPermissions', ['view_chat', 'view_templates'])).toEqual({ ok: true });
  expect(await frame.evaluate(() => (window as any).tabula.sync.claims$.value.permissions)).toContain('view_chat');

  // addShapes → command event, getShapes, and the shape reaches a second, non-embedded browser
  const added = await call(page, 'addShapes', [
    { cmd: 'rectangle', id: 'host-rect-1', x: 40, y: 50, w: 200, h: 120, stroke: '#1e88e5', lineWidth: 3 },
  ]);
  expect(added).toEqual({ ok: true, value: ['host-rect-1'] });
  await expect
    .poll(async () => (await events(page, 'command')).map(([, p]) => p))
    .toContainEqual(expect.objectContaining({ cmd: 'rectangle', local: true, shapes: ['host-rect-1'], uid: key }));
  const shapes = await call(page, 'getShapes');
  expect(shapes.ok && (shapes.value as Array<{ id: string }>).map((s) => s.id)).toEqual(['host-rect-1']);

  const other = await secondBrowserOn(browser, code);
  await expect
    .poll(() => other.evaluate(() => (window as any).tabula.editor.getShapes().map((s: { id: string }) => s.id)))
    .toEqual(['host-rect-1']);

  // a change from the other browser arrives as a remote command event
  await other.evaluate(() =>
    (window as any).tabula.editor.addShapes([
      { cmd: 'circle', id: 'other-circle', x: 400, y: 200, r: 40, stroke: '#000000', lineWidth: 2 },
    ]),
  );
  await expect
    .poll(async () => (await events(page, 'command')).map(([, p]) => p))
    .toContainEqual(expect.objectContaining({ cmd: 'circle', local: false, shapes: ['other-circle'] }));
  await expect.poll(async () => (await events(page, 'joined')).map(([, p]) => p.isSelf)).toContain(false);
  // a late look at who is there: both
  const members = await call(page, 'getMembers');
  expect(members.ok && (members.value as Array<{ isSelf: boolean }>).map((m) => m.isSelf).sort()).toEqual([false, true]);

  // selection events
  await frame.evaluate(() => (window as any).tabula.editor.select(['host-rect-1']));
  await expect.poll(async () => (await events(page, 'selection')).map(([, p]) => p.ids)).toContainEqual(['host-rect-1']);

  // zoomToFit and exportImage (a PNG the browser decodes)
  expect(await call(page, 'zoomToFit')).toEqual({ ok: true });
  const image = await call(page, 'exportImage', 'png');
  expect(image.ok).toBe(true);
  const dataUrl = (image as { value: string }).value;
  expect(dataUrl.startsWith('data:image/png;base64,')).toBe(true);
  const bytes = Buffer.from(dataUrl.split(',')[1]!, 'base64');
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  const decoded = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    return { w: img.naturalWidth, h: img.naturalHeight };
  }, dataUrl);
  expect(decoded.w).toBeGreaterThan(200);
  expect(decoded.h).toBeGreaterThan(120);

  // removeShapes reaches the other browser too
  expect(await call(page, 'removeShapes', ['host-rect-1'])).toEqual({ ok: true });
  await expect
    .poll(() => other.evaluate(() => (window as any).tabula.editor.getShapes().map((s: { id: string }) => s.id)))
    .toEqual(['other-circle']);

  // bad arguments: { code, message } and nothing changes
  const before = await frame.evaluate(() => ({
    tool: (window as any).tabula.editor.tool$.value,
    style: (window as any).tabula.editor.style,
    bg: (window as any).tabula.editor.background$.value,
    n: (window as any).tabula.editor.getShapes().length,
  }));
  const bad: Array<[string, unknown[], string]> = [
    ['setColor', ['red'], 'invalid-color'],
    ['setColor', ['#12345'], 'invalid-color'],
    ['setThickness', [0], 'invalid-thickness'],
    ['setThickness', [10], 'invalid-thickness'],
    ['setThickness', [2.5], 'invalid-thickness'],
    ['setTool', ['laser'], 'unknown-tool'],
    ['setBackground', ['Plaid'], 'unknown-background'],
    ['setBackground', ['ftp://example.com/x.png'], 'unknown-background'],
    ['setPermissions', [['edit_board']], 'invalid-permission'],
    ['setPermissions', ['view_chat'], 'invalid-permission'],
    ['addShapes', [[{ cmd: 'rectangle', x: 'a' }]], 'invalid-shapes'],
    ['addShapes', [[{ nope: true }]], 'invalid-shapes'],
    ['removeShapes', ['host-rect-1'], 'invalid-shapes'],
    ['exportImage', ['gif'], 'invalid-format'],
  ];
  for (const [method, args, code] of bad) {
    const res = await call(page, method, ...args);
    expect(res.ok, `${method}(${JSON.stringify(args)})`).toBe(false);
    expect((res as { error: { code: string; message: string } }).error, `${method}(${JSON.stringify(args)})`).toEqual({
      code,
      message: expect.any(String),
    });
  }
  // the board itself re-checks what reaches it (a host that bypasses embed.js): an unknown tool name
  const direct = await page.evaluate(async () => {
    try {
      await (window as any).board.setTool('frame-of-mind');
      return null;
    } catch (error) {
      return error;
    }
  });
  expect(direct).toMatchObject({ code: 'unknown-tool' });
  expect(
    await frame.evaluate(() => ({
      tool: (window as any).tabula.editor.tool$.value,
      style: (window as any).tabula.editor.style,
      bg: (window as any).tabula.editor.background$.value,
      n: (window as any).tabula.editor.getShapes().length,
    })),
  ).toEqual(before);
  expect((await call(page, 'getInfo')).ok).toBe(true);

  // the embed origin was recorded for the app
  const apps = await api<Array<{ origins: Array<{ origin: string; embeds: number }> }>>('/api/clients', undefined, app.token);
  expect(apps.body[0]!.origins).toContainEqual(expect.objectContaining({ origin: hostOrigin, embeds: 1 }));

  // the other browser leaves: a left event, and it is no longer among the members
  const otherUid = (await events(page, 'joined')).map(([, p]) => p).find((p) => !p.isSelf)!.uid;
  await other.context().close();
  await expect.poll(async () => (await events(page, 'left')).map(([, p]) => p.uid)).toEqual([otherUid]);
  expect(await call(page, 'getMembers')).toEqual({ ok: true, value: [{ uid: key, name: 'Ada', isSelf: true }] });

  // destroy: the iframe goes, later calls reject with 'destroyed'
  expect(await call(page, 'destroy')).toEqual({ ok: true });
  await expect(page.locator('#board iframe')).toHaveCount(0);
  expect(await call(page, 'zoomToFit')).toMatchObject({ ok: false, error: { code: 'destroyed' } });
});

test('an existing board, a roaming participant without token', async ({ page, browser }) => {
  await page.addInitScript(() => {
    (window as unknown as { __TABULA_TEST__: boolean }).__TABULA_TEST__ = true;
  });
  const app = await developerApp([]);
  const created = await api<{ code: string }>('/api/boards', { Uid: 'owner-guest-1' });
  expect(created.status).toBe(200);
  const result = await embed(page, { board: created.body.code, clientId: app.clientId, participant: { uid: 'roamer-1', name: 'Bo' } });
  expect(result).toEqual({ ok: true });
  await expect.poll(() => events(page, 'ready')).toHaveLength(1);
  expect((await events(page, 'ready'))[0]![1]).toMatchObject({ code: created.body.code, uid: guestKey('roamer-1') });
  // not signed in to Tabula, yet embedded: no Log in link in the top bar, which a guest has
  // outside an embed (board-load.spec.ts "the main menu"); the top bar itself is there
  const frame = boardFrame(page);
  await expect(frame.getByRole('button', { name: /Online members/ })).toBeVisible();
  await expect(frame.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  expect(
    await call(page, 'addShapes', [
      { cmd: 'text', value: 'hello from the host', x: 10, y: 10, color: '#000000', font: 'Open Sans', size: 16, align: 'left' },
    ]),
  ).toMatchObject({ ok: true });
  const other = await secondBrowserOn(browser, created.body.code);
  await expect
    .poll(() => other.evaluate(() => (window as any).tabula.editor.getShapes().map((s: { cmd: string }) => s.cmd)))
    .toEqual(['text']);
  await other.context().close();
});

test('a board that does not exist, or one the participant may not open: Tabula.embed rejects with the reason', async ({ page }) => {
  const app = await developerApp([]);
  // the error events the board page sends (penpal calls the host's `emit` over a MessagePort;
  // init scripts run in the board's frame too)
  await page.addInitScript(() => {
    const w = window as unknown as { boardErrors: string[] };
    w.boardErrors = [];
    const send = MessagePort.prototype.postMessage;
    MessagePort.prototype.postMessage = function (this: MessagePort, ...args: Parameters<MessagePort['postMessage']>) {
      const m = args[0] as { type?: string; methodPath?: string[]; args?: unknown[] } | null;
      if (m?.type === 'CALL' && m.methodPath?.[0] === 'emit' && m.args?.[0] === 'error')
        w.boardErrors.push((m.args[1] as { code: string }).code);
      return send.apply(this, args as never);
    } as MessagePort['postMessage'];
  });
  const sentErrors = () => boardFrame(page).evaluate(() => (window as unknown as { boardErrors: string[] }).boardErrors);
  const missing = await embed(page, { board: 'nosuchboard1', clientId: app.clientId, participant: { uid: 'host-user-5' } });
  expect(missing).toEqual({ ok: false, error: { code: 'board-not-found', message: BOARD_MESSAGES.boardNotFound } });
  // the frame stays and tells the person why
  await expect(boardFrame(page).getByText(BOARD_MESSAGES.boardNotFound).first()).toBeVisible();
  // sent once: no second not-found, no 'internal' echo of it
  await page.waitForTimeout(500);
  expect(await sentErrors()).toEqual(['board-not-found']);

  // a private board of someone else's: access-denied
  const owner = await developerApp([]);
  const board = await api<{ code: string }>('/api/boards', {}, owner.token);
  expect(board.status).toBe(200);
  expect((await api(`/api/boards/${board.body.code}/sharings`, { link: 'NoAccess' }, owner.token)).status).toBeLessThan(300);
  const denied = await embed(page, { board: board.body.code, clientId: app.clientId, participant: { uid: 'host-user-6' } });
  expect(denied).toMatchObject({ ok: false, error: { code: 'access-denied' } });
  await page.waitForTimeout(500);
  expect(await sentErrors()).toEqual(['access-denied']);
});

test('a host origin not on the allowlist gets a clear refusal, not a half-working board', async ({ page }) => {
  const app = await developerApp(['https://only-this.example']);
  const result = await embed(page, { clientId: app.clientId, participant: { uid: 'host-user-9' } });
  expect(result).toEqual({ ok: false, error: { code: 'origin-not-allowed', message: `This board cannot be embedded on ${hostOrigin}.` } });
  const frame = boardFrame(page);
  await expect(frame.getByRole('alert')).toHaveText(`This board cannot be embedded on ${hostOrigin}.`);
  await expect(frame.locator('canvas')).toHaveCount(0);
  const apps = await api<Array<{ origins: Array<{ origin: string; refusals: number }> }>>('/api/clients', undefined, app.token);
  expect(apps.body[0]!.origins).toContainEqual(expect.objectContaining({ origin: hostOrigin, refusals: 1 }));
});

test('bad embed options reject before any iframe; a clientid without uid is an invalid-uid failure', async ({ page }) => {
  const app = await developerApp([]);
  const noUid = await embed(page, { clientId: app.clientId, participant: {} });
  expect(noUid).toMatchObject({ ok: false, error: { code: 'invalid-uid' } });
  await expect(page.locator('#board iframe')).toHaveCount(0);
  const badColor = await embed(page, { clientId: app.clientId, participant: { uid: 'u-1' }, features: { color: 'blue' } });
  expect(badColor).toMatchObject({ ok: false, error: { code: 'invalid-color' } });
  const noClient = await embed(page, { participant: { uid: 'u-1' } });
  expect(noClient).toMatchObject({ ok: false, error: { code: 'invalid-client' } });

  // the board page itself: clientid without uid
  await page.goto(`${server.url}/board/abcdefghijkl?clientid=${app.clientId}`);
  await expect(page.getByText(BOARD_MESSAGES.invalidUid)).toBeVisible();
});
