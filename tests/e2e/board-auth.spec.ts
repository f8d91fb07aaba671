import { expect, test } from '@playwright/test';
import { useServer } from './support/suite';
import { drag, newContext, pickTool, settled, shapes, startBoardIn, userSession } from './board-fixtures';

/**
 * Token lifetime on an open board (board.md §4 "Token refresh", ARCHITECTURE.md nes notes): with
 * 65-second access tokens the board refreshes the token a minute before it expires and hands it
 * to the open socket with nes `reauthenticate`, which the hub accepts; drawing goes on over the
 * same socket.
 */
const server = useServer({ ACCESS_TOKEN_TTL: '65' });

test('the socket is re-authenticated with a refreshed token before the old one expires', async ({ browser }) => {
  test.setTimeout(90_000);
  const session = await userSession(server);
  const context = await newContext(browser, { session });
  const page = await context.newPage();
  const frames: Array<{ dir: 'out' | 'in'; type: string; statusCode?: number; token?: string }> = [];
  await page.routeWebSocket(/.*/, (ws) => {
    const upstream = ws.connectToServer();
    ws.onMessage((frame) => {
      const text = String(frame);
      try {
        const m = JSON.parse(text) as { type: string; auth?: { headers?: { authorization?: string } } };
        if (m.type === 'reauth') frames.push({ dir: 'out', type: m.type, token: m.auth?.headers?.authorization });
      } catch {
        /* not JSON */
      }
      upstream.send(frame);
    });
    upstream.onMessage((frame) => {
      const text = String(frame);
      try {
        const m = JSON.parse(text) as { type: string; statusCode?: number };
        if (m.type === 'reauth') frames.push({ dir: 'in', type: m.type, statusCode: m.statusCode });
      } catch {
        /* not JSON */
      }
      ws.send(frame);
    });
  });
  await startBoardIn(page, server);
  const first = await page.evaluate(() => localStorage.getItem('accessToken'));

  // about 5 s after joining (65 s − 60 s margin) the token is refreshed and the socket re-authenticated
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken')), { timeout: 30_000 }).not.toBe(first);
  const fresh = await page.evaluate(() => localStorage.getItem('accessToken'));
  await expect.poll(() => frames.some((f) => f.dir === 'out' && f.token === `Bearer ${fresh}`), { timeout: 10_000 }).toBe(true);
  await expect.poll(() => frames.some((f) => f.dir === 'in' && !f.statusCode)).toBe(true);

  // the same socket keeps working
  await pickTool(page, 'Rectangle');
  await drag(page, [
    [300, 300],
    [420, 380],
  ]);
  await settled(page);
  expect(await shapes(page)).toHaveLength(1);
  expect(await page.evaluate(() => window.tabula!.sync.phase)).toBe('online');
  await context.close();
});
