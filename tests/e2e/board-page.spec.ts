import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { CLIENT_VERSION } from '../../shared/constants';
import { MESSAGES } from '../../shared/messages';
import { api, createBoardIn, newContext, openBoard, shot, startDrawing, userSession, waitOnline } from './board-fixtures';
import type { TestServer } from './support/server';
import { workerServer } from './support/suite';

/**
 * The hosted board page's own furniture (board.md §2 top-right, §8, §1 debug facility): the
 * notifications bell for a signed-in visitor (on the page and in <tabula-board> on another
 * origin), none for a guest; the old-browser alert; window.tabulaDebug.
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

/** A signed-in user with one unread notification: an invitation to another user's workspace. */
async function invitedUser() {
  const owner = await userSession(server);
  const invitee = await userSession(server);
  await api(server, 'POST', '/api/workspaces/default/members', { token: owner.accessToken }, { email: invitee.email, role: 'Member' });
  return invitee;
}

/** The boxes of the top-right group's controls (and the bell's badge) overlap nowhere. */
async function expectNoOverlap(page: Page, group: Locator) {
  const boxes = await group.evaluate((bar) => {
    const controls = [...bar.querySelectorAll<HTMLElement>('button, a, .t-bell__badge')].filter((el) => el.offsetParent !== null);
    return controls.map((el) => {
      const r = el.getBoundingClientRect();
      return { name: el.getAttribute('aria-label') ?? el.className, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    });
  });
  expect(boxes.length).toBeGreaterThan(2);
  const badge = boxes.find((b) => String(b.name).includes('t-bell__badge'));
  for (const a of boxes) {
    expect(a.right, `${a.name} on screen`).toBeLessThanOrEqual(1280);
    for (const b of boxes) {
      if (a === b || a === badge || b === badge) continue;
      const overlap = a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
      expect(overlap, `${a.name} overlaps ${b.name}`).toBe(false);
    }
  }
  // the count sits on the bell's corner, over no other control
  const bell = boxes.find((b) => b.name === 'Notifications')!;
  for (const b of boxes) {
    if (b === badge || b === bell) continue;
    const hit = badge!.left < b.right && b.left < badge!.right && badge!.top < b.bottom && b.top < badge!.bottom;
    expect(hit, `the count covers ${b.name}`).toBe(false);
  }
}

test('a signed-in visitor sees the bell with its unread count, opens it with the keyboard and reads the notification; a guest sees none', async ({
  browser,
}) => {
  const me = await invitedUser();
  const context = await newContext(browser, { session: me });
  const page = await context.newPage();
  const code = await createBoardIn(page, server);
  await startDrawing(page);

  const topRight = page.locator('.tb-topright');
  const bell = topRight.getByRole('button', { name: 'Notifications', exact: true });
  await expect(bell).toBeVisible();
  await expect(bell.getByTestId('notification-count')).toHaveText(/^1\s*unread$/);
  await expect(bell).toHaveAccessibleDescription(/1\s*unread/);
  await expectNoOverlap(page, topRight);
  await shot(page, 'board-bell');

  // by keyboard: focus the bell, Enter opens the popover with the focus on the newest item
  await bell.focus();
  await page.keyboard.press('Enter');
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  await expect(popover).toBeVisible();
  await expect(bell).toHaveAttribute('aria-expanded', 'true');
  const item = popover.getByRole('list', { name: 'Notification feed' }).getByRole('listitem');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('invited you to the workspace');
  await expect(item.getByRole('button')).toBeFocused();
  // the popover stays on the board and clear of the top bar
  const pop = (await popover.boundingBox())!;
  expect(pop.x).toBeGreaterThanOrEqual(0);
  expect(pop.x + pop.width).toBeLessThanOrEqual(1280);
  expect(pop.y + pop.height).toBeLessThanOrEqual(800);
  const bar = (await page.getByRole('toolbar', { name: 'Board' }).boundingBox())!;
  expect(pop.x).toBeGreaterThan(bar.x + bar.width);
  await shot(page, 'board-bell-open');
  // the focus stays in the open popover: Tab and Shift+Tab wrap
  for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await popover.evaluate((el) => el.contains((el.getRootNode() as Document | ShadowRoot).activeElement)), key).toBe(true);
  }
  // Escape closes it and gives the focus back to the bell
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  await expect(bell).toBeFocused();
  await expect(page.getByRole('toolbar', { name: 'Tools' })).toBeVisible();
  // a click on the board closes it too
  await bell.click();
  await expect(popover).toBeVisible();
  await page.mouse.click(640, 500);
  await expect(popover).toBeHidden();

  // opening the item marks it read (the count goes) and follows its action into the panel
  await bell.click();
  await popover.getByRole('button', { name: /invited you to the workspace/ }).click();
  await expect(page).toHaveURL(`${server.url}/panel/invitation`);
  const feed = await api<{ unreadCount: number }>(server, 'GET', '/api/users/notifications/feed', { token: me.accessToken });
  expect(feed.unreadCount).toBe(0);
  await context.close();

  // a guest on the same board: Share and Log in, no bell
  const guestContext = await newContext(browser, { name: 'Gus' });
  const guest = await guestContext.newPage();
  await openBoard(guest, server, code);
  await expect(guest.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Notifications', exact: true })).toHaveCount(0);
  await guestContext.close();
});

const hostPage = (code: string, token: string) => `<!doctype html>
<html><head><meta charset="utf-8"><title>Host app</title></head>
<body style="margin:0;font-family:sans-serif">
<tabula-board id="board" code="${code}" server="${server.url}" token="${token}" style="display:block;width:1280px;height:800px"></tabula-board>
<script>
  document.getElementById('board').addEventListener('ready', (e) => { window.tabula = { editor: e.detail.editor, sync: e.detail.sync }; });
</script>
<script src="${server.url}/static/sdk/tabula-board.js"></script>
</body></html>`;

test('<tabula-board> on another origin shows a signed-in visitor the bell inside its shadow root', async ({ browser }) => {
  const me = await invitedUser();
  // someone else's board, open to anyone with the link (no owner's start screen in the way)
  const owner = await userSession(server);
  const { code } = await api<{ code: string }>(server, 'POST', '/api/boards', { token: owner.accessToken }, {});
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  pages.set('/bell.html', hostPage(code, me.accessToken));
  await page.goto(`${hostUrl}/bell.html`);

  const bell = page.getByRole('button', { name: 'Notifications', exact: true });
  await expect(bell.getByTestId('notification-count')).toHaveText(/^1\s*unread$/, { timeout: 30_000 });
  await bell.focus();
  await page.keyboard.press('Enter');
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  await expect(popover.getByRole('listitem')).toContainText('invited you to the workspace');
  // a click inside the popover (in the shadow root) keeps it open; a click on the canvas closes it
  await popover.getByText('Notifications', { exact: true }).click();
  await expect(popover).toBeVisible();
  await shot(page, 'board-element-bell-open');
  await page.mouse.click(640, 500);
  await expect(popover).toBeHidden();
  await context.close();
});

test('an old browser is told to use Chrome or Firefox, and the board still opens', async ({ browser }) => {
  const context = await newContext(browser, { name: 'Olga' });
  // a browser without structuredClone (Chrome before 98, Firefox before 94)
  await context.addInitScript(() => {
    delete (globalThis as { structuredClone?: unknown }).structuredClone;
  });
  const page = await context.newPage();
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.accept();
  });
  const owner = await userSession(server);
  const { code } = await api<{ code: string }>(server, 'POST', '/api/boards', { token: owner.accessToken }, {});
  await api(server, 'POST', `/api/boards/${code}/sharings`, { token: owner.accessToken }, { link: 'Viewer' });
  await openBoard(page, server, code);
  expect(alerts).toEqual([`alert: ${MESSAGES.oldBrowser}`]);
  await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();

  // a current browser hears nothing
  const fine = await (await newContext(browser, { name: 'Nina' })).newPage();
  const none: string[] = [];
  fine.on('dialog', (dialog) => {
    none.push(dialog.message());
    void dialog.dismiss();
  });
  await openBoard(fine, server, code);
  expect(none).toEqual([]);
  await Promise.all([context.close(), fine.context().close()]);
});

test('window.tabulaDebug: the version, and closing the connection, which the board restores', async ({ browser }) => {
  const context = await newContext(browser, { name: 'Dee' });
  const page = await context.newPage();
  await createBoardIn(page, server);
  await startDrawing(page);

  expect(await page.evaluate(() => window.tabulaDebug?.version)).toBe(CLIENT_VERSION);

  await page.evaluate(() => window.tabulaDebug!.closeConnection());
  await expect(page.getByText('Trying to reconnect...')).toBeVisible();
  await shot(page, 'debug-close-connection');
  await expect(page.getByText('Connection restored.')).toBeVisible({ timeout: 20_000 });
  await waitOnline(page);
  await shot(page, 'debug-connection-restored');
  await context.close();
});

test('window.tabulaDebug.latencyTest() measures the round trip to the platform', async ({ browser }) => {
  const context = await newContext(browser, { name: 'Lea' });
  const page = await context.newPage();
  await createBoardIn(page, server);
  const latency = await page.evaluate(() => window.tabulaDebug!.latencyTest());
  expect(latency.samples).toHaveLength(4);
  for (const ms of latency.samples) expect(ms).toBeGreaterThanOrEqual(0);
  expect(latency.average).toBe(Math.round(latency.samples.reduce((a, b) => a + b, 0) / 4));
  // the test server is on this machine: far under the 150 ms of a slow connection
  expect(latency.slow).toBe(false);
  await context.close();
});
