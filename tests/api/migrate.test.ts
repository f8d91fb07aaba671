import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addComment } from '../../platform/comments/service';
import { sendMessage } from '../../platform/chat/service';
import { describeBoard } from '../../platform/boards/service';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { add, call, guest, newBoard, rect, send, signedIn, type Who } from './boards-fixtures';

/** POST /api/users/migrate: a guest's boards and memberships join the account at login. */
describe('guest merge at login', () => {
  let p: TestPlatform;
  let someone: Who;
  beforeAll(async () => {
    p = await startTestPlatform();
    someone = await signedIn(p);
  });
  afterAll(() => p.stop());

  it("moves the guest's boards into the default workspace and the memberships to the account; idempotent", async () => {
    const g = guest();
    const mine1 = await newBoard(p, g);
    const mine2 = await newBoard(p, g);
    await send(p, g, mine1.code, add(g.actor.uid, rect('s', g.actor.uid)));
    const theirs = await newBoard(p, someone);
    await describeBoard(p.server.app, theirs.code, g.actor);
    await sendMessage(p.server.app, theirs.code, g.actor, { id: 'm', message: 'hello' });
    await addComment(p.server.app, theirs.code, g.actor, 'note');
    const otherGuest = guest();
    const notMine = await newBoard(p, otherGuest);

    const user = await signedIn(p);
    expect((await call(p, null, 'POST', '/api/users/migrate', { uniqueUserId: g.actor.uid })).status).toBe(401);
    expect((await call(p, user, 'POST', '/api/users/migrate', {})).status).toBe(400);
    const res = await call(p, user, 'POST', '/api/users/migrate/', { uniqueUserId: g.actor.uid });
    expect(res).toMatchObject({ status: 200, body: { boards: 2 } });
    expect(res.body.memberships).toBeGreaterThanOrEqual(3);

    const ws = await p.db('workspaces').where({ owner_id: user.user!.id, is_default: true }).first();
    for (const b of [mine1, mine2]) {
      expect(await p.db('boards').where({ id: b.id }).first()).toMatchObject({ owner_id: user.user!.id, workspace_id: ws.id });
      expect((await describeBoard(p.server.app, b.code, user.actor)).claims.role).toBe('Owner');
    }
    expect(await p.db('boards').where({ id: notMine.id }).first()).toMatchObject({ owner_id: null, owner_uid: otherGuest.actor.uid });
    // the guest identity no longer owns anything
    expect((await describeBoard(p.server.app, mine1.code, g.actor)).claims.role).toBe('Editor');
    const theirsId = theirs.id;
    expect(await p.db('board_members').where({ board_id: theirsId, uid: g.actor.uid })).toHaveLength(0);
    expect(await p.db('board_members').where({ board_id: theirsId, user_id: user.user!.id })).toHaveLength(1);
    const chat = await call(p, user, 'GET', `/api/boards/${theirs.code}/messages`);
    expect(chat.body[0]).toMatchObject({ message: 'hello', sender: 'self' });

    expect((await call(p, user, 'POST', '/api/users/migrate', { uniqueUserId: g.actor.uid })).body).toEqual({ boards: 0, memberships: 0 });
  });

  it('keeps the account’s own member row when both identities were on a board', async () => {
    const g = guest();
    const user = await signedIn(p);
    const b = await newBoard(p, someone);
    await describeBoard(p.server.app, b.code, g.actor);
    await describeBoard(p.server.app, b.code, user.actor);
    await call(p, user, 'POST', '/api/users/migrate', { uniqueUserId: g.actor.uid });
    const rows = await p.db('board_members').where({ board_id: b.id });
    expect(rows.map((r) => r.uid).sort()).toEqual([someone.actor.uid, user.actor.uid].sort());
  });
});
