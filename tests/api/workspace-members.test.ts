/**
 * Workspace members and invitations over HTTP on a real database, with the invitation e-mails
 * received by a real SMTP server (tests/helpers/smtp.ts):
 *  - the members list on the one list protocol (owner included, 10 a page, orders, filter, quick
 *    filters, isSelf, CSV, bad paging input);
 *  - inviting answers and mails alike whether or not the address has an account; the link is
 *    accepted by an existing user and by a new person who signs up first; a used, expired,
 *    withdrawn, renewed or foreign-address link is refused with a clear message;
 *  - granting and revoking Admin, removing members, and what each refuses;
 *  - a membership change tells the member's sockets their new board role (onRoleChanged).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainMail } from '../../platform/mail/service';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { newBoard, signedIn, type Who } from './boards-fixtures';
import { api, join, makeTeam, tokenOf, workspaceState, type Team } from './workspace-fixtures';

let p: TestPlatform;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
  p = await startTestPlatform({ smtpUrl: smtp.url, publicUrl: 'https://tabula.test' });
});
afterAll(async () => {
  await p?.stop();
  await smtp?.stop();
});

const PASSWORD = 'correct horse battery staple 9';
let n = 0;
const address = (label: string) => `${label}-${++n}-${Date.now().toString(36)}@invite.example`;

/** Invites and waits for the mail; answers the call and the token of the mail's link. */
async function invite(t: Team, asTyped: string, role: 'Admin' | 'Member', by: Who = t.owner) {
  const email = asTyped.trim().toLowerCase();
  const before = smtp.mails.filter((m) => m.to.includes(email)).length;
  const res = await api(p, by, 'POST', `/api/workspaces/${t.workspace.id}/members`, { email: asTyped, role });
  if (res.status !== 200) return { res, token: null };
  await drainMail(p.server.app);
  const mails = smtp.mails.filter((m) => m.to.includes(email));
  expect(mails.length).toBe(before + 1);
  return { res, token: tokenOf(mails[mails.length - 1]!), mail: mails[mails.length - 1]! };
}

const accept = (who: Who | null, token: string) => api(p, who, 'POST', '/api/workspaces/invitations/accept', { token });
const members = async (t: Team, who: Who = t.owner, query = '') => api(p, who, 'GET', `/api/workspaces/${t.workspace.id}/members${query}`);

describe('the members list', () => {
  let t: Team;
  beforeAll(async () => {
    t = await makeTeam(p, 'Big team');
    for (let i = 0; i < 12; i++) {
      const who = await signedIn(p, { name: `Person ${String(i).padStart(2, '0')}` });
      await join(p, t.workspace, who, i % 4 === 0 ? 'Admin' : 'Member');
    }
  });

  it('lists the owner and every member, 10 a page, owner first, then admins, client admins and members', async () => {
    const first = await members(t);
    expect(first.status).toBe(200);
    expect(first.body.totalCount).toBe(16);
    expect(first.body.data).toHaveLength(10);
    expect(first.body.data[0]).toEqual({
      id: t.owner.user!.id,
      name: 'Olive Owner',
      email: t.owner.user!.username,
      role: 'Owner',
      isSelf: true,
      joinedAt: expect.any(String),
    });
    const all = [...first.body.data, ...(await members(t, t.owner, '?Skip=10')).body.data];
    expect(all).toHaveLength(16);
    expect(new Set(all.map((m) => m.id)).size).toBe(16);
    expect(all.map((m) => m.role)).toEqual(['Owner', ...Array(4).fill('Admin'), 'ClientAdmin', ...Array(10).fill('Member')]);
    expect(all.filter((m) => m.isSelf)).toHaveLength(1);
    // a member sees the list too, and is themself there
    const asMember = await members(t, t.member, '?Take=100');
    expect(asMember.body.data.filter((m: { isSelf: boolean }) => m.isSelf).map((m: { id: string }) => m.id)).toEqual([t.member.user!.id]);
  });

  it('sorts, filters by text and by quick filter, and answers CSV', async () => {
    const byName = await members(t, t.owner, '?Orders=name&Take=3');
    expect(byName.body.data.map((m: { name: string }) => m.name)).toEqual(['Ada Admin', 'Cleo ClientAdmin', 'Milo Member']);
    const desc = await members(t, t.owner, '?Orders=name%20Desc&Take=1');
    expect(desc.body.data[0].name).toBe('Person 11');
    const filtered = await members(t, t.owner, '?Filter=person%200');
    expect(filtered.body.totalCount).toBe(10);
    const byEmail = await members(t, t.owner, `?Filter=${encodeURIComponent(t.member.user!.username.toUpperCase())}`);
    expect(byEmail.body.data.map((m: { id: string }) => m.id)).toEqual([t.member.user!.id]);
    expect((await members(t, t.owner, '?QuickFilter=admins')).body.totalCount).toBe(5);
    expect((await members(t, t.owner, '?QuickFilter=clientAdmins')).body.data.map((m: { id: string }) => m.id)).toEqual([
      t.clientAdmin.user!.id,
    ]);
    expect((await members(t, t.owner, '?QuickFilter=members')).body.totalCount).toBe(10);
    const csv = await p.server.inject({
      method: 'GET',
      url: `/api/workspaces/${t.workspace.id}/members?QuickFilter=admins`,
      headers: { authorization: `Bearer ${t.owner.token}`, accept: 'text/csv' },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.payload.trim().split('\n');
    expect(lines[0]).toBe('id,name,email,role,joinedAt,isSelf');
    expect(lines).toHaveLength(6);
    expect(lines[1]).toContain(t.owner.user!.username);
  });

  it('refuses bad paging input with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['?Skip=-1', 'Skip'],
      ['?Take=0', 'Take'],
      ['?Take=101', 'Take'],
      ['?Orders=password_hash', 'Orders'],
      ['?QuickFilter=everyone', 'QuickFilter'],
    ] as const) {
      const res = await members(t, t.owner, query);
      expect(res.status, query).toBe(400);
      expect(
        Object.keys(res.body.errors).some((k) => k.startsWith(field)),
        query,
      ).toBe(true);
    }
  });
});

describe('invitations', () => {
  let t: Team;
  beforeAll(async () => {
    t = await makeTeam(p, 'Invite space');
  });

  it('answer and mail alike whether or not the address has an account', async () => {
    const existing = await signedIn(p, { name: 'Has Account' });
    const known = await invite(t, `  ${existing.user!.username.toUpperCase()} `, 'Admin');
    const unknownEmail = address('nobody');
    const unknown = await invite(t, unknownEmail, 'Admin');
    expect(known.res.status).toBe(200);
    expect(unknown.res.status).toBe(200);
    const shape = (body: Record<string, unknown>) => ({ ...body, id: 'id', email: 'email', expiresAt: 'date' });
    expect(shape(known.res.body)).toEqual(shape(unknown.res.body));
    expect(known.res.body).toMatchObject({ email: existing.user!.username, role: 'Admin', status: 'Invited' });
    // the same mail, but for the address
    const strip = (text: string, email: string) => text.replace(/#token=[^\s"]+/g, '#token=T').replaceAll(email, 'E');
    expect(strip(known.mail!.text, existing.user!.username)).toEqual(strip(unknown.mail!.text, unknownEmail));
    expect(known.mail!.subject).toBe('Olive Owner invited you to a Tabula workspace');
    expect(known.mail!.text).toContain('"Invite space" as Admin');
    expect(known.mail!.text).toContain('https://tabula.test/panel/invitation#token=');
    expect(known.mail!.html).toContain('Accept the invitation');
    // only the token's digest is stored
    const rows = await p.db('workspace_invitations').where({ workspace_id: t.workspace.id });
    expect(rows.map((r) => r.token_hash)).not.toContain(known.token);
    expect(JSON.stringify(rows)).not.toContain(known.token!);
    // both are pending
    const pending = await api(p, t.admin, 'GET', `/api/workspaces/${t.workspace.id}/pending-members`);
    expect(pending.status).toBe(200);
    expect(pending.body.data.map((i: { email: string }) => i.email).sort()).toEqual([existing.user!.username, unknownEmail].sort());
    expect(pending.body.data[0]).toEqual({
      id: expect.any(String),
      email: expect.any(String),
      role: 'Admin',
      invitedAt: expect.any(String),
      expiresAt: expect.any(String),
      expired: false,
    });
  });

  it('an existing user accepts through the link and joins with the role; the link works once', async () => {
    const eve = await signedIn(p, { name: 'Eve Existing' });
    const { token } = await invite(t, eve.user!.username, 'Member');
    expect((await api(p, eve, 'GET', `/api/workspaces/${t.workspace.id}`)).status).toBe(404);
    const res = await accept(eve, token!);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: t.workspace.id, name: 'Invite space', role: 'Member' });
    expect((await api(p, eve, 'GET', '/api/workspaces')).body.map((w: { id: string }) => w.id)).toContain(t.workspace.id);
    expect((await members(t)).body.data.find((m: { id: string }) => m.id === eve.user!.id)).toMatchObject({
      role: 'Member',
      name: 'Eve Existing',
    });
    const again = await accept(eve, token!);
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual({ token: ['This invitation has already been used.'] });
    const pending = await api(p, t.owner, 'GET', `/api/workspaces/${t.workspace.id}/pending-members?Take=100`);
    expect(pending.body.data.map((i: { email: string }) => i.email)).not.toContain(eve.user!.username);
  });

  it('a new person signs up with the invited address, logs in, accepts and lands in the workspace', async () => {
    const email = address('newcomer');
    const { token } = await invite(t, email, 'Admin');
    expect(
      (await api(p, null, 'POST', '/api/accounts/users', { username: email, password: PASSWORD, repeatPassword: PASSWORD, terms: true }))
        .status,
    ).toBe(201);
    const login = await api(p, null, 'POST', '/api/accounts/login', { username: email, password: PASSWORD });
    expect(login.status).toBe(200);
    const newcomer: Who = { token: login.body.accessToken, actor: { userId: null, uid: '', claims: null } };
    expect((await accept(null, token!)).status).toBe(401);
    const res = await accept(newcomer, token!);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: t.workspace.id, role: 'Admin' });
    const user = await p.db('users').where({ username: email }).first();
    expect(await p.db('workspace_members').where({ workspace_id: t.workspace.id, user_id: user.id }).first()).toMatchObject({
      role: 'Admin',
    });
    // as an Admin they see the pending invitations
    expect((await api(p, newcomer, 'GET', `/api/workspaces/${t.workspace.id}/pending-members`)).status).toBe(200);
  });

  it('refuses a link for another address, an unknown, an expired, a withdrawn and a replaced one', async () => {
    const owner = await signedIn(p, { name: 'Rightful' });
    const other = await signedIn(p, { name: 'Someone Else' });
    const { token } = await invite(t, owner.user!.username, 'Member');
    const wrong = await accept(other, token!);
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toMatch(/another e-mail address/);
    expect(await p.db('workspace_members').where({ workspace_id: t.workspace.id, user_id: other.user!.id }).first()).toBeUndefined();
    const bogus = await accept(owner, 'not-a-real-token');
    expect(bogus.status).toBe(400);
    expect(bogus.body.errors).toEqual({ token: ['This invitation link is not valid.'] });
    // expired
    await p
      .db('workspace_invitations')
      .where({ workspace_id: t.workspace.id, email: owner.user!.username })
      .update({ expires_at: new Date(Date.now() - 1000) });
    const expired = await accept(owner, token!);
    expect(expired.status).toBe(400);
    expect(expired.body.errors).toEqual({ token: ['This invitation has expired. Ask for a new one.'] });
    const listed = await api(p, t.owner, 'GET', `/api/workspaces/${t.workspace.id}/pending-members?QuickFilter=expired`);
    expect(listed.body.data.map((i: { email: string; expired: boolean }) => [i.email, i.expired])).toEqual([[owner.user!.username, true]]);
    // inviting again renews it: the old link stops working, the new one works
    const renewed = await invite(t, owner.user!.username, 'Member');
    expect((await accept(owner, token!)).body.errors).toEqual({ token: ['This invitation link is not valid.'] });
    // withdrawn
    const id = (
      await p
        .db('workspace_invitations')
        .where({ workspace_id: t.workspace.id, email: owner.user!.username })
        .whereNull('accepted_at')
        .first()
    ).id;
    expect((await api(p, t.member, 'DELETE', `/api/workspaces/${t.workspace.id}/pending-members/${id}`)).status).toBe(403);
    expect((await api(p, t.admin, 'DELETE', `/api/workspaces/${t.workspace.id}/pending-members/${id}`)).status).toBe(200);
    expect((await api(p, t.admin, 'DELETE', `/api/workspaces/${t.workspace.id}/pending-members/${id}`)).status).toBe(404);
    const withdrawn = await accept(owner, renewed.token!);
    expect(withdrawn.status).toBe(400);
    expect(withdrawn.body.errors).toEqual({ token: ['This invitation was withdrawn.'] });
    expect(await p.db('workspace_members').where({ workspace_id: t.workspace.id, user_id: owner.user!.id }).first()).toBeUndefined();
  });

  it('refuses inviting a member, roles other than Admin or Member, and bad addresses', async () => {
    const before = await workspaceState(p, t.workspace.id);
    const sent = smtp.mails.length;
    for (const [payload, field, text] of [
      [{ email: t.member.user!.username, role: 'Admin' }, 'email', /already a member/],
      [{ email: t.owner.user!.username, role: 'Member' }, 'email', /already a member/],
      [{ email: 'x@invite.example', role: 'Owner' }, 'role', /Admin, Member/],
      [{ email: 'x@invite.example', role: 'ClientAdmin' }, 'role', /Admin, Member/],
      [{ email: 'not an address', role: 'Member' }, 'email', /valid email/],
      [{ role: 'Member' }, 'email', /required/],
    ] as const) {
      const res = await api(p, t.owner, 'POST', `/api/workspaces/${t.workspace.id}/members`, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.errors[field].join(' '), JSON.stringify(payload)).toMatch(text);
    }
    for (const who of [t.member, t.clientAdmin]) {
      expect((await api(p, who, 'POST', `/api/workspaces/${t.workspace.id}/members`, { email: address('x'), role: 'Member' })).status).toBe(
        403,
      );
    }
    await drainMail(p.server.app);
    expect(smtp.mails.length).toBe(sent);
    expect(await workspaceState(p, t.workspace.id)).toEqual(before);
  });
});

describe('roles and removal', () => {
  it('grants Admin to a Member and revokes it; never the owner, never oneself', async () => {
    const t = await makeTeam(p, 'Roles space');
    const roleOf = async (who: Who) =>
      (await p.db('workspace_members').where({ workspace_id: t.workspace.id, user_id: who.user!.id }).first())?.role;
    const change = (by: Who, target: string, role: string) =>
      api(p, by, 'POST', `/api/workspaces/${t.workspace.id}/members/${target}/roles`, { role });
    const granted = await change(t.admin, t.member.user!.id, 'Admin');
    expect(granted.status).toBe(200);
    expect(granted.body).toEqual({ id: t.member.user!.id, role: 'Admin' });
    expect(await roleOf(t.member)).toBe('Admin');
    expect((await change(t.owner, t.member.user!.id, 'Member')).body).toEqual({ id: t.member.user!.id, role: 'Member' });
    expect(await roleOf(t.member)).toBe('Member');
    const before = await workspaceState(p, t.workspace.id);
    const owner = await change(t.admin, t.owner.user!.id, 'Member');
    expect(owner.status).toBe(400);
    expect(owner.body.errors).toEqual({ role: ["The owner's role cannot be changed."] });
    expect((await change(t.admin, t.admin.user!.id, 'Member')).status).toBe(400);
    expect((await change(t.owner, t.clientAdmin.user!.id, 'Admin')).status).toBe(400);
    expect((await change(t.owner, t.outsider.user!.id, 'Admin')).status).toBe(404);
    expect((await change(t.owner, t.member.user!.id, 'Owner')).status).toBe(400);
    expect((await change(t.member, t.member.user!.id, 'Admin')).status).toBe(403);
    expect((await change(t.clientAdmin, t.member.user!.id, 'Admin')).status).toBe(403);
    expect(await workspaceState(p, t.workspace.id)).toEqual(before);
  });

  it('removes non-owner members other than oneself, and tells their sockets on every board', async () => {
    const t = await makeTeam(p, 'Removal space');
    const board = await newBoard(p, t.owner, { workspace: t.workspace.id });
    await api(p, t.owner, 'POST', `/api/boards/${board.code}/sharings`, { link: 'NoAccess' });
    const published: Array<{ code: string; event: string; data: unknown; to?: string[] }> = [];
    const off = p.server.app.bus.subscribe((code, m) => void published.push({ code, event: m.event, data: m.data, to: m.to }));
    try {
      const remove = (by: Who, target: Who) => api(p, by, 'DELETE', `/api/workspaces/${t.workspace.id}/members/${target.user!.id}`);
      const before = await workspaceState(p, t.workspace.id);
      expect((await remove(t.member, t.clientAdmin)).status).toBe(403);
      expect((await remove(t.clientAdmin, t.member)).status).toBe(403);
      const owner = await remove(t.admin, t.owner);
      expect(owner.status).toBe(400);
      expect(owner.body.message).toBe('The owner cannot be removed.');
      expect((await remove(t.admin, t.admin)).status).toBe(400);
      expect((await remove(t.admin, t.outsider)).status).toBe(404);
      expect(await workspaceState(p, t.workspace.id)).toEqual(before);
      expect(published.filter((m) => m.event === 'onRoleChanged')).toEqual([]);
      const done = await remove(t.admin, t.member);
      expect(done.status).toBe(200);
      expect(await p.db('workspace_members').where({ workspace_id: t.workspace.id, user_id: t.member.user!.id }).first()).toBeUndefined();
      expect(published.filter((m) => m.event === 'onRoleChanged')).toEqual([
        { code: board.code, event: 'onRoleChanged', data: { role: null, permissions: [] }, to: [t.member.user!.id] },
      ]);
      // an admin made Member keeps the board at the workspace level (Editor by default)
      published.length = 0;
      expect(
        (await api(p, t.owner, 'POST', `/api/workspaces/${t.workspace.id}/members/${t.admin.user!.id}/roles`, { role: 'Member' })).status,
      ).toBe(200);
      expect(published.filter((m) => m.event === 'onRoleChanged')).toEqual([
        {
          code: board.code,
          event: 'onRoleChanged',
          data: { role: 'Editor', permissions: expect.arrayContaining(['edit_board']) },
          to: [t.admin.user!.id],
        },
      ]);
    } finally {
      off();
    }
  });
});
