/**
 * Announcements (backoffice.md §2, §3, §7; board.md §7 `announcement`): an operator publishes
 * (POST /api/admin/announcements, operator-only, audited, joi-validated), every socket on a
 * board receives the `announcement` event — on every node, through the Redis bus —, a board
 * opened later reads the current ones (GET /api/announcements), and DELETE withdraws one.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Announcement } from '../../shared/announcements';
import { openDb } from '../../platform/db/index';
import { startNodePair, type TestServer } from '../e2e/support/server';
import { HubClient, startTestRedis, type TestRedis } from '../helpers/hub';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { describeWithServices } from '../helpers/suites';
import { operator } from './admin-fixtures';
import { call, guest, newBoard, signedIn, type Who } from './boards-fixtures';

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

describe('announcements on one node', () => {
  let p: TestPlatform;
  let op: Who;
  let ann: Who;
  const open: HubClient[] = [];

  beforeAll(async () => {
    p = await startTestPlatform({}, { listen: true });
    op = await operator(p);
    ann = await signedIn(p, { name: 'Ann' });
  });
  afterAll(async () => {
    await Promise.all(open.map((h) => h.close()));
    await p.stop();
  });

  async function onBoard(who: Who, code: string): Promise<HubClient> {
    const hub = await HubClient.connect(p.url, who.token ? { token: who.token } : {});
    open.push(hub);
    await hub.call('joinBoard', null, code, null, who.secret ? { uid: who.secret } : {});
    return hub;
  }

  it('publishes to every open board, lists it for boards opened later, audits it, and withdraws it', async () => {
    const visitor = guest();
    const first = await newBoard(p, ann);
    const second = await newBoard(p, visitor);
    const annHub = await onBoard(ann, first.code);
    const guestHub = await onBoard(visitor, second.code);
    // a socket that has not joined a board has nothing to show an announcement on
    const idle = await HubClient.connect(p.url);
    open.push(idle);

    const start = inMinutes(30);
    const end = inMinutes(32);
    const res = await call(p, op, 'POST', '/api/admin/announcements', {
      message: '  Maintenance tonight  ',
      type: 'ScheduledMaintenance',
      start,
      end,
    });
    expect(res.status).toBe(201);
    const published = res.body as Announcement;
    expect(published).toMatchObject({ type: 'ScheduledMaintenance', message: 'Maintenance tonight', start, end, duration: 2 });
    expect(published.untilStart).toBeGreaterThan(1700);
    expect(published.untilStart).toBeLessThanOrEqual(1800);

    expect(await annHub.waitFor<Announcement>('announcement', (a) => a.id === published.id)).toEqual(published);
    expect(await guestHub.waitFor<Announcement>('announcement', (a) => a.id === published.id)).toEqual(published);

    // a board opened now reads it without a token
    const current = await call(p, null, 'GET', '/api/announcements');
    expect(current.status).toBe(200);
    expect(current.body).toEqual([
      expect.objectContaining({ id: published.id, type: 'ScheduledMaintenance', message: 'Maintenance tonight', start, end, duration: 2 }),
    ]);

    // the back-office grid (list protocol) and the audit trail
    const list = await call(p, op, 'GET', '/api/admin/announcements?QuickFilter=current');
    expect(list.body).toMatchObject({ totalCount: 1, data: [{ id: published.id, publishedBy: op.user!.username }] });
    const audit = await p.db('operator_audit').where({ action: 'announcement.publish', target_id: published.id });
    expect(audit).toHaveLength(1);

    // withdrawn: open boards drop it, boards opened later no longer get it
    const removed = await call(p, op, 'DELETE', `/api/admin/announcements/${published.id}`);
    expect(removed).toMatchObject({ status: 200, body: { id: published.id, removed: true } });
    expect(await annHub.waitFor('announcement', (a: { removed?: boolean }) => a.removed === true)).toEqual({
      id: published.id,
      removed: true,
    });
    expect((await call(p, null, 'GET', '/api/announcements')).body).toEqual([]);
    expect((await call(p, op, 'DELETE', `/api/admin/announcements/${published.id}`)).status).toBe(404);
    expect(await p.db('operator_audit').where({ action: 'announcement.delete', target_id: published.id })).toHaveLength(1);
    expect(idle.received('announcement')).toEqual([]);
  });

  it('does not list announcements that have ended', async () => {
    const res = await call(p, op, 'POST', '/api/admin/announcements', {
      message: 'Past',
      type: 'News',
      start: inMinutes(-60),
      end: inMinutes(-30),
    });
    expect(res.status).toBe(201);
    expect(((await call(p, null, 'GET', '/api/announcements')).body as Announcement[]).map((a) => a.id)).not.toContain(res.body.id);
    const all = await call(p, op, 'GET', '/api/admin/announcements');
    expect((all.body.data as Announcement[]).map((a) => a.id)).toContain(res.body.id);
  });

  it('is for operators only: 401 without a token, 403 for a user', async () => {
    const payload = { message: 'x', type: 'News', start: inMinutes(1), end: inMinutes(2) };
    expect((await call(p, null, 'POST', '/api/admin/announcements', payload)).status).toBe(401);
    expect((await call(p, ann, 'POST', '/api/admin/announcements', payload)).status).toBe(403);
    expect((await call(p, ann, 'GET', '/api/admin/announcements')).status).toBe(403);
    expect((await call(p, ann, 'DELETE', `/api/admin/announcements/${crypto.randomUUID()}`)).status).toBe(403);
    expect(await p.db('announcements').where({ message: 'x' })).toHaveLength(0);
  });

  it('refuses bad input with field errors (400)', async () => {
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ type: 'News', start: inMinutes(1), end: inMinutes(2) }, 'message'],
      [{ message: '   ', type: 'News', start: inMinutes(1), end: inMinutes(2) }, 'message'],
      [{ message: 'x'.repeat(1001), type: 'News', start: inMinutes(1), end: inMinutes(2) }, 'message'],
      [{ message: 'm', type: 'Party', start: inMinutes(1), end: inMinutes(2) }, 'type'],
      [{ message: 'm', type: 'News', start: 'soon', end: inMinutes(2) }, 'start'],
      [{ message: 'm', type: 'News', start: inMinutes(5), end: inMinutes(2) }, 'end'],
      [{ message: 'm', type: 'News', start: inMinutes(1) }, 'end'],
    ];
    for (const [payload, field] of bad) {
      const res = await call(p, op, 'POST', '/api/admin/announcements', payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.errors?.[field], JSON.stringify(res.body)).toBeTruthy();
    }
    expect((await call(p, op, 'DELETE', '/api/admin/announcements/not-an-id')).status).toBe(400);
    expect((await call(p, op, 'GET', '/api/admin/announcements?QuickFilter=soon')).status).toBe(400);
  });
});

const httpUrl = (node: TestServer) => `http://127.0.0.1:${node.port}`;

await describeWithServices('announcements across two nodes (Redis bus)', { sharedDatabase: true, redisServer: true }, () => {
  let redis: TestRedis;
  let pair: Awaited<ReturnType<typeof startNodePair>>;
  const open: HubClient[] = [];
  beforeAll(async () => {
    redis = await startTestRedis();
    pair = await startNodePair(redis.url, 'tabula_announce');
  }, 120_000);
  afterAll(async () => {
    await Promise.all(open.map((h) => h.close()));
    await pair?.stop();
    await redis?.stop();
  });

  /** Signs up on node a and makes the account an operator (users.roles, read on every operator request). */
  async function operatorToken(): Promise<string> {
    const email = `op-${crypto.randomUUID()}@example.com`;
    const password = 'Operator#Tester123';
    const json = { 'content-type': 'application/json' };
    const signup = await fetch(`${httpUrl(pair.a)}/api/accounts/users`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: email, password, repeatPassword: password, terms: true }),
    });
    expect(signup.ok).toBe(true);
    const db = openDb({ databaseUrl: pair.a.env.DATABASE_URL });
    try {
      await db('users')
        .where({ username: email })
        .update({ roles: ['admin'] });
    } finally {
      await db.destroy();
    }
    const login = await fetch(`${httpUrl(pair.a)}/api/accounts/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: email, password }),
    });
    return ((await login.json()) as { accessToken: string }).accessToken;
  }

  async function guestOn(node: TestServer): Promise<HubClient> {
    const secret = crypto.randomBytes(16).toString('hex');
    const created = await fetch(`${httpUrl(node)}/api/boards`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Uid: secret }),
    });
    const { code } = (await created.json()) as { code: string };
    const hub = await HubClient.connect(httpUrl(node));
    open.push(hub);
    await hub.call('joinBoard', null, code, null, { uid: secret });
    return hub;
  }

  it('reaches the board sockets of both nodes, whichever node it was published on', async () => {
    const token = await operatorToken();
    const onA = await guestOn(pair.a);
    const onB = await guestOn(pair.b);
    for (const [node, message] of [
      [pair.a, 'from a'],
      [pair.b, 'from b'],
    ] as const) {
      const res = await fetch(`${httpUrl(node)}/api/admin/announcements`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ message, type: 'News', start: inMinutes(0), end: inMinutes(60) }),
      });
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as Announcement;
      for (const hub of [onA, onB])
        expect(await hub.waitFor<Announcement>('announcement', (a) => a.id === id, 10_000)).toMatchObject({ id, message, type: 'News' });
    }
    // each socket received each announcement once
    expect(onA.received('announcement')).toHaveLength(2);
    expect(onB.received('announcement')).toHaveLength(2);
  });
});
