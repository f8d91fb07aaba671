import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addComment } from '../../platform/comments/service';
import { sendMessage } from '../../platform/chat/service';
import { activityIdle } from '../../platform/boards/activity';
import { reauthorShape } from '../../platform/boards/migrate';
import { describeBoard, updateBoardConfig } from '../../platform/boards/service';
import { refreshSnapshot, snapshotsIdle } from '../../platform/boards/snapshots';
import type { Command } from '../../shared/model';
import { BoardDoc } from '../../shared/reducer';
import { HubClient } from '../helpers/hub';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { add, call, cid, guest, move, newBoard, rect, send, signedIn, uidOf, undo, type Who } from './boards-fixtures';

/** POST /api/users/migrate: a guest's boards, memberships and drawn commands join the account at login. */
describe('guest merge at login', () => {
  let p: TestPlatform;
  let someone: Who;
  const open: HubClient[] = [];
  beforeAll(async () => {
    p = await startTestPlatform({}, { listen: true });
    someone = await signedIn(p, { plan: 'team' });
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
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
    expect((await call(p, null, 'POST', '/api/users/migrate', { uniqueUserId: uidOf(g) })).status).toBe(401);
    expect((await call(p, user, 'POST', '/api/users/migrate', {})).status).toBe(400);
    const res = await call(p, user, 'POST', '/api/users/migrate/', { uniqueUserId: uidOf(g) });
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

    expect((await call(p, user, 'POST', '/api/users/migrate', { uniqueUserId: uidOf(g) })).body).toEqual({ boards: 0, memberships: 0 });
  });

  it('keeps the account’s own member row when both identities were on a board', async () => {
    const g = guest();
    const user = await signedIn(p);
    const b = await newBoard(p, someone);
    await describeBoard(p.server.app, b.code, g.actor);
    await describeBoard(p.server.app, b.code, user.actor);
    await call(p, user, 'POST', '/api/users/migrate', { uniqueUserId: uidOf(g) });
    const rows = await p.db('board_members').where({ board_id: b.id });
    expect(rows.map((r) => r.uid).sort()).toEqual([someone.actor.uid, user.actor.uid].sort());
  });

  describe("the guest's commands become the user's", () => {
    const app = () => p.server.app;
    const migrate = async (user: Who, g: Who) => {
      const res = await call(p, user, 'POST', '/api/users/migrate', { uniqueUserId: uidOf(g) });
      expect(res.status).toBe(200);
    };
    /** Opening a board as a client does (GET …/commands): the visitor becomes a member. */
    const join = async (who: Who, code: string) => {
      const res = await call(p, who, 'GET', `/api/boards/${code}/commands`);
      expect(res.status).toBe(200);
      const doc = new BoardDoc(res.body.snapshot ?? undefined);
      for (const c of res.body.commands) doc.apply(c);
      return { doc, body: res.body };
    };
    /** Rows of the board whose stored JSON still names `uid`. */
    const naming = async (boardId: string, uid: string) => ({
      commands: (await p.db('commands').where({ board_id: boardId }).whereRaw('strpos(payload::text, ?) > 0', [uid])).length,
      snapshots: (await p.db('snapshots').where({ board_id: boardId }).whereRaw('strpos(state::text, ?) > 0', [uid])).length,
    });
    const lock = (uid: string, shapes: string[]): Command =>
      ({ id: cid(), uid, status: 'normal', timestamp: Date.now(), cmd: 'lock', shapes, locked: true, protect: true }) as Command;

    it('lets the user undo and redo guest-era commands, over HTTP and through the hub', async () => {
      const g = guest();
      const board = await newBoard(p, g);
      const first = add(g.actor.uid, rect('u1', g.actor.uid));
      const second = add(g.actor.uid, rect('u2', g.actor.uid));
      expect((await send(p, g, board.code, first)).status).toBe(200);
      expect((await send(p, g, board.code, second)).status).toBe(200);
      const user = await signedIn(p);
      // before the merge they are someone else's commands
      expect((await send(p, user, board.code, undo(user.actor.uid, second.id))).status).toBe(403);

      await migrate(user, g);
      const rows = await p.db('commands').where({ board_id: board.id }).orderBy('seq');
      expect(rows.map((r) => [r.uid, r.payload.uid, r.payload.shape.uid])).toEqual([
        [user.actor.uid, user.actor.uid, user.actor.uid],
        [user.actor.uid, user.actor.uid, user.actor.uid],
      ]);

      const http = await send(p, user, board.code, undo(user.actor.uid, second.id));
      expect(http).toMatchObject({ status: 200, body: { seq: 3 } });
      const hub = await HubClient.connect(p.url, { token: user.token });
      open.push(hub);
      await hub.call('joinBoard', null, board.code, null, {});
      const viaHub = undo(user.actor.uid, first.id);
      expect(await hub.call('sendCommand', board.code, viaHub)).toMatchObject({ id: viaHub.id, seq: 4, duplicate: false });
      const stored = await p.db('commands').where({ board_id: board.id }).orderBy('seq');
      expect(stored.slice(2).map((r) => [r.uid, r.status, r.payload.effect])).toEqual([
        [user.actor.uid, 'normal', expect.objectContaining({ shapes: [], removed: ['u2'] })],
        [user.actor.uid, 'normal', expect.objectContaining({ shapes: [], removed: ['u1'] })],
      ]);
      expect(stored.slice(0, 2).map((r) => r.status)).toEqual(['disabled', 'disabled']);
      expect((await join(user, board.code)).doc.size).toBe(0);
      // and redo brings a shape back, drawn by the user
      expect((await send(p, user, board.code, undo(user.actor.uid, first.id, true))).status).toBe(200);
      expect((await join(user, board.code)).doc.get('u1')).toMatchObject({ uid: user.actor.uid });
      // the guest identity can no longer undo them
      expect((await send(p, g, board.code, undo(g.actor.uid, first.id))).status).toBe(403);
    });

    it('lets the user move, in private mode, a shape they drew as a guest', async () => {
      const g = guest();
      const other = await signedIn(p);
      const board = await newBoard(p, someone);
      await join(g, board.code);
      expect((await send(p, g, board.code, add(g.actor.uid, rect('mine', g.actor.uid)))).status).toBe(200);
      await updateBoardConfig(app(), board.code, someone.actor, { privateMode: { type: 1, blurry: false } });
      expect((await send(p, other, board.code, move(other.actor.uid, 'mine', 1, 1))).status).toBe(403);

      const user = await signedIn(p);
      expect((await send(p, user, board.code, move(user.actor.uid, 'mine', 1, 1))).status).toBe(403);
      await migrate(user, g);
      expect((await send(p, user, board.code, move(user.actor.uid, 'mine', 5, 5))).status).toBe(200);
      expect((await send(p, g, board.code, move(g.actor.uid, 'mine', 1, 1))).status).toBe(403);
      expect((await join(user, board.code)).doc.get('mine')).toMatchObject({ uid: user.actor.uid, x: 5, y: 5 });
    });

    it('also finds the boards the guest edited without opening them (board_activity)', async () => {
      const g = guest();
      const board = await newBoard(p, someone);
      expect((await send(p, g, board.code, add(g.actor.uid, rect('e1', g.actor.uid)), { coreActions: ['edited'] })).status).toBe(200);
      await activityIdle(app());
      expect(await p.db('board_members').where({ board_id: board.id, uid: g.actor.uid })).toHaveLength(0);
      const user = await signedIn(p);
      await migrate(user, g);
      const row = await p.db('commands').where({ board_id: board.id }).first();
      expect([row.uid, row.payload.uid, row.payload.shape.uid]).toEqual([user.actor.uid, user.actor.uid, user.actor.uid]);
    });

    it("rewrites the boards' snapshots, effects and undo info, so a loaded board shows the user's shapes", async () => {
      const g = guest();
      const board = await newBoard(p, someone);
      await join(g, board.code);
      const s1 = add(g.actor.uid, rect('s1', g.actor.uid));
      await send(p, g, board.code, s1);
      await send(p, g, board.code, add(g.actor.uid, rect('s2', g.actor.uid)));
      const theirMove = move(someone.actor.uid, 's1', 10, 0);
      await send(p, someone, board.code, theirMove);
      await send(p, g, board.code, move(g.actor.uid, 's1', 0, 10));
      // a plain lock: protecting needs the protected-lock policy, which a guest's (plan-less) identity never has
      await send(p, g, board.code, { ...lock(g.actor.uid, ['s2']), protect: false } as Command);
      // someone else's undo: its effect carries s1 as the guest left it
      await send(p, someone, board.code, undo(someone.actor.uid, theirMove.id));
      await snapshotsIdle(app());
      expect(await refreshSnapshot(p.db, board.id)).toBe(6);
      const late = add(g.actor.uid, rect('s3', g.actor.uid));
      await send(p, g, board.code, late);
      expect(await naming(board.id, g.actor.uid)).toEqual({ commands: 6, snapshots: 1 });
      const before = await join(someone, board.code);

      const user = await signedIn(p);
      await migrate(user, g);
      expect(await naming(board.id, g.actor.uid)).toEqual({ commands: 0, snapshots: 0 });
      const me = user.actor.uid;
      const { doc, body } = await join(user, board.code);
      expect(body.snapshot.seq).toBe(6);
      expect(body.snapshot.shapes.map((s: any) => [s.id, s.uid])).toEqual([
        ['s1', me],
        ['s2', me],
      ]);
      expect(body.snapshot.shapes[0]).toMatchObject({ x: 0, y: 10, modifiedBy: me });
      expect(body.snapshot.shapes[1]).toMatchObject({ lock: true, modifiedBy: me });
      // a protector is re-authored too (protected shapes stored before the plan gate)
      expect(reauthorShape({ ...rect('p', g.actor.uid), protectedBy: g.actor.uid }, g.actor.uid, me)).toMatchObject({
        uid: me,
        protectedBy: me,
      });
      expect(body.commands.map((c: any) => [c.seq, c.uid, c.shape.uid])).toEqual([[7, me, me]]);
      const effect = (await p.db('commands').where({ board_id: board.id, seq: 6 }).first()).payload.effect;
      expect(effect.shapes).toEqual([expect.objectContaining({ id: 's1', uid: me, modifiedBy: me })]);
      // the same board as before, but the user's; the undo info (from the snapshot) is theirs too
      expect(doc.ordered()).toEqual(before.doc.ordered().map((s) => reauthorShape(s, g.actor.uid, me)));
      expect(doc.latestUndoable(me)?.id).toBe(late.id);
      expect(doc.latestUndoable(g.actor.uid)).toBeUndefined();
      // an undo of a guest-era command older than the snapshot is accepted
      expect((await send(p, user, board.code, undo(me, s1.id))).status).toBe(200);
      expect((await join(user, board.code)).doc.has('s1')).toBe(false);
      // other authors' commands keep their author
      expect((await p.db('commands').where({ board_id: board.id, seq: 3 }).first()).uid).toBe(someone.actor.uid);
    });
  });
});
