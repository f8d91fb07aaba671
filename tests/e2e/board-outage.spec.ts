import { expect, test, type Page } from '@playwright/test';
import { useServer } from './support/suite';
import { drag, newContext, openBoard, pendingCount, pickTool, settled, shapes, shot, startBoardIn, waitOnline } from './board-fixtures';

/**
 * No lost drawings across an outage (board.md §4 "Connection", "Network send"; §8): the server
 * process is stopped mid-session, both browsers keep drawing (commands wait in the persisted
 * outbox), the server comes back on the same port and data, the sockets reconnect every 2 s,
 * catch up from their last seq and resend — every stroke made before and during the outage ends
 * up on the board in both browsers, exactly once. A tab closed during the outage sends its
 * queued strokes when the board is opened again.
 */
const server = useServer();

const ids = async (page: Page) => (await shapes(page)).map((s) => s.id).sort();

async function stroke(page: Page, y: number, x0 = 150) {
  await drag(page, [
    [x0, y],
    [x0 + 100, y + 30],
    [x0 + 200, y],
  ]);
}

test('strokes drawn before and during a server outage reach both browsers', async ({ browser }) => {
  test.setTimeout(120_000);
  const a = await (await newContext(browser, { name: 'Ann' })).newPage();
  const code = await startBoardIn(a, server);
  const b = await (await newContext(browser, { name: 'Ben' })).newPage();
  await openBoard(b, server, code);
  await pickTool(a, 'Pen');
  await pickTool(b, 'Pen');

  // before the outage
  await stroke(a, 120);
  await stroke(a, 170);
  await settled(a);
  await expect.poll(() => ids(b)).toHaveLength(2);

  // outage: the platform process stops
  await server.kill();
  await expect(a.getByText('Trying to reconnect...')).toBeVisible();
  await expect(b.getByText('Trying to reconnect...')).toBeVisible();
  expect(await a.evaluate(() => window.tabula!.sync.phase)).toBe('reconnecting');
  await stroke(a, 260);
  await stroke(a, 310);
  await stroke(a, 360);
  await stroke(b, 260, 600);
  await stroke(b, 330, 600);
  expect(await pendingCount(a)).toBe(3);
  expect(await pendingCount(b)).toBe(2);
  // the queue is persisted per board (a reload would keep it)
  const stored = await a.evaluate((c) => JSON.parse(localStorage.getItem(`tabula.outbox.${c}`) ?? '[]').length, code);
  expect(stored).toBe(3);
  await shot(a, 'board-outage-during');

  // the server comes back: both reconnect, catch up and resend
  await server.start();
  await waitOnline(a, 30_000);
  await waitOnline(b, 30_000);
  await expect(a.getByText('Connection restored.')).toBeVisible();
  await settled(a);
  await settled(b);
  await expect.poll(() => ids(a), { timeout: 20_000 }).toHaveLength(7);
  await expect.poll(() => ids(b), { timeout: 20_000 }).toEqual(await ids(a));
  expect(await a.evaluate((c) => localStorage.getItem(`tabula.outbox.${c}`), code)).toBeNull();

  // the server holds exactly these seven strokes: a fresh browser loads the same board
  const c = await (await newContext(browser, { name: 'Cid' })).newPage();
  await openBoard(c, server, code);
  expect(await ids(c)).toEqual(await ids(a));
  // after the restart everyone is back online under the name they joined with
  await expect
    .poll(() =>
      c.evaluate(() =>
        window
          .tabula!.sync.members$.value.filter((m) => m.isOnline)
          .map((m) => m.name)
          .sort(),
      ),
    )
    .toEqual(['Ann', 'Ben', 'Cid']);
  await shot(c, 'board-outage-after');
  await Promise.all([a.context().close(), b.context().close(), c.context().close()]);
});

test('a tab closed during an outage sends its queued strokes when the board is opened again', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await newContext(browser, { name: 'Ann' });
  const a = await context.newPage();
  const code = await startBoardIn(a, server);
  await pickTool(a, 'Pen');
  await stroke(a, 150);
  await settled(a);

  await server.kill();
  await expect(a.getByText('Trying to reconnect...')).toBeVisible();
  await stroke(a, 250);
  await stroke(a, 350);
  // the queued add commands and the shapes they add
  const unsent = await a.evaluate(() => window.tabula!.sync.pending().map((c) => (c as { shape: { id: string } }).shape.id));
  expect(unsent).toHaveLength(2);
  await a.close();

  await server.start();
  const again = await context.newPage();
  await openBoard(again, server, code);
  await settled(again);
  await expect.poll(() => ids(again)).toHaveLength(3);
  // the resent commands kept their ids (idempotent by id) and are now stored on the server
  const b = await (await newContext(browser, { name: 'Ben' })).newPage();
  await openBoard(b, server, code);
  expect(await ids(b)).toEqual(await ids(again));
  for (const id of unsent) expect(await ids(b)).toContain(id);
  await Promise.all([context.close(), b.context().close()]);
});
