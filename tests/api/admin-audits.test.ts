/**
 * The audits (backoffice.md §2/§3 User Audit, Feature Audit, Performance Logs; §7 Audits; §9 CSV
 * sizes; docs/backoffice.md "Audits"): a board join over the hub writes a user-audit row (who,
 * board, source, attributes; country from the offline geoip database); the feature audit reads
 * POST /api/logs/usages, the performance logs POST /api/logs/perfs; each grid speaks the list
 * protocol (quick filters, text filter, paging, CSV of 300 / 3000 rows) for operators only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socketAddress } from '../../platform/admin/usage/record';
import { HubClient } from '../helpers/hub';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { call, guest, newBoard, signedIn, type Who } from './boards-fixtures';
import { operator } from './admin-fixtures';

let p: TestPlatform;
let op: Who;
let ann: Who;
let board: { code: string; id: string };
const tag = `a${Date.now().toString(36)}`;

const grid = async (path: string, who: Who | null = op) => {
  const res = await call(p, who, 'GET', path);
  return res as { status: number; body: { totalCount: number; data: Array<Record<string, any>> } };
};
const csvLines = async (url: string) => {
  const res = await p.server.inject({ method: 'GET', url, headers: { authorization: `Bearer ${op.token}`, accept: 'text/csv' } });
  expect(res.statusCode, res.payload).toBe(200);
  return res.payload.trim().split('\n');
};
const until = async <T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
};

beforeAll(async () => {
  p = await startTestPlatform({ rateLimit: { max: 10_000, windowMs: 60_000 } }, { listen: true });
  op = await operator(p);
  ann = await signedIn(p, { name: 'Ann' });
  board = await newBoard(p, ann, { name: `${tag} board` });
}, 60_000);
afterAll(() => p?.stop());

describe('user audit', () => {
  it('a board join over the hub writes a row: account, board, source, attributes; joins count up in freq', async () => {
    for (let i = 0; i < 2; i++) {
      const hub = await HubClient.connect(p.url, { token: ann.token });
      try {
        await hub.call('joinBoard', null, board.code, null, {});
      } finally {
        await hub.close();
      }
    }
    const page = await until(
      () => grid(`/api/admin/user-audits?Filter=${board.code}`),
      (r) => r.body.totalCount === 2,
    );
    expect(page.status).toBe(200);
    expect(page.body.totalCount).toBe(2);
    const [newest, first] = page.body.data;
    expect(newest).toMatchObject({
      username: ann.user!.username,
      uniqueUserId: ann.actor.uid,
      boardCode: board.code,
      type: 'join',
      source: 'web',
      attributes: { freq: 2 },
    });
    expect(first!.attributes).toEqual({ freq: 1 });
    // loopback has no country
    expect(newest!.country).toBeNull();
    expect(typeof newest!.createdDate).toBe('string');
  });

  it('a guest join is recorded by its key, never its secret; quick filters withSize / withFreq / withTemplate', async () => {
    const g = guest();
    const hub = await HubClient.connect(p.url);
    try {
      await hub.call('joinBoard', null, board.code, null, { uid: g.secret, name: 'Gus' });
    } finally {
      await hub.close();
    }
    const guestRows = await until(
      () => grid(`/api/admin/user-audits?Filter=${g.actor.uid}`),
      (r) => r.body.totalCount === 1,
    );
    expect(guestRows.body.data[0]).toMatchObject({
      username: null,
      uniqueUserId: g.actor.uid,
      boardCode: board.code,
      source: 'web',
      attributes: { freq: 1 },
    });
    await p.db('user_audits').insert({
      uid: 'g-sized',
      board_code: board.code,
      type: 'join',
      source: 'embed',
      ip: '8.8.8.8',
      attributes: JSON.stringify({ size: 12, freq: 1 }),
    });
    const sized = await grid(`/api/admin/user-audits?QuickFilter=withSize&Filter=${board.code}`);
    expect(sized.body.data.map((r) => r.uniqueUserId)).toEqual(['g-sized']);
    // the country comes from the address with the offline database when the row has none
    expect(sized.body.data[0]).toMatchObject({ country: 'US', source: 'embed', username: null });
    expect((await grid(`/api/admin/user-audits?QuickFilter=withFreq&Filter=${board.code}`)).body.totalCount).toBe(4);
    expect((await grid(`/api/admin/user-audits?QuickFilter=withTemplate&Filter=${board.code}`)).body.totalCount).toBe(0);
    expect(JSON.stringify((await grid('/api/admin/user-audits?Take=100')).body)).not.toContain(g.secret!);
    const bad = await grid('/api/admin/user-audits?QuickFilter=nope');
    expect(bad.status).toBe(400);
  });

  it('CSV holds at most 300 rows', async () => {
    await p
      .db('user_audits')
      .insert(Array.from({ length: 305 }, (_, i) => ({ uid: `bulk-${i}`, board_code: `${tag}-bulk`, type: 'join', source: 'web' })));
    const lines = await csvLines(`/api/admin/user-audits?Filter=${tag}-bulk`);
    expect(lines).toHaveLength(301);
    expect(lines[0]).toContain('boardCode');
    const page = await grid(`/api/admin/user-audits?Filter=${tag}-bulk&Take=10&Skip=300`);
    expect([page.body.totalCount, page.body.data.length]).toEqual([305, 5]);
  });
});

describe('feature audit', () => {
  it('reads POST /api/logs/usages: context, data, who, country; text filter; CSV up to 3000', async () => {
    for (const context of [`${tag}.export`, `${tag}.share`]) {
      const res = await p.server.inject({
        method: 'POST',
        url: '/api/logs/usages',
        payload: { context, data: { n: 1 } },
        headers: { authorization: `Bearer ${ann.token}` },
        remoteAddress: '8.8.4.4',
      });
      expect(res.statusCode, res.payload).toBe(204);
    }
    const page = await grid(`/api/admin/feature-audits?Filter=${tag}&Orders=context`);
    expect(page.body.totalCount).toBe(2);
    expect(page.body.data[0]).toMatchObject({
      context: `${tag}.export`,
      data: { n: 1 },
      username: ann.user!.username,
      uniqueUserId: ann.actor.uid,
      country: 'US',
    });
    expect((await grid(`/api/admin/feature-audits?QuickFilter=all&Filter=${tag}.share`)).body.totalCount).toBe(1);
    const lines = await csvLines(`/api/admin/feature-audits?Filter=${tag}`);
    expect(lines).toHaveLength(3);
    await p.db('usage_logs').insert(Array.from({ length: 3005 }, (_, i) => ({ context: `${tag}-many`, uid: `u${i}` })));
    expect(await csvLines(`/api/admin/feature-audits?Filter=${tag}-many`)).toHaveLength(3001);
  }, 60_000);
});

describe('performance logs', () => {
  it('reads POST /api/logs/perfs; quick filters by type; payload as name/value entries', async () => {
    const perf = (type: string, payload: unknown) =>
      p.server.inject({
        method: 'POST',
        url: '/api/logs/perfs',
        payload: { type, sessionId: `${tag}-s`, board: board.code, payload },
        headers: { authorization: `Bearer ${ann.token}` },
        remoteAddress: '8.8.8.8',
      });
    expect((await perf('Join', { duration: 420, transport: 'websocket' })).statusCode).toBe(204);
    expect((await perf('SlowNetwork', [{ name: 'rtt', value: 900 }])).statusCode).toBe(204);
    expect((await perf('Error', 'boom')).statusCode).toBe(204);
    const all = await grid(`/api/admin/perf-logs?Filter=${tag}-s`);
    expect(all.body.totalCount).toBe(3);
    const join = await grid(`/api/admin/perf-logs?Filter=${tag}-s&QuickFilter=Join`);
    expect(join.body.data).toHaveLength(1);
    expect(join.body.data[0]).toMatchObject({
      sessionId: `${tag}-s`,
      username: ann.user!.username,
      uid: ann.actor.uid,
      country: 'US',
      ip: '8.8.8.8',
      board: board.code,
      type: 'Join',
      payload: [
        { name: 'duration', value: '420' },
        { name: 'transport', value: 'websocket' },
      ],
    });
    expect((await grid(`/api/admin/perf-logs?Filter=${tag}-s&QuickFilter=SlowNetwork`)).body.data[0]!.payload).toEqual([
      { name: 'rtt', value: '900' },
    ]);
    expect((await grid(`/api/admin/perf-logs?Filter=${tag}-s&QuickFilter=Error`)).body.data[0]!.payload).toEqual([
      { name: 'value', value: 'boom' },
    ]);
    for (const q of ['Speed', 'ReportingMain', 'ReportingDefault', 'Socket'])
      expect((await grid(`/api/admin/perf-logs?Filter=${tag}-s&QuickFilter=${q}`)).body.totalCount).toBe(0);
    expect((await csvLines(`/api/admin/perf-logs?Filter=${tag}-s`)).length).toBe(4);
  });
});

describe('who may read them', () => {
  it('no token 401, a user 403, an operator 200', async () => {
    for (const path of ['/api/admin/user-audits', '/api/admin/feature-audits', '/api/admin/perf-logs']) {
      expect((await grid(path, null)).status).toBe(401);
      expect((await grid(path, ann)).status).toBe(403);
      expect((await grid(path, op)).status).toBe(200);
    }
  });

  it('the hub address: X-Forwarded-For only from a trusted proxy', () => {
    expect(socketAddress({ remoteAddress: '10.0.0.5', 'x-forwarded-for': '8.8.8.8' }, [])).toBe('10.0.0.5');
    expect(socketAddress({ remoteAddress: '10.0.0.5', 'x-forwarded-for': '8.8.8.8' }, ['10.0.0.0/8'])).toBe('8.8.8.8');
    expect(socketAddress(undefined, [])).toBe('');
  });
});
