import { expect, test } from '@playwright/test';
import { startTestRedis, type TestRedis } from '../helpers/hub';
import { checkNeeds, inCI } from '../helpers/services';
import { drag, newContext, openBoard, pickTool, settled, shapes, shot, startBoardIn } from './board-fixtures';
import { inkNear } from './support/screen';
import { startNodePair, type TestServer } from './support/server';

/**
 * The board on two nodes (board.md §7, ARCHITECTURE "Redis only fans out"): two platform processes
 * on one fresh PostgreSQL database and one private redis-server, one browser on each node. What one
 * person draws with the mouse on node a appears on the other person's screen on node b (read from
 * the pixels the renderer drew), and the other way round: only Redis carries it between the nodes.
 * Needs PostgreSQL (DATABASE_URL or 127.0.0.1:5432) and a redis-server binary: without them this
 * fails in CI (CI=true) and is listed as skipped, with the reason, locally.
 */
const { missing } = await checkNeeds({ postgres: true, redisServer: true });

if (missing.length && inCI()) {
  test(`two nodes: cannot run, missing ${missing.join(' and ')} (CI=true)`, () => {
    throw new Error(`missing ${missing.join(' and ')}`);
  });
} else {
  test.describe('the board on two nodes with Redis', () => {
    test.skip(missing.length > 0, `missing ${missing.join(' and ')}`);
    let redis: TestRedis | null = null;
    let pair: { a: TestServer; b: TestServer; stop(): Promise<void> } | null = null;
    test.beforeAll(async () => {
      redis = await startTestRedis();
      pair = await startNodePair(redis.url, 'tabula_e2e_nodes');
    });
    test.afterAll(async () => {
      await pair?.stop();
      await redis?.stop();
    });

    test('a shape drawn by a person on one node appears on the screen of a person on the other', async ({ browser }) => {
      const { a: nodeA, b: nodeB } = pair!;
      expect(nodeA.port).not.toBe(nodeB.port);
      const ann = await (await newContext(browser, { name: 'Ann on A' })).newPage();
      const code = await startBoardIn(ann, nodeA);
      const ben = await (await newContext(browser, { name: 'Ben on B' })).newPage();
      await openBoard(ben, nodeB, code);
      expect(new URL(ann.url()).port).toBe(String(nodeA.port));
      expect(new URL(ben.url()).port).toBe(String(nodeB.port));
      // each sees the other online (presence through Redis)
      await expect(ann.getByTestId('online-count')).toHaveText('2');
      await expect(ben.getByTestId('online-count')).toHaveText('2');

      // nothing drawn yet where Ben will draw, on Ann's screen
      expect(await inkNear(ann, 600, 260)).toBe(false);
      expect(await inkNear(ann, 760, 260)).toBe(false);

      // Ben draws a rectangle with the mouse on node b
      await pickTool(ben, 'Rectangle');
      await drag(ben, [
        [600, 200],
        [760, 320],
      ]);
      await settled(ben);
      expect(await inkNear(ben, 600, 260)).toBe(true);

      // Ann, on node a, sees it: its left and right edges are drawn, its inside is empty
      await expect.poll(() => inkNear(ann, 600, 260), { timeout: 15_000 }).toBe(true);
      expect(await inkNear(ann, 760, 260)).toBe(true);
      expect(await inkNear(ann, 680, 260, 10)).toBe(false);
      await shot(ann, 'board-two-nodes-ann');

      // and the other way: Ann's pen stroke on node a shows on Ben's screen on node b
      expect(await inkNear(ben, 200, 200)).toBe(false);
      expect(await inkNear(ben, 400, 200)).toBe(false);
      await pickTool(ann, 'Pen');
      await drag(ann, [
        [200, 200],
        [300, 230],
        [400, 200],
      ]);
      await settled(ann);
      // (the stroke is smoothed between its points: its two ends are where the mouse pressed and let go)
      await expect.poll(() => inkNear(ben, 200, 200), { timeout: 15_000 }).toBe(true);
      expect(await inkNear(ben, 400, 200)).toBe(true);
      await shot(ben, 'board-two-nodes-ben');
      // both hold the same board
      await expect.poll(async () => (await shapes(ben)).map((s) => s.id).sort()).toEqual((await shapes(ann)).map((s) => s.id).sort());
      expect((await shapes(ann)).map((s) => s.cmd).sort()).toEqual(['pen', 'rectangle']);
      await Promise.all([ann.context().close(), ben.context().close()]);
    });
  });
}
