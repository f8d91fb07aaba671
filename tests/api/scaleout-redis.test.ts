/**
 * The Redis side of scale-out, without platforms: the Redis bus between two "nodes" (two bus
 * instances), its survival of a Redis restart, and presence shared through Redis with its TTL.
 * Each test file run starts its OWN redis-server on a free port (never the shared 6379, which it
 * restarts). Without a `redis-server` binary the Redis tests fail in CI and are listed as skipped
 * (with the reason) locally (tests/helpers/suites.ts); the single-node (memory) presence tests
 * always run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardMessage, Bus } from '../../platform/realtime/bus';
import { createRedisBus } from '../../platform/realtime/bus';
import { createMemoryPresence, createRedisPresence, PRESENCE_TTL_MS, type OnlineMember } from '../../platform/realtime/presence';
import { pause, startTestRedis, type TestRedis } from '../helpers/hub';
import { describeWithServices } from '../helpers/suites';

const member = (uid: string, name: string, timestamp: number): OnlineMember => ({ uid, name, timestamp, isOnline: true, role: 'Editor' });

/** Collects what a bus delivers. */
function listen(bus: Bus) {
  const got: Array<{ board: string; message: BoardMessage }> = [];
  bus.subscribe((board, message) => got.push({ board, message }));
  return got;
}

async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await pause(20);
  }
}

await describeWithServices('Redis bus and presence', { redisServer: true }, () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startTestRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('delivers a publish at once on its own node and once on every other node, in order', async () => {
    const a = createRedisBus(redis.url, { channel: 'test:order' });
    const b = createRedisBus(redis.url, { channel: 'test:order' });
    try {
      const gotA = listen(a);
      const gotB = listen(b);
      await Promise.all([a.ready(), b.ready()]);
      for (let i = 1; i <= 50; i++) await a.publish('BOARD1', { event: 'onCommand', data: { seq: i } });
      // the publishing node delivers synchronously (no Redis round trip)
      expect(gotA.map((g) => (g.message.data as { seq: number }).seq)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      await until(() => gotB.length >= 50);
      await pause(100);
      expect(gotB).toHaveLength(50);
      expect(gotB.map((g) => (g.message.data as { seq: number }).seq)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect(gotB[0]).toEqual({ board: 'BOARD1', message: { event: 'onCommand', data: { seq: 1 } } });
      expect(gotA).toHaveLength(50); // never its own message back from Redis
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('keeps to, except and the board code across nodes; other deployments (channels) hear nothing', async () => {
    const a = createRedisBus(redis.url, { channel: 'test:fields' });
    const b = createRedisBus(redis.url, { channel: 'test:fields' });
    const other = createRedisBus(redis.url, { channel: 'test:other-deployment' });
    try {
      const gotB = listen(b);
      const gotOther = listen(other);
      await Promise.all([a.ready(), b.ready(), other.ready()]);
      await a.publish('XYZ', { event: 'onRoleChanged', data: { role: null }, to: ['u1', 'u2'], except: 'conn-1' });
      await until(() => gotB.length === 1);
      expect(gotB[0]).toEqual({
        board: 'XYZ',
        message: { event: 'onRoleChanged', data: { role: null }, to: ['u1', 'u2'], except: 'conn-1' },
      });
      await pause(100);
      expect(gotOther).toHaveLength(0);
    } finally {
      await Promise.all([a.close(), b.close(), other.close()]);
    }
  });

  it('survives a Redis restart: publishing never blocks, the subscriber comes back, onResume fires, fan-out resumes', async () => {
    const a = createRedisBus(redis.url, { channel: 'test:restart' });
    const b = createRedisBus(redis.url, { channel: 'test:restart' });
    try {
      const gotA = listen(a);
      const gotB = listen(b);
      let resumed = 0;
      b.onResume(() => resumed++);
      await Promise.all([a.ready(), b.ready()]);
      await a.publish('B', { event: 'onCommand', data: { seq: 1 } });
      await until(() => gotB.length === 1);

      await redis.stop();
      await pause(300);
      // never waits for Redis: the publish settles while Redis is still down (Redis only comes
      // back after it, so a publish queued for Redis would never settle and time out here)
      let settled = false;
      const publishing = a.publish('B', { event: 'onCommand', data: { seq: 2 } }).finally(() => (settled = true));
      await until(() => settled, 5_000).catch(() => {
        throw new Error('publish waited for Redis while it was down');
      });
      await publishing;
      expect(gotA.map((g) => (g.message.data as { seq: number }).seq)).toEqual([1, 2]); // this node still gets it

      await redis.start();
      await until(() => resumed > 0, 15_000);
      await a.publish('B', { event: 'onCommand', data: { seq: 3 } });
      await until(() => gotB.some((g) => (g.message.data as { seq: number }).seq === 3), 10_000);
      // seq 2 was published while Redis was down: lost for node b (the hub reads it from the log on resume)
      expect(gotB.map((g) => (g.message.data as { seq: number }).seq)).toEqual([1, 3]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 40_000);

  it('shares presence across nodes: distinct members, latest first then name, leaving, renaming', async () => {
    const p1 = createRedisPresence(redis.url, { prefix: 'test1:' });
    const p2 = createRedisPresence(redis.url, { prefix: 'test1:' });
    try {
      await Promise.all([p1.ready(), p2.ready()]);
      await p1.join('BRD', 'c1', member('ann', 'Ann', 1000));
      await p2.join('BRD', 'c2', member('bob', 'Bob', 2000));
      await p2.join('BRD', 'c3', member('ann', 'Ann', 3000)); // Ann's second tab, on node 2
      await p1.join('BRD', 'c4', member('cid', 'Cid', 2000));
      const online = await p1.online('BRD');
      expect(online.map((m) => m.uid)).toEqual(['ann', 'bob', 'cid']); // 3000, then 2000 by name
      expect(await p2.online('BRD')).toEqual(online);

      // Ann closes one tab: still online; closes the other: gone
      expect(await p1.leave('BRD', 'c1')).toEqual({ uid: 'ann', stillOnline: true });
      expect(await p2.leave('BRD', 'c3')).toEqual({ uid: 'ann', stillOnline: false });
      expect((await p1.online('BRD')).map((m) => m.uid)).toEqual(['bob', 'cid']);

      await p1.rename('BRD', 'bob', 'Robert');
      expect((await p2.online('BRD')).find((m) => m.uid === 'bob')?.name).toBe('Robert');
    } finally {
      await Promise.all([p1.close(), p2.close()]);
    }
  });

  it('shares follow relations, cursors and attention; a leaving member takes their relations along', async () => {
    const p1 = createRedisPresence(redis.url, { prefix: 'test2:' });
    const p2 = createRedisPresence(redis.url, { prefix: 'test2:' });
    try {
      await Promise.all([p1.ready(), p2.ready()]);
      await p1.join('F', 'c1', member('ann', 'Ann', 1));
      await p2.join('F', 'c2', member('bob', 'Bob', 2));
      await p2.join('F', 'c3', member('cid', 'Cid', 3));
      await p1.follow('F', 'ann', 'bob');
      await p2.follow('F', 'cid', 'bob');
      expect(await p2.followeeOf('F', 'ann')).toBe('bob');
      expect((await p1.followersOf('F', 'bob')).sort()).toEqual(['ann', 'cid']);
      expect(await p2.unfollow('F', 'cid')).toBe('bob');
      expect(await p1.followersOf('F', 'bob')).toEqual(['ann']);

      await p1.setCursor('F', 'ann', { x: 1, y: 2 });
      expect(await p2.cursors('F')).toEqual({ ann: { x: 1, y: 2 } });
      await p2.setAttention('F', { uid: 'bob', name: 'Bob', data: { x: 5 }, at: 7 });
      expect(await p1.attention('F')).toEqual({ uid: 'bob', name: 'Bob', data: { x: 5 }, at: 7 });

      // Bob leaves: nobody follows him any more
      await p2.leave('F', 'c2');
      expect(await p1.followersOf('F', 'bob')).toEqual([]);
      expect(await p1.followeeOf('F', 'ann')).toBeNull();
    } finally {
      await Promise.all([p1.close(), p2.close()]);
    }
  });

  it('drops the entries of a node that stopped refreshing them, and keeps refreshed ones', async () => {
    const p1 = createRedisPresence(redis.url, { prefix: 'test3:' });
    const p2 = createRedisPresence(redis.url, { prefix: 'test3:' });
    try {
      await Promise.all([p1.ready(), p2.ready()]);
      await p1.join('T', 'c1', member('ann', 'Ann', 1));
      await p2.join('T', 'c2', member('bob', 'Bob', 2));
      // pretend both entries were last seen longer ago than the TTL, then node 2 refreshes its own
      const { Redis } = await import('ioredis');
      const raw = new Redis(redis.url);
      for (const field of ['s:c1', 's:c2']) {
        const entry = JSON.parse((await raw.hget('test3:presence:T', field))!);
        await raw.hset('test3:presence:T', field, JSON.stringify({ ...entry, seen: Date.now() - PRESENCE_TTL_MS - 1 }));
      }
      await p2.refresh([{ board: 'T', connectionId: 'c2', member: member('bob', 'Bob', 2) }]);
      expect((await p1.online('T')).map((m) => m.uid)).toEqual(['bob']);
      expect(await raw.pttl('test3:presence:T')).toBeGreaterThan(PRESENCE_TTL_MS - 5_000);
      raw.disconnect();
    } finally {
      await Promise.all([p1.close(), p2.close()]);
    }
  });

  it('falls back to this node when Redis is down, and never throws', async () => {
    const p = createRedisPresence(redis.url, { prefix: 'test4:' });
    try {
      await p.ready();
      await p.join('D', 'c1', member('ann', 'Ann', 1));
      await redis.stop();
      await pause(300);
      await p.join('D', 'c2', member('bob', 'Bob', 2));
      expect((await p.online('D')).map((m) => m.uid)).toEqual(['bob', 'ann']);
      await p.follow('D', 'bob', 'ann');
      expect(await p.followeeOf('D', 'bob')).toBe('ann');
      expect(await p.leave('D', 'c2')).toEqual({ uid: 'bob', stillOnline: false });
    } finally {
      await redis.start();
      await p.close();
    }
  }, 20_000);
});

describe('presence on one node (memory)', () => {
  it('lists distinct members, latest first then name, and forgets a member with their last connection', async () => {
    const p = createMemoryPresence();
    await p.join('B', 'c1', member('ann', 'Ann', 1));
    await p.join('B', 'c2', member('bob', 'Bob', 5));
    await p.join('B', 'c3', member('ann', 'Ann', 9));
    await p.join('B', 'c4', member('abe', 'Abe', 5));
    expect((await p.online('B')).map((m) => m.uid)).toEqual(['ann', 'abe', 'bob']);
    await p.follow('B', 'bob', 'ann');
    await p.setCursor('B', 'ann', { x: 1 });
    expect(await p.leave('B', 'c1')).toEqual({ uid: 'ann', stillOnline: true });
    expect(await p.followersOf('B', 'ann')).toEqual(['bob']);
    expect(await p.leave('B', 'c3')).toEqual({ uid: 'ann', stillOnline: false });
    expect(await p.followersOf('B', 'ann')).toEqual([]);
    expect(await p.cursors('B')).toEqual({});
    expect(await p.leave('B', 'nope')).toEqual({ uid: null, stillOnline: false });
    expect(await p.online('other')).toEqual([]);
  });
});
