import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, updateUser } from '../../platform/users/api';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { operator } from './admin-fixtures';
import { png, upload } from './assets-fixtures';
import { add, call, newBoard, rect, send, type Who } from './boards-fixtures';
import { librarian } from './library-fixtures';

/**
 * The operators' reports (backoffice.md §7; docs/backoffice.md "Reports"): each one on the list
 * protocol, JSON and CSV, operators only; the catalogue the dashboard lists them from; and the
 * database's status.
 */
describe('the reports', () => {
  let p: TestPlatform;
  let op: Who;
  let ann: Who & { workspace: { id: string } };

  beforeAll(async () => {
    p = await startTestPlatform();
    op = await operator(p);
    ann = await librarian(p, 'Ann Reports');
  });
  afterAll(() => p.stop());

  const get = async (path: string, accept?: string, who: Who | null = op) => {
    const res = await p.server.inject({
      method: 'GET',
      url: path,
      headers: { ...(who?.token ? { authorization: `Bearer ${who.token}` } : {}), ...(accept ? { accept } : {}) },
    });
    return {
      status: res.statusCode,
      type: String(res.headers['content-type']),
      raw: res.payload,
      body: accept ? null : JSON.parse(res.payload),
    };
  };
  const tag = () => crypto.randomBytes(4).toString('hex');

  it('the catalogue lists every report; each answers JSON and CSV to an operator, 401 without a token, 403 to a user', async () => {
    const catalogue = await get('/api/admin/reports');
    expect(catalogue.status).toBe(200);
    const names = catalogue.body.map((r: { name: string }) => r.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'duplicate-users',
        'never-loggedin-users',
        'user-functional-role',
        'users-with-most-board',
        'duplicate-boards',
        'boards-overloaded-members',
        'over-storage-workspaces',
        'uploads',
        'orphan-assets',
        'database-status',
      ]),
    );
    expect(catalogue.body.find((r: { name: string }) => r.name === 'boards-overloaded-members')).toMatchObject({
      kind: 'list',
      parameters: [{ name: 'Threshold', default: 50 }],
      maxRows: 3000,
    });
    for (const report of catalogue.body as Array<{ name: string; path: string; kind: string; title: string }>) {
      expect(report.title, report.name).toBeTruthy();
      const json = await get(report.path);
      expect(json.status, report.name).toBe(200);
      if (report.kind === 'list') expect(json.body, report.name).toMatchObject({ totalCount: expect.any(Number), data: expect.any(Array) });
      const csv = await get(report.path, 'text/csv');
      expect(csv.status, report.name).toBe(200);
      expect(csv.type, report.name).toContain('text/csv');
      expect((await get(report.path, undefined, null)).status, report.name).toBe(401);
      const asAnn = await p.server.inject({ method: 'GET', url: report.path, headers: { authorization: `Bearer ${ann.token}` } });
      expect(asAnn.statusCode, report.name).toBe(403);
    }
  });

  it('duplicate-users: the same e-mail once normalised (case, +tag, Gmail dots), and the same display name', async () => {
    const t = tag();
    const a = await insertUser(p.db, { username: `Dana.${t}+work@gmail.com`, passwordHash: null, displayName: `Twin ${t}` });
    const b = await insertUser(p.db, {
      username: `dana${t}@googlemail.com`,
      passwordHash: null,
      displayName: `  twin   ${t.toUpperCase()} `,
    });
    const c = await insertUser(p.db, { username: `dana.${t}@example.com`, passwordHash: null, displayName: `Solo ${t}` });
    const page = await get(`/api/admin/duplicate-users?QuickFilter=email&Filter=${t}`);
    expect(page.body.data.map((r: { id: string }) => r.id).sort()).toEqual([a.id, b.id].sort());
    expect(page.body.data[0]).toMatchObject({ reason: 'e-mail', key: `dana${t}@gmail.com`, groupSize: 2 });
    const names = await get(`/api/admin/duplicate-users?QuickFilter=displayName&Filter=${t}`);
    expect(names.body.data.map((r: { id: string }) => r.id).sort()).toEqual([a.id, b.id].sort());
    expect(names.body.data[0]).toMatchObject({ reason: 'display name', key: `twin ${t}` });
    const all = await get(`/api/admin/duplicate-users?Filter=${t}`);
    expect(all.body.data.map((r: { id: string }) => r.id)).not.toContain(c.id);
    const csv = await get(`/api/admin/duplicate-users?Filter=${t}`, 'text/csv');
    expect(csv.raw.split('\n')[0]).toBe('reason,key,groupSize,id,username,displayName,isActive,createdDate');
    expect(csv.raw).toContain(`dana${t}@gmail.com`);
    const bad = await get('/api/admin/duplicate-users?QuickFilter=phone');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('QuickFilter');
  });

  it('never-loggedin-users: accounts with no session; one that signed in is not listed', async () => {
    const t = tag();
    const never = await insertUser(p.db, { username: `never-${t}@example.com`, passwordHash: null });
    const once = await insertUser(p.db, { username: `once-${t}@example.com`, passwordHash: null });
    await p.db('sessions').insert({ id: crypto.randomUUID(), user_id: once.id });
    const page = await get(`/api/admin/never-loggedin-users?Filter=${t}`);
    expect(page.body).toEqual({
      totalCount: 1,
      data: [
        { id: never.id, username: never.username, displayName: '', isActive: true, hasPassword: false, createdDate: expect.any(String) },
      ],
    });
    expect((await get(`/api/admin/never-loggedin-users?Filter=${t}`, 'text/csv')).raw).toContain(never.username);
    expect((await get('/api/admin/never-loggedin-users?Orders=password')).status).toBe(400);
  });

  it('user-functional-role: accounts per job category of the profile', async () => {
    const who = await insertUser(p.db, { username: `student-${tag()}@example.com`, passwordHash: null });
    await updateUser(p.db, who.id, { role_code: 9 });
    const page = await get('/api/admin/user-functional-role');
    expect(page.body.data).toContainEqual({ code: 9, role: 'Student', users: 1, active: 1 });
    expect(page.body.data.find((r: { code: number }) => r.code === 100)).toMatchObject({ role: 'Others' });
    expect((await get('/api/admin/user-functional-role', 'text/csv')).raw.split('\n')[0]).toBe('code,role,users,active');
    expect((await get('/api/admin/user-functional-role?Take=0')).status).toBe(400);
  });

  it('boards: duplicate names of one owner, owners by boards, boards over a member threshold', async () => {
    const t = tag();
    const first = await newBoard(p, ann, { name: `Plan ${t}` });
    const second = await newBoard(p, ann, { name: ` plan  ${t.toUpperCase()}` });
    await newBoard(p, ann, { name: `Other ${t}` });
    const dup = await get(`/api/admin/duplicate-boards?Filter=${t}`);
    expect(dup.body.data).toEqual([
      expect.objectContaining({ owner: ann.user!.id, username: ann.user!.username, boards: 2, codes: [first.code, second.code] }),
    ]);
    expect((await get(`/api/admin/duplicate-boards?Filter=${t}`, 'text/csv')).raw).toContain(first.code);

    const most = await get('/api/admin/users-with-most-board');
    expect(most.body.data[0]).toMatchObject({ id: ann.user!.id, boards: 3, active: 3 });
    expect((await get('/api/admin/users-with-most-board?Orders=boards%20Sideways')).status).toBe(400);

    const busy = await p.db('boards').where({ code: first.code }).first('id');
    await p
      .db('board_members')
      .insert([1, 2, 3].map((i) => ({ board_id: busy.id, uid: `g_${t}${i}`.padEnd(34, '0'), name: `Guest ${i}`, role: 'Viewer' })));
    expect((await get(`/api/admin/boards-overloaded-members?Filter=${t}`)).body.totalCount).toBe(0);
    const over = await get(`/api/admin/boards-overloaded-members?Filter=${t}&Threshold=2`);
    expect(over.body.data).toEqual([expect.objectContaining({ code: first.code, owner: ann.user!.username, users: expect.any(Number) })]);
    expect(over.body.data[0].members).toBeGreaterThan(2);
    const csv = await get(`/api/admin/boards-overloaded-members?Filter=${t}&Threshold=2`, 'text/csv');
    expect(csv.raw).toContain(first.code);
    const bad = await get('/api/admin/boards-overloaded-members?Threshold=-1');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('Threshold');
  });

  it('storage: workspaces over a threshold of stored bytes, and the latest uploads', async () => {
    const board = await newBoard(p, ann, { name: `Stored ${tag()}` });
    expect((await send(p, ann, board.code, add(ann.actor.uid, rect('r1', ann.actor.uid)))).status).toBe(200);
    const picture = await upload(p, ann, board.code, { name: 'report.png', data: await png(40, 30) });
    expect(picture.status).toBe(200);

    expect((await get(`/api/admin/over-storage-workspaces?Filter=${ann.user!.username}`)).body.totalCount).toBe(0);
    // the report reads the stored figure: nothing measured yet, then the recalculation's
    expect((await get(`/api/admin/over-storage-workspaces?Filter=${ann.user!.username}&Threshold=0`)).body.totalCount).toBe(0);
    const recalc = await call(p, op, 'POST', '/api/admin/storage/recalc', { id: ann.workspace.id });
    expect(recalc.status).toBe(200);
    const over = await get(`/api/admin/over-storage-workspaces?Filter=${ann.user!.username}&Threshold=0`);
    expect(over.body.data).toEqual([
      expect.objectContaining({ id: ann.workspace.id, owner: ann.user!.username, plan: null, measuredAt: expect.any(String) }),
    ]);
    expect(over.body.data[0].bytes).toBe(recalc.body.run.result.storage);
    expect(over.body.data[0].bytes).toBeGreaterThan(0);
    expect((await get(`/api/admin/over-storage-workspaces?Threshold=0`, 'text/csv')).raw).toContain(ann.workspace.id);
    expect((await get('/api/admin/over-storage-workspaces?Threshold=lots')).status).toBe(400);

    const latest = await get('/api/admin/uploads?Days=1');
    expect(latest.body.data[0]).toEqual({
      id: picture.body.id,
      name: 'report.png',
      mime: 'image/png',
      bytes: expect.any(Number),
      pages: 1,
      board: board.code,
      boardName: expect.stringMatching(/^Stored /),
      uploader: ann.user!.username,
      createdDate: expect.any(String),
    });
    expect((await get('/api/admin/uploads', 'text/csv')).raw).toContain('report.png');
    const bad = await get('/api/admin/uploads?Days=3');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('Days');
  });

  it('database-status: size, connections, largest tables, and whether statement figures exist', async () => {
    const status = await get('/api/admin/database-status');
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      database: expect.any(String),
      version: expect.stringContaining('PostgreSQL'),
      sizeBytes: expect.any(Number),
      connections: expect.any(Array),
      statements: { available: expect.any(Boolean), note: expect.any(String) },
    });
    expect(status.body.sizeBytes).toBeGreaterThan(0);
    expect(status.body.largestTables.length).toBeGreaterThan(0);
    if (!status.body.statements.available) {
      expect(status.body.statements.note).toContain('pg_stat_statements');
      expect(status.body.statements.top).toEqual([]);
    }
    const csv = await get('/api/admin/database-status', 'text/csv');
    expect(csv.raw.split('\n')[0]).toBe('section,name,value');
    expect(csv.raw).toContain('statements,available,');
    expect((await call(p, ann, 'GET', '/api/admin/database-status')).status).toBe(403);
  });
});
