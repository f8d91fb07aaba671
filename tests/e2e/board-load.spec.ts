import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { guestKey } from '../../platform/core/identity';
import { useServer } from './support/suite';
import {
  api,
  createBoardIn,
  newContext,
  openBoard,
  shapes,
  shot,
  startBoardIn,
  startDrawing,
  userSession,
  waitOnline,
} from './board-fixtures';

/**
 * Opening boards (board.md §2, §4 "Board load", §8): a 10,000-shape board shows the loading
 * overlay with a climbing percent; an unknown board shows 'Requested board not found!' with Home
 * and New Board; clientid without uid is the invalid-uid failure; a hub that cannot be reached
 * shows 'Failed to connect to server' and the failed-to-load screen; an expired token is refreshed
 * once; the owner's start screen sets a background that the server keeps.
 */
const server = useServer();

/** Records every value the loading overlay's percent shows while the page loads. */
const recordPercents = () => {
  const seen: string[] = [];
  (window as unknown as { __percents: string[] }).__percents = seen;
  new MutationObserver(() => {
    const el = document.querySelector('[data-testid="load-percent"]');
    const text = el?.textContent ?? '';
    if (text && seen[seen.length - 1] !== text) seen.push(text);
  }).observe(document, { subtree: true, childList: true, characterData: true });
};

test('a board of 10,000 shapes loads behind the percent overlay', async ({ browser }) => {
  test.setTimeout(180_000);
  const uid = `seed-${randomUUID()}`;
  const { code } = await api<{ code: string }>(server, 'POST', '/api/boards', { uid }, {});
  const now = Date.now();
  for (let set = 0; set < 10; set++) {
    const commands = Array.from({ length: 1000 }, (_, i) => {
      const n = set * 1000 + i;
      const shape = {
        id: randomUUID(),
        cmd: 'rectangle',
        uid,
        timestamp: now,
        x: (n % 100) * 30,
        y: Math.floor(n / 100) * 30,
        w: 24,
        h: 24,
        stroke: '#1e88e5',
        lineWidth: 2,
      };
      return { id: randomUUID(), uid, status: 'normal', timestamp: now, cmd: 'rectangle', shape };
    });
    const boardCommand = { id: randomUUID(), uid, status: 'normal', timestamp: now, cmd: 'commandSet', commands };
    await api(
      server,
      'POST',
      `/api/boards/${code}/commands`,
      { uid },
      { boardCommand: JSON.stringify(boardCommand), coreActions: ['edited'] },
    );
  }

  const context = await newContext(browser, { name: 'Reader' });
  await context.addInitScript(recordPercents);
  const page = await context.newPage();
  await openBoard(page, server, code);
  const percents = await page.evaluate(() => (window as unknown as { __percents: string[] }).__percents);
  const numbers = percents.filter((p) => p.endsWith('%')).map((p) => Number(p.slice(0, -1)));
  expect(numbers.length).toBeGreaterThan(2);
  expect(numbers[numbers.length - 1]).toBe(100);
  expect(numbers.some((n) => n > 0 && n < 100)).toBe(true);
  expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  expect((await shapes(page)).length).toBe(10_000);
  await expect(page.getByRole('status', { name: 'Loading board' })).toHaveCount(0);
  await page.evaluate(() => window.tabula!.editor.zoomToFit());
  await page.waitForTimeout(1200);
  await shot(page, 'board-10k');
  await context.close();
});

test('an unknown board: not found with Home and New Board', async ({ browser }) => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto(`${server.url}/board/no-such-board-here`);
  const dialog = page.getByRole('alertdialog', { name: 'Requested board not found!' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(dialog.getByRole('link', { name: 'New Board' })).toHaveAttribute('href', '/board/new');
  await shot(page, 'board-not-found');
  await context.close();
});

test('clientid without uid is the invalid-uid failure', async ({ browser }) => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto(`${server.url}/board/abc?clientid=some-app`);
  const screen = page.getByRole('alertdialog', { name: 'Failed to load the board' });
  await expect(screen).toBeVisible();
  await expect(screen).toContainText('Invalid user id');
  await expect(screen.getByRole('button', { name: 'Reload' })).toBeVisible();
  await expect(screen.getByRole('link', { name: 'Support' })).toBeVisible();
  await context.close();
});

test('a hub that cannot be reached: Failed to connect to server and the failed-to-load screen', async ({ browser }) => {
  const context = await newContext(browser);
  const page = await context.newPage();
  const code = await createBoardIn(page, server);
  // the websocket is refused from now on (a proxy that drops websockets)
  await page.routeWebSocket(/.*/, (ws) => ws.close());
  await page.reload();
  // the persistent toast and the failed-to-load screen
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to connect to server' })).toBeVisible();
  const screen = page.getByRole('alertdialog', { name: 'Failed to load the board' });
  await expect(screen).toBeVisible();
  await expect(screen.getByRole('link', { name: 'Support' })).toBeVisible();
  await shot(page, 'board-failed');
  // Reload, once the network is back, opens the board
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  const fresh = await context.newPage();
  await openBoard(fresh, server, code);
  await context.close();
});

test('an expired access token is refreshed once and the board opens', async ({ browser }) => {
  const session = await userSession(server);
  const { signAccessToken } = await import('../../platform/core/auth');
  const payload = JSON.parse(Buffer.from(session.accessToken.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
  // a token that expired a minute ago (well past the server's clock-skew leeway): no waiting
  const now = Math.floor(Date.now() / 1000);
  const expired = signAccessToken(
    { accessTokenSecret: server.env.ACCESS_TOKEN_SECRET, accessTokenTtlSeconds: 1 } as never,
    { ...payload, iat: now - 120, exp: now - 60 } as never,
  );
  const context = await newContext(browser, { session: { ...session, accessToken: expired } });
  const page = await context.newPage();
  await page.goto(`${server.url}/board/new`);
  await page.waitForURL(/\/board\/(?!new)[^/?]+/);
  await waitOnline(page);
  const stored = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(stored).not.toBe(expired);
  expect(await page.evaluate(() => window.tabula!.sync.claims$.value.role)).toBe('Owner');
  await context.close();
});

test("the owner's start screen: pick a background, kept by the server", async ({ browser }) => {
  const owner = await userSession(server);
  const context = await newContext(browser, { session: owner });
  const page = await context.newPage();
  const code = await createBoardIn(page, server);
  const start = page.getByRole('dialog', { name: 'Start your board' });
  await expect(start).toBeVisible();
  await shot(page, 'board-owner-start');
  await start.getByRole('button', { name: 'Background: Dot' }).click();
  await expect(start).toBeHidden();
  await expect.poll(() => page.evaluate(() => window.tabula!.editor.background$.value)).toBe('dot');
  await expect.poll(() => page.evaluate(() => window.tabula!.sync.board$.value?.boardConfig?.bg)).toBe('dot');
  await page.reload();
  await waitOnline(page);
  expect(await page.evaluate(() => window.tabula!.sync.board$.value?.boardConfig?.bg)).toBe('dot');
  expect(await page.evaluate(() => window.tabula!.editor.background$.value)).toBe('dot');
  await startDrawing(page);
  void code;
  await context.close();
});

test('the main menu: what guests and signed-in users are offered', async ({ browser }) => {
  const guest = await (await newContext(browser)).newPage();
  const code = await startBoardIn(guest, server);
  await guest.getByRole('button', { name: 'Main menu' }).click();
  const menu = guest.getByRole('menu', { name: 'Main menu' });
  await expect(menu.getByRole('menuitem', { name: 'New board' })).toHaveAttribute('href', '/board/new');
  await expect(menu.getByRole('menuitem', { name: 'Log in' })).toHaveAttribute(
    'href',
    `/accounts/login?ret=${encodeURIComponent(`/board/${code}`)}`,
  );
  await expect(menu.getByRole('menuitem', { name: 'Create account' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Back to boards' })).toHaveCount(0);
  // and the top bar's Log in link (embedded boards must not have it: embed, board-element)
  await expect(guest.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', /^\/accounts\/login/);
  await guest.context().close();

  const user = await userSession(server);
  const page = await (await newContext(browser, { session: user })).newPage();
  await openBoard(page, server, code);
  await page.getByRole('button', { name: 'Main menu' }).click();
  const signedIn = page.getByRole('menu', { name: 'Main menu' });
  await expect(signedIn.getByRole('menuitem', { name: 'Back to boards' })).toHaveAttribute('href', '/panel/workspace/default/boards');
  await expect(signedIn.getByRole('menuitem', { name: 'Log in' })).toHaveCount(0);
  await page.context().close();
});

test('/board/{workspace}/{code} opens the same board; ?uid= joins as that roaming user', async ({ browser }) => {
  const owner = await userSession(server);
  const a = await (await newContext(browser, { session: owner })).newPage();
  const code = await startBoardIn(a, server);
  const workspace = await a.evaluate(
    () => window.tabula!.sync.board$.value?.workspace?.altId ?? window.tabula!.sync.board$.value?.workspace?.id ?? 'default',
  );

  const b = await (await newContext(browser, { name: 'Rob' })).newPage();
  await openBoard(b, server, `${workspace}/${code}`, '?uid=roaming-rob-42');
  expect(await b.evaluate(() => window.tabula!.sync.board$.value?.code)).toBe(code);
  // the roaming uid is a guest's secret: the board knows Rob by its key, and so does everyone else
  const key = guestKey('roaming-rob-42');
  expect(await b.evaluate(() => window.tabula!.editor.uid)).toBe(key);
  await expect.poll(() => a.evaluate(() => window.tabula!.sync.members$.value.filter((m) => m.isOnline).map((m) => m.uid))).toContain(key);
  await Promise.all([a.context().close(), b.context().close()]);
});
