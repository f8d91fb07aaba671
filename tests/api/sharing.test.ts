import { describe, expect, it } from 'vitest';
import { describeBoard } from '../../platform/boards/service';
import { add, boardsSuite, call, guest, newBoard, rect, send, signedIn } from './boards-fixtures';

/** Sharing: levels, invitations, member roles and the onRoleChanged notice to the member. */
describe('board sharing', () => {
  const s = boardsSuite({ owner: { plan: 'team', name: 'Olive' }, freeOwner: {}, invitee: { name: 'Ivy' } });

  it('shows members, workspace name and levels to anyone on the board', async () => {
    const { code } = await newBoard(s.p, s.owner);
    const g = guest();
    await describeBoard(s.p.server.app, code, g.actor);
    const res = await call(s.p, g, 'GET', `/api/boards/${code}/sharing`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ workspaceName: 'My workspace', workspace: 'Editor', link: 'Editor' });
    expect(res.body.members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ uid: s.owner.actor.uid, isOwner: true, role: 'Owner', name: 'Olive' }),
        expect.objectContaining({ uid: g.actor.uid, isOwner: false, isSelf: true, role: 'Editor', name: 'Guest' }),
      ]),
    );
    await s.p.db('boards').where({ code }).update({ link_level: 'NoAccess' });
    expect((await call(s.p, await signedIn(s.p), 'GET', `/api/boards/${code}/sharing`)).status).toBe(403);
  });

  it('sets the levels (owner only) and tells each member whose role changed', async () => {
    const { code } = await newBoard(s.p, s.owner);
    const g = guest();
    await describeBoard(s.p.server.app, code, g.actor);
    expect((await call(s.p, g, 'POST', `/api/boards/${code}/sharings`, { link: 'Viewer' })).status).toBe(403);
    const bad = await call(s.p, s.owner, 'POST', `/api/boards/${code}/sharings`, { link: 'Admin' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.link).toBeDefined();
    expect((await call(s.p, s.owner, 'POST', `/api/boards/${code}/sharings`, {})).status).toBe(400);

    const res = await call(s.p, s.owner, 'POST', `/api/boards/${code}/sharings`, { workspace: 'Commenter', link: 'Viewer' });
    expect(res).toMatchObject({ status: 200, body: { workspace: 'Commenter', link: 'Viewer' } });
    expect(s.events(code, 'onRoleChanged')).toEqual([
      { event: 'onRoleChanged', data: { role: 'Viewer', permissions: ['view_chat', 'video_chat'] }, to: [g.actor.uid] },
    ]);
    expect((await describeBoard(s.p.server.app, code, g.actor)).claims.role).toBe('Viewer');

    await call(s.p, s.owner, 'POST', `/api/boards/${code}/sharings`, { link: 'NoAccess' });
    expect(s.events(code, 'onRoleChanged').at(-1)).toMatchObject({ data: { role: null }, to: [g.actor.uid] });
    expect((await call(s.p, g, 'GET', `/api/boards/${code}/commands`)).status).toBe(403);
  });

  it('needs the facilitator policy for a Facilitator level or role', async () => {
    const { code } = await newBoard(s.p, s.freeOwner);
    const res = await call(s.p, s.freeOwner, 'POST', `/api/boards/${code}/sharings`, { link: 'Facilitator' });
    expect(res).toMatchObject({ status: 400, body: { errors: { link: ['The Facilitator role needs a team plan.'] } } });
    const inv = await call(s.p, s.freeOwner, 'POST', `/api/boards/${code}/members`, {
      email: s.invitee.user!.username,
      memberRole: 'Facilitator',
    });
    expect(inv).toMatchObject({ status: 400, body: { errors: { memberRole: ['The Facilitator role needs a team plan.'] } } });
    const ok = await newBoard(s.p, s.owner);
    expect((await call(s.p, s.owner, 'POST', `/api/boards/${ok.code}/sharings`, { link: 'Facilitator' })).status).toBe(200);
  });

  it('invites a member by e-mail (owner only) with field errors under email', async () => {
    const { code } = await newBoard(s.p, s.owner);
    await s.p.db('boards').where({ code }).update({ link_level: 'NoAccess' });
    // an address without an account is invited by e-mail, answered like an account (tests/security/enumeration.test.ts)
    const unknown = await call(s.p, s.owner, 'POST', `/api/boards/${code}/members`, { email: 'nobody@example.com', memberRole: 'Editor' });
    expect(unknown).toMatchObject({ status: 200, body: { displayName: 'nobody@example.com', profileImage: null, status: 'Invited' } });
    const self = await call(s.p, s.owner, 'POST', `/api/boards/${code}/members`, {
      email: ` ${s.owner.user!.username.toUpperCase()} `,
      memberRole: 'Editor',
    });
    expect(self).toMatchObject({
      status: 400,
      body: { message: 'The owner cannot be invited', errors: { email: ['The owner cannot be invited'] } },
    });
    const malformed = await call(s.p, s.owner, 'POST', `/api/boards/${code}/members`, { email: 'not-an-email', memberRole: 'Editor' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors.email).toBeDefined();
    expect(
      (await call(s.p, s.owner, 'POST', `/api/boards/${code}/members`, { email: s.invitee.user!.username, memberRole: 'Owner' })).status,
    ).toBe(400);

    expect((await call(s.p, s.invitee, 'GET', `/api/boards/${code}/commands`)).status).toBe(403);
    const res = await call(s.p, s.owner, 'POST', `/api/boards/${code}/members/`, {
      email: s.invitee.user!.username,
      memberRole: 'Commenter',
    });
    expect(res).toMatchObject({
      status: 200,
      body: { id: expect.any(String), displayName: s.invitee.user!.username, profileImage: null, status: 'Invited' },
    });
    const info = await describeBoard(s.p.server.app, code, s.invitee.actor);
    expect(info.claims.role).toBe('Commenter');
    const sharing = await call(s.p, s.owner, 'GET', `/api/boards/${code}/sharing`);
    expect(sharing.body.members).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: res.body.id, role: 'Commenter', status: 'Joined' })]),
    );
    // inviting again replaces the row and tells the member
    await call(s.p, s.owner, 'POST', `/api/boards/${code}/members`, { email: s.invitee.user!.username, memberRole: 'Editor' });
    expect(await s.p.db('board_members').where({ uid: s.invitee.actor.uid })).toHaveLength(1);
    expect(s.events(code, 'onRoleChanged').at(-1)).toMatchObject({ data: { role: 'Editor' }, to: [s.invitee.actor.uid] });

    expect(
      (await call(s.p, s.invitee, 'POST', `/api/boards/${code}/members`, { email: s.owner.user!.username, memberRole: 'Viewer' })).status,
    ).toBe(403);
    const guestBoard = await newBoard(s.p, guest());
    const g = guest();
    const guestOwner = (await s.p.db('boards').where({ code: guestBoard.code }).first()).owner_uid;
    const byGuest = await call(
      s.p,
      { actor: { userId: null, uid: guestOwner, claims: null } },
      'POST',
      `/api/boards/${guestBoard.code}/members`,
      { email: s.invitee.user!.username, memberRole: 'Viewer' },
    );
    expect(byGuest).toMatchObject({ status: 403, body: { message: 'login to invite' } });
    // another guest (not the owner) is refused the same way, and neither refusal stored a member
    const byOtherGuest = await call(s.p, g, 'POST', `/api/boards/${guestBoard.code}/members`, {
      email: s.invitee.user!.username,
      memberRole: 'Viewer',
    });
    expect(byOtherGuest).toMatchObject({ status: 403, body: { message: 'login to invite' } });
    expect(await s.p.db('board_members').where({ board_id: guestBoard.id, uid: s.invitee.actor.uid })).toEqual([]);
  });

  it("changes a member's role (owner only); the member's sockets learn it, NoAccess revokes", async () => {
    const { code } = await newBoard(s.p, s.owner);
    await s.p.db('boards').where({ code }).update({ link_level: 'NoAccess' });
    const member = (
      await call(s.p, s.owner, 'POST', `/api/boards/${code}/members`, { email: s.invitee.user!.username, memberRole: 'Editor' })
    ).body;
    const url = `/api/boards/${code}/members/${member.id}/roles`;
    expect((await call(s.p, s.invitee, 'POST', url, { role: 'Viewer' })).status).toBe(403);
    expect((await call(s.p, s.owner, 'POST', url, { role: 'Boss' })).status).toBe(400);
    expect(
      (await call(s.p, s.owner, 'POST', `/api/boards/${code}/members/00000000-0000-4000-8000-000000000000/roles`, { role: 'Viewer' }))
        .status,
    ).toBe(404);

    const res = await call(s.p, s.owner, 'POST', url, { role: 'Viewer' });
    expect(res).toMatchObject({ status: 200, body: { id: member.id, role: 'Viewer' } });
    expect(s.events(code, 'onRoleChanged').at(-1)).toEqual({
      event: 'onRoleChanged',
      data: { role: 'Viewer', permissions: ['view_chat', 'video_chat'] },
      to: [s.invitee.actor.uid],
    });
    // by uid too
    expect(
      (await call(s.p, s.owner, 'POST', `/api/boards/${code}/members/${s.invitee.actor.uid}/roles`, { role: 'Facilitator' })).body.role,
    ).toBe('Facilitator');

    // the member draws (their access is now remembered for the append path)…
    expect((await send(s.p, s.invitee, code, add(s.invitee.actor.uid, rect('i1', s.invitee.actor.uid)))).status).toBe(200);
    const revoke = await call(s.p, s.owner, 'POST', url, { role: 'NoAccess' });
    // …and is refused at once after the revocation
    expect((await send(s.p, s.invitee, code, add(s.invitee.actor.uid, rect('i2', s.invitee.actor.uid)))).status).toBe(403);
    expect(revoke.body.role).toBeNull();
    expect(s.events(code, 'onRoleChanged').at(-1)).toMatchObject({ data: { role: null, permissions: [] }, to: [s.invitee.actor.uid] });
    expect((await call(s.p, s.invitee, 'GET', `/api/boards/${code}/commands`)).status).toBe(403);

    const boardId = (await s.p.db('boards').where({ code }).first()).id;
    const ownerRow = await s.p.db('board_members').where({ board_id: boardId, uid: s.owner.actor.uid }).first();
    const fixed = await call(s.p, s.owner, 'POST', `/api/boards/${code}/members/${ownerRow.id}/roles`, { role: 'Viewer' });
    expect(fixed).toMatchObject({ status: 400, body: { errors: { role: ["The owner's role cannot be changed."] } } });
  });

  it('forgets remembered access when another node announces a change on the bus', async () => {
    const { code, id } = await newBoard(s.p, s.owner);
    const g = guest();
    expect((await send(s.p, g, code, add(g.actor.uid, rect('a', g.actor.uid)))).status).toBe(200);
    // another node changed the link level and announced it
    await s.p.db('boards').where({ id }).update({ link_level: 'Viewer' });
    await s.p.server.app.bus.publish(code, { event: 'onRoleChanged', data: { role: 'Viewer' }, to: [g.actor.uid] });
    expect((await send(s.p, g, code, add(g.actor.uid, rect('b', g.actor.uid)))).status).toBe(403);
  });
});
