import { expect, test } from '@playwright/test';
import { useServer } from './support/suite';
import {
  api,
  drag,
  newContext,
  openBoard,
  pendingCount,
  pickTool,
  settled,
  shapes,
  shot,
  startBoardIn,
  userSession,
} from './board-fixtures';

/**
 * The send queue's failure path (board.md §4 "Network send", §8): while the connection is up but
 * every send fails (the socket's sendCommand answers 500 and the HTTP retry path 503), the client
 * retries three times at 250 ms × attempt with 'Network issue detected, retrying...', then shows
 * the persistent 'Changes not saved due to network error.' with Reload and Retry; Retry resends
 * once the network is healthy and the stroke reaches the other browser.
 */
const server = useServer();

test('failed sends retry three times, then Retry resends the queue', async ({ browser }) => {
  const context = await newContext(browser, { name: 'Ann' });
  const a = await context.newPage();
  let failing = false;
  let sendAttempts = 0;
  let httpAttempts = 0;
  // a faulty network in front of the hub: sendCommand frames are answered with a 500
  await a.routeWebSocket(/.*/, (ws) => {
    const upstream = ws.connectToServer();
    ws.onMessage((frame) => {
      const text = typeof frame === 'string' ? frame : frame.toString();
      if (failing && text.includes('"sendCommand"')) {
        sendAttempts += 1;
        const { id } = JSON.parse(text) as { id: number };
        ws.send(
          JSON.stringify({
            type: 'message',
            id,
            statusCode: 500,
            payload: { statusCode: 500, error: 'Internal Server Error', message: 'An internal server error occurred' },
          }),
        );
        return;
      }
      upstream.send(frame);
    });
    upstream.onMessage((frame) => ws.send(frame));
  });
  await a.route('**/api/boards/*/commands', async (route) => {
    if (failing && route.request().method() === 'POST') {
      httpAttempts += 1;
      await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service Unavailable' }) });
      return;
    }
    await route.continue();
  });
  const code = await startBoardIn(a, server);
  const b = await (await newContext(browser, { name: 'Ben' })).newPage();
  await openBoard(b, server, code);

  failing = true;
  await pickTool(a, 'Pen');
  await drag(a, [
    [200, 200],
    [300, 260],
    [400, 200],
  ]);
  await expect(a.getByText('Network issue detected, retrying...')).toBeVisible();
  const notSaved = a.getByRole('alert').filter({ hasText: 'Changes not saved due to network error.' });
  await expect(notSaved).toBeVisible({ timeout: 15_000 });
  await expect(notSaved.getByRole('button', { name: 'Reload' })).toBeVisible();
  expect(sendAttempts).toBe(1);
  expect(httpAttempts).toBe(3);
  expect(await pendingCount(a)).toBe(1);
  await shot(a, 'board-not-saved');
  // the stroke stays on A's board, queued; B has nothing
  expect(await shapes(a)).toHaveLength(1);
  expect(await shapes(b)).toHaveLength(0);

  // the network heals; the user presses Retry
  failing = false;
  await notSaved.getByRole('button', { name: 'Retry' }).click();
  await expect(notSaved).toBeHidden();
  await settled(a);
  await expect.poll(async () => (await shapes(b)).map((s) => s.id)).toEqual((await shapes(a)).map((s) => s.id));
  await Promise.all([context.close(), b.context().close()]);
});

test('a command the server refuses is taken back: the board resyncs to what the server holds', async ({ browser }) => {
  const owner = await userSession(server);
  const a = await (await newContext(browser, { session: owner })).newPage();
  const code = await startBoardIn(a, server);
  await pickTool(a, 'Pen');
  await drag(a, [
    [200, 200],
    [300, 240],
    [400, 200],
  ]);
  await settled(a);

  // B never hears that it became a viewer (the role-change frame is lost on the way)
  const bContext = await newContext(browser, { name: 'Ben' });
  const b = await bContext.newPage();
  await b.routeWebSocket(/.*/, (ws) => {
    const upstream = ws.connectToServer();
    ws.onMessage((frame) => upstream.send(frame));
    upstream.onMessage((frame) => {
      if (String(frame).includes('"onRoleChanged"')) return;
      ws.send(frame);
    });
  });
  await openBoard(b, server, code);
  await api(server, 'POST', `/api/boards/${code}/sharings`, { token: owner.accessToken }, { link: 'Viewer' });

  // B still shows the toolbox and draws; the server refuses (403) the stroke
  await pickTool(b, 'Rectangle');
  await drag(b, [
    [600, 300],
    [760, 400],
  ]);
  await expect(b.getByRole('alert').filter({ hasText: 'Unauthorized access' })).toBeVisible();
  // the refused rectangle leaves B's board; A's stroke stays; nothing waits to be sent
  await expect.poll(async () => (await shapes(b)).map((s) => s.cmd)).toEqual(['pen']);
  expect(await pendingCount(b)).toBe(0);
  expect((await shapes(a)).map((s) => s.cmd)).toEqual(['pen']);
  // and B learns its real role: the toolbox goes away
  await expect(b.getByRole('toolbar', { name: 'Tools' })).toHaveCount(0);
  expect(await b.evaluate(() => window.tabula!.sync.claims$.value.role)).toBe('Viewer');
  await Promise.all([a.context().close(), bContext.close()]);
});
