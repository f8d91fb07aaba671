/**
 * Board administration (backoffice.md §2–§4, §7 Boards; docs/backoffice.md): the grid's quick
 * filters, text filter, orders, paging and CSV on the list protocol; detail with members;
 * insight; Toggle Disable (a disabled board refuses a join over the hub, with a clear message);
 * set owner; delete member; delete. Every action writes the audit trail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_DISABLED } from '../../platform/boards/access';
import { inviteMember } from '../../platform/boards/sharing';
import { HubClient } from '../helpers/hub';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { add, call, guest, newBoard, send, signedIn, type Who } from './boards-fixtures';
import { operator } from './admin-fixtures';

let p: TestPlatform;
let op: Who;
let ann: Who;
let bob: Who;
const boards: Record<string, { code: string; id: string }> = {};
const tag = `t${Date.now().toString(36)}`;

const grid = async (query: string) => {
  const res = await call(p, op, 'GET', `/api/admin/boards?${query}`);
  expect(res.status, res.raw).toBe(200);
  return res.body as { totalCount: number; data: Array<Record<string, any>> };
};
const names = (page: { data: Array<Record<string, any>> }) => page.data.map((b) => b.name).sort();
const setDates = (id: string, created: string, lastSession: string | null) =>
  p
    .db('boards')
    .where({ id })
    .update({ created_at: p.db.raw(created), last_session_at: lastSession ? p.db.raw(lastSession) : null });

beforeAll(async () => {
  p = await startTestPlatform({ rateLimit: { max: 10_000, windowMs: 60_000 } }, { listen: true });
  op = await operator(p);
  ann = await signedIn(p, { name: 'Ann' });
  bob = await signedIn(p, { name: 'Bob' });
  for (const name of ['fresh', 'yesterday', 'old-empty', 'disposable', 'with-image', 'guest-owned', 'client']) {
    boards[name] = await newBoard(p, name === 'guest-owned' ? guest() : ann, { name: `${tag} ${name}` });
  }
  // dates (UTC days): 'fresh' today, 'yesterday' yesterday, 'old-empty' 60 days ago and never used since
  await setDates(boards.fresh!.id, 'now()', 'now()');
  await setDates(boards.yesterday!.id, "now() - interval '1 day'", "now() - interval '1 day'");
  await setDates(boards['old-empty']!.id, "now() - interval '60 days'", null);
  for (const name of ['disposable', 'with-image', 'guest-owned', 'client'])
    await setDates(boards[name]!.id, "now() - interval '10 days'", "now() - interval '10 days'");
  await p
    .db('boards')
    .where({ id: boards.disposable!.id })
    .update({ dispose_at: p.db.raw("now() + interval '3 days'") });
  const image = {
    id: 'img1',
    cmd: 'image',
    uid: ann.actor.uid,
    timestamp: Date.now(),
    x: 0,
    y: 0,
    w: 40,
    h: 30,
    resource: '123e4567-e89b-12d3-a456-426614174000',
  };
  const sent = await send(p, ann, boards['with-image']!.code, add(ann.actor.uid, image as never));
  expect(sent.status, sent.raw).toBe(200);
  await p.db('board_activity').insert({ day: p.db.raw('current_date'), board_id: boards.client!.id, uid: 'a_x', client_id: 'app-1' });
  // Bob is a member of 'fresh'
  await inviteMember(p.server.app, boards.fresh!.code, ann.actor, { email: bob.user!.username, memberRole: 'Editor' });
}, 60_000);
afterAll(() => p?.stop());

describe('the board grid', () => {
  it('lists every board, 10 a page by default, newest first, with the row fields of §3', async () => {
    const page = await grid(`Filter=${tag}`);
    expect(page.totalCount).toBe(7);
    const row = page.data.find((b) => b.name === `${tag} fresh`)!;
    expect(row).toMatchObject({
      id: boards.fresh!.id,
      owner: ann.user!.id,
      ownerUsername: ann.user!.username,
      status: 1,
      membersCount: 2,
      commandsCount: 0,
      shareType: 2,
      hasClient: false,
      assetsSize: 0,
    });
    expect(typeof row.createdDate).toBe('string');
    expect(page.data[0]!.name).toBe(`${tag} fresh`);
  });

  it('pages with Take and Skip and orders by CreatedDate and LastSession', async () => {
    const first = await grid(`Filter=${tag}&Take=3&Orders=CreatedDate`);
    const second = await grid(`Filter=${tag}&Take=3&Skip=3&Orders=CreatedDate`);
    expect(first.totalCount).toBe(7);
    expect(first.data).toHaveLength(3);
    expect(first.data[0]!.name).toBe(`${tag} old-empty`);
    expect(new Set([...first.data, ...second.data].map((b) => b.id)).size).toBe(6);
    const bySession = await grid(`Filter=${tag}&Orders=LastSession%20Desc`);
    expect(bySession.data[0]!.name).toBe(`${tag} fresh`);
    expect(bySession.data.at(-1)!.name).toBe(`${tag} old-empty`); // never used: nulls last
    expect((await call(p, op, 'GET', '/api/admin/boards?Orders=name')).status).toBe(400);
    expect((await call(p, op, 'GET', '/api/admin/boards?Take=0')).status).toBe(400);
    expect((await call(p, op, 'GET', '/api/admin/boards?QuickFilter=nope')).status).toBe(400);
  });

  it('filters by text: name, code, owner username', async () => {
    expect(names(await grid(`Filter=${encodeURIComponent(`${tag} with-image`)}`))).toEqual([`${tag} with-image`]);
    expect(names(await grid(`Filter=${boards.client!.code}`))).toEqual([`${tag} client`]);
    expect((await grid(`Filter=${encodeURIComponent(ann.user!.username)}`)).totalCount).toBe(6);
  });

  it('applies each quick filter', async () => {
    const q = async (filter: string) => names(await grid(`Filter=${tag}&QuickFilter=${filter}`)).map((n) => n.slice(tag.length + 1));
    expect(await q('all')).toHaveLength(7);
    expect(await q('ctoday')).toEqual(['fresh']);
    expect(await q('utoday')).toEqual(['fresh']);
    expect(await q('cyesterday')).toEqual(['yesterday']);
    expect(await q('uyesterday')).toEqual(['yesterday']);
    expect(await q('asset')).toEqual(['with-image']);
    expect(await q('client')).toEqual(['client']);
    expect(await q('withuser')).toEqual(['client', 'disposable', 'fresh', 'old-empty', 'with-image', 'yesterday']);
    expect(await q('removal-candidate')).toEqual(['old-empty']);
    expect(await q('disposable')).toEqual(['disposable']);
    expect(await q('Inactive')).toEqual([]);
  });

  it('answers CSV with the same filters', async () => {
    const res = await p.server.inject({
      method: 'GET',
      url: `/api/admin/boards?Filter=${tag}&QuickFilter=withuser&Orders=CreatedDate`,
      headers: { authorization: `Bearer ${op.token}`, accept: 'text/csv' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.payload.trim().split('\n');
    expect(lines[0]).toBe(
      'id,code,name,owner,ownerUsername,status,membersCount,commandsCount,shareType,hasClient,assetsSize,createdDate,lastSession',
    );
    expect(lines).toHaveLength(7);
    expect(lines[1]).toContain(`${tag} old-empty`);
  });
});

describe('board detail and insight', () => {
  it('shows the board with its members', async () => {
    const res = await call(p, op, 'GET', `/api/admin/boards/${boards.fresh!.id}/details`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: boards.fresh!.code, name: `${tag} fresh`, status: 1, isDisposable: false, clientId: null });
    const members = res.body.members as Array<Record<string, any>>;
    expect(members.map((m) => [m.username, m.isOwner])).toEqual(
      expect.arrayContaining([
        [ann.user!.username, true],
        [bob.user!.username, false],
      ]),
    );
    expect((await call(p, op, 'GET', `/api/admin/boards/${boards.client!.code}/details`)).body).toMatchObject({ clientId: 'app-1' });
    expect((await call(p, op, 'GET', '/api/admin/boards/NoSuchBoard00/details')).status).toBe(404);
  });

  it('gives the insight as titled groups', async () => {
    const res = await call(p, op, 'GET', `/api/admin/boards/${boards['with-image']!.id}/insights`);
    expect(res.status).toBe(200);
    expect(res.body.map((g: { title: string }) => g.title)).toEqual([
      'activity',
      'size',
      'members',
      'commands by kind',
      'commands per day',
    ]);
    expect(res.body[1].items).toContainEqual({ name: 'commands', value: 1 });
    expect(res.body[3].items).toContainEqual({ name: 'image', value: 1 });
  });
});

describe('board actions', () => {
  it('Toggle Disable: a disabled board refuses a join over the hub with a clear message, and is back after the second toggle', async () => {
    const code = boards.fresh!.code;
    const hub = await HubClient.connect(p.url, { token: bob.token });
    try {
      await hub.call('joinBoard', null, code, null, {});
      const off = await call(p, op, 'POST', `/api/admin/boards/${boards.fresh!.id}/disable`, {});
      expect(off.status).toBe(200);
      expect(off.body).toMatchObject({ status: 2 });
      // the member on the board is told and leaves it
      expect(await hub.waitFor('onBoardRemoved')).toMatchObject({ code, reason: 'disabled' });
      const err = await hub.fail('joinBoard', null, code, null, {});
      expect(err.statusCode).toBe(403);
      expect(err.data?.message).toBe(BOARD_DISABLED);
      expect(await hub.waitFor('onAccessDenied', (d) => d.message === BOARD_DISABLED)).toMatchObject({ boardCode: code });
      // over HTTP too, for the owner as well
      const open = await call(p, ann, 'GET', `/api/boards/${code}/commands`);
      expect([open.status, open.body.message]).toEqual([403, BOARD_DISABLED]);
      expect(names(await grid(`Filter=${tag}&QuickFilter=Inactive`))).toEqual([`${tag} fresh`]);
      const on = await call(p, op, 'POST', `/api/admin/boards/${code}/disable`, {});
      expect(on.body).toMatchObject({ status: 1 });
      await hub.call('joinBoard', null, code, null, {});
    } finally {
      await hub.close();
    }
    const trail = await p.db('operator_audit').where({ target_id: boards.fresh!.id }).orderBy('id').select('action', 'actor_id');
    expect(trail.map((t) => t.action)).toEqual(['board.disable', 'board.enable']);
    expect(trail[0]!.actor_id).toBe(op.user!.id);
  });

  it('sets the owner to a signed-in member; the previous owner stays an Editor', async () => {
    const detail = (await call(p, op, 'GET', `/api/admin/boards/${boards.fresh!.id}/details`)).body;
    const bobRow = detail.members.find((m: { username: string }) => m.username === bob.user!.username);
    const res = await call(p, op, 'POST', '/api/admin/boards/set-owner', { id: boards.fresh!.id, member: bobRow.id });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.message).toBe('owner has been setted');
    const row = await p.db('boards').where({ id: boards.fresh!.id }).first();
    expect(row.owner_id).toBe(bob.user!.id);
    const bobsWorkspace = await p.db('workspaces').where({ owner_id: bob.user!.id, is_default: true }).first();
    expect(row.workspace_id).toBe(bobsWorkspace.id);
    const annRow = await p.db('board_members').where({ board_id: boards.fresh!.id, user_id: ann.user!.id }).first();
    expect(annRow.role).toBe('Editor');
    // Bob may now do what only the owner may
    expect((await call(p, bob, 'POST', `/api/boards/${boards.fresh!.code}/dispose`, { days: 3 })).status).toBe(200);
    const guestOwned = (await call(p, op, 'GET', `/api/admin/boards/${boards['guest-owned']!.id}/details`)).body;
    const guestRow = guestOwned.members[0];
    const refused = await call(p, op, 'POST', '/api/admin/boards/set-owner', {
      id: boards['guest-owned']!.id,
      member: guestRow?.id ?? '00000000-0000-4000-8000-000000000000',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.member).toBeDefined();
  });

  it('deletes a member (never the owner)', async () => {
    const detail = (await call(p, op, 'GET', `/api/admin/boards/${boards.fresh!.id}/details`)).body;
    const annRow = detail.members.find((m: { username: string }) => m.username === ann.user!.username);
    const owner = detail.members.find((m: { isOwner: boolean }) => m.isOwner);
    expect((await call(p, op, 'POST', '/api/admin/boards/delete-member', { id: boards.fresh!.id, member: owner.id })).status).toBe(400);
    const res = await call(p, op, 'POST', '/api/admin/boards/delete-member', { id: boards.fresh!.id, member: annRow.id });
    expect([res.status, res.body.message]).toEqual([200, 'member has been deleted']);
    expect(await p.db('board_members').where({ id: annRow.id }).first()).toBeUndefined();
  });

  it('deletes a board permanently; the row leaves the grid', async () => {
    const res = await call(p, op, 'DELETE', `/api/admin/boards/${boards['old-empty']!.id}`);
    expect([res.status, res.body.message]).toEqual([200, 'has been delete']);
    expect(await p.db('boards').where({ id: boards['old-empty']!.id }).first()).toBeUndefined();
    expect((await grid(`Filter=${tag}`)).totalCount).toBe(6);
    expect((await call(p, op, 'DELETE', `/api/admin/boards/${boards['old-empty']!.id}`)).status).toBe(404);
  });

  it('every action is in the audit trail, read through GET /api/admin/audit', async () => {
    const res = await call(p, op, 'GET', '/api/admin/audit?QuickFilter=boards&Take=50');
    expect(res.status).toBe(200);
    expect(res.body.data.map((e: { action: string }) => e.action).sort()).toEqual([
      'board.delete',
      'board.delete-member',
      'board.disable',
      'board.enable',
      'board.set-owner',
    ]);
    const del = res.body.data.find((e: { action: string }) => e.action === 'board.delete');
    expect(del).toMatchObject({
      actorId: op.user!.id,
      actorName: op.user!.username,
      targetType: 'board',
      targetId: boards['old-empty']!.id,
      details: { name: `${tag} old-empty` },
    });
    const one = await call(p, op, 'GET', `/api/admin/audit?TargetId=${boards.fresh!.id}&Orders=at`);
    expect(one.body.data.map((e: { action: string }) => e.action)).toEqual([
      'board.disable',
      'board.enable',
      'board.set-owner',
      'board.delete-member',
    ]);
    // a refused action writes nothing
    expect((await call(p, op, 'POST', '/api/admin/boards/delete-member', { id: boards.fresh!.id, member: 'nope' })).status).toBe(400);
    expect((await call(p, op, 'GET', '/api/admin/audit?QuickFilter=boards')).body.totalCount).toBe(5);
  });
});
