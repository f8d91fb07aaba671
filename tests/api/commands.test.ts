import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appendCommand, commandsSince, updateBoardConfig } from '../../platform/boards/service';
import type { Command, Shape } from '../../shared/model';
import { BoardDoc } from '../../shared/reducer';
import { add, boardsSuite, call, cid, clear, guest, move, newBoard, rect, send, signedIn, undo, type Who } from './boards-fixtures';

/** The command log: append over HTTP and through the service, seq, idempotency, validation, roles. */
describe('board commands', () => {
  const s = boardsSuite({ owner: { name: 'Owner', plan: 'team' }, editor: { name: 'Editor', plan: 'team' } });
  const rows = (boardId: string) => s.p.db('commands').where({ board_id: boardId }).orderBy('seq');
  const boardWith = async (levels: { link?: string } = {}) => {
    const b = await newBoard(s.p, s.owner);
    if (levels.link) await s.p.db('boards').where({ id: b.id }).update({ link_level: levels.link });
    return b;
  };

  it('appends over HTTP and answers {id, seq}; seq counts per board from 1', async () => {
    const { code, id } = await boardWith();
    const a = add(s.owner.actor.uid, rect('s1', s.owner.actor.uid));
    const res = await send(s.p, s.owner, code, a, { connectionId: 'conn-1', coreActions: ['edited'] });
    expect(res).toMatchObject({ status: 200, body: { id: a.id, seq: 1 } });
    const b = move(s.owner.actor.uid, 's1', 5, 5);
    expect((await call(s.p, s.owner, 'POST', `/api/boards/${code}/commands`, { boardCommand: b })).body).toEqual({ id: b.id, seq: 2 });
    const other = await boardWith();
    expect((await send(s.p, s.owner, other.code, add(s.owner.actor.uid, rect('s1', s.owner.actor.uid)))).body.seq).toBe(1);
    const stored = await rows(id);
    expect(stored.map((r) => [r.seq, r.client_id, r.kind, r.uid])).toEqual([
      [1, a.id, 'rectangle', s.owner.actor.uid],
      [2, b.id, 'reposition', s.owner.actor.uid],
    ]);
    expect((await s.p.db('boards').where({ id }).first()).last_seq).toBe(2);
    const events = s.events(code, 'onCommand');
    expect(events[0]).toMatchObject({ except: 'conn-1', data: { id: a.id, seq: 1, cmd: 'rectangle' } });
  });

  it('lets a roaming guest append with only a Uid', async () => {
    const { code } = await boardWith();
    const g = guest();
    const res = await send(s.p, g, code, add(g.actor.uid, rect('g1', g.actor.uid)));
    expect(res).toMatchObject({ status: 200, body: { seq: 1 } });
    expect((await send(s.p, null as never, code, add('x', rect('g2', 'x')))).status).toBe(401);
  });

  it('stamps the sender as the author, whatever the command says', async () => {
    const { code, id } = await boardWith();
    const forged = add('someone-else', rect('f1', 'someone-else'));
    await send(s.p, s.editor, code, forged);
    const row = (await rows(id))[0];
    expect(row.uid).toBe(s.editor.actor.uid);
    expect(row.payload.uid).toBe(s.editor.actor.uid);
    expect(row.payload.shape.uid).toBe(s.editor.actor.uid);
  });

  it('is idempotent by client command id: a retry answers the same seq and stores one row', async () => {
    const { code, id } = await boardWith();
    const c = add(s.owner.actor.uid, rect('r1', s.owner.actor.uid));
    const first = await send(s.p, s.owner, code, c);
    const again = await send(s.p, s.owner, code, c);
    expect(again.body).toEqual(first.body);
    const viaService = await appendCommand(s.app(), code, s.owner.actor, c);
    expect(viaService).toMatchObject({ duplicate: true, command: { id: c.id, seq: 1 } });
    // concurrent retries of one command: still one row
    const d = add(s.owner.actor.uid, rect('r2', s.owner.actor.uid));
    const results = await Promise.all(Array.from({ length: 6 }, () => appendCommand(s.app(), code, s.owner.actor, d)));
    expect(new Set(results.map((r) => r.command.seq)).size).toBe(1);
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(await rows(id)).toHaveLength(2);
    expect((await s.p.db('boards').where({ id }).first()).last_seq).toBe(2);
  });

  it('gives concurrent appends from many promises distinct consecutive seqs', async () => {
    const { code, id } = await boardWith();
    const commands = Array.from({ length: 40 }, (_, i) => add(s.owner.actor.uid, rect(`c${i}`, s.owner.actor.uid)));
    const results = await Promise.all(commands.map((c, i) => appendCommand(s.app(), code, i % 2 ? s.owner.actor : s.editor.actor, c)));
    const seqs = results.map((r) => r.command.seq!).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect((await rows(id)).map((r) => r.seq)).toEqual(seqs);
  });

  it('refuses invalid commands with the envelope and stores nothing', async () => {
    const { code, id } = await boardWith();
    const bad = [
      { boardCommand: '{not json' },
      { boardCommand: JSON.stringify({ id: cid(), uid: s.owner.actor.uid, status: 'normal', timestamp: 1, cmd: 'explode' }) },
      {
        boardCommand: JSON.stringify({
          ...add(s.owner.actor.uid, rect('x', s.owner.actor.uid)),
          shape: { ...rect('x', s.owner.actor.uid), stroke: 'red' },
        }),
      },
      { boardCommand: JSON.stringify({ ...move(s.owner.actor.uid, 'x', 1, 1), shapePositions: [] }) },
      { boardCommand: JSON.stringify({ ...undo(s.owner.actor.uid, 'x'), effect: { shapes: [], removed: ['x'] } }) },
      {
        boardCommand: JSON.stringify({
          id: cid(),
          uid: s.owner.actor.uid,
          status: 'normal',
          timestamp: 1,
          cmd: 'commandSet',
          commands: [clear(s.owner.actor.uid)],
        }),
      },
      {},
    ];
    for (const payload of bad) {
      const res = await call(s.p, s.owner, 'POST', `/api/boards/${code}/commands`, payload);
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
      expect(Object.keys(res.body.errors).every((k) => k.startsWith('boardCommand'))).toBe(true);
    }
    expect(await rows(id)).toHaveLength(0);
    expect((await s.p.db('boards').where({ id }).first()).last_seq).toBe(0);
  });

  describe('roles', () => {
    it("refuses a Viewer's add (403) and stores it nowhere", async () => {
      const { code, id } = await boardWith({ link: 'Viewer' });
      const viewer = guest();
      const res = await send(s.p, viewer, code, add(viewer.actor.uid, rect('v', viewer.actor.uid)));
      expect(res).toMatchObject({ status: 403, body: { message: 'Unauthorized access' } });
      expect(await rows(id)).toHaveLength(0);
      expect(s.events(code, 'onCommand')).toEqual([]);
    });

    it('refuses anyone without access (NoAccess) to append or read the log', async () => {
      const { code } = await boardWith({ link: 'NoAccess' });
      const stranger = await signedIn(s.p);
      expect((await send(s.p, stranger, code, add(stranger.actor.uid, rect('n', stranger.actor.uid)))).status).toBe(403);
      expect((await call(s.p, stranger, 'GET', `/api/boards/${code}/commands`)).status).toBe(403);
      expect((await call(s.p, guest(), 'GET', `/api/boards/${code}/commands?after=0`)).status).toBe(403);
      await expect(commandsSince(s.app(), code, stranger.actor, 0)).rejects.toMatchObject({ output: { statusCode: 403 } });
    });

    it('lets a Commenter place and move comment shapes but nothing else', async () => {
      const { code } = await boardWith({ link: 'Commenter' });
      // comments need the comments policy (a team plan): the role is what this test is about
      const c = await signedIn(s.p, { plan: 'team' });
      const uid = c.actor.uid;
      await send(s.p, s.owner, code, add(s.owner.actor.uid, rect('r', s.owner.actor.uid)));
      const comment = {
        id: 'cm1',
        cmd: 'comment',
        uid,
        timestamp: 1,
        x: 1,
        y: 1,
        threadId: crypto.randomUUID(),
        color: 6,
        resolved: false,
      } as Shape;
      expect((await send(s.p, c, code, add(uid, comment))).status).toBe(200);
      expect((await send(s.p, c, code, move(uid, 'cm1', 3, 3))).status).toBe(200);
      expect((await send(s.p, c, code, add(uid, rect('r2', uid)))).status).toBe(403);
      expect((await send(s.p, c, code, move(uid, 'r', 3, 3))).status).toBe(403);
      expect(
        (
          await send(s.p, c, code, {
            ...move(uid, 'cm1', 1, 1),
            shapePositions: [
              { shape: 'cm1', x: 1, y: 1 },
              { shape: 'r', x: 1, y: 1 },
            ],
          } as Command)
        ).status,
      ).toBe(403);
    });

    it('lets only Owner and Facilitator clear the board', async () => {
      const { code, id } = await boardWith();
      await send(s.p, s.editor, code, add(s.editor.actor.uid, rect('e', s.editor.actor.uid)));
      expect((await send(s.p, s.editor, code, clear(s.editor.actor.uid))).status).toBe(403);
      const facilitator = await signedIn(s.p);
      await s.p
        .db('board_members')
        .insert({ board_id: id, uid: facilitator.actor.uid, user_id: facilitator.user!.id, role: 'Facilitator' });
      const res = await send(s.p, facilitator, code, clear(facilitator.actor.uid));
      expect(res.status).toBe(200);
      const stored = (await rows(id)).at(-1);
      expect(stored.payload.effect).toEqual({ shapes: [], removed: ['e'] });
      expect(s.events(code, 'onClearBoard')).toHaveLength(1);
      expect((await send(s.p, s.owner, code, clear(s.owner.actor.uid))).status).toBe(200);
    });

    it('undoes only the actor’s own commands', async () => {
      const { code } = await boardWith();
      const a = add(s.owner.actor.uid, rect('a', s.owner.actor.uid));
      await send(s.p, s.owner, code, a);
      const res = await send(s.p, s.editor, code, undo(s.editor.actor.uid, a.id));
      expect(res.status).toBe(403);
      expect((await send(s.p, s.editor, code, undo(s.editor.actor.uid, 'missing'))).status).toBe(400);
    });

    it('in private mode lets non-owners touch only their own shapes', async () => {
      const { code } = await boardWith();
      await updateBoardConfig(s.app(), code, s.owner.actor, { privateMode: { type: 1, blurry: true } });
      await send(s.p, s.owner, code, add(s.owner.actor.uid, rect('own', s.owner.actor.uid)));
      await send(s.p, s.editor, code, add(s.editor.actor.uid, rect('mine', s.editor.actor.uid)));
      expect((await send(s.p, s.editor, code, move(s.editor.actor.uid, 'mine', 1, 1))).status).toBe(200);
      const res = await send(s.p, s.editor, code, move(s.editor.actor.uid, 'own', 1, 1));
      expect(res).toMatchObject({ status: 403, body: { message: 'Private Mode: You can draw and edit your own objects' } });
      expect((await send(s.p, s.owner, code, move(s.owner.actor.uid, 'mine', 1, 1))).status).toBe(200);
    });

    it('lets only Owner, Facilitator or the protector unlock a protected shape', async () => {
      const { code } = await boardWith();
      const other = guest();
      await send(s.p, s.editor, code, add(s.editor.actor.uid, rect('p', s.editor.actor.uid)));
      const lock = (uid: string, locked: boolean, protect?: boolean) =>
        ({
          id: cid(),
          uid,
          status: 'normal',
          timestamp: 1,
          cmd: 'lock',
          shapes: ['p'],
          locked,
          ...(protect ? { protect } : {}),
        }) as Command;
      expect((await send(s.p, s.editor, code, lock(s.editor.actor.uid, true, true))).status).toBe(200);
      const res = await send(s.p, other, code, lock(other.actor.uid, false));
      expect(res).toMatchObject({ status: 403, body: { message: 'Owner/Facilitator can unlock protected shapes' } });
      expect((await send(s.p, s.editor, code, lock(s.editor.actor.uid, false))).status).toBe(200);
      expect((await send(s.p, other, code, lock(other.actor.uid, true))).status).toBe(200);
    });
  });

  describe('undo, redo and clear through the reducer', () => {
    const stateOf = async (code: string, who: Who) => {
      const res = await call(s.p, who, 'GET', `/api/boards/${code}/commands`);
      const doc = new BoardDoc(res.body.snapshot ?? undefined);
      for (const c of res.body.commands) doc.apply(c);
      return doc;
    };

    it("A's undo never removes B's shape", async () => {
      const { code, id } = await boardWith();
      const a1 = add(s.owner.actor.uid, rect('A', s.owner.actor.uid));
      const b1 = add(s.editor.actor.uid, rect('B', s.editor.actor.uid));
      await send(s.p, s.owner, code, a1);
      await send(s.p, s.editor, code, b1);
      const bMove = move(s.editor.actor.uid, 'A', 100, 0);
      await send(s.p, s.editor, code, bMove);
      const aMove = move(s.owner.actor.uid, 'B', 0, 50);
      await send(s.p, s.owner, code, aMove);
      // A undoes the move A made on B's shape: B's shape stays, back where it was
      const u = undo(s.owner.actor.uid, aMove.id);
      expect((await send(s.p, s.owner, code, u)).status).toBe(200);
      const stored = (await rows(id)).at(-1);
      expect(stored.payload.effect.removed).toEqual([]);
      expect(stored.payload.effect.shapes).toMatchObject([{ id: 'B', x: 0, y: 0 }]);
      expect((await s.p.db('commands').where({ board_id: id, client_id: aMove.id }).first()).status).toBe('disabled');
      // A undoes the add of A's own shape: only A's shape goes
      await send(s.p, s.owner, code, undo(s.owner.actor.uid, a1.id));
      const doc = await stateOf(code, s.owner);
      expect(doc.ordered().map((s) => s.id)).toEqual(['B']);
      expect(doc.get('B')).toMatchObject({ x: 0, y: 0 });
      const events = s.events(code, 'onCommand').map((m) => m.data as Command);
      expect(events.at(-1)).toMatchObject({ cmd: 'undo', ref: a1.id, effect: { removed: ['A'] } });
    });

    it('redo re-enables the command with its effect', async () => {
      const { code } = await boardWith();
      const a = add(s.owner.actor.uid, rect('R', s.owner.actor.uid));
      await send(s.p, s.owner, code, a);
      const m = move(s.owner.actor.uid, 'R', 10, 10);
      await send(s.p, s.owner, code, m);
      await send(s.p, s.owner, code, undo(s.owner.actor.uid, m.id));
      expect((await stateOf(code, s.owner)).get('R')).toMatchObject({ x: 0, y: 0 });
      await send(s.p, s.owner, code, undo(s.owner.actor.uid, m.id, true));
      expect((await stateOf(code, s.owner)).get('R')).toMatchObject({ x: 10, y: 10 });
    });

    it('clear empties the board and its undo brings the shapes back', async () => {
      const { code } = await boardWith();
      await send(s.p, s.owner, code, add(s.owner.actor.uid, rect('k1', s.owner.actor.uid)));
      await send(s.p, s.editor, code, add(s.editor.actor.uid, rect('k2', s.editor.actor.uid, 50, 50)));
      const c = clear(s.owner.actor.uid);
      await send(s.p, s.owner, code, c);
      expect((await stateOf(code, s.owner)).size).toBe(0);
      await send(s.p, s.editor, code, add(s.editor.actor.uid, rect('k3', s.editor.actor.uid)));
      await send(s.p, s.owner, code, undo(s.owner.actor.uid, c.id));
      expect(
        (await stateOf(code, s.owner))
          .ordered()
          .map((s) => s.id)
          .sort(),
      ).toEqual(['k1', 'k2', 'k3']);
    });

    it('finds the history of shapes whose ids hold quotes, backslashes and commas', async () => {
      const { code } = await boardWith();
      const odd = 'a"b\\c,{d}';
      await send(s.p, s.owner, code, add(s.owner.actor.uid, rect(odd, s.owner.actor.uid)));
      const m = move(s.owner.actor.uid, odd, 7, 7);
      await send(s.p, s.owner, code, m);
      await send(s.p, s.owner, code, undo(s.owner.actor.uid, m.id));
      expect((await stateOf(code, s.owner)).get(odd)).toMatchObject({ x: 0, y: 0 });
      await updateBoardConfig(s.app(), code, s.owner.actor, { privateMode: { type: 1, blurry: false } });
      expect((await send(s.p, s.editor, code, move(s.editor.actor.uid, odd, 1, 1))).status).toBe(403);
    });

    it('serves catch-up after a seq (commandsSince and ?after=)', async () => {
      const { code } = await boardWith();
      for (let i = 0; i < 5; i++) await send(s.p, s.owner, code, add(s.owner.actor.uid, rect(`q${i}`, s.owner.actor.uid)));
      expect((await commandsSince(s.app(), code, s.owner.actor, 3)).map((c) => c.seq)).toEqual([4, 5]);
      const res = await call(s.p, s.owner, 'GET', `/api/boards/${code}/commands?after=2`);
      expect(res.body.board).toBeUndefined();
      expect(res.body.snapshot).toBeNull();
      expect(res.body.commands.map((c: Command) => c.seq)).toEqual([3, 4, 5]);
      expect(res.body.lastSeq).toBe(5);
      expect((await call(s.p, s.owner, 'GET', `/api/boards/${code}/commands?after=9`)).body).toMatchObject({ commands: [], lastSeq: 9 });
      expect((await call(s.p, s.owner, 'GET', `/api/boards/${code}/commands?after=-1`)).status).toBe(400);
    });
  });
});
