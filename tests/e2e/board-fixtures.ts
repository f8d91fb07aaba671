import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { Shape } from '../../shared/model';
import type { TestServer } from './support/server';

/**
 * Helpers of the board browser tests (tests/e2e/board*.spec.ts): open a board with the test hook
 * (`window.__TABULA_TEST__` → `window.tabula = { editor, sync }`), wait for the session to be
 * online, draw with real mouse input, read the board through the editor's document.
 */
export interface BoardPageOptions {
  /** display name stored before the page loads (skips the guest start screen) */
  name?: string | null;
  /** signed-in session to store (panel's localStorage keys) */
  session?: { accessToken: string; refreshToken: string; uid: string };
  /** let the quick-overview tour start by itself (off by default: it would cover what a test clicks) */
  tour?: boolean;
}

export async function newContext(browser: Browser, options: BoardPageOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(
    ({ name, session, tour }) => {
      (window as unknown as { __TABULA_TEST__: boolean }).__TABULA_TEST__ = true;
      if (!tour) localStorage.setItem('tabula.tour', 'off');
      if (name && !localStorage.getItem('tabula.displayName')) localStorage.setItem('tabula.displayName', name);
      if (session && !localStorage.getItem('accessToken')) {
        localStorage.setItem('accessToken', session.accessToken);
        localStorage.setItem('refreshToken', session.refreshToken);
        localStorage.setItem('uid', session.uid);
      }
    },
    { name: options.name === undefined ? 'Tester' : options.name, session: options.session ?? null, tour: options.tour ?? false },
  );
  return context;
}

/** Creates a board through /board/new (the page makes it and goes to /board/{code}). */
/** Creates a board from /board/new in `page` and waits until it is online; answers its code. */
export async function createBoardIn(page: Page, server: TestServer): Promise<string> {
  await page.goto(`${server.url}/board/new`);
  await page.waitForURL(/\/board\/(?!new)[^/?]+/);
  const code = new URL(page.url()).pathname.split('/').pop()!;
  await waitOnline(page);
  return code;
}

/**
 * createBoardIn, past the owner's start screen: a new board ready to draw on. Its creator is the
 * Owner of a new board, so the start screen comes: wait for it as long as a loaded machine may
 * need (a 5 s look once missed it and left it over the toolbox).
 */
export async function startBoardIn(page: Page, server: TestServer): Promise<string> {
  const code = await createBoardIn(page, server);
  // it comes for the Owner once the claims are in, unless a guest's Welcome comes first
  await page.waitForFunction(() => window.tabula?.sync.claims$.value.role != null, null, { timeout: 20_000 });
  const comes = await page.evaluate(
    () => window.tabula!.sync.claims$.value.role === 'Owner' && !document.querySelector('[role="dialog"][aria-label="Welcome"]'),
  );
  await startDrawing(page, comes ? 20_000 : 1_000);
  return code;
}

export async function waitOnline(page: Page, timeout = 30_000): Promise<void> {
  await page.waitForFunction(() => window.tabula?.sync.state$.value.phase === 'online', null, { timeout });
}

/**
 * Dismisses the owner's start screen of a new board. It shows once the owner's claims have come
 * (which can be a moment after the board is online), so wait for it a little rather than look once.
 */
export async function startDrawing(page: Page, wait = 5_000): Promise<void> {
  const start = page.getByRole('button', { name: 'Start drawing' });
  if (
    await start.waitFor({ state: 'visible', timeout: wait }).then(
      () => true,
      () => false,
    )
  )
    await start.click();
}

export async function openBoard(page: Page, server: TestServer, code: string, query = ''): Promise<void> {
  await page.goto(`${server.url}/board/${code}${query}`);
  await waitOnline(page);
}

export async function shapes(page: Page): Promise<Shape[]> {
  return page.evaluate(() => window.tabula!.editor.getShapes());
}

export async function pendingCount(page: Page): Promise<number> {
  return page.evaluate(() => window.tabula!.sync.pending().length);
}

export async function pickTool(page: Page, label: string): Promise<void> {
  await page.getByRole('toolbar', { name: 'Tools' }).getByRole('button', { name: label, exact: true }).click();
}

/** The canvas' top-left in page coordinates. */
export async function canvasOrigin(page: Page): Promise<{ x: number; y: number }> {
  const box = await page.locator('canvas[data-tabula-canvas]').boundingBox();
  if (!box) throw new Error('no canvas');
  return { x: box.x, y: box.y };
}

/** A real mouse drag through the given screen points (relative to the canvas). */
export async function drag(page: Page, points: Array<[number, number]>, steps = 6): Promise<void> {
  const o = await canvasOrigin(page);
  const [first, ...rest] = points;
  await page.mouse.move(o.x + first![0], o.y + first![1]);
  await page.mouse.down();
  for (const [x, y] of rest) await page.mouse.move(o.x + x, o.y + y, { steps });
  await page.mouse.up();
}

export async function click(page: Page, x: number, y: number): Promise<void> {
  const o = await canvasOrigin(page);
  await page.mouse.click(o.x + x, o.y + y);
}

/** Waits until every command this page made is confirmed by the server. */
export async function settled(page: Page): Promise<void> {
  await expect.poll(() => pendingCount(page), { timeout: 20_000 }).toBe(0);
}

/**
 * A signed-in user: signs up and logs in through the accounts API. With `plan` the access token
 * is re-issued with that plan claim, signed with the test server's own secret (what the billing
 * domain's plan change would produce), so plan-gated tools (highlighter: team) can be tested.
 */
export async function userSession(
  server: TestServer,
  options: { email?: string; plan?: string } = {},
): Promise<{ accessToken: string; refreshToken: string; uid: string; email: string }> {
  const email = options.email ?? `u-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
  const password = 'Board#Tester123';
  const signup = await fetch(`${server.url}/api/accounts/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password, repeatPassword: password, terms: true }),
  });
  if (!signup.ok) throw new Error(`signup ${signup.status}: ${await signup.text()}`);
  const login = await fetch(`${server.url}/api/accounts/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  if (!login.ok) throw new Error(`login ${login.status}: ${await login.text()}`);
  const session = (await login.json()) as { accessToken: string; refreshToken: string; id: string };
  let accessToken = session.accessToken;
  if (options.plan) {
    const { signAccessToken } = await import('../../platform/core/auth');
    type Claims = Parameters<typeof signAccessToken>[1];
    const payload = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
    delete payload.iat;
    delete payload.exp;
    accessToken = signAccessToken({ accessTokenSecret: server.env.ACCESS_TOKEN_SECRET, accessTokenTtlSeconds: 900 } as never, {
      ...(payload as unknown as Claims),
      plan: options.plan,
    });
  }
  return { accessToken, refreshToken: session.refreshToken, uid: session.id, email };
}

/** HTTP with a bearer token or a guest uid, for test setup. */
export async function api<T = unknown>(
  server: TestServer,
  method: string,
  path: string,
  auth: { token?: string; uid?: string },
  body?: unknown,
): Promise<T> {
  const url = new URL(path, server.url);
  if (auth.uid && method === 'GET') url.searchParams.set('Uid', auth.uid);
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(auth.token ? { authorization: `Bearer ${auth.token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify({ ...(body as object), ...(auth.uid && !auth.token ? { Uid: auth.uid } : {}) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A screenshot attached to the test and kept under $TMPDIR/tabula-board-shots/ for a person to look at. */
export async function shot(page: Page, name: string): Promise<string | null> {
  // a record for people to look at, never an assertion: CI (CPU-bound) takes none unless E2E_SHOTS=1;
  // a failing test still gets its screenshot (playwright.config.ts `screenshot: 'only-on-failure'`)
  if (process.env.CI && process.env.E2E_SHOTS !== '1') return null;
  const { default: os } = await import('node:os');
  const { default: path } = await import('node:path');
  const { default: fs } = await import('node:fs');
  const dir = path.join(os.tmpdir(), 'tabula-board-shots');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  const body = await page.screenshot({ path: file });
  await test.info().attach(name, { body, contentType: 'image/png' });
  return file;
}
