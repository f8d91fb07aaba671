/**
 * Usage facts (issue 30 item 1; docs/backoffice.md "Usage facts"): a board join over a real
 * socket writes a board session (who, address, country, user agent) and its leave the end and
 * duration; a reconnect moments after a drop continues it; appended commands are counted per day,
 * type and user type; the board detail's members and the user detail show the recorded values;
 * the roll-up fills usage_daily / usage_monthly so that the engagement statistics equal what the
 * raw rows say (JS counts here, for every user type and a country filter), and running it again
 * changes nothing; the other usage statistics equal their raw counts.
 */
import { Client } from '@hapi/nes';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rollUpUsage } from '../../platform/admin/usage/rollup';
import { usageWriterOf } from '../../platform/admin/usage/writer';
import { dailyEngagement, monthlyEngagement, type UserTypeParam } from '../../platform/admin/statistics/engagement';
import { commandsUsage } from '../../platform/admin/statistics/usage-commands';
import { activeClients, coreActions, countries } from '../../platform/admin/statistics/usage-sessions';
import type { EngagementRow, NameCountRow, TitleValueRow, TypeCountsRow } from '../../platform/admin/statistics/statistic';
import { pause } from '../helpers/hub';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { operator } from './admin-fixtures';
import { add, call, guest, move, newBoard, rect, send, signedIn, undo, type Who } from './boards-fixtures';

let p: TestPlatform;
let op: Who;
let ann: Who;
let board: { code: string; id: string };
const sockets: Client[] = [];

const AGENT = 'UsageTest/1.0 (like Gecko)';
const DAY_MS = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** A hub socket as `who`, its upgrade request carrying `headers` (the platform trusts 127.0.0.1 as a proxy here). */
async function socket(who: Who | null, headers: Record<string, string> = {}) {
  const client = new Client(p.url.replace(/^http/, 'ws') as `ws://${string}`, { ws: { headers: { 'user-agent': AGENT, ...headers } } });
  client.onError = () => {};
  await client.connect({ reconnect: false, ...(who?.token ? { auth: { headers: { authorization: `Bearer ${who.token}` } } } : {}) });
  sockets.push(client);
  const callHub = async (method: string, ...args: unknown[]) => (await client.message({ method, args })).payload as any;
  return { client, call: callHub, close: () => client.disconnect() };
}

const flush = () => usageWriterOf(p.server.app)!.flush();
const sessionsOf = async (boardId: string, uid: string) => {
  await flush();
  return (await p.db('board_sessions').where({ board_id: boardId, uid }).orderBy('id')) as Array<Record<string, any>>;
};
/** Polls `read` (flushing the writer) until `ok`. */
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await pause(50);
  }
}

beforeAll(async () => {
  p = await startTestPlatform({ trustedProxies: ['127.0.0.1'], rateLimit: { max: 10_000, windowMs: 60_000 } }, { listen: true });
  op = await operator(p);
  ann = await signedIn(p, { name: 'Ann' });
  board = await newBoard(p, ann, { name: 'Usage board' });
}, 60_000);
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((s) => s.disconnect().catch(() => {})));
});
afterAll(() => p?.stop());

describe('board sessions', () => {
  it('a join writes who, the address, its country and the user agent; the leave writes the end and the duration', async () => {
    const s = await socket(ann, { 'x-forwarded-for': '8.8.8.8' });
    await s.call('joinBoard', null, board.code, null, {});
    const [open] = await until(
      () => sessionsOf(board.id, ann.actor.uid),
      (rows) => rows.length === 1,
    );
    expect(open).toMatchObject({
      user_id: ann.user!.id,
      client_id: null,
      ip: '8.8.8.8',
      country: 'US',
      user_agent: AGENT,
      left_at: null,
      duration_s: null,
    });
    await pause(1_100);
    await s.close();
    const [ended] = await until(
      () => sessionsOf(board.id, ann.actor.uid),
      (rows) => rows[0]?.left_at != null,
    );
    const seconds = Math.round((new Date(ended!.left_at).getTime() - new Date(ended!.joined_at).getTime()) / 1000);
    expect(ended!.duration_s).toBe(seconds);
    expect(seconds).toBeGreaterThanOrEqual(1);
  });

  it('a guest is recorded by its key (never its secret), without an account; a loopback address has no country', async () => {
    const g = guest();
    const s = await socket(null);
    await s.call('joinBoard', null, board.code, null, { uid: g.secret, name: 'Gus' });
    const rows = await until(
      () => sessionsOf(board.id, g.actor.uid),
      (r) => r.length === 1,
    );
    expect(rows[0]).toMatchObject({ user_id: null, ip: '127.0.0.1', country: null, user_agent: AGENT });
    expect(JSON.stringify(await p.db('board_sessions'))).not.toContain(g.secret!);
  });

  it('a reconnect moments after a drop continues the session; a new join starts another; moving to another board ends it', async () => {
    const bob = await signedIn(p, { name: 'Bob' });
    const b = await newBoard(p, bob, { name: 'Reconnect board' });
    const other = await newBoard(p, bob, { name: 'Other board' });
    const first = await socket(bob);
    await first.call('joinBoard', null, b.code, null, {});
    await first.close();
    await until(
      () => sessionsOf(b.id, bob.actor.uid),
      (rows) => rows[0]?.left_at != null,
    );
    const again = await socket(bob);
    await again.call('reconnect', b.code, 0, {});
    const resumed = await until(
      () => sessionsOf(b.id, bob.actor.uid),
      (rows) => rows[0]?.left_at == null,
    );
    expect(resumed).toHaveLength(1);
    expect(resumed[0]!.duration_s).toBeNull();
    // the same socket opens another board: the stay on the first one ends
    await again.call('joinBoard', null, other.code, null, {});
    const ended = await until(
      () => sessionsOf(b.id, bob.actor.uid),
      (rows) => rows[0]?.left_at != null,
    );
    expect(ended).toHaveLength(1);
    expect(await sessionsOf(other.id, bob.actor.uid)).toEqual([expect.objectContaining({ left_at: null })]);
    const fresh = await socket(bob);
    await fresh.call('joinBoard', null, b.code, null, {});
    expect(
      await until(
        () => sessionsOf(b.id, bob.actor.uid),
        (rows) => rows.length === 2,
      ),
    ).toHaveLength(2);
  });

  it('the open sessions of a node end when it stops', async () => {
    const q = await startTestPlatform({}, { listen: true });
    try {
      const who = await signedIn(q, { name: 'Stella' });
      const b = await newBoard(q, who);
      const client = new Client(q.url.replace(/^http/, 'ws') as `ws://${string}`);
      client.onError = () => {};
      await client.connect({ reconnect: false, auth: { headers: { authorization: `Bearer ${who.token}` } } });
      await client.message({ method: 'joinBoard', args: [null, b.code, null, {}] });
      await usageWriterOf(q.server.app)!.stop();
      const rows = await q.db('board_sessions').where({ board_id: b.id });
      expect(rows).toEqual([expect.objectContaining({ uid: who.actor.uid })]);
      expect(rows[0].left_at).not.toBeNull();
      await client.disconnect();
    } finally {
      await q.stop();
    }
  });
});

describe('command counts', () => {
  const counts = async () => {
    await flush();
    const rows = (await p
      .db('command_usage_daily')
      .where({ day: dayOf(new Date()) })
      .select('type', 'user_type', 'count')) as Array<{ type: string; user_type: string; count: number }>;
    return Object.fromEntries(rows.map((r) => [`${r.type}/${r.user_type}`, Number(r.count)]));
  };

  it('each accepted command counts once under its type and the sender’s user type; a refused or repeated one does not', async () => {
    const before = await counts();
    const b = await newBoard(p, ann, { name: 'Counting board' });
    const g = guest();
    const first = add(ann.actor.uid, rect('r1', ann.actor.uid));
    expect((await send(p, ann, b.code, first)).status).toBe(200);
    // a retry of the same command is a duplicate: not counted again
    expect((await send(p, ann, b.code, first)).status).toBe(200);
    expect((await send(p, ann, b.code, add(ann.actor.uid, rect('r2', ann.actor.uid)))).status).toBe(200);
    expect((await send(p, ann, b.code, move(ann.actor.uid, 'r1', 5, 5))).status).toBe(200);
    expect((await send(p, ann, b.code, undo(ann.actor.uid, first.id))).status).toBe(200);
    expect((await send(p, ann, b.code, undo(ann.actor.uid, first.id, true))).status).toBe(200);
    expect((await send(p, g, b.code, add(g.actor.uid, rect('g1', g.actor.uid)))).status).toBe(200);
    // a refused command (bad input) is not counted
    expect((await call(p, ann, 'POST', `/api/boards/${b.code}/commands`, { boardCommand: '{"cmd":"nope"}' })).status).toBe(400);
    const after = await counts();
    const delta = (key: string) => (after[key] ?? 0) - (before[key] ?? 0);
    expect({
      rectangleReg: delta('rectangle/reg'),
      repositionReg: delta('reposition/reg'),
      undoReg: delta('undo/reg'),
      redoReg: delta('redo/reg'),
      rectangleGuest: delta('rectangle/guest'),
    }).toEqual({ rectangleReg: 2, repositionReg: 1, undoReg: 1, redoReg: 1, rectangleGuest: 1 });
    // the statistic reads them (today is in every window)
    const rows = (await commandsUsage.query(p.db, { Days: 1 })) as TypeCountsRow[];
    const rectangle = rows.find((r) => r.type === 'rectangle')!;
    expect(rectangle).toEqual({
      type: 'rectangle',
      count: after['rectangle/reg']! + after['rectangle/guest']!,
      regCount: after['rectangle/reg'],
      nRegCount: after['rectangle/guest'],
    });
  });
});

describe('the back-office shows the recorded values', () => {
  it("board detail members: the last session's ip, userAgent, sessionDuration and lastJoinedAt", async () => {
    const [last] = (await p.db('board_sessions').where({ board_id: board.id, uid: ann.actor.uid }).orderBy('joined_at', 'desc')) as Array<
      Record<string, any>
    >;
    const res = await call(p, op, 'GET', `/api/admin/boards/${board.id}/details`);
    expect(res.status).toBe(200);
    const member = (res.body.members as Array<Record<string, unknown>>).find((m) => m.uid === ann.actor.uid);
    expect(member).toMatchObject({
      ip: '8.8.8.8',
      userAgent: AGENT,
      sessionDuration: last!.duration_s,
      lastJoinedAt: new Date(last!.joined_at).toISOString(),
    });
  });

  it('user detail: the country of the latest session and the sessions counted', async () => {
    const n = Number(((await p.db('board_sessions').where({ user_id: ann.user!.id }).count({ n: '*' })) as Array<{ n: number }>)[0]!.n);
    const res = await call(p, op, 'GET', `/api/admin/users/${ann.user!.id}/details`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ country: 'US', sessions: n });
    expect(n).toBeGreaterThan(0);
  });
});

/* ------------------------------ roll-up and statistics against the raw rows ------------------------------ */

interface RawSession {
  board_id: string;
  uid: string;
  user_id: string | null;
  client_id: string | null;
  joined_at: Date;
  country: string | null;
}
interface RawActivity {
  day: string;
  board_id: string;
  uid: string;
  user_id: string | null;
  edited: boolean;
  collaborated: boolean;
}

/** The engagement rows the raw facts give, counted here in JS (docs/backoffice.md "Usage facts"). */
async function expectedEngagement(unit: 'day' | 'month', userType: UserTypeParam, country: string): Promise<EngagementRow[]> {
  const sessions = (await p.db('board_sessions').select('board_id', 'uid', 'user_id', 'client_id', 'joined_at', 'country')) as RawSession[];
  const activity = (await p
    .db('board_activity')
    .select(p.db.raw('day::text as day'), 'board_id', 'uid', 'user_id', 'edited', 'collaborated')) as RawActivity[];
  const created = new Map(
    ((await p.db('users').select('id', 'created_at')) as Array<{ id: string; created_at: Date }>).map((u) => [
      u.id,
      new Date(u.created_at),
    ]),
  );
  const periodOf = (day: string) => (unit === 'day' ? day : day.slice(0, 7));
  const now = new Date();
  const periods: string[] = [];
  if (unit === 'day') for (let i = 29; i >= 0; i--) periods.push(dayOf(new Date(now.getTime() - i * DAY_MS)));
  else
    for (let i = 11; i >= 0; i--) {
      const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
      periods.push(dayOf(d).slice(0, 7));
    }
  type Person = {
    reg: boolean;
    first: number;
    country: string;
    sessions: number;
    edited: boolean;
    collaborated: boolean;
    boards: Set<string>;
    userId: string | null;
  };
  const byPeriod = new Map<string, Map<string, Person>>();
  const person = (period: string, uid: string, userId: string | null) => {
    let people = byPeriod.get(period);
    if (!people) byPeriod.set(period, (people = new Map()));
    let one = people.get(uid);
    if (!one)
      people.set(
        uid,
        (one = {
          reg: false,
          first: Infinity,
          country: '',
          sessions: 0,
          edited: false,
          collaborated: false,
          boards: new Set(),
          userId: null,
        }),
      );
    if (userId) {
      one.reg = true;
      one.userId = userId;
    }
    return one;
  };
  for (const s of sessions) {
    const at = new Date(s.joined_at);
    const one = person(periodOf(dayOf(at)), s.uid, s.user_id);
    one.sessions++;
    one.boards.add(s.board_id);
    if (at.getTime() < one.first) {
      one.first = at.getTime();
      one.country = s.country ?? '';
    }
  }
  for (const a of activity) {
    const one = person(periodOf(a.day), a.uid, a.user_id);
    one.boards.add(a.board_id);
    one.edited ||= a.edited;
    one.collaborated ||= a.collaborated;
  }
  return periods.map((period) => {
    const people = [...(byPeriod.get(period) ?? new Map<string, Person>()).values()].filter(
      (x) => (userType === 'All' || (userType === 'Registered') === x.reg) && (!country || x.country === country),
    );
    const isNew = (x: Person) => {
      const at = x.userId ? created.get(x.userId) : undefined;
      return !!at && periodOf(dayOf(at)) === period;
    };
    return {
      period,
      users: people.length,
      newUsers: people.filter(isNew).length,
      boards: new Set(people.flatMap((x) => [...x.boards])).size,
      sessions: people.reduce((n, x) => n + x.sessions, 0),
      edits: people.filter((x) => x.edited).length,
      collaborations: people.filter((x) => x.collaborated).length,
    };
  });
}

describe('roll-up and the usage statistics', () => {
  const ago = (days: number, hour = 10) => {
    const d = new Date(Date.now() - days * DAY_MS);
    d.setUTCHours(hour, 0, 0, 0);
    return d;
  };
  const FILTERS: Array<[UserTypeParam, string]> = [
    ['All', ''],
    ['Registered', ''],
    ['Guests', ''],
    ['All', 'DE'],
    ['Registered', 'US'],
    ['Guests', 'DE'],
  ];
  const check = async () => {
    for (const [userType, country] of FILTERS) {
      expect(await dailyEngagement.query(p.db, { userType, country }), `daily ${userType} ${country}`).toEqual(
        await expectedEngagement('day', userType, country),
      );
      expect(await monthlyEngagement.query(p.db, { userType, country: country.toLowerCase() }), `monthly ${userType} ${country}`).toEqual(
        await expectedEngagement('month', userType, country),
      );
    }
  };
  let cara: Who;
  let dan: Who;

  beforeAll(async () => {
    await flush();
    cara = await signedIn(p, { name: 'Cara' });
    dan = await signedIn(p, { name: 'Dan' });
    // Dan's account is new on the day he was first seen (10 days ago)
    await p
      .db('users')
      .where({ id: dan.user!.id })
      .update({ created_at: ago(10, 8) });
    const b1 = await newBoard(p, cara, { name: 'Past 1' });
    const b2 = await newBoard(p, cara, { name: 'Past 2' });
    const g1 = guest();
    const g2 = guest();
    const session = (
      b: { id: string },
      who: Who,
      at: Date,
      seconds: number | null,
      country: string | null,
      clientId: string | null = null,
    ) => ({
      board_id: b.id,
      uid: who.actor.uid,
      user_id: who.actor.userId,
      client_id: clientId,
      joined_at: at,
      left_at: seconds == null ? null : new Date(at.getTime() + seconds * 1000),
      duration_s: seconds,
      ip: country ? '203.0.113.9' : null,
      country,
      user_agent: AGENT,
    });
    await p
      .db('clients')
      .insert({ owner_id: cara.user!.id, app_name: 'Cara app', client_id: 'cara-app', secret_hash: 'x'.repeat(64), secret_hint: 'xxxx' });
    await p.db('board_sessions').insert([
      // 3 days ago: Cara twice (first from DE, then US: she counts in DE), a guest from US, Dan from US on b2
      session(b1, cara, ago(3, 9), 600, 'DE'),
      session(b2, cara, ago(3, 15), 60, 'US'),
      session(b1, g1, ago(3, 11), 120, 'US', 'cara-app'),
      session(b2, dan, ago(3, 12), 30, 'US'),
      // 10 days ago: Dan (new that day), a guest of unknown country
      session(b1, dan, ago(10, 9), 300, 'US'),
      session(b1, g2, ago(10, 10), 45, null, 'cara-app'),
      // 45 and 70 days ago: other months
      session(b2, cara, ago(45), 100, 'DE'),
      session(b1, g1, ago(70), 100, 'DE'),
      // open for two days: a node that died (the roll-up ends it at the last activity)
      session(b2, g2, ago(2, 6), null, 'DE'),
    ]);
    const activity = (b: { id: string }, who: Who, at: Date, edited: boolean, collaborated: boolean) => ({
      day: dayOf(at),
      board_id: b.id,
      uid: who.actor.uid,
      user_id: who.actor.userId,
      edited,
      collaborated,
      first_at: at,
      last_at: new Date(at.getTime() + 30 * 60_000),
    });
    await p.db('board_activity').insert([
      activity(b1, cara, ago(3, 9), true, true),
      activity(b1, g1, ago(3, 11), true, false),
      // edits without a session that day (before sessions were recorded): counted, country unknown
      activity(b2, dan, ago(20), true, false),
      activity(b1, g1, ago(70), true, true),
      activity(b2, g2, ago(2, 6), true, false),
    ]);
  });

  it('answers from the raw rows before any roll-up', async () => {
    expect(await p.db('usage_rollups').first()).toBeUndefined();
    await check();
  });

  it('after rollUpUsage the statistics still equal the raw counts; a second run changes nothing', async () => {
    const result = await rollUpUsage(p.server.app);
    expect(result.closedSessions).toBe(1);
    const closed = (await p
      .db('board_sessions')
      .whereNotNull('left_at')
      .where({ joined_at: ago(2, 6) })
      .first()) as Record<string, any>;
    expect(closed.duration_s).toBe(30 * 60);
    // the days before today are read from the roll-up now
    const threeDaysAgo = (await p
      .db('usage_daily')
      .where({ day: dayOf(ago(3)), user_type: 'all', country: '*' })
      .first()) as Record<string, any>;
    expect(threeDaysAgo).toMatchObject({ users: 3, boards: 2, sessions: 4, edits: 2, collaborations: 1, new_users: 0 });
    expect(Number(threeDaysAgo.duration_s)).toBe(600 + 60 + 120 + 30);
    await check();
    const snapshot = async () => {
      const rest = ['user_type', 'country', 'users', 'new_users', 'boards', 'sessions', 'edits', 'collaborations', 'duration_s'];
      return [
        await p
          .db('usage_daily')
          .orderBy(['day', 'user_type', 'country'])
          .select(p.db.raw('day::text as period'), ...rest),
        await p
          .db('usage_monthly')
          .orderBy(['month', 'user_type', 'country'])
          .select(p.db.raw('month::text as period'), ...rest),
      ];
    };
    const before = await snapshot();
    await rollUpUsage(p.server.app);
    expect(await snapshot()).toEqual(before);
    await check();
  });

  it('core actions, countries and latest client sessions equal their raw counts', async () => {
    await flush();
    const since30 = new Date(Date.now() - 30 * DAY_MS);
    const sessions = (await p.db('board_sessions').select('user_id', 'client_id', 'joined_at', 'country')) as RawSession[];
    const activity = (await p
      .db('board_activity')
      .select(p.db.raw('day::text as day'), 'user_id', 'edited', 'collaborated')) as RawActivity[];
    const recent = sessions.filter((s) => new Date(s.joined_at) >= since30);
    const recentActivity = activity.filter((a) => a.day >= dayOf(since30));
    expect(await coreActions.query(p.db, { type: 'All' })).toEqual([
      { title: 'Sessions', value: recent.length, unit: 'count' },
      { title: 'Edits', value: recentActivity.filter((a) => a.edited).length, unit: 'count' },
      { title: 'Collaborations', value: recentActivity.filter((a) => a.collaborated).length, unit: 'count' },
    ]);
    const reg = (await coreActions.query(p.db, { type: 'Reg' })) as TitleValueRow[];
    expect(reg[0]!.value).toBe(recent.filter((s) => s.user_id).length);
    expect(reg[1]!.value).toBe(recentActivity.filter((a) => a.edited && a.user_id).length);

    const byCountry = new Map<string, number>();
    for (const s of sessions) byCountry.set(s.country ?? 'Unknown', (byCountry.get(s.country ?? 'Unknown') ?? 0) + 1);
    const all = (await countries.query(p.db, { Days: 0, Take: 20 })) as NameCountRow[];
    expect(Object.fromEntries(all.map((r) => [r.name, r.count]))).toEqual(Object.fromEntries(byCountry));
    expect(all.map((r) => r.count)).toEqual([...all.map((r) => r.count)].sort((a, b) => b - a));
    expect(await countries.query(p.db, { Days: 0, Take: 1 })).toHaveLength(1);
    const lastWeek = (await countries.query(p.db, { Days: 7, Take: 20 })) as NameCountRow[];
    expect(lastWeek.reduce((n, r) => n + r.count, 0)).toBe(
      sessions.filter((s) => new Date(s.joined_at).getTime() >= Date.now() - 7 * DAY_MS).length,
    );

    expect(await activeClients.query(p.db, {})).toEqual([{ name: 'Cara app', count: 2 }]);
  });

  it('bad parameters are refused by the declarations’ joi', () => {
    expect(dailyEngagement.params.country.validate('USA').error).toBeDefined();
    expect(dailyEngagement.params.userType.validate('Admins').error).toBeDefined();
    expect(dailyEngagement.params.userType.validate(undefined).value).toBe('All');
    expect(coreActions.params.type.validate('Guests').error).toBeDefined();
    expect(countries.params.Days.validate(3).error).toBeDefined();
    expect(commandsUsage.params.Days.validate(0).value).toBe(0);
  });
});

describe('the usage statistics over HTTP (GET /api/admin/{name}, JSON and CSV)', () => {
  const csv = async (url: string) => {
    const res = await p.server.inject({ method: 'GET', url, headers: { authorization: `Bearer ${op.token}`, accept: 'text/csv' } });
    expect(res.statusCode, res.payload).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    return res.payload.trim().split('\n');
  };

  it('the engagement tables answer what their declarations query, as JSON and as CSV', async () => {
    const daily = await call(p, op, 'GET', '/api/admin/daily-engagement?userType=Guests&country=de');
    expect(daily.status).toBe(200);
    expect(daily.body).toEqual({ totalCount: 30, data: await dailyEngagement.query(p.db, { userType: 'Guests', country: 'DE' }) });
    const monthly = await call(p, op, 'GET', '/api/admin/monthly-engagement');
    expect(monthly.body).toEqual({ totalCount: 12, data: await monthlyEngagement.query(p.db, { userType: 'All', country: '' }) });
    const lines = await csv('/api/admin/daily-engagement?userType=Registered');
    expect(lines[0]).toBe('period,users,newUsers,boards,sessions,edits,collaborations');
    expect(lines).toHaveLength(31);
    expect(lines[30]!.startsWith(`${dayOf(new Date())},`)).toBe(true);
  });

  it('core actions, countries, commands and latest client sessions answer JSON and CSV', async () => {
    const core = await call(p, op, 'GET', '/api/admin/statistics/core-actions?type=Reg');
    expect(core.body).toEqual({ totalCount: 3, data: await coreActions.query(p.db, { type: 'Reg' }) });
    const top = await call(p, op, 'GET', '/api/admin/statistics/countries?Days=0&Take=2');
    expect(top.body).toEqual({ totalCount: 2, data: await countries.query(p.db, { Days: 0, Take: 2 }) });
    const commands = await call(p, op, 'GET', '/api/admin/commands-usage?Days=7');
    expect(commands.body.data).toEqual(await commandsUsage.query(p.db, { Days: 7 }));
    expect(commands.body.data.length).toBeGreaterThan(0);
    const clients = await call(p, op, 'GET', '/api/admin/active-client-statistics');
    expect(clients.body).toEqual({ totalCount: 1, data: [{ name: 'Cara app', count: 2 }] });
    expect((await csv('/api/admin/statistics/core-actions'))[0]).toBe('title,value,unit');
    expect((await csv('/api/admin/statistics/countries?Days=30'))[0]).toBe('name,count');
    expect((await csv('/api/admin/commands-usage'))[0]).toBe('type,count,regCount,nRegCount');
    expect(await csv('/api/admin/active-client-statistics')).toEqual(['name,count', 'Cara app,2']);
  });

  it('refuses bad parameters with field errors, and anyone but an operator', async () => {
    const badType = await call(p, op, 'GET', '/api/admin/monthly-engagement?userType=Admins');
    expect(badType.status).toBe(400);
    expect(badType.body.errors).toHaveProperty('userType');
    const badCountry = await call(p, op, 'GET', '/api/admin/daily-engagement?country=USA');
    expect(badCountry.status).toBe(400);
    expect(badCountry.body.errors).toHaveProperty('country');
    expect((await call(p, op, 'GET', '/api/admin/statistics/core-actions?type=Guests')).status).toBe(400);
    expect((await call(p, op, 'GET', '/api/admin/statistics/countries?Days=3')).status).toBe(400);
    expect((await call(p, ann, 'GET', '/api/admin/daily-engagement')).status).toBe(403);
    expect((await call(p, null, 'GET', '/api/admin/commands-usage')).status).toBe(401);
  });
});
