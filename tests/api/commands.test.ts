import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendCommand, commandsSince, updateBoardConfig } from '../../platform/boards/service';
import type { BoardMessage } from '../../platform/realtime/bus';
import type { Command, Shape } from '../../shared/model';
import { BoardDoc } from '../../shared/reducer';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { add, call, cid, clear, guest, move, newBoard, rect, send, signedIn, undo, type Who } from './boards-fixtures';

/** The command log: append over HTTP and through the service, seq, idempotency, validation, roles. */
describe('board commands', () => {
  let p: TestPlatform;
  let owner: Who;
  let editor: Who;
  const published: Array<{ code: string; message: BoardMessage }> = [];
  beforeAll(async () => {
    p = await startTestPlatform();
    owner = await signedIn(p, { name: 'Owner', plan: 'team' });
    editor = await signedIn(p, { name: 'Editor' });
    p.server.app.bus.subscribe((code, message) => published.push({ code, message }));
  });
  afterAll(() => p.stop());
  const app = () => p.server.app;
  const rows = (boardId: string) => p.db('commands').where({ board_id: boardId }).orderBy('seq');
  const boardWith = async (levels: { link?: string } = {}) => {
    const b = await newBoard(p, owner);
    if (levels.link) await p.db('boards').where({ id: b.id }).update({ link_level: levels.link });
    return b;
  };

  it('appends over HTTP and answers {id, seq}; seq counts per board from 1', async () => {
    const { code, id } = await boardWith();
    const a = add(owner.actor.uid, rect('s1', owner.actor.uid));
    const res = await send(p, owner, code, a, { connectionId: 'conn-1', coreActions: ['edited'] });
    expect(res).toMatchObject({ status: 200, body: { id: a.id, seq: 1 } });
    const b = move(owner.actor.uid, 's1', 5, 5);
    expect((await call(p, owner, 'POST', `/api/boards/${code}/commands`, { boardCommand: b })).body).toEqual({ id: b.id, seq: 2 });
    const other = await boardWith();
    expect((await send(p, owner, other.code, add(owner.actor.uid, rect('s1', owner.actor.uid)))).body.seq).toBe(1);
    const stored = await rows(id);
    expect(stored.map((r) => [r.seq, r.client_id, r.kind, r.uid])).toEqual([
      [1, a.id, 'rectangle', owner.actor.uid],
      [2, b.id, 'reposition', owner.actor.uid],
    ]);
    expect((await p.db('boards').where({ id }).first()).last_seq).toBe(2);
    const events = published.filter((e) => e.code === code && e.message.event === 'onCommand');
    expect(events[0]!.message).toMatchObject({ except: 'conn-1', data: { id: a.id, seq: 1, cmd: 'rectangle' } });
  });

  it('lets a roaming guest append with only a Uid', async () => {
    const { code } = await boardWith();
    const g = guest();
    const res = await send(p, g, code, add(g.actor.uid, rect('g1', g.actor.uid)));
    expect(res).toMatchObject({ status: 200, body: { seq: 1 } });
    expect((await send(p, null as never, code, add('x', rect('g2', 'x')))).status).toBe(401);
  });

  it('stamps the sender as the author, whatever the command says', async () => {
    const { code, id } = await boardWith();
    const forged = add('someone-else', rect('f1', 'someone-else'));
    await send(p, editor, code, forged);
    const row = (await rows(id))[0];
    expect(row.uid).toBe(editor.actor.uid);
    expect(row.payload.uid).toBe(editor.actor.uid);
    expect(row.payload.shape.uid).toBe(editor.actor.uid);
  });

  it('is idempotent by client command id: a retry answers the same seq and stores one row', async () => {
    const { code, id } = await boardWith();
    const c = add(owner.actor.uid, rect('r1', owner.actor.uid));
    const first = await send(p, owner, code, c);
    const again = await send(p, owner, code, c);
    expect(again.body).toEqual(first.body);
    const viaService = await appendCommand(app(), code, owner.actor, c);
    expect(viaService).toMatchObject({ duplicate: true, command: { id: c.id, seq: 1 } });
    // concurrent retries of one command: still one row
    const d = add(owner.actor.uid, rect('r2', owner.actor.uid));
    const results = await Promise.all(Array.from({ length: 6 }, () => appendCommand(app(), code, owner.actor, d)));
    expect(new Set(results.map((r) => r.command.seq)).size).toBe(1);
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(await rows(id)).toHaveLength(2);
    expect((await p.db('boards').where({ id }).first()).last_seq).toBe(2);
  });

  it('gives concurrent appends from many promises distinct consecutive seqs', async () => {
    const { code, id } = await boardWith();
    const commands = Array.from({ length: 40 }, (_, i) => add(owner.actor.uid, rect(`c${i}`, owner.actor.uid)));
    const results = await Promise.all(commands.map((c, i) => appendCommand(app(), code, i % 2 ? owner.actor : editor.actor, c)));
    const seqs = results.map((r) => r.command.seq!).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect((await rows(id)).map((r) => r.seq)).toEqual(seqs);
  });

  it('refuses invalid commands with the envelope and stores nothing', async () => {
    const { code, id } = await boardWith();
    const bad = [
      { boardCommand: '{not json' },
      { boardCommand: JSON.stringify({ id: cid(), uid: owner.actor.uid, status: 'normal', timestamp: 1, cmd: 'explode' }) },
      { boardCommand: JSON.stringify({ ...add(owner.actor.uid, rect('x', owner.actor.uid)), shape: { ...rect('x', owner.actor.uid), stroke: 'red' } }) },
      { boardCommand: JSON.stringify({ ...move(owner.actor.uid, 'x', 1, 1), shapePositions: [] }) },
      { boardCommand: JSON.stringify({ ...undo(owner.actor.uid, 'x'), effect: { shapes: [], removed: ['x'] } }) },
      { boardCommand: JSON.stringify({ id: cid(), uid: owner.actor.uid, status: 'normal', timestamp: 1, cmd: 'commandSet', commands: [clear(owner.actor.uid)] }) },
      {},
    ];
    for (const payload of bad) {
      const res = await call(p, owner, 'POST', `/api/boards/${code}/commands`, payload);
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
      expect(Object.keys(res.body.errors).every((k) => k.startsWith('boardCommand'))).toBe(true);
    }
    expect(await rows(id)).toHaveLength(0);
    expect((await p.db('boards').where({ id }).first()).last_seq).toBe(0);
  });

  describe('roles', () => {
    it("refuses a Viewer's add (403) and stores it nowhere", async () => {
      const { code, id } = await boardWith({ link: 'Viewer' });
      const viewer = guest();
      const res = await send(p, viewer, code, add(viewer.actor.uid, rect('v', viewer.actor.uid)));
      expect(res).toMatchObject({ status: 403, body: { message: 'Unauthorized access' } });
      expect(await rows(id)).toHaveLength(0);
      expect(published.some((e) => e.code === code && e.message.event === 'onCommand')).toBe(false);
    });

    it('refuses anyone without access (NoAccess) to append or read the log', async () => {
      const { code } = await boardWith({ link: 'NoAccess' });
      const stranger = await signedIn(p);
      expect((await send(p, stranger, code, add(stranger.actor.uid, rect('n', stranger.actor.uid)))).status).toBe(403);
      expect((await call(p, stranger, 'GET', `/api/boards/${code}/commands`)).status).toBe(403);
      expect((await call(p, guest(), 'GET', `/api/boards/${code}/commands?after=0`)).status).toBe(403);
      await expect(commandsSince(app(), code, stranger.actor, 0)).rejects.toMatchObject({ output: { statusCode: 403 } });
    });

    it('lets a Commenter place and move comment shapes but nothing else', async () => {
      const { code } = await boardWith({ link: 'Commenter' });
      const c = guest();
      const uid = c.actor.uid;
      await send(p, owner, code, add(owner.actor.uid, rect('r', owner.actor.uid)));
      const comment = { id: 'cm1', cmd: 'comment', uid, timestamp: 1, x: 1, y: 1, threadId: crypto.randomUUID(), color: 6, resolved: false } as Shape;
      expect((await send(p, c, code, add(uid, comment))).status).toBe(200);
      expect((await send(p, c, code, move(uid, 'cm1', 3, 3))).status).toBe(200);
      expect((await send(p, c, code, add(uid, rect('r2', uid)))).status).toBe(403);
      expect((await send(p, c, code, move(uid, 'r', 3, 3))).status).toBe(403);
      expect((await send(p, c, code, { ...move(uid, 'cm1', 1, 1), shapePositions: [{ shape: 'cm1', x: 1, y: 1 }, { shape: 'r', x: 1, y: 1 }] } as Command)).status).toBe(403);
    });

    it('lets only Owner and Facilitator clear the board', async () => {
      const { code, id } = await boardWith();
      await send(p, editor, code, add(editor.actor.uid, rect('e', editor.actor.uid)));
      expect((await send(p, editor, code, clear(editor.actor.uid))).status).toBe(403);
      const facilitator = await signedIn(p);
      await p.db('board_members').insert({ board_id: id, uid: facilitator.actor.uid, user_id: facilitator.user!.id, role: 'Facilitator' });
      const res = await send(p, facilitator, code, clear(facilitator.actor.uid));
      expect(res.status).toBe(200);
      const stored = (await rows(id)).at(-1);
      expect(stored.payload.effect).toEqual({ shapes: [], removed: ['e'] });
      expect(published.filter((e) => e.code === code && e.message.event === 'onClearBoard')).toHaveLength(1);
      expect((await send(p, owner, code, clear(owner.actor.uid))).status).toBe(200);
    });

    it('undoes only the actor’s own commands', async () => {
      const { code } = await boardWith();
      const a = add(owner.actor.uid, rect('a', owner.actor.uid));
      await send(p, owner, code, a);
      const res = await send(p, editor, code, undo(editor.actor.uid, a.id));
      expect(res.status).toBe(403);
      expect((await send(p, editor, code, undo(editor.actor.uid, 'missing'))).status).toBe(400);
    });

    it('in private mode lets non-owners touch only their own shapes', async () => {
      const { code } = await boardWith();
      await updateBoardConfig(app(), code, owner.actor, { privateMode: { type: 1, blurry: true } });
      await send(p, owner, code, add(owner.actor.uid, rect('own', owner.actor.uid)));
      await send(p, editor, code, add(editor.actor.uid, rect('mine', editor.actor.uid)));
      expect((await send(p, editor, code, move(editor.actor.uid, 'mine', 1, 1))).status).toBe(200);
      const res = await send(p, editor, code, move(editor.actor.uid, 'own', 1, 1));
      expect(res).toMatchObject({ status: 403, body: { message: 'Private Mode: You can draw and edit your own objects' } });
      expect((await send(p, owner, code, move(owner.actor.uid, 'mine', 1, 1))).status).toBe(200);
    });

    it('lets only Owner, Facilitator or the protector unlock a protected shape', async () => {
      const { code } = await boardWith();
      const other = guest();
      await send(p, editor, code, add(editor.actor.uid, rect('p', editor.actor.uid)));
      const lock = (uid: string, locked: boolean, protect?: boolean) => ({ id: cid(), uid, status: 'normal', timestamp: 1, cmd: 'lock', shapes: ['p'], locked, ...(protect ? { protect } : {}) }) as Command;
      expect((await send(p, editor, code, lock(editor.actor.uid, true, true))).status).toBe(200);
      const res = await send(p, other, code, lock(other.actor.uid, false));
      expect(res).toMatchObject({ status: 403, body: { message: 'Owner/Facilitator can unlock protected shapes' } });
      expect((await send(p, editor, code, lock(editor.actor.uid, false))).status).toBe(200);
      expect((await send(p, other, code, lock(other.actor.uid, true))).status).toBe(200);
    });
  });

  describe('undo, redo and clear through the reducer', () => {
    const stateOf = async (code: string, who: Who) => {
      const res = await call(p, who, 'GET', `/api/boards/${code}/commands`);
      const doc = new BoardDoc(res.body.snapshot ?? undefined);
      for (const c of res.body.commands) doc.apply(c);
      return doc;
    };

    it("A's undo never removes B's shape", async () => {
      const { code, id } = await boardWith();
      const a1 = add(owner.actor.uid, rect('A', owner.actor.uid));
      const b1 = add(editor.actor.uid, rect('B', editor.actor.uid));
      await send(p, owner, code, a1);
      await send(p, editor, code, b1);
      const bMove = move(editor.actor.uid, 'A', 100, 0);
      await send(p, editor, code, bMove);
      const aMove = move(owner.actor.uid, 'B', 0, 50);
      await send(p, owner, code, aMove);
      // A undoes the move A made on B's shape: B's shape stays, back where it was
      const u = undo(owner.actor.uid, aMove.id);
      expect((await send(p, owner, code, u)).status).toBe(200);
      const stored = (await rows(id)).at(-1);
      expect(stored.payload.effect.removed).toEqual([]);
      expect(stored.payload.effect.shapes).toMatchObject([{ id: 'B', x: 0, y: 0 }]);
      expect((await p.db('commands').where({ board_id: id, client_id: aMove.id }).first()).status).toBe('disabled');
      // A undoes the add of A's own shape: only A's shape goes
      await send(p, owner, code, undo(owner.actor.uid, a1.id));
      const doc = await stateOf(code, owner);
      expect(doc.ordered().map((s) => s.id)).toEqual(['B']);
      expect(doc.get('B')).toMatchObject({ x: 0, y: 0 });
      const events = published.filter((e) => e.code === code && e.message.event === 'onCommand').map((e) => e.message.data as Command);
      expect(events.at(-1)).toMatchObject({ cmd: 'undo', ref: a1.id, effect: { removed: ['A'] } });
    });

    it('redo re-enables the command with its effect', async () => {
      const { code } = await boardWith();
      const a = add(owner.actor.uid, rect('R', owner.actor.uid));
      await send(p, owner, code, a);
      const m = move(owner.actor.uid, 'R', 10, 10);
      await send(p, owner, code, m);
      await send(p, owner, code, undo(owner.actor.uid, m.id));
      expect((await stateOf(code, owner)).get('R')).toMatchObject({ x: 0, y: 0 });
      await send(p, owner, code, undo(owner.actor.uid, m.id, true));
      expect((await stateOf(code, owner)).get('R')).toMatchObject({ x: 10, y: 10 });
    });

    it('clear empties the board and its undo brings the shapes back', async () => {
      const { code } = await boardWith();
      await send(p, owner, code, add(owner.actor.uid, rect('k1', owner.actor.uid)));
      await send(p, editor, code, add(editor.actor.uid, rect('k2', editor.actor.uid, 50, 50)));
      const c = clear(owner.actor.uid);
      await send(p, owner, code, c);
      expect((await stateOf(code, owner)).size).toBe(0);
      await send(p, editor, code, add(editor.actor.uid, rect('k3', editor.actor.uid)));
      await send(p, owner, code, undo(owner.actor.uid, c.id));
      expect((await stateOf(code, owner)).ordered().map((s) => s.id).sort()).toEqual(['k1', 'k2', 'k3']);
    });

    it('finds the history of shapes whose ids hold quotes, backslashes and commas', async () => {
      const { code } = await boardWith();
      const odd = 'a"b\\c,{d}';
      await send(p, owner, code, add(owner.actor.uid, rect(odd, owner.actor.uid)));
      const m = move(owner.actor.uid, odd, 7, 7);
      await send(p, owner, code, m);
      await send(p, owner, code, undo(owner.actor.uid, m.id));
      expect((await stateOf(code, owner)).get(odd)).toMatchObject({ x: 0, y: 0 });
      await updateBoardConfig(app(), code, owner.actor, { privateMode: { type: 1, blurry: false } });
      expect((await send(p, editor, code, move(editor.actor.uid, odd, 1, 1))).status).toBe(403);
    });

    it('serves catch-up after a seq (commandsSince and ?after=)', async () => {
      const { code } = await boardWith();
      for (let i = 0; i < 5; i++) await send(p, owner, code, add(owner.actor.uid, rect(`q${i}`, owner.actor.uid)));
      expect((await commandsSince(app(), code, owner.actor, 3)).map((c) => c.seq)).toEqual([4, 5]);
      const res = await call(p, owner, 'GET', `/api/boards/${code}/commands?after=2`);
      expect(res.body.board).toBeUndefined();
      expect(res.body.snapshot).toBeNull();
      expect(res.body.commands.map((c: Command) => c.seq)).toEqual([3, 4, 5]);
      expect(res.body.lastSeq).toBe(5);
      expect((await call(p, owner, 'GET', `/api/boards/${code}/commands?after=9`)).body).toMatchObject({ commands: [], lastSeq: 9 });
      expect((await call(p, owner, 'GET', `/api/boards/${code}/commands?after=-1`)).status).toBe(400);
    });
  });
});
