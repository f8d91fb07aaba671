import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, updateUser } from '../../platform/users/api';
import { statisticCsv } from '../../platform/admin/statistics/routes';
import { STATISTICS } from '../../platform/admin/statistics/registry';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { operator } from './admin-fixtures';
import { signedIn, type Who } from './boards-fixtures';

/**
 * The operators' statistics (backoffice.md §2 "Statistic blocks", §3 "Statistics rows", §7;
 * docs/backoffice.md "Statistics"): each one answers JSON `{ totalCount, data }` and CSV, its
 * parameters validated and defaulted, in the catalogue with its block, rows and parameters,
 * operators only. The figures are checked exactly against data seeded straight into the tables
 * at known times (the database is this file's own); the `users`, `iran/users` and `boards`
 * reports too.
 */
describe('the statistics', () => {
  let p: TestPlatform;
  let op: Who;
  let ann: Who;
  const ids: Record<string, string> = {};

  const ago = (days: number, hours = 0) => new Date(Date.now() - days * 86_400_000 - hours * 3_600_000);
  const utcDay = (days: number) => ago(days).toISOString().slice(0, 10);
  const get = async (path: string, opts: { accept?: string; who?: Who | null } = {}) => {
    const who = opts.who === undefined ? op : opts.who;
    const res = await p.server.inject({
      method: 'GET',
      url: path,
      headers: { ...(who?.token ? { authorization: `Bearer ${who.token}` } : {}), ...(opts.accept ? { accept: opts.accept } : {}) },
    });
    return {
      status: res.statusCode,
      type: String(res.headers['content-type']),
      disposition: String(res.headers['content-disposition'] ?? ''),
      raw: res.payload,
      body: opts.accept ? null : JSON.parse(res.payload),
    };
  };
  /** The rows of a title/value statistic as { title: value }. */
  const tiles = async (path: string) => {
    const res = await get(path);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.totalCount).toBe(res.body.data.length);
    return Object.fromEntries((res.body.data as Array<{ title: string; value: number }>).map((r) => [r.title, r.value]));
  };
  const counts = async (path: string) => {
    const res = await get(path);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data as Array<{ name: string; count: number }>).map((r) => [r.name, r.count]);
  };

  beforeAll(async () => {
    p = await startTestPlatform();
    op = await operator(p);
    ann = await signedIn(p, { name: 'Ann Stats' });
    const db = p.db;
    // accounts besides the operator and Ann (both made now, no password, never signed in)
    const u3 = await insertUser(db, { username: `u3-${crypto.randomUUID()}@example.com`, passwordHash: 'x', displayName: 'Three' });
    await updateUser(db, u3.id, { is_active: false });
    await db('users')
      .where({ id: u3.id })
      .update({ created_at: ago(10), last_online_at: ago(2) });
    const u4 = await insertUser(db, { username: `u4-${crypto.randomUUID()}@example.com`, passwordHash: 'x', displayName: 'Four' });
    await db('users')
      .where({ id: u4.id })
      .update({ created_at: ago(40), last_online_at: ago(40), roles: ['beta-tester'], flagged: true });
    await db('external_identities').insert({ user_id: u4.id, provider: 'google', subject: `s-${u4.id}` });
    await db('sessions').insert({ id: crypto.randomUUID(), user_id: u4.id });
    const u5 = await insertUser(db, { username: `u5-${crypto.randomUUID()}@example.com`, passwordHash: 'x', displayName: 'Five' });
    await db('users')
      .where({ id: u5.id })
      .update({ created_at: ago(3), tags: ['Iran', 'beta'] });
    await db('refresh_tokens').insert({
      user_id: u5.id,
      token_hash: crypto.randomBytes(32).toString('hex'),
      family: crypto.randomUUID(),
      expires_at: ago(-30),
    });
    Object.assign(ids, { u3: u3.id, u4: u4.id, u5: u5.id });

    // workspaces, members, invitations, extensions, subscriptions
    const [ws1] = await db('workspaces').insert({ alt_id: 'ws-one', name: 'One', owner_id: ann.user!.id }).returning('id');
    const [ws2] = await db('workspaces').insert({ alt_id: 'ws-two', name: 'Two', owner_id: u3.id }).returning('id');
    ids.ws1 = ws1.id;
    await db('workspace_members').insert({ workspace_id: ws1.id, user_id: u5.id, role: 'Member' });
    const invitation = (email: string, expires: Date) => ({
      workspace_id: ws1.id,
      email,
      role: 'Member',
      token_hash: crypto.randomBytes(32).toString('hex'),
      expires_at: expires,
    });
    await db('workspace_invitations').insert([invitation('a@example.com', ago(-7)), invitation('b@example.com', ago(1))]);
    await db('workspace_extensions').insert([
      { workspace_id: ws1.id, extension_id: 'app-comment', plugged: false },
      { workspace_id: ws1.id, extension_id: 'app-frame', plugged: true },
      { workspace_id: ws2.id, extension_id: 'app-comment', plugged: false },
    ]);
    await db('subscriptions').insert([
      { workspace_id: ws1.id, user_id: ann.user!.id, plan: 'team', quantity: 3, status: 'Active' },
      { workspace_id: ws2.id, user_id: u3.id, plan: 'team', quantity: 1, status: 'Canceled' },
    ]);

    // boards: b1 Ann's (members only, opened yesterday), b2 a guest's (disposable later), b3 disabled, b4 past its dispose time
    const board = (key: string, row: Record<string, unknown>) => ({
      code: `st-${key}-${crypto.randomBytes(4).toString('hex')}`,
      name: key,
      ...row,
    });
    const [b1, b2, b3, b4] = await db('boards')
      .insert([
        board('b1', { owner_id: ann.user!.id, link_level: 'NoAccess', last_session_at: ago(1), last_seq: 10, workspace_id: ws1.id }),
        board('b2', { owner_uid: 'g_guestowner', created_at: ago(5), dispose_at: ago(-1), last_seq: 0 }),
        board('b3', { owner_id: u3.id, status: 'disabled', created_at: ago(20), last_session_at: ago(40), last_seq: 5 }),
        board('b4', { owner_id: u4.id, dispose_at: ago(0, 1), created_at: ago(100), last_session_at: ago(10), last_seq: 3 }),
      ])
      .returning('id');
    Object.assign(ids, { b1: b1.id, b2: b2.id, b3: b3.id, b4: b4.id });
    await db('board_members').insert([
      { board_id: b1.id, uid: ann.user!.id, user_id: ann.user!.id, name: 'Ann' },
      { board_id: b1.id, uid: 'g_guest1', name: 'Guest' },
      { board_id: b3.id, uid: u3.id, user_id: u3.id, name: 'Three' },
    ]);
    await db('board_invitations').insert({
      board_id: b1.id,
      email: 'c@example.com',
      role: 'Editor',
      token_hash: crypto.randomBytes(32).toString('hex'),
      expires_at: ago(-7),
    });
    await db('board_activity').insert([
      { day: utcDay(0), board_id: b1.id, uid: ann.user!.id, user_id: ann.user!.id, client_id: 'app1', edited: true, collaborated: true },
      { day: utcDay(0), board_id: b1.id, uid: 'g_guest1', edited: true },
      { day: utcDay(5), board_id: b3.id, uid: u3.id, user_id: u3.id },
      { day: utcDay(40), board_id: b4.id, uid: u4.id, user_id: u4.id, client_id: 'app2' },
    ]);
    // board opens (sessions): b1 3 times in a week (once today), b2 once today, b3 7 times 10 days ago, b4 once 40 days ago
    const session = (boardId: string, joinedAt: Date) => ({ board_id: boardId, uid: 'g_visitor', joined_at: joinedAt });
    await db('board_sessions').insert([
      session(b1.id, ago(0, 2)),
      session(b1.id, ago(3)),
      session(b1.id, ago(4)),
      session(b2.id, ago(0, 1)),
      ...Array.from({ length: 7 }, () => session(b3.id, ago(10))),
      session(b4.id, ago(40)),
    ]);

    // developer apps and where they were embedded
    const [app1] = await db('clients')
      .insert({ owner_id: ann.user!.id, app_name: 'One', client_id: 'app1', secret_hash: 'h', secret_hint: 'h' })
      .returning('id');
    await db('clients').insert({
      owner_id: u4.id,
      app_name: 'Two',
      client_id: 'app2',
      secret_hash: 'h',
      secret_hint: 'h',
      is_active: false,
    });
    await db('client_embed_origins').insert([
      { client_id: app1.id, origin: 'https://a.example', embeds: 3, refusals: 1 },
      { client_id: app1.id, origin: 'https://b.example', embeds: 2, refusals: 0 },
    ]);

    // announcements, feedback, contacts, mail
    await db('announcements').insert([
      { type: 'News', message: 'now', starts_at: ago(1), ends_at: ago(-1) },
      { type: 'News', message: 'past', starts_at: ago(3), ends_at: ago(2) },
    ]);
    await db('feedbacks').insert([
      { type: 'positive', created_at: ago(0, 1) },
      { type: 'positive', created_at: ago(10) },
      { type: 'neutral', created_at: ago(40) },
      { type: 'negative', created_at: ago(0, 2) },
    ]);
    await db('contacts').insert([
      { name: 'A', email: 'a@example.com', message: 'hi', created_at: ago(1) },
      { name: 'B', email: 'b@example.com', message: 'hi', created_at: ago(40) },
    ]);
    await db('outbox').insert([
      { to: 'a@example.com', subject: 's', text: 't', status: 'sent' },
      { to: 'b@example.com', subject: 's', text: 't', status: 'failed' },
      { to: 'c@example.com', subject: 's', text: 't', status: 'failed', created_at: ago(40) },
    ]);

    // what the browsers measured
    const perf = (type: string, payload: object, at: Date) => ({ type, session_id: 's', payload: JSON.stringify(payload), created_at: at });
    await db('perf_logs').insert([
      perf('Join', { joinMs: 100, joinedMs: 50 }, ago(0, 1)),
      perf('Join', { joinMs: 300, joinedMs: 70 }, ago(2)),
      perf('Join', { joinMs: 1000, joinedMs: 500 }, ago(10)),
      perf('Join', { joinMs: 9999, joinedMs: 9999 }, ago(40)),
      perf('Speed', { samples: '30, 50', average: 40 }, ago(0, 1)),
      perf('Socket', { downMs: 1000 }, ago(3)),
      perf('SlowNetwork', { average: 200, threshold: 150 }, ago(0, 1)),
      perf('SlowNetwork', { resource: 'https://x.example/a.png', duration: 12000 }, ago(0, 1)),
      perf('Error', { phase: 'load', message: 'no' }, ago(0, 1)),
      perf('Join', { joinMs: 'slow' }, ago(0, 1)),
    ]);
    // what the boards recorded of their features
    const usage = (context: string, data: unknown, at: Date) => ({ context, data: JSON.stringify(data), created_at: at });
    await db('usage_logs').insert([
      usage('action:undo', { count: 5, via: { key: 5 } }, ago(0, 1)),
      usage('action:undo', { count: 2 }, ago(3)),
      usage('action:undo', { count: 50 }, ago(40)),
      usage('tool:pen', { count: 4 }, ago(0, 1)),
      usage('tool:rect', { count: 'lots' }, ago(0, 1)),
      usage('export-png', { shapes: 3 }, ago(0, 1)),
      usage('action:flood', { count: 1e12 }, ago(2)),
    ]);

    // content: command counts per day, assets, chat, comments, a thumbnail
    await db('command_usage_daily').insert([
      { day: utcDay(0), type: 'rectangle', user_type: 'reg', count: 3 },
      { day: utcDay(0), type: 'remove', user_type: 'reg', count: 2 },
      { day: utcDay(10), type: 'pen', user_type: 'guest', count: 4 },
      { day: utcDay(40), type: 'rectangle', user_type: 'reg', count: 100 },
    ]);
    const asset = (boardId: string | null, bytes: number, at: Date) => ({
      board_id: boardId,
      name: 'a.png',
      mime: 'image/png',
      bytes,
      width: 1,
      height: 1,
      sha256: crypto.randomBytes(32).toString('hex'),
      created_at: at,
    });
    await db('assets').insert([asset(b1.id, 100, ago(1)), asset(b1.id, 200, ago(40)), asset(null, 50, ago(1))]);
    const chat = (at: Date) => ({ board_id: b1.id, client_id: crypto.randomUUID(), uid: 'g_guest1', message: 'hi', created_at: at });
    await db('chat_messages').insert([chat(ago(0, 1)), chat(ago(2)), chat(ago(40))]);
    const [t1, t2, t3] = await db('comment_threads')
      .insert([
        { board_id: b1.id, created_by: 'g_guest1' },
        { board_id: b1.id, created_by: 'g_guest1', resolved: true },
        { board_id: b1.id, created_by: 'g_guest1', deleted: true },
      ])
      .returning('id');
    const comment = (threadId: string) => ({ thread_id: threadId, author_uid: 'g_guest1', message: 'c' });
    await db('comments').insert([comment(t1.id), comment(t1.id), comment(t2.id), comment(t3.id)]);
    await db('board_library').insert({ board_id: b1.id, thumbnail: Buffer.from([1, 2, 3]), thumbnail_type: 'image/png' });
  });
  afterAll(() => p.stop());

  it('board-statistics: boards by status, owner, sharing, creation and use', async () => {
    expect(await tiles('/api/admin/board-statistics')).toEqual({
      Boards: 4,
      Active: 2,
      Disabled: 1,
      'Marked for deletion': 1,
      'Owned by guests': 1,
      'Open to anyone with the link': 3,
      'Members only': 1,
      Disposable: 2,
      'Created today (UTC)': 1,
      'Created in the last 7 days': 2,
      'Created in the last 30 days': 3,
      'Opened in the last 30 days': 2,
      'Never opened': 1,
      'Opened through a developer app in the last 30 days': 1,
      'Commands per board (average)': 4.5,
      'Members per board (average)': 0.75,
    });
    const res = await get('/api/admin/board-statistics');
    expect(res.body.data[0]).toEqual({ title: 'Boards', value: 4, unit: 'count' });
  });

  it('user-statistics: accounts by state, role, sign-in and registration; people on boards', async () => {
    expect(await tiles('/api/admin/user-statistics')).toEqual({
      Accounts: 5,
      Active: 4,
      Deactivated: 1,
      Operators: 1,
      'Beta testers': 1,
      Flagged: 1,
      'With an external sign-in': 1,
      'Without a password': 2,
      'Never signed in': 2,
      'Registered today (UTC)': 2,
      'Registered in the last 7 days': 3,
      'Registered in the last 30 days': 4,
      'Online in the last 30 days': 1,
      'Accounts on boards in the last 30 days': 2,
      'Guests on boards in the last 30 days': 1,
    });
  });

  it('other-statistics: workspaces, invitations, apps, subscriptions, announcements, feedback, contacts, mail', async () => {
    expect(await tiles('/api/admin/other-statistics')).toEqual({
      Workspaces: 2,
      'Workspaces with members': 1,
      'Workspace members (besides owners)': 1,
      'Pending workspace invitations': 1,
      'Pending board invitations': 1,
      'Developer apps': 2,
      'Active developer apps': 1,
      'Embedding origins': 2,
      'Embeds accepted': 5,
      'Embeds refused': 1,
      'Active subscriptions': 1,
      'Seats of active subscriptions': 3,
      'Current announcements': 1,
      'Feedback in the last 30 days': 3,
      'Contact messages in the last 30 days': 1,
      'Mails in the last 30 days': 2,
      'Mails failed in the last 30 days': 1,
    });
  });

  it('dashboard-statistics: the content of the boards', async () => {
    const content = await tiles('/api/admin/dashboard-statistics');
    expect(content).toMatchObject({
      'Commands in board logs': 18,
      'Commands in the last 30 days': 9,
      'Shapes added in the last 30 days': 7,
      'Pictures and documents': 2,
      'Pictures and documents size': 300,
      'Uploaded in the last 30 days': 1,
      'Chat messages': 3,
      'Chat messages in the last 30 days': 2,
      'Comment threads': 2,
      'Open comment threads': 1,
      Comments: 3,
      'Board thumbnails': 1,
    });
    // PostgreSQL's own sizes of the tables
    expect(content['Command log size']).toBeGreaterThan(0);
    expect(content['Snapshots size']).toBeGreaterThan(0);
    const units = (await get('/api/admin/dashboard-statistics')).body.data as Array<{ title: string; unit: string }>;
    expect(units.find((r) => r.title === 'Pictures and documents size')!.unit).toBe('bytes');
  });

  it('performance-statistics: medians and 95th percentiles per measure over Days (default 30)', async () => {
    const month = await tiles('/api/admin/performance-statistics');
    expect(month).toEqual({
      'Board load, median': 300,
      'Board load, 95th percentile': 930,
      'Join answer, median': 70,
      'Join answer, 95th percentile': 457,
      'Latency, median': 40,
      'Latency, 95th percentile': 40,
      'Offline before reconnecting, median': 1000,
      'Offline before reconnecting, 95th percentile': 1000,
      'Slow resource load, median': 12000,
      'Slow resource load, 95th percentile': 12000,
      'Board loads measured': 4,
      'Slow networks': 1,
      'Slow resources': 1,
      Reconnections: 1,
      'Load or reconnection failures': 1,
    });
    expect(await tiles('/api/admin/performance-statistics?Days=30')).toEqual(month);
    expect(await tiles('/api/admin/performance-statistics?Days=7')).toMatchObject({
      'Board load, median': 200,
      'Board load, 95th percentile': 290,
      'Join answer, median': 60,
      'Join answer, 95th percentile': 69,
      'Board loads measured': 3,
    });
    // a measure with no record in the window has no figure (never 0)
    const today = await tiles('/api/admin/performance-statistics?Days=1');
    expect(today).toMatchObject({ 'Board load, median': 100, 'Join answer, median': 50, Reconnections: 0 });
    expect(today).not.toHaveProperty('Offline before reconnecting, median');
    const units = (await get('/api/admin/performance-statistics')).body.data as Array<{ title: string; unit: string }>;
    expect(units.find((r) => r.title === 'Board load, median')!.unit).toBe('ms');
  });

  it('feedback-statistics: positive, neutral, negative over Days (default 0 = all)', async () => {
    const all = [
      ['positive', 2],
      ['neutral', 1],
      ['negative', 1],
    ];
    expect(await counts('/api/admin/feedback-statistics')).toEqual(all);
    expect(await counts('/api/admin/feedback-statistics?Days=0')).toEqual(all);
    expect(await counts('/api/admin/feedback-statistics?Days=30')).toEqual([
      ['positive', 2],
      ['neutral', 0],
      ['negative', 1],
    ]);
    expect(await counts('/api/admin/feedback-statistics?Days=1')).toEqual([
      ['positive', 1],
      ['neutral', 0],
      ['negative', 1],
    ]);
  });

  it('extension-statistics: every workspace, then each extension plugged and unplugged', async () => {
    const rows = await counts('/api/admin/extension-statistics');
    expect(rows[0]).toEqual(['All', 2]);
    expect(rows).toContainEqual(['Comments: plugged', 0]);
    expect(rows).toContainEqual(['Comments: unplugged', 2]);
    expect(rows).toContainEqual(['Frames: plugged', 2]);
    expect(rows).toContainEqual(['Frames: unplugged', 0]);
    expect(rows).toContainEqual(['Cursors: plugged', 2]);
    expect(rows).toHaveLength(1 + 2 * 6);
  });

  it('top-features: uses per feature over Days, by Type, the Take first; a forged count is capped', async () => {
    expect(await counts('/api/admin/top-features')).toEqual([
      ['action:flood', 10000],
      ['action:undo', 7],
      ['tool:pen', 4],
      ['export-png', 1],
      ['tool:rect', 1],
    ]);
    expect(await counts('/api/admin/top-features?Type=Tool')).toEqual([
      ['tool:pen', 4],
      ['tool:rect', 1],
    ]);
    expect(await counts('/api/admin/top-features?Type=Action&Take=1')).toEqual([['action:flood', 10000]]);
    expect(await counts('/api/admin/top-features?Days=1&Type=Action')).toEqual([['action:undo', 5]]);
  });

  it('statistics/freq-usage: boards by how often they were opened, All first', async () => {
    const names = ['All', 'Once', '2–5 times', '6–20 times', '21–100 times', 'More than 100 times'];
    const expectCounts = async (query: string, values: number[]) =>
      expect(await counts(`/api/admin/statistics/freq-usage${query}`)).toEqual(names.map((n, i) => [n, values[i]]));
    await expectCounts('', [3, 1, 1, 1, 0, 0]);
    await expectCounts('?Days=7', [2, 1, 1, 0, 0, 0]);
    await expectCounts('?Days=1', [2, 2, 0, 0, 0, 0]);
  });

  it('parameters: validated (a bad value or an unknown key is a 400 with the field), defaulted, Uid accepted', async () => {
    const badDays = await get('/api/admin/performance-statistics?Days=5');
    expect(badDays.status).toBe(400);
    expect(badDays.body.errors).toHaveProperty('Days');
    const noAll = await get('/api/admin/performance-statistics?Days=0');
    expect(noAll.status).toBe(400);
    expect(noAll.body.errors).toHaveProperty('Days');
    const badType = await get('/api/admin/top-features?Type=Shape');
    expect(badType.status).toBe(400);
    expect(badType.body.errors).toHaveProperty('Type');
    expect((await get('/api/admin/top-features?Take=0')).body.errors).toHaveProperty('Take');
    const unknown = await get('/api/admin/board-statistics?Days=7');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toHaveProperty('Days');
    expect((await get(`/api/admin/board-statistics?Uid=${crypto.randomUUID()}`)).status).toBe(200);
  });

  it('CSV: a header row, then the rows; a header alone when there are none', async () => {
    const csv = await get('/api/admin/feedback-statistics?Days=30', { accept: 'text/csv' });
    expect(csv.status).toBe(200);
    expect(csv.type).toContain('text/csv');
    expect(csv.disposition).toBe('attachment; filename="feedback-statistics.csv"');
    expect(csv.raw.trim().split('\n')).toEqual(['name,count', 'positive,2', 'neutral,0', 'negative,1']);
    const tilesCsv = await get('/api/admin/board-statistics', { accept: 'text/csv' });
    expect(tilesCsv.raw.split('\n')[0]).toBe('title,value,unit');
    expect(tilesCsv.raw.split('\n')[1]).toBe('Boards,4,count');
    const freq = await get('/api/admin/statistics/freq-usage', { accept: 'text/csv' });
    expect(freq.disposition).toBe('attachment; filename="statistics-freq-usage.csv"');
    expect(
      statisticCsv(
        STATISTICS.find((s) => s.rows === 'type-counts')!,
        [],
      ),
    ).toBe('type,count,regCount,nRegCount\n');
    expect(
      statisticCsv(
        STATISTICS.find((s) => s.name === 'top-features')!,
        [],
      ),
    ).toBe('name,count\n');
  });

  it('the catalogue lists every statistic with its block, rows and parameters; each answers JSON and CSV to operators only', async () => {
    const catalogue = await get('/api/admin/reports');
    expect(catalogue.status).toBe(200);
    const entries = catalogue.body as Array<{
      name: string;
      path: string;
      kind: string;
      block: string | null;
      rows: string | null;
      parameters: unknown[];
    }>;
    const statistics = entries.filter((e) => e.kind === 'statistic');
    expect(statistics.map((s) => s.name)).toEqual(STATISTICS.map((s) => s.name));
    expect(statistics.map((s) => s.name)).toEqual(
      expect.arrayContaining([
        'board-statistics',
        'other-statistics',
        'user-statistics',
        'dashboard-statistics',
        'performance-statistics',
        'feedback-statistics',
        'extension-statistics',
        'top-features',
        'statistics/freq-usage',
      ]),
    );
    expect(entries.find((e) => e.name === 'performance-statistics')).toMatchObject({
      path: '/api/admin/performance-statistics',
      block: 'performance',
      rows: 'title-value',
      parameters: [{ name: 'Days', default: 30, values: [30, 7, 1] }],
      maxRows: null,
    });
    expect(entries.find((e) => e.name === 'feedback-statistics')).toMatchObject({
      parameters: [{ name: 'Days', default: 0, values: [30, 7, 1, 0] }],
    });
    expect(entries.find((e) => e.name === 'top-features')).toMatchObject({
      block: 'top-features',
      rows: 'name-count',
      parameters: [
        { name: 'Take', default: 20, values: null },
        { name: 'Type', default: 'All', values: ['All', 'Action', 'Tool'] },
        { name: 'Days', default: 30, values: [30, 7, 1] },
      ],
    });
    expect(entries.find((e) => e.name === 'statistics/freq-usage')).toMatchObject({ block: 'frequency', rows: 'name-count' });
    // the reports keep their shape, with no block or rows
    expect(entries.find((e) => e.name === 'boards-overloaded-members')).toMatchObject({
      kind: 'list',
      block: null,
      rows: null,
      parameters: [{ name: 'Threshold', default: 50, values: null }],
    });
    expect(entries.find((e) => e.name === 'database-status')!).toMatchObject({ kind: 'object', block: null });
    expect(JSON.stringify(entries.find((e) => e.name === 'database-status'))).toContain('mongo-server-status');
    for (const s of statistics) {
      const json = await get(s.path);
      expect(json.status, `${s.name}: ${JSON.stringify(json.body)}`).toBe(200);
      expect(json.body.totalCount, s.name).toBe(json.body.data.length);
      const csv = await get(s.path, { accept: 'text/csv' });
      expect(csv.status, s.name).toBe(200);
      expect(csv.type, s.name).toContain('text/csv');
      expect(csv.raw.split('\n')[0], s.name).toMatch(/^[A-Za-z]+(,[A-Za-z]+)+$/);
      expect((await get(s.path, { who: null })).status, s.name).toBe(401);
      expect((await get(s.path, { who: ann })).status, s.name).toBe(403);
    }
  });

  it('the users, iran/users and boards reports: the admin grids’ lists', async () => {
    const users = await get('/api/admin/users?Take=3000');
    expect(users.status).toBe(200);
    expect(users.body.totalCount).toBe(5);
    expect(users.body.data[0]).toEqual(
      expect.objectContaining({ id: expect.any(String), username: expect.any(String), segments: expect.any(Array) }),
    );
    const iran = await get('/api/admin/iran/users');
    expect(iran.body).toEqual({ totalCount: 1, data: [expect.objectContaining({ id: ids.u5, segments: ['Iran', 'beta'] })] });
    const iranCsv = await get('/api/admin/iran/users', { accept: 'text/csv' });
    expect(iranCsv.raw.split('\n')).toHaveLength(3);
    expect((await get('/api/admin/iran/users', { who: ann })).status).toBe(403);
    const catalogue = (await get('/api/admin/reports')).body as Array<{ name: string; path: string; kind: string; maxRows: number }>;
    expect(catalogue.find((r) => r.name === 'boards')).toMatchObject({ path: '/api/admin/boards', kind: 'list', maxRows: 3000 });
    expect(catalogue.find((r) => r.name === 'users')).toMatchObject({ path: '/api/admin/users', kind: 'list', maxRows: 3000 });
    expect(catalogue.find((r) => r.name === 'iran/users')).toMatchObject({ path: '/api/admin/iran/users' });
    // the dashboard's JSON download of a list asks for maxRows rows
    const boards = await get('/api/admin/boards?Take=3000');
    expect(boards.status).toBe(200);
    expect(boards.body.totalCount).toBe(4);
    expect((await get('/api/admin/boards', { accept: 'text/csv' })).raw.split('\n')[0]).toContain('ownerUsername');
  });
});
