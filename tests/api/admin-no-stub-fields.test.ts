import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../platform/users/api';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { operator } from './admin-fixtures';
import { call, type Who } from './boards-fixtures';

/**
 * No stub fields (issue 30 item 5): every field the back-office shows is computed or absent. Two
 * records of each kind are seeded with different data in every field backoffice.md §3 names, and
 * for every back-office list and detail route each of those fields must be present and must not
 * be the same constant — null, 0, '' or an empty list — for both: a field that answers the same
 * nothing whatever the data is a stub. The fields checked are listed here, route by route.
 */

/** backoffice.md §3, per route: the fields checked (the screen's names as the API answers them). */
const FIELDS = {
  'GET /api/admin/boards': [
    'id',
    'code',
    'name',
    'owner',
    'ownerUsername',
    'status',
    'membersCount',
    'commandsCount',
    'shareType',
    'hasClient',
    'assetsSize',
    'createdDate',
    'lastSession',
  ],
  'GET /api/admin/boards/{id}/details': [
    'code',
    'name',
    'createdDate',
    'lastSession',
    'lastChange',
    'mediaCount',
    'mediaSize',
    'workspace',
    'storage',
    'clientUsername',
    'clientId',
    'isDisposable',
    'members',
  ],
  // a member of each board (the usage facts give ip, userAgent, sessionDuration and lastJoinedAt)
  'GET /api/admin/boards/{id}/details members[]': [
    'uid',
    'username',
    'ip',
    'isOwner',
    'isActive',
    'id',
    'lastJoinedAt',
    'lastOnline',
    'sessionDuration',
    'userAgent',
  ],
  'GET /api/admin/boards/{id}/insights': ['activity', 'size', 'members', 'commands by kind'],
  'GET /api/accounts/users': [
    'username',
    'displayName',
    'hasImage',
    'hasExternalAccount',
    'customerId',
    'createdDate',
    'lastOnline',
    'lastlogin',
  ],
  'GET /api/admin/users/{id}/details': [
    'id',
    'username',
    'profileImage',
    'functionalRole',
    'isActive',
    'isBetaTester',
    'flag',
    'numberOfOwnedBoards',
    'numberOfInvitedBoards',
    'clientName',
    'clientBoards',
    'clientOrigins',
    'tokens',
    'externalAccounts',
    'roles',
    'segments',
    'country',
    'workspaceCount',
    'lastOnline',
    'lastLogin',
    'sessions',
    'edits',
    'collaborations',
    'storage',
  ],
  'GET /api/admin/feedbacks': ['id', 'createdDate', 'uid', 'username', 'type', 'source', 'tags', 'hasDetail'],
  'GET /api/admin/feedback/{id}': [
    'id',
    'createdDate',
    'uid',
    'username',
    'type',
    'source',
    'tags',
    'feedback',
    'ip',
    'userAgent',
    'country',
    'hasDetail',
  ],
  'GET /api/admin/contacts': ['createdDate', 'name', 'email', 'type'],
  'GET /api/admin/contacts/{id}': ['createdDate', 'name', 'email', 'type', 'message', 'ip', 'userAgent', 'country'],
  'GET /api/admin/clients': ['id', 'username', 'appName', 'createdDate', 'lastSession', 'isActive'],
  'GET /api/admin/clients/{id}/details': ['id', 'username', 'appName', 'createdDate', 'lastSession', 'isActive', 'origins'],
  'GET /api/admin/user-audits': ['username', 'uniqueUserId', 'country', 'boardCode', 'type', 'source', 'attributes', 'createdDate'],
  'GET /api/admin/perf-logs': ['sessionId', 'username', 'uid', 'country', 'ip', 'board', 'type', 'createdDate', 'payload'],
  'GET /api/admin/feature-audits': ['context', 'data', 'username', 'uniqueUserId', 'country', 'createdDate'],
  'GET /api/admin/announcements': ['type', 'message', 'start', 'end', 'duration', 'untilStart'],
  'GET /api/admin/directories/{id}': ['id', 'name', 'content'],
  'GET /api/system-logs/{logName}': ['timestamp', 'level', 'name', 'traceCode', 'message', 'exception'],
} as const;

type Route = keyof typeof FIELDS;
type Item = Record<string, unknown>;

const isNothing = (v: unknown) => v === null || v === undefined || v === 0 || v === '' || (Array.isArray(v) && v.length === 0);

/** Each listed field is present in both records, and not the same nothing in both. */
function expectComputed(route: Route, a: Item | undefined, b: Item | undefined): void {
  expect(a, `${route}: first record`).toBeTruthy();
  expect(b, `${route}: second record`).toBeTruthy();
  for (const field of FIELDS[route]) {
    expect(Object.keys(a!), `${route}: ${field} is absent`).toContain(field);
    expect(Object.keys(b!), `${route}: ${field} is absent`).toContain(field);
    const stub = isNothing(a![field]) && isDeepStrictEqual(a![field], b![field]);
    expect(stub, `${route}: ${field} is ${JSON.stringify(a![field])} for both records though their data differ`).toBe(false);
  }
}

describe('no stub fields in the back-office', () => {
  let p: TestPlatform;
  let op: Who;
  const ids: Record<string, string> = {};
  const ago = (days: number, hours = 0) => new Date(Date.now() - days * 86_400_000 - hours * 3_600_000);
  const get = async (url: string) => {
    const res = await call(p, op, 'GET', url);
    expect(res.status, `GET ${url}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body;
  };
  const rowOf = async (url: string, id: string | number): Promise<Item | undefined> =>
    ((await get(url)) as { data: Item[] }).data.find((r) => r.id === id);

  beforeAll(async () => {
    p = await startTestPlatform();
    op = await operator(p);
    const db = p.db;
    const hex = () => crypto.randomBytes(6).toString('hex');
    // two accounts that differ in everything the user grid and detail show
    const alpha = await insertUser(db, { username: `alpha-${hex()}@example.com`, passwordHash: 'x', displayName: 'Alpha' });
    const beta = await insertUser(db, { username: `beta-${hex()}@example.com`, passwordHash: null, displayName: 'Beta' });
    Object.assign(ids, { alpha: alpha.id, beta: beta.id });
    await db('users')
      .where({ id: alpha.id })
      .update({
        avatar: `/api/users/${alpha.id}/images?v=1`,
        role_code: 9,
        roles: ['beta-tester'],
        flagged: true,
        tags: ['vip'],
        storage_bytes: 1234,
        last_online_at: ago(1),
        created_at: ago(30),
      });
    await db('users').where({ id: beta.id }).update({ is_active: false });
    await db('external_identities').insert({ user_id: alpha.id, provider: 'google', subject: `s-${alpha.id}`, email: 'alpha@gmail.com' });
    await db('billing_customers').insert({ user_id: alpha.id, gateway: 'stripe', customer_ref: 'cus_alpha' });
    await db('refresh_tokens').insert({
      user_id: alpha.id,
      token_hash: hex().padEnd(64, '0'),
      family: crypto.randomUUID(),
      expires_at: ago(-30),
    });
    const [wsAlpha] = await db('workspaces')
      .insert({ alt_id: `w-${hex()}`, name: 'Alpha space', owner_id: alpha.id })
      .returning('id');
    const [appAlpha] = await db('clients')
      .insert({
        owner_id: alpha.id,
        app_name: 'Alpha app',
        client_id: 'app-alpha',
        secret_hash: 'h',
        secret_hint: 'h',
        last_session_at: ago(1),
      })
      .returning('id');
    const [appBeta] = await db('clients')
      .insert({ owner_id: beta.id, app_name: 'Beta app', client_id: 'app-beta', secret_hash: 'h', secret_hint: 'h', is_active: false })
      .returning('id');
    Object.assign(ids, { appAlpha: appAlpha.id, appBeta: appBeta.id });
    await db('client_embed_origins').insert({ client_id: appAlpha.id, origin: 'https://alpha.example', embeds: 2 });

    // two boards: Alpha's (members only, in a workspace, opened through Alpha's app, a picture) and a guest's (disabled, disposable)
    const [boardA, boardB] = await db('boards')
      .insert([
        {
          code: `ns-a-${hex()}`,
          name: 'Alpha board',
          owner_id: alpha.id,
          workspace_id: wsAlpha.id,
          link_level: 'NoAccess',
          last_seq: 3,
          last_session_at: ago(0, 1),
        },
        {
          code: `ns-b-${hex()}`,
          name: 'Guest board',
          owner_uid: 'g_guestowner',
          status: 'disabled',
          dispose_at: ago(-3),
          created_at: ago(9),
          updated_at: ago(8),
        },
      ])
      .returning(['id', 'code']);
    Object.assign(ids, { boardA: boardA.id, boardB: boardB.id, codeA: boardA.code, codeB: boardB.code });
    const [memberA] = await db('board_members')
      .insert({ board_id: boardA.id, uid: alpha.id, user_id: alpha.id, name: 'Alpha' })
      .returning('id');
    const [memberB] = await db('board_members')
      .insert({ board_id: boardB.id, uid: 'g_guestowner', name: 'Guest owner', updated_at: ago(2) })
      .returning('id');
    await db('board_members').insert({ board_id: boardB.id, uid: alpha.id, user_id: alpha.id, name: 'Alpha', role: 'Editor' });
    Object.assign(ids, { memberA: memberA.id, memberB: memberB.id });
    await db('board_sessions').insert([
      {
        board_id: boardA.id,
        uid: alpha.id,
        user_id: alpha.id,
        client_id: 'app-alpha',
        joined_at: ago(0, 2),
        left_at: ago(0, 1),
        duration_s: 3600,
        ip: '203.0.113.7',
        country: 'DE',
        user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
      },
      {
        board_id: boardB.id,
        uid: 'g_guestowner',
        joined_at: ago(2, 3),
        left_at: ago(2, 2),
        duration_s: 600,
        ip: '198.51.100.9',
        country: 'FR',
        user_agent: 'Mozilla/5.0 (Macintosh) Safari/18.0',
      },
    ]);
    await db('board_activity').insert({
      day: new Date().toISOString().slice(0, 10),
      board_id: boardA.id,
      uid: alpha.id,
      user_id: alpha.id,
      client_id: 'app-alpha',
      edited: true,
      collaborated: true,
    });
    await db('assets').insert({
      board_id: boardA.id,
      uploader_id: alpha.id,
      name: 'a.png',
      mime: 'image/png',
      bytes: 100,
      width: 1,
      height: 1,
      sha256: '0'.repeat(64),
    });
    await db('commands').insert({
      board_id: boardA.id,
      seq: 1,
      client_id: crypto.randomUUID(),
      uid: alpha.id,
      kind: 'rectangle',
      payload: JSON.stringify({ cmd: 'rectangle' }),
    });

    // feedback, contacts, audits, performance records, announcements, directories: two of each
    const [fa, fb] = await db('feedbacks')
      .insert([
        {
          user_id: alpha.id,
          uid: alpha.id,
          email: alpha.username,
          type: 'positive',
          description: 'Lovely',
          source: 'app',
          tags: ['ui'],
          ip: '203.0.113.7',
          country: 'DE',
          user_agent: 'Firefox',
          created_at: ago(1),
        },
        {
          uid: 'g_someone',
          email: 'g@example.com',
          type: 'negative',
          description: '',
          source: 'panel',
          ip: '198.51.100.9',
          country: 'FR',
          user_agent: 'Safari',
        },
      ])
      .returning('id');
    const [ca, cb] = await db('contacts')
      .insert([
        {
          name: 'Ann',
          email: 'ann@example.com',
          type: 'sales',
          message: 'Price?',
          ip: '203.0.113.7',
          country: 'DE',
          user_agent: 'Firefox',
          created_at: ago(1),
        },
        {
          name: 'Bob',
          email: 'bob@example.com',
          type: 'press',
          message: 'Interview',
          ip: '198.51.100.9',
          country: 'FR',
          user_agent: 'Safari',
        },
      ])
      .returning('id');
    Object.assign(ids, { fa: fa.id, fb: fb.id, ca: ca.id, cb: cb.id });
    const [ua, ub] = await db('user_audits')
      .insert([
        {
          user_id: alpha.id,
          uid: alpha.id,
          board_code: boardA.code,
          type: 'join',
          source: 'web',
          ip: '203.0.113.7',
          country: 'DE',
          attributes: JSON.stringify({ freq: 1 }),
          created_at: ago(1),
        },
        {
          uid: 'g_guestowner',
          board_code: boardB.code,
          type: 'join',
          source: 'embed',
          ip: '198.51.100.9',
          country: 'FR',
          attributes: JSON.stringify({ freq: 2, size: 3 }),
        },
      ])
      .returning('id');
    const [pa, pb] = await db('perf_logs')
      .insert([
        {
          user_id: alpha.id,
          uid: alpha.id,
          ip: '203.0.113.7',
          country: 'DE',
          type: 'Join',
          session_id: 's-alpha',
          board: boardA.code,
          payload: JSON.stringify({ joinMs: 120 }),
          created_at: ago(1),
        },
        {
          uid: 'g_guestowner',
          ip: '198.51.100.9',
          country: 'FR',
          type: 'Speed',
          session_id: 's-guest',
          board: boardB.code,
          payload: JSON.stringify({ average: 40 }),
        },
      ])
      .returning('id');
    const [la, lb] = await db('usage_logs')
      .insert([
        { user_id: alpha.id, uid: alpha.id, country: 'DE', context: 'action:undo', data: JSON.stringify({ count: 2 }), created_at: ago(1) },
        { uid: 'g_guestowner', country: 'FR', context: 'tool:pen', data: JSON.stringify({ count: 1 }) },
      ])
      .returning('id');
    Object.assign(ids, { ua: ua.id, ub: ub.id, pa: pa.id, pb: pb.id, la: la.id, lb: lb.id });
    const [aa, ab] = await db('announcements')
      .insert([
        { type: 'News', message: 'Soon', starts_at: ago(-0.1), ends_at: ago(-0.2), created_by: op.user!.id },
        { type: 'ScheduledMaintenance', message: 'Later', starts_at: ago(-1), ends_at: ago(-1.5) },
      ])
      .returning('id');
    const [da, dbb] = await db('directories')
      .insert([
        { name: 'countries', content: 'DE\nFR' },
        { name: 'words', content: 'hello' },
      ])
      .returning('id');
    Object.assign(ids, { aa: aa.id, ab: ab.id, da: da.id, db: dbb.id });
    // two log entries
    fs.mkdirSync(p.config.logDir, { recursive: true });
    fs.writeFileSync(
      path.join(p.config.logDir, 'ErrorLogs.log'),
      JSON.stringify({
        level: 50,
        time: ago(1).toISOString(),
        name: 'tabula',
        reqId: 'req-a',
        msg: 'first',
        err: { type: 'Error', message: 'x', stack: 'Error: x' },
      }) +
        '\n' +
        JSON.stringify({
          level: 40,
          time: new Date().toISOString(),
          name: 'hub',
          reqId: 'req-b',
          msg: 'second',
          err: { type: 'TypeError', message: 'y', stack: 'TypeError: y' },
        }) +
        '\n',
    );
  });
  afterAll(() => p.stop());

  it('boards: the grid, the detail with its members, the insight', async () => {
    const list = (id: string) => rowOf('/api/admin/boards?Take=100', id);
    expectComputed('GET /api/admin/boards', await list(ids.boardA!), await list(ids.boardB!));
    const a = (await get(`/api/admin/boards/${ids.boardA}/details`)) as Item;
    const b = (await get(`/api/admin/boards/${ids.boardB}/details`)) as Item;
    expectComputed('GET /api/admin/boards/{id}/details', a, b);
    const member = (detail: Item, id: string) => (detail.members as Item[]).find((m) => m.id === id);
    expectComputed('GET /api/admin/boards/{id}/details members[]', member(a, ids.memberA!), member(b, ids.memberB!));
    const groups = async (id: string) =>
      Object.fromEntries(
        ((await get(`/api/admin/boards/${id}/insights`)) as Array<{ title: string; items: unknown[] }>).map((g) => [g.title, g.items]),
      );
    expectComputed('GET /api/admin/boards/{id}/insights', await groups(ids.boardA!), await groups(ids.boardB!));
  });

  it('users: the grid and the detail', async () => {
    const list = (id: string) => rowOf('/api/accounts/users?Take=100', id);
    expectComputed('GET /api/accounts/users', await list(ids.alpha!), await list(ids.beta!));
    expectComputed(
      'GET /api/admin/users/{id}/details',
      (await get(`/api/admin/users/${ids.alpha}/details`)) as Item,
      (await get(`/api/admin/users/${ids.beta}/details`)) as Item,
    );
  });

  it('feedback and contacts: the grids and the details', async () => {
    const feedback = (id: string) => rowOf('/api/admin/feedbacks?Take=100', id);
    expectComputed('GET /api/admin/feedbacks', await feedback(ids.fa!), await feedback(ids.fb!));
    expectComputed(
      'GET /api/admin/feedback/{id}',
      (await get(`/api/admin/feedback/${ids.fa}`)) as Item,
      (await get(`/api/admin/feedback/${ids.fb}`)) as Item,
    );
    const contact = (id: string) => rowOf('/api/admin/contacts?Take=100', id);
    expectComputed('GET /api/admin/contacts', await contact(ids.ca!), await contact(ids.cb!));
    expectComputed(
      'GET /api/admin/contacts/{id}',
      (await get(`/api/admin/contacts/${ids.ca}`)) as Item,
      (await get(`/api/admin/contacts/${ids.cb}`)) as Item,
    );
  });

  it('developer apps: the grid and the detail', async () => {
    const client = (id: string) => rowOf('/api/admin/clients?Take=100', id);
    expectComputed('GET /api/admin/clients', await client(ids.appAlpha!), await client(ids.appBeta!));
    expectComputed(
      'GET /api/admin/clients/{id}/details',
      (await get(`/api/admin/clients/${ids.appAlpha}/details`)) as Item,
      (await get(`/api/admin/clients/${ids.appBeta}/details`)) as Item,
    );
  });

  it('audits and performance logs', async () => {
    // these rows' ids are numbers (bigserial)
    const byId = (url: string, id: string) => rowOf(url, Number(id));
    expectComputed(
      'GET /api/admin/user-audits',
      await byId('/api/admin/user-audits?Take=100', ids.ua!),
      await byId('/api/admin/user-audits?Take=100', ids.ub!),
    );
    expectComputed(
      'GET /api/admin/perf-logs',
      await byId('/api/admin/perf-logs?Take=100', ids.pa!),
      await byId('/api/admin/perf-logs?Take=100', ids.pb!),
    );
    expectComputed(
      'GET /api/admin/feature-audits',
      await byId('/api/admin/feature-audits?Take=100', ids.la!),
      await byId('/api/admin/feature-audits?Take=100', ids.lb!),
    );
  });

  it('announcements, directories and log entries', async () => {
    const announcement = (id: string) => rowOf('/api/admin/announcements?Take=100', id);
    expectComputed('GET /api/admin/announcements', await announcement(ids.aa!), await announcement(ids.ab!));
    expectComputed(
      'GET /api/admin/directories/{id}',
      (await get(`/api/admin/directories/${ids.da}`)) as Item,
      (await get(`/api/admin/directories/${ids.db}`)) as Item,
    );
    const entries = ((await get('/api/system-logs/ErrorLogs.log?Take=10')) as { data: Item[] }).data;
    expect(entries).toHaveLength(2);
    expectComputed('GET /api/system-logs/{logName}', entries[0], entries[1]);
  });
});
