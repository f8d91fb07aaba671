/**
 * The sender of an undo/redo or a clear gets what the server computed for it. The hub never sends
 * a socket its own command back, so the answer (sendCommand `{ id, seq, duplicate, effect? }`,
 * POST …/commands `{ id, seq, effect? }`) must carry the command's `effect`; the sender applies it
 * when it confirms its local command, and its board equals everyone else's.
 *
 * The scenario the audit found: the owner draws A; an editor draws B and moves it; the owner
 * clears; the editor undoes its move (its effect, computed while the clear holds, removes B);
 * the owner undoes the clear. Server and editor show A and B; without the effect the owner's own
 * fold showed only A (B's baseline was the editor's "removed" effect, and the local undo of the
 * clear cannot see past it). Runs on PGlite and on PostgreSQL (TEST_DB=pg).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Editor } from '../../sdk/editor/editor';
import { SyncClient } from '../../sdk/sync/sync-client';
import type { SendCommandAnswer } from '../../shared/hub';
import type { Command, Shape } from '../../shared/model';
import { BoardDoc } from '../../shared/reducer';
import { HubClient } from '../helpers/hub';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { add, call, clear, move, newBoard, rect, send, signedIn, undo, type Who } from './boards-fixtures';

let p: TestPlatform;
let owner: Who;
let editor: Who;
beforeAll(async () => {
  p = await startTestPlatform({}, { listen: true });
  owner = await signedIn(p, { plan: 'team', name: 'Olga' });
  editor = await signedIn(p, { name: 'Eddie' });
});
afterAll(async () => {
  await p?.stop();
});

/** The board as a fresh visitor opens it (snapshot + tail). */
async function served(code: string): Promise<Shape[]> {
  const res = await call(p, owner, 'GET', `/api/boards/${code}/commands`);
  expect(res.status).toBe(200);
  const doc = new BoardDoc(res.body.snapshot ?? undefined);
  for (const c of res.body.commands as Command[]) doc.apply(c);
  return doc.ordered();
}

/** A board the editor may edit, both joined over the hub. */
async function sharedBoard() {
  const { code } = await newBoard(p, owner);
  const o = await HubClient.connect(p.url, { token: owner.token });
  const e = await HubClient.connect(p.url, { token: editor.token });
  await o.call('joinBoard', null, code, null, {});
  await e.call('joinBoard', null, code, null, {});
  return { code, o, e };
}

describe('the answer to an undo or a clear carries its effect', () => {
  it("over the hub: the sender's fold (local apply, confirm with seq + effect, others' events) equals the server's", async () => {
    const { code, o, e } = await sharedBoard();
    // the owner's client, as sdk/editor keeps it: apply locally, then confirm with the answer
    const doc = new BoardDoc();
    let seen = 0;
    const pull = () => {
      const got = o.received<Command>('onCommand');
      for (const ev of got.slice(seen)) doc.apply(ev);
      seen = got.length;
    };
    const answers: SendCommandAnswer[] = [];
    const mine = async (c: Command) => {
      doc.apply(c);
      const answer = await o.call<SendCommandAnswer>('sendCommand', code, c);
      answers.push(answer);
      doc.apply({ ...c, seq: answer.seq, ...(answer.effect ? { effect: answer.effect } : {}) } as Command);
      return answer;
    };
    const o1 = owner.actor.uid,
      e1 = editor.actor.uid;

    const addA = await mine(add(o1, rect('A', o1)));
    expect(addA).toEqual({ id: addA.id, seq: 1, duplicate: false }); // plain commands: no effect
    const addB = add(e1, rect('B', e1, 50, 50));
    const moveB = move(e1, 'B', 10, 10);
    await e.call('sendCommand', code, addB);
    await e.call('sendCommand', code, moveB);
    await o.waitForCount('onCommand', 2);
    pull();

    const c = clear(o1);
    const cleared = await mine(c);
    expect(cleared).toMatchObject({ id: c.id, seq: 4, duplicate: false });
    expect(cleared.effect?.removed.sort()).toEqual(['A', 'B']);
    expect(doc.ordered()).toEqual([]);

    // the editor's undo of its move, computed while the clear holds: B stays removed
    const undoMoveB = undo(e1, moveB.id);
    const undoMove = await e.call<SendCommandAnswer>('sendCommand', code, undoMoveB);
    expect(undoMove.effect).toEqual({ shapes: [], removed: ['B'], z: {} });
    await o.waitForCount('onCommand', 3);
    pull();

    const u = undo(o1, c.id);
    const undone = await mine(u);
    expect(undone).toMatchObject({ id: u.id, seq: 6, duplicate: false });
    expect(undone.effect?.shapes.map((s) => [s.id, (s as { x: number }).x]).sort()).toEqual([
      ['A', 0],
      ['B', 50],
    ]);
    expect(undone.effect?.removed).toEqual([]);

    const board = await served(code);
    expect(board.map((s) => s.id)).toEqual(['A', 'B']);
    expect(doc.ordered()).toEqual(board);
    // the editor's fold agrees (it got everything as onCommand)
    await e.waitForCount('onCommand', 3);
    const other = new BoardDoc();
    const theirs = [
      { ...addB, seq: 2 },
      { ...moveB, seq: 3 },
      { ...undoMoveB, seq: 5, effect: undoMove.effect },
    ] as Command[];
    for (const x of [...theirs, ...e.received<Command>('onCommand')].sort((a, b) => a.seq! - b.seq!)) other.apply(x);
    expect(other.ordered()).toEqual(board);

    // a resend of the undo (the SDK retries with the same id) answers the same seq and effect
    expect(await o.call('sendCommand', code, u)).toEqual({ id: u.id, seq: 6, duplicate: true, effect: undone.effect });
    expect(await o.call('sendCommand', code, c)).toEqual({ id: c.id, seq: 4, duplicate: true, effect: cleared.effect });
    expect(answers).toHaveLength(3);
    await o.close();
    await e.close();
  });

  it('over HTTP: POST …/commands answers { id, seq, effect } for undo/redo and clear, also on a resend', async () => {
    const { code } = await newBoard(p, owner);
    const o1 = owner.actor.uid;
    const a = add(o1, rect('A', o1, 5, 5));
    expect((await send(p, owner, code, a)).body).toEqual({ id: a.id, seq: 1 });
    const m = move(o1, 'A', 10, 0);
    await send(p, owner, code, m);
    const u = undo(o1, m.id);
    const res = await send(p, owner, code, u);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: u.id, seq: 3, effect: { shapes: [{ id: 'A', x: 5, y: 5 }], removed: [] } });
    expect(typeof res.body.effect.z.A).toBe('number');
    expect((await send(p, owner, code, u)).body).toEqual(res.body);
    const r = undo(o1, m.id, true);
    expect((await send(p, owner, code, r)).body).toMatchObject({ id: r.id, seq: 4, effect: { shapes: [{ id: 'A', x: 15 }], removed: [] } });
    const c = clear(o1);
    expect((await send(p, owner, code, c)).body).toEqual({ id: c.id, seq: 5, effect: { shapes: [], removed: ['A'] } });
    // a resend over the hub of what HTTP stored carries the same effect
    const hub = await HubClient.connect(p.url, { token: owner.token });
    await hub.call('joinBoard', null, code, null, {});
    expect(await hub.call('sendCommand', code, c)).toEqual({ id: c.id, seq: 5, duplicate: true, effect: { shapes: [], removed: ['A'] } });
    await hub.close();
  });

  it('the OpenAPI document describes the effect of the POST answer', async () => {
    const res = await p.server.inject('/documents/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = JSON.parse(res.payload);
    expect(doc.paths['/api/boards/{id}/commands'].post.responses['200'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/AppendedCommand',
    );
    expect(doc.components.schemas.AppendedCommand.properties.effect.$ref).toBe('#/components/schemas/CommandEffect');
    expect(Object.keys(doc.components.schemas.CommandEffect.properties)).toEqual(['shapes', 'removed', 'z']);
  });
});

describe("the SDK's own client (Editor + SyncClient) ends with the server's board", () => {
  it('the owner undoes its clear after the editor undid a move: both shapes are back on every screen', async () => {
    const { code, o, e } = await sharedBoard();
    await o.close(); // the owner's screen is the SDK below
    const o1 = owner.actor.uid,
      e1 = editor.actor.uid;
    const perms = { role: 'Owner', permissions: ['edit_board', 'write_comment'], policies: new Set<string>() };
    const ed = new Editor({ container: undefined as unknown as HTMLElement, uid: o1, headless: true, permissions: () => perms });
    const sync = new SyncClient({ server: p.url, boardCode: code, uid: o1, token: () => owner.token!, target: ed, storage: null });
    ed.outgoing$.subscribe((c) => sync.send(c));
    const settled = (seq: number) =>
      e.until(
        () => (sync.phase === 'online' && sync.pending().length === 0 && sync.lastSeq >= seq ? true : undefined),
        10_000,
        `owner at seq ${seq}`,
      );
    try {
      await sync.connect();
      await settled(0);
      ed.execute({ cmd: 'rectangle', shape: rect('A', o1) } as never);
      await settled(1);
      const moveB = move(e1, 'B', 10, 10);
      await e.call('sendCommand', code, add(e1, rect('B', e1, 50, 50)));
      await e.call('sendCommand', code, moveB);
      await settled(3);
      expect(ed.doc.ordered().map((s) => s.id)).toEqual(['A', 'B']);
      ed.execute({ cmd: 'clear' } as never);
      await settled(4);
      expect(ed.doc.ordered()).toEqual([]);
      await e.call('sendCommand', code, undo(e1, moveB.id));
      await settled(5);
      expect(ed.canUndo()).toBe(true);
      ed.undo(); // the owner's latest undoable command is its clear
      await settled(6);
      const board = await served(code);
      expect(board.map((s) => s.id)).toEqual(['A', 'B']);
      expect(ed.doc.ordered()).toEqual(board);
      expect(ed.doc.get('B')).toMatchObject({ x: 50, y: 50 });
    } finally {
      await sync.destroy();
      await e.close();
    }
  });
});
