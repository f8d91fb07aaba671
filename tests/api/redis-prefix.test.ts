/**
 * REDIS_PREFIX (docs/operations.md "Sharing one Redis"): two installs on one Redis, each with its
 * own prefix and its own database, never hear each other's board messages, while two nodes of one
 * install (same prefix, same database) do; and every key and channel the platform uses starts
 * with its install's prefix (bus channel, presence hashes, rate-limit and login counters).
 * Each run starts its own redis-server on a free port, so the scan sees only these installs' keys.
 * Runs with TEST_DB=pg (two nodes share one database; PGlite is one process) and a redis-server
 * binary (tests/helpers/suites.ts).
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accessTokenFor } from '../../platform/accounts/tokens';
import { loadConfig } from '../../platform/config';
import { openDb } from '../../platform/db/index';
import type { BoardMessage, RedisBus } from '../../platform/realtime/bus';
import { createPlatform, type Platform } from '../../platform/server';
import { insertUser } from '../../platform/users/repo';
import { freshDatabase } from '../helpers/database';
import { HubClient, pause, startTestRedis, type TestRedis } from '../helpers/hub';
import { describeWithServices } from '../helpers/suites';
import { add, rect } from './boards-fixtures';

async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await pause(20);
  }
}

interface Node {
  platform: Platform;
  heard: Array<{ code: string; message: BoardMessage }>;
}

await describeWithServices('REDIS_PREFIX: installs sharing one Redis', { sharedDatabase: true, redisServer: true }, () => {
  let redis: TestRedis;
  const databases: Array<Awaited<ReturnType<typeof freshDatabase>>> = [];
  const nodes: Node[] = [];
  const hubs: HubClient[] = [];
  const tag = crypto.randomBytes(3).toString('hex');
  const X = `x${tag}:`;
  const Y = `y${tag}:`;

  async function node(prefix: string, databaseUrl: string): Promise<Node> {
    const config = loadConfig(
      {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: path.join(os.tmpdir(), `tabula-test-${crypto.randomUUID()}`),
        DATABASE_URL: databaseUrl,
        REDIS_URL: redis.url,
        REDIS_PREFIX: prefix,
        SMTP_URL: '',
        JOBS: 'off',
      },
      { accessTokenSecret: 'test-secret-'.padEnd(48, 'x'), cookieSecret: 'test-cookie-secret-'.padEnd(48, 'y') },
    );
    // the platform makes its own Redis bus, on its prefix's channel
    const platform = await createPlatform(config, { db: openDb({ databaseUrl }), logger: pino({ level: 'silent' }) });
    await (platform.server.app.bus as RedisBus).ready();
    await platform.server.start();
    const heard: Node['heard'] = [];
    platform.server.app.bus.subscribe((code, message) => heard.push({ code, message }));
    const n = { platform, heard };
    nodes.push(n);
    return n;
  }

  const inject = async (p: Platform, token: string | null, method: string, url: string, payload?: object) => {
    const res = await p.server.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, payload });
    return { status: res.statusCode, body: JSON.parse(res.payload || 'null') };
  };

  /** A board of a new user on `n`, a socket joined to it (presence), and one command drawn over HTTP. */
  async function drawOn(n: Node): Promise<string> {
    const p = n.platform;
    const user = await insertUser(p.db, {
      username: `u-${crypto.randomBytes(4).toString('hex')}@prefix.example`,
      passwordHash: null,
      displayName: 'U',
    });
    const token = accessTokenFor(p.config, user);
    const created = await inject(p, token, 'POST', '/api/boards', {});
    expect(created.status).toBe(200);
    const code = created.body.code as string;
    const hub = await HubClient.connect(p.server.info.uri, { token });
    hubs.push(hub);
    await hub.call('joinBoard', null, code, null, {});
    const drawn = await inject(p, token, 'POST', `/api/boards/${code}/commands`, {
      boardCommand: JSON.stringify(add(user.id, rect(`s-${code}`, user.id))),
    });
    expect(drawn.status).toBe(200);
    return code;
  }

  const heardOnCommand = (n: Node, code: string) => n.heard.some((h) => h.code === code && h.message.event === 'onCommand');

  beforeAll(async () => {
    redis = await startTestRedis();
    databases.push(await freshDatabase('tabula_rpx'), await freshDatabase('tabula_rpy'));
  });
  afterAll(async () => {
    for (const h of hubs) await h.close().catch(() => undefined);
    for (const n of nodes) await n.platform.stop();
    for (const d of databases) await d.drop();
    await redis?.stop();
  });

  it('two nodes of one prefix hear each other; an install with another prefix hears neither', async () => {
    const x1 = await node(X, databases[0]!.url);
    const x2 = await node(X, databases[0]!.url);
    const y1 = await node(Y, databases[1]!.url);

    const onX = await drawOn(x1);
    await until(() => heardOnCommand(x2, onX));
    const onY = await drawOn(y1);
    // what X published has long reached every subscriber by the time Y's own message arrives
    await pause(300);
    expect(heardOnCommand(y1, onX)).toBe(false);
    expect(heardOnCommand(x1, onY)).toBe(false);
    expect(heardOnCommand(x2, onY)).toBe(false);
    expect(y1.heard.every((h) => h.code !== onX)).toBe(true);
    expect([...x1.heard, ...x2.heard].every((h) => h.code !== onY)).toBe(true);

    // both ready, each on its own channel
    for (const n of [x1, x2, y1]) expect((await n.platform.server.inject('/ready')).result).toMatchObject({ status: 'ready', redis: 'ok' });
  });

  it('writes every key and channel under its prefix', async () => {
    const [x1, , y1] = nodes;
    // login failures and recovery requests count in Redis (the login limiter, the recovery limit)
    for (const n of [x1!, y1!]) {
      const res = await inject(n.platform, null, 'POST', '/api/accounts/login', {
        username: `nobody-${tag}@prefix.example`,
        password: 'wrong password 123',
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(
        (await inject(n.platform, null, 'POST', '/api/accounts/password/reset-password', { email: `nobody-${tag}@prefix.example` })).status,
      ).toBe(200);
    }
    const client = new Redis(redis.url);
    try {
      const keys: string[] = [];
      let cursor = '0';
      do {
        const [next, batch] = await client.scan(cursor, 'COUNT', 1000);
        keys.push(...batch);
        cursor = next;
      } while (cursor !== '0');
      expect(keys.length).toBeGreaterThan(0);
      const strays = keys.filter((k) => !k.startsWith(X) && !k.startsWith(Y));
      expect(strays).toEqual([]);
      // each install wrote presence, command-rate, recovery-rate and login keys under its own prefix
      for (const prefix of [X, Y]) {
        expect(
          keys.some((k) => k.startsWith(`${prefix}presence:`)),
          `${prefix}presence:`,
        ).toBe(true);
        expect(
          keys.some((k) => k.startsWith(`${prefix}rl:commands-user:`)),
          `${prefix}rl:commands-user:`,
        ).toBe(true);
        expect(
          keys.some((k) => k.startsWith(`${prefix}login:`)),
          `${prefix}login:`,
        ).toBe(true);
        expect(
          keys.some((k) => k.startsWith(`${prefix}rl:recovery:`)),
          `${prefix}rl:recovery:`,
        ).toBe(true);
      }
      const channels = ((await client.pubsub('CHANNELS', '*')) as string[]).sort();
      expect(channels).toEqual([`${X}board-bus`, `${Y}board-bus`].sort());
    } finally {
      client.disconnect();
    }
  });
});
