import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { HubClient } from '../helpers/hub';
import { api, shot, userSession } from './board-fixtures';
import { apiCall, PASSWORD } from './support/people';
import { startServer, type TestServer } from './support/server';

/**
 * <tabula-board> on a host page of ANOTHER origin, signed in (its `token` attribute, so every call
 * carries Authorization and is preflighted): the board's chat history, its comments and the
 * current announcements load from the platform across origins (docs/security.md "Cross-origin
 * calls"), with no 'Failed to load messages' and no request the browser refused.
 */
const OPERATOR = `cors-operator-${Date.now().toString(36)}@example.com`;
let server: TestServer;
let host: http.Server;
let hostUrl: string;
const pages = new Map<string, string>();

test.beforeAll(async () => {
  server = await startServer({ ADMIN_EMAILS: OPERATOR });
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
  await server?.stop();
});

const hostPage = (code: string, token: string) => `<!doctype html>
<html><head><meta charset="utf-8"><title>Integrator app</title></head>
<body style="margin:0;font-family:sans-serif">
<header style="height:60px;display:flex;align-items:center;padding:0 16px;background:#222;color:#fff">Integrator app</header>
<tabula-board id="board" code="${code}" server="${server.url}" token="${token}" style="display:block;width:1200px;height:700px"></tabula-board>
<script>
  document.getElementById('board').addEventListener('ready', (e) => { window.tabula = { editor: e.detail.editor, sync: e.detail.sync }; });
</script>
<script src="${server.url}/static/sdk/tabula-board.js"></script>
</body></html>`;

/** What the browser refused or failed on the way to the platform (CORS errors show as both). */
function watchRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('requestfailed', (r) => {
    // net::ERR_ABORTED is the board cancelling its own request (a join fetch it no longer needs);
    // a request the browser refuses for CORS fails with net::ERR_FAILED and a console error
    if (r.failure()?.errorText === 'net::ERR_ABORTED') return;
    if (r.url().startsWith(server.url) && !r.url().includes('/favicon'))
      refused.push(`${r.method()} ${r.url()}: ${r.failure()?.errorText}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && /CORS|Access-Control/i.test(m.text())) refused.push(m.text());
  });
  return refused;
}

test('a host page of another origin shows the board with its chat history, comments and announcements', async ({ browser }) => {
  // the board, its history and an announcement, made through the API on the platform's origin
  const owner = await userSession(server, { plan: 'team' });
  const { code } = await api<{ code: string }>(server, 'POST', '/api/boards', { token: owner.accessToken }, {});
  const hub = await HubClient.connect(server.url, { token: owner.accessToken });
  await hub.call('joinBoard', null, code, null, { name: 'Olive Owner' });
  await hub.call('sendMessage', code, { id: randomUUID(), message: 'Hello across origins' });
  const threadId = randomUUID();
  const shape = {
    id: randomUUID(),
    cmd: 'comment',
    uid: owner.uid,
    timestamp: Date.now(),
    x: 420,
    y: 260,
    threadId,
    color: 1,
    resolved: false,
  };
  await api(
    server,
    'POST',
    `/api/boards/${code}/commands`,
    { token: owner.accessToken },
    {
      boardCommand: JSON.stringify({ id: randomUUID(), uid: owner.uid, status: 'normal', timestamp: Date.now(), cmd: 'comment', shape }),
    },
  );
  await hub.call('addComment', code, 'Please check the plan', threadId);
  await hub.close();
  await apiCall(server, 'POST', '/api/accounts/users', { username: OPERATOR, password: PASSWORD, repeatPassword: PASSWORD, terms: true });
  const operator = (await apiCall(server, 'POST', '/api/accounts/login', { username: OPERATOR, password: PASSWORD })).accessToken as string;
  const minutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
  await apiCall(
    server,
    'POST',
    '/api/admin/announcements',
    { message: 'Tabula 2 is here', type: 'News', start: minutes(-1), end: minutes(60) },
    operator,
  );

  // a signed-in visitor opens the integrator's page (127.0.0.1:…, the platform is localhost:…)
  const visitor = await userSession(server);
  expect(new URL(hostUrl).origin).not.toBe(new URL(server.url).origin);
  pages.set('/board.html', hostPage(code, visitor.accessToken));
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const refused = watchRefusals(page);
  await page.goto(`${hostUrl}/board.html`);
  await page.waitForFunction(
    () =>
      (window as unknown as { tabula?: { sync: { state$: { value: { phase: string } } } } }).tabula?.sync.state$.value.phase === 'online',
    null,
    { timeout: 30_000 },
  );

  // the announcement bar (GET /api/announcements)
  await expect(page.getByRole('region', { name: 'Announcements' })).toContainText('Tabula 2 is here');

  // the chat's history (GET /api/boards/{code}/messages)
  await page.getByRole('button', { name: /^Chat/ }).click();
  const chat = page.getByRole('region', { name: 'Chat' });
  await expect(chat).toBeVisible();
  await expect(chat.locator('article').filter({ hasText: 'Hello across origins' })).toContainText('Olive Owner');
  await expect(chat).not.toContainText('Failed to load messages');

  // the comment threads (GET /api/boards/{code}/comments): the panel lists the owner's comment
  const comments = page.getByRole('button', { name: /^Comments/ });
  await expect(comments).toHaveAccessibleName('Comments, 1 unread');
  await comments.click();
  const panel = page.getByRole('complementary', { name: 'Comments panel' });
  await expect(panel.getByRole('button', { name: /Please check the plan/ })).toBeVisible();
  // opening it marks it read (POST …/comments/{threadId}/mark): the unread dot goes
  await panel.getByRole('button', { name: /Please check the plan/ }).click();
  await expect(page.getByRole('dialog', { name: 'Comment thread' })).toContainText('Please check the plan');
  await expect(comments).toHaveAccessibleName('Comments');
  await shot(page, 'board-cross-origin');

  expect(refused).toEqual([]);
  await context.close();
});
