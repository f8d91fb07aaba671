/**
 * User administration (backoffice.md §2–§4, §7 Users; docs/backoffice.md): the grid's quick
 * filters, text and segments filters, orders, paging and CSV; the detail; toggles (a deactivated
 * user's access and refresh tokens are refused at once); roles; segments; a direct message by
 * template through the mail service; storage recalculation; deleting an account. Each writes the
 * audit trail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HubClient } from '../helpers/hub';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { add, call, newBoard, rect, send, signedIn, type Who } from './boards-fixtures';
import { operator } from './admin-fixtures';

let p: TestPlatform;
let op: Who;
const tag = `t${Date.now().toString(36)}`;
const people: Record<string, Who> = {};

const grid = async (query: string) => {
  const res = await call(p, op, 'GET', `/api/accounts/users?Filter=${tag}&${query}`);
  expect(res.status, res.raw).toBe(200);
  return res.body as { totalCount: number; data: Array<Record<string, any>> };
};
const names = (page: { data: Array<Record<string, any>> }) => page.data.map((u) => u.displayName.slice(tag.length + 1)).sort();

async function account(password: string) {
  const username = `${tag}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  expect(
    (
      await p.server.inject({
        method: 'POST',
        url: '/api/accounts/users',
        payload: { username, password, repeatPassword: password, terms: true },
      })
    ).statusCode,
  ).toBeLessThan(300);
  const login = await p.server.inject({ method: 'POST', url: '/api/accounts/login', payload: { username, password } });
  expect(login.statusCode, login.payload).toBe(200);
  const session = JSON.parse(login.payload) as { accessToken: string; refreshToken: string; id: string };
  return { username, ...session };
}

beforeAll(async () => {
  p = await startTestPlatform({ rateLimit: { max: 10_000, windowMs: 60_000 } }, { listen: true });
  op = await operator(p);
  for (const [i, name] of ['alpha', 'beta', 'gamma', 'delta'].entries()) {
    people[name] = await signedIn(p, { name: `${tag} ${name}` });
    await p
      .db('users')
      .where({ id: people[name]!.user!.id })
      .update({
        created_at: p.db.raw(`now() - (? * interval '1 day')`, [10 - i]),
        last_online_at: p.db.raw(`now() - (? * interval '1 hour')`, [i]),
      });
  }
  await p.db('users').where({ id: people.beta!.user!.id }).update({ is_active: false });
  await p
    .db('users')
    .where({ id: people.gamma!.user!.id })
    .update({ roles: ['beta-tester'], tags: ['edu', 'pilot'] });
  await p
    .db('users')
    .where({ id: people.delta!.user!.id })
    .update({ flagged: true, tags: ['pilot'] });
});
afterAll(() => p?.stop());

describe('the user grid', () => {
  it('lists, pages and orders (CreatedDate, LastOnline)', async () => {
    const all = await grid('');
    expect(all.totalCount).toBe(4);
    expect(names(all)).toEqual(['alpha', 'beta', 'delta', 'gamma']);
    expect(all.data[0]!.displayName).toBe(`${tag} delta`); // newest first
    expect(all.data[0]).toMatchObject({
      username: people.delta!.user!.username,
      hasImage: false,
      hasExternalAccount: false,
      customerId: null,
      flag: true,
    });
    const page2 = await grid('Take=3&Skip=3&Orders=CreatedDate');
    expect([page2.totalCount, page2.data.map((u) => u.displayName)]).toEqual([4, [`${tag} delta`]]);
    const online = await grid('Orders=LastOnline%20Desc');
    expect(online.data[0]!.displayName).toBe(`${tag} alpha`);
    expect((await call(p, op, 'GET', '/api/accounts/users?Orders=username')).status).toBe(400);
  });

  it('applies the quick filters and the segments filter', async () => {
    expect(names(await grid('QuickFilter=inactive'))).toEqual(['beta']);
    expect(names(await grid('QuickFilter=beta-tester'))).toEqual(['gamma']);
    expect(names(await grid('QuickFilter=flagged'))).toEqual(['delta']);
    expect(names(await grid('Segments=pilot'))).toEqual(['delta', 'gamma']);
    expect(names(await grid('Segments=edu,nothing'))).toEqual(['gamma']);
    expect(names(await grid('Segments=pilot&QuickFilter=flagged'))).toEqual(['delta']);
  });

  it('answers CSV', async () => {
    const res = await p.server.inject({
      method: 'GET',
      url: `/api/accounts/users?Filter=${tag}&QuickFilter=flagged`,
      headers: { authorization: `Bearer ${op.token}`, accept: 'text/csv' },
    });
    expect(res.statusCode).toBe(200);
    const lines = res.payload.trim().split('\n');
    expect(lines[0]).toMatch(/^id,username,displayName,hasImage/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(people.delta!.user!.username);
  });
});

describe('user detail and actions', () => {
  it('shows the §3 fields', async () => {
    await newBoard(p, people.alpha!, { name: 'alpha board' });
    const res = await call(p, op, 'GET', `/api/admin/users/${people.alpha!.user!.id}/details`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: people.alpha!.user!.id,
      username: people.alpha!.user!.username,
      isActive: true,
      isBetaTester: false,
      flag: false,
      numberOfOwnedBoards: 1,
      numberOfInvitedBoards: 0,
      workspaceCount: 1,
      storage: 0,
    });
    expect(res.body.roles).toEqual([
      { name: 'admin', granted: false },
      { name: 'beta-tester', granted: false },
      { name: 'partner', granted: false },
    ]);
    expect((await call(p, op, 'GET', '/api/admin/users/00000000-0000-4000-8000-000000000000/details')).status).toBe(404);
  });

  it("deactivating ends the user's sessions at once: the access token and the refresh token are refused", async () => {
    const s = await account('correct horse battery staple 9');
    const auth = { authorization: `Bearer ${s.accessToken}` };
    expect((await p.server.inject({ method: 'GET', url: '/api/users/profile', headers: auth })).statusCode).toBe(200);
    const board = await p.server.inject({ method: 'POST', url: '/api/boards', payload: { name: 'theirs' }, headers: auth });
    const socket = await HubClient.connect(p.url, { token: s.accessToken });
    await socket.call('joinBoard', null, JSON.parse(board.payload).code, null, {});
    const off = await call(p, op, 'POST', `/api/users/${s.id}/toggle-active`, {});
    expect([off.status, off.body.isActive]).toEqual([200, false]);
    // their open socket is closed at once
    await socket.until(() => (socket.disconnects > 0 ? true : undefined), 5_000, 'the socket to be closed');
    await socket.close();
    expect((await p.server.inject({ method: 'GET', url: '/api/users/profile', headers: auth })).statusCode).toBe(401);
    const refreshed = await p.server.inject({ method: 'POST', url: '/api/accounts/refresh', payload: { refreshToken: s.refreshToken } });
    expect(refreshed.statusCode).toBe(401);
    expect(await p.db('refresh_tokens').where({ user_id: s.id }).whereNull('revoked_at').first()).toBeUndefined();
    expect(
      (
        await p.server.inject({
          method: 'POST',
          url: '/api/accounts/login',
          payload: { username: s.username, password: 'correct horse battery staple 9' },
        })
      ).statusCode,
    ).toBe(400);
    // back on: they may sign in again
    expect((await call(p, op, 'POST', `/api/users/${s.id}/toggle-active`, {})).body.isActive).toBe(true);
    expect(
      (
        await p.server.inject({
          method: 'POST',
          url: '/api/accounts/login',
          payload: { username: s.username, password: 'correct horse battery staple 9' },
        })
      ).statusCode,
    ).toBe(200);
    // an operator cannot deactivate themself
    expect((await call(p, op, 'POST', `/api/users/${op.user!.id}/toggle-active`, {})).status).toBe(400);
  });

  it('toggles beta tester and flag, saves segments', async () => {
    const id = people.alpha!.user!.id;
    expect((await call(p, op, 'POST', `/api/users/${id}/toggle-beta-tester`, {})).body).toEqual({ id, isBetaTester: true });
    expect((await call(p, op, 'POST', `/api/users/${id}/toggle-flag`, {})).body).toEqual({ id, flag: true });
    expect((await call(p, op, 'POST', `/api/users/${id}/segments`, { segments: ['vip', ' vip ', 'edu'] })).body).toEqual({
      id,
      segments: ['vip', 'edu'],
    });
    const row = await p.db('users').where({ id }).first();
    expect([row.roles, row.flagged, row.tags]).toEqual([['beta-tester'], true, ['vip', 'edu']]);
    expect((await call(p, op, 'POST', `/api/users/${id}/toggle-flag`, {})).body.flag).toBe(false);
  });

  it('grants named roles; the Admin role makes an operator at once; an operator cannot drop their own', async () => {
    const who = people.gamma!;
    expect((await call(p, who, 'GET', '/api/admin/audit')).status).toBe(403);
    const res = await call(p, op, 'POST', `/api/admin/users/${who.user!.id}/roles`, {
      roles: [
        { name: 'admin', granted: true },
        { name: 'beta-tester', granted: false },
        { name: 'partner', granted: false },
      ],
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({ granted: ['admin'], revoked: ['beta-tester'], roles: ['admin'], message: 'roles saved' });
    expect((await call(p, who, 'GET', '/api/admin/audit')).status).toBe(200);
    expect(
      (await call(p, op, 'POST', `/api/admin/users/${who.user!.id}/roles`, { roles: [{ name: 'admin', granted: false }] })).status,
    ).toBe(200);
    expect((await call(p, who, 'GET', '/api/admin/audit')).status).toBe(403);
    const self = await call(p, op, 'POST', `/api/admin/users/${op.user!.id}/roles`, { roles: [{ name: 'admin', granted: false }] });
    expect(self.status).toBe(400);
    expect(self.body.errors.roles).toBeDefined();
  });

  it('sends a direct message by template through the mail service', async () => {
    const to = people.delta!.user!.username;
    const sent = await call(p, op, 'POST', `/api/admin/users/${people.delta!.user!.id}/direct?Template=account-deactivation-email`, {});
    expect([sent.status, sent.body.message]).toEqual([200, 'message sent']);
    const mail = await p.db('outbox').where({ id: sent.body.outboxId }).first();
    expect(mail).toMatchObject({ to, subject: 'Your Tabula account has been deactivated' });
    expect(mail.text).toContain('has been deactivated by an administrator');
    const own = await call(p, op, 'POST', `/api/admin/users/${people.delta!.user!.id}/direct?Template=`, {
      subject: 'Hello there',
      message: 'A <b>note</b>',
    });
    expect(own.status).toBe(200);
    const second = await p.db('outbox').where({ id: own.body.outboxId }).first();
    expect([second.subject, second.text.includes('A <b>note</b>'), second.html.includes('A &lt;b&gt;note&lt;/b&gt;')]).toEqual([
      'Hello there',
      true,
      true,
    ]);
    const empty = await call(p, op, 'POST', `/api/admin/users/${people.delta!.user!.id}/direct`, {});
    expect([empty.status, Object.keys(empty.body.errors)]).toEqual([400, ['message']]);
    expect((await call(p, op, 'POST', `/api/admin/users/${people.delta!.user!.id}/direct?Template=other`, {})).status).toBe(400);
  });

  it("recalculates a user's storage", async () => {
    const board = await newBoard(p, people.alpha!, { name: 'alpha storage' });
    const uid = people.alpha!.actor.uid;
    const sent = await send(p, people.alpha!, board.code, add(uid, rect('s1', uid)));
    expect(sent.status, sent.raw).toBe(200);
    const res = await call(p, op, 'POST', '/api/admin/storage/recalc', { id: people.alpha!.user!.id });
    expect([res.status, res.body.message]).toEqual([200, 'storage has been recalculated']);
    // the recalculation is a job run (platform/core/jobs): its result holds the figures
    expect(res.body.run.result.storage).toBeGreaterThan(50);
    expect((await call(p, op, 'GET', `/api/admin/users/${people.alpha!.user!.id}/details`)).body.storage).toBe(res.body.run.result.storage);
    const all = await call(p, op, 'POST', '/api/admin/storage/recalc', {});
    expect(all.body.run.result.users).toBeGreaterThanOrEqual(5);
  });

  it('deletes an account with its boards; everything is in the audit trail', async () => {
    const victim = people.alpha!;
    const boards = await p.db('boards').where({ owner_id: victim.user!.id }).pluck('id');
    expect(boards.length).toBe(2);
    const deps = await call(p, op, 'GET', `/api/admin/users/${victim.user!.id}/dependencies`);
    expect(deps.status).toBe(200);
    expect(deps.body.boards.map((b: { id: string }) => b.id).sort()).toEqual([...boards].sort());
    expect(deps.body).toMatchObject({ client: null, boardMemberships: 0, workspaceMemberships: 0 });
    expect(deps.body.workspaces).toHaveLength(1);
    expect(deps.body.workspaces[0].boards).toBe(2);
    const res = await call(p, op, 'DELETE', `/api/admin/accounts/${victim.user!.id}`);
    expect([res.status, res.body.message]).toEqual([200, 'has been delete']);
    expect(await p.db('users').where({ id: victim.user!.id }).first()).toBeUndefined();
    expect(await p.db('boards').whereIn('id', boards).first()).toBeUndefined();
    expect((await call(p, victim, 'GET', '/api/users/profile')).status).toBe(401);
    expect((await call(p, op, 'DELETE', `/api/admin/accounts/${op.user!.id}`)).status).toBe(400);
    const trail = await call(p, op, 'GET', '/api/admin/audit?QuickFilter=users&Take=100');
    const actions = trail.body.data.map((e: { action: string }) => e.action);
    for (const a of [
      'user.toggle-active',
      'user.toggle-beta-tester',
      'user.toggle-flag',
      'user.segments',
      'user.roles',
      'user.direct-message',
      'storage.recalc',
      'user.delete',
    ])
      expect(actions).toContain(a);
    expect(trail.body.data.find((e: { action: string }) => e.action === 'user.delete')).toMatchObject({
      targetId: victim.user!.id,
      details: { username: victim.user!.username, boards: 2 },
    });
  });
});
