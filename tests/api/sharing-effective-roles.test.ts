import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Shape } from '../../shared/model';
import { LINK_SHARING_LEVELS, ROLE_RANK, type Role } from '../../shared/permissions';
import { add, boardsSuite, call, newBoard, rect, send, signedIn, type Who } from './boards-fixtures';

/**
 * Roles that say what they do (issue 34 item 6): a member's own role below the link or workspace
 * level has no effect (shared/permissions resolveBoardGrant), so a role change answers the role in
 * force with what limited it, the member is told (and may do) exactly that role's part, and the
 * owner's sharing view gives each member's role in force and its floor.
 */
describe('role changes answer the role in force', () => {
  const s = boardsSuite({ owner: { plan: 'team', name: 'Olive' } });

  const comment = (uid: string): Shape =>
    ({
      id: `cm-${crypto.randomUUID()}`,
      cmd: 'comment',
      uid,
      timestamp: 1,
      x: 0,
      y: 0,
      threadId: crypto.randomUUID(),
      color: 6,
      resolved: false,
    }) as Shape;

  /** What `who` can do on the board now: draw (edit_board), comment (write_comment), open it. */
  async function abilities(who: Who, code: string) {
    const drew = (await send(s.p, who, code, add(who.actor.uid, rect(`r-${crypto.randomUUID()}`, who.actor.uid)))).status;
    const commented = (await send(s.p, who, code, add(who.actor.uid, comment(who.actor.uid)))).status;
    const opened = (await call(s.p, who, 'GET', `/api/boards/${code}/commands`)).status;
    return { draw: drew === 200, comment: commented === 200, open: opened === 200 };
  }
  const expected = (role: Role) => ({
    draw: ROLE_RANK[role] >= ROLE_RANK.Editor,
    comment: ROLE_RANK[role] >= ROLE_RANK.Commenter,
    open: role !== 'NoAccess',
  });

  for (const link of LINK_SHARING_LEVELS) {
    it(`lowering a member to Viewer under the link level ${link}`, async () => {
      const { code } = await newBoard(s.p, s.owner);
      await call(s.p, s.owner, 'POST', `/api/boards/${code}/sharings`, { link });
      const member = await signedIn(s.p, { name: 'Mia', plan: 'team' });
      const invited = await call(s.p, s.owner, 'POST', `/api/boards/${code}/members`, {
        email: member.user!.username,
        memberRole: 'Facilitator',
      });
      expect(invited.status).toBe(200);
      const before = s.events(code, 'onRoleChanged').length;

      const res = await call(s.p, s.owner, 'POST', `/api/boards/${code}/members/${invited.body.id}/roles`, { role: 'Viewer' });
      const inForce: Role = ROLE_RANK[link] > ROLE_RANK.Viewer ? link : 'Viewer';
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: invited.body.id,
        role: inForce,
        limitedBy: ROLE_RANK[link] > ROLE_RANK.Viewer ? { role: link, by: 'link' } : null,
      });
      // the member is told the role in force (their claims; the hub's session takes it)
      expect(s.events(code, 'onRoleChanged').slice(before)).toEqual([
        expect.objectContaining({ data: expect.objectContaining({ role: inForce }), to: [member.actor.uid] }),
      ]);
      // and can do exactly that
      expect(await abilities(member, code)).toEqual(expected(inForce));

      // the owner's sharing view: the role in force and what keeps it from going lower
      const sharing = await call(s.p, s.owner, 'GET', `/api/boards/${code}/sharing`);
      const row = sharing.body.members.find((m: { id: string }) => m.id === invited.body.id);
      expect(row).toMatchObject({ role: inForce, roleLimit: link === 'NoAccess' ? null : { role: link, by: 'link' } });
      // nobody else learns the floors
      if (link !== 'NoAccess') {
        const other = (await call(s.p, member, 'GET', `/api/boards/${code}/sharing`)).body.members;
        expect(other.every((m: object) => !('roleLimit' in m))).toBe(true);
      }

      // lowering the link level first makes the member's own role count, at once
      await call(s.p, s.owner, 'POST', `/api/boards/${code}/sharings`, { link: 'NoAccess' });
      expect(await abilities(member, code)).toEqual(expected('Viewer'));
      const again = await call(s.p, s.owner, 'POST', `/api/boards/${code}/members/${invited.body.id}/roles`, { role: 'Commenter' });
      expect(again.body).toEqual({ id: invited.body.id, role: 'Commenter', limitedBy: null });
      expect(await abilities(member, code)).toEqual(expected('Commenter'));
    });
  }

  it('the workspace level outranks a workspace member’s own role, and workspace admins own the board', async () => {
    const { code, id } = await newBoard(s.p, s.owner);
    const board = await s.p.db('boards').where({ id }).first();
    await call(s.p, s.owner, 'POST', `/api/boards/${code}/sharings`, { workspace: 'Editor', link: 'NoAccess' });
    const colleague = await signedIn(s.p, { name: 'Cal', plan: 'team' });
    await s.p.db('workspace_members').insert({ workspace_id: board.workspace_id, user_id: colleague.user!.id, role: 'Member' });
    const invited = await call(s.p, s.owner, 'POST', `/api/boards/${code}/members`, {
      email: colleague.user!.username,
      memberRole: 'Editor',
    });
    const url = `/api/boards/${code}/members/${invited.body.id}/roles`;

    const res = await call(s.p, s.owner, 'POST', url, { role: 'Viewer' });
    expect(res.body).toEqual({ id: invited.body.id, role: 'Editor', limitedBy: { role: 'Editor', by: 'workspace' } });
    expect(await abilities(colleague, code)).toEqual(expected('Editor'));
    // NoAccess always takes effect (the owner's revocation)
    expect((await call(s.p, s.owner, 'POST', url, { role: 'NoAccess' })).body).toEqual({
      id: invited.body.id,
      role: null,
      limitedBy: null,
    });
    expect(await abilities(colleague, code)).toEqual(expected('NoAccess'));

    // a workspace member with no role of their own keeps the workspace level when the link closes:
    // never told they were revoked
    const reader = await signedIn(s.p, { name: 'Rey', plan: 'team' });
    await s.p.db('workspace_members').insert({ workspace_id: board.workspace_id, user_id: reader.user!.id, role: 'Member' });
    await call(s.p, s.owner, 'POST', `/api/boards/${code}/sharings`, { link: 'Editor' });
    expect((await call(s.p, reader, 'GET', `/api/boards/${code}/commands`)).status).toBe(200);
    const before = s.events(code, 'onRoleChanged').length;
    await call(s.p, s.owner, 'POST', `/api/boards/${code}/sharings`, { workspace: 'Commenter', link: 'NoAccess' });
    const told = s
      .events(code, 'onRoleChanged')
      .slice(before)
      .filter((e) => e.to?.includes(reader.actor.uid));
    expect(told.map((e) => (e.data as { role: unknown }).role)).toEqual(['Commenter']);
    expect(await abilities(reader, code)).toEqual(expected('Commenter'));

    const admin = await signedIn(s.p, { name: 'Ada' });
    await s.p.db('workspace_members').insert({ workspace_id: board.workspace_id, user_id: admin.user!.id, role: 'Admin' });
    const adminRow = await call(s.p, s.owner, 'POST', `/api/boards/${code}/members`, { email: admin.user!.username, memberRole: 'Editor' });
    const lowered = await call(s.p, s.owner, 'POST', `/api/boards/${code}/members/${adminRow.body.id}/roles`, { role: 'Viewer' });
    expect(lowered.body).toEqual({ id: adminRow.body.id, role: 'Owner', limitedBy: { role: 'Owner', by: 'owner' } });
  });
});
