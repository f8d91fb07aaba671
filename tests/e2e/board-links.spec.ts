import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import type { LinkShape } from '../../shared/model';
import { canvasOrigin, click, newContext, openBoard, pickTool, settled, shapes, shot, startBoardIn, userSession } from './board-fixtures';
import { useServer } from './support/suite';

/**
 * Links with previews (issue 34 item 3; docs/board-screen.md "Link cards"): a beta-tester (the
 * paste-link policy) pastes the address of a web page; the board asks the server's link-preview
 * proxy and a card with the page's title lands at the pointer; a second browser sees the card; its
 * Open link opens the page in a new tab without a window.opener. The page is served by this test
 * on this machine, which the server may fetch here because FETCH_PRIVATE_HOSTS allows it (as an
 * operator may; by default only public addresses are fetched).
 */
const server = useServer({ FETCH_PRIVATE_HOSTS: 'true' });

let site: http.Server;
let base = '';
test.beforeAll(async () => {
  site = http.createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><head>
      <title>Fallback</title>
      <meta property="og:title" content="Field notes from the whiteboard">
      <meta property="og:description" content="What we learned drawing together for a year.">
      <meta property="og:site_name" content="Tabula Journal">
      </head><body><h1>Field notes</h1></body></html>`),
  );
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

const cards = async (page: Page) => (await shapes(page)).filter((s) => s.cmd === 'link') as LinkShape[];

test('a pasted URL becomes a card with its title, seen by a second browser, opened in a new tab', async ({ browser }) => {
  const session = await userSession(server, { plan: 'beta-tester' });
  const context = await newContext(browser, { session });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  const code = await startBoardIn(page, server);

  // the address copied in another application, pasted over the board at the pointer
  const address = `${base}/notes`;
  await page.evaluate((text) => navigator.clipboard.writeText(text), address);
  const o = await canvasOrigin(page);
  await page.mouse.move(o.x + 500, o.y + 300, { steps: 3 });
  await page.keyboard.press('Control+v');
  await expect.poll(async () => (await cards(page)).length, { timeout: 20_000 }).toBe(1);
  const [card] = await cards(page);
  expect(card).toMatchObject({
    url: address,
    title: 'Field notes from the whiteboard',
    description: 'What we learned drawing together for a year.',
    site: 'Tabula Journal',
    shapes: [],
  });
  // the card is where the pointer was, selected; nothing else was added (the address is not also a text)
  const at = await page.evaluate(() => window.tabula!.editor.toBoard(500, 300));
  expect(Math.abs(card!.x! + card!.w! / 2 - at.x)).toBeLessThanOrEqual(21);
  expect(await shapes(page)).toHaveLength(1);
  await settled(page);
  await shot(page, 'board-link-card');

  // selected with the select tool, the floating menu's Open link opens the page in a new tab, without a window.opener (rel=noopener)
  await pickTool(page, 'Select');
  await click(page, 500, 300);
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Open link' }).click();
  const opened = await popup;
  await opened.waitForLoadState();
  expect(opened.url()).toBe(address);
  await expect(opened.getByRole('heading', { name: 'Field notes' })).toBeVisible();
  expect(await opened.evaluate(() => window.opener)).toBeNull();
  await opened.close();

  // a second browser (a guest by link) sees the same card
  await page.evaluate(async (c) => {
    await fetch(`/api/boards/${c}/sharings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('accessToken')}` },
      body: JSON.stringify({ link: 'Viewer' }),
    });
  }, code);
  const other = await (await newContext(browser)).newPage();
  await openBoard(other, server, code);
  await expect.poll(async () => (await cards(other)).map((c) => c.title)).toEqual(['Field notes from the whiteboard']);
  await other.context().close();
  await context.close();
});
