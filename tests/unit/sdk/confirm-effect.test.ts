/**
 * The sender's confirm path applies what the server computed for its undo/redo or clear
 * (the answer's `effect`): Editor.confirm(id, seq, effect), and SyncClient handing the effect of
 * a hub answer, of an HTTP answer and of an own command read back from the log to its target.
 * The server side (platform/boards/append.ts appendWithEffect) is modelled with the same
 * shared/reducer computeEffect over the log with its current statuses.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { boardHttp } from '../../../sdk/sync/api';
import { MemoryTransport } from '../../../sdk/sync/memory-transport';
import { SyncClient } from '../../../sdk/sync/sync-client';
import type { SyncTarget } from '../../../sdk/sync/types';
import type { HubEventMessage } from '../../../shared/hub';
import type { Command, CommandEffect, Shape, UndoCommand } from '../../../shared/model';
import { BoardDoc, computeEffect } from '../../../shared/reducer';
import { harness, rect } from './helpers';

const cmd = (c: Partial<Command> & { cmd: string }, id: string, uid: string, seq?: number): Command =>
  ({ id, uid, timestamp: 1, status: 'normal', ...(seq ? { seq } : {}), ...c }) as Command;

/** The server's log: commands with their current status; undo/clear get their effect as append.ts computes it. */
class ServerLog {
  readonly log: Command[] = [];
  append(c: Command): Command {
    const seq = this.log.length + 1;
    let stored = { ...c, seq } as Command;
    if (c.cmd === 'undo' || c.cmd === 'clear') {
      const effect = computeEffect(this.log, stored as UndoCommand);
      stored = { ...stored, effect } as Command;
      if (c.cmd === 'undo') {
        const ref = this.log.find((x) => x.id === c.ref)!;
        ref.status = c.type === 'redo' ? 'normal' : 'disabled';
      }
    }
    this.log.push(stored);
    return { ...stored };
  }
  /** The board by definition: the fold of the enabled commands in seq order. */
  board(): Shape[] {
    const doc = new BoardDoc();
    for (const c of this.log) if (c.cmd !== 'undo') doc.apply(c);
    return doc.ordered();
  }
}

describe('Editor.confirm with the server effect', () => {
  /** Owner "me" draws A; "ed" draws B and moves it; me clears; ed undoes the move (while the clear holds); me undoes the clear. */
  function scenario() {
    const h = harness({ uid: 'me' });
    const server = new ServerLog();
    const own = (c: Command) => server.append(c);
    const remote = (c: Command) => h.editor.applyRemote(server.append(c));
    const addA = h.editor.execute({ cmd: 'rectangle', shape: rect('A', 0, 0) as unknown as Shape });
    h.editor.confirm(addA.id, own(addA).seq!);
    remote(cmd({ cmd: 'rectangle', shape: rect('B', 50, 50, 50, 50, { uid: 'ed' }) } as never, 'addB', 'ed'));
    const moveB = cmd({ cmd: 'reposition', shapePositions: [{ shape: 'B', x: 10, y: 10 }] } as never, 'moveB', 'ed');
    remote(moveB);
    const clearC = h.editor.execute({ cmd: 'clear' } as never);
    const clearStored = own(clearC) as Command & { effect: CommandEffect };
    expect(clearStored.effect.removed.sort()).toEqual(['A', 'B']);
    h.editor.confirm(clearC.id, clearStored.seq!, clearStored.effect);
    remote(cmd({ cmd: 'undo', ref: 'moveB' } as never, 'undoMoveB', 'ed'));
    expect(h.editor.doc.ordered()).toEqual([]);
    h.editor.undo(); // the owner's latest undoable command: its clear
    const undoC = h.sent.at(-1)!;
    expect(undoC).toMatchObject({ cmd: 'undo', ref: clearC.id });
    return { h, server, undoStored: own(undoC) as Command & { effect: CommandEffect } };
  }

  it("confirming the undo of a clear with the server's effect ends on the server's board", () => {
    const { h, server, undoStored } = scenario();
    // the optimistic local undo cannot know B: the editor's undo effect made "removed" its baseline
    expect(h.editor.doc.ordered().map((s) => s.id)).toEqual(['A']);
    expect(undoStored.effect.shapes.map((s) => s.id).sort()).toEqual(['A', 'B']);
    const changes: unknown[] = [];
    h.editor.changes$.subscribe((c) => changes.push(c));
    h.editor.confirm(undoStored.id, undoStored.seq!, undoStored.effect);
    expect(h.editor.doc.ordered()).toEqual(server.board());
    expect(h.editor.doc.get('B')).toMatchObject({ x: 50, y: 50 });
    expect(h.editor.doc.getCommand(undoStored.id)).toMatchObject({ seq: 6, effect: undoStored.effect });
    expect(changes).toEqual([expect.objectContaining({ added: ['B'] })]);
    expect(server.board().map((s) => s.id)).toEqual(['A', 'B']);
  });

  it('without the effect (the old answer {id, seq}) the sender stays behind — what the fix is for', () => {
    const { h, server, undoStored } = scenario();
    h.editor.confirm(undoStored.id, undoStored.seq!);
    expect(h.editor.doc.ordered()).not.toEqual(server.board());
  });

  it('an effect answered for a plain command is ignored; a second confirm changes nothing', () => {
    const h = harness();
    const a = h.editor.execute({ cmd: 'rectangle', shape: rect('a', 0, 0) as unknown as Shape });
    h.editor.confirm(a.id, 1, { shapes: [], removed: ['a'] });
    expect(h.editor.doc.get('a')).toBeTruthy();
    expect(h.editor.doc.getCommand(a.id)).not.toHaveProperty('effect');
    h.editor.confirm(a.id, 2);
    expect(h.editor.doc.getCommand(a.id)!.seq).toBe(1);
  });
});

describe('SyncClient hands the answered effect to its target', () => {
  const effect: CommandEffect = { shapes: [{ ...rect('A', 0, 0) } as unknown as Shape], removed: ['B'], z: { A: 1 } };
  const undoA = cmd({ cmd: 'undo', ref: 'x' } as never, 'u1', 'me');
  let stop: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await stop?.();
    stop = null;
  });

  /** A SyncClient online (joined, an empty board loaded) on an in-memory socket whose sendCommand answers with `answer`. */
  async function online(answer: (command: Command) => Promise<unknown>, server = 'http://127.0.0.1:9') {
    const confirms: Array<[string, number, CommandEffect | undefined]> = [];
    const target: SyncTarget = {
      load: () => undefined,
      applyRemote: () => undefined,
      confirm: (id, seq, e) => void confirms.push([id, seq, e]),
    };
    const transport = new MemoryTransport()
      .answer('joinBoard', () => ({ code: 'b1', boardName: 'b1' }))
      .answer('sendCommand', (args) => answer(args[1] as Command));
    // the board loads empty; the POST …/commands fallback goes to `server`
    const http = {
      ...boardHttp({ server, uid: 'me', token: () => null }, 'b1'),
      load: async () => ({ snapshot: null, commands: [], lastSeq: 0 }),
      request: async <T>() => [] as T,
    };
    const sync = new SyncClient({ server, boardCode: 'b1', uid: 'me', target, storage: null, transport, http });
    await sync.connect();
    return { sync, confirms, hubEvent: (m: HubEventMessage) => transport.deliver(m) };
  }
  const confirmed = (sync: SyncClient) => new Promise<void>((resolve) => sync.confirmed$.subscribe(() => resolve()));

  it('from the hub answer { id, seq, duplicate, effect }', async () => {
    const { sync, confirms } = await online(async (c) => ({ id: c.id, seq: 1, duplicate: false, effect }));
    stop = () => sync.destroy();
    const done = confirmed(sync);
    sync.send(undoA);
    await done;
    expect(confirms).toEqual([['u1', 1, effect]]);
    expect(sync.pending()).toHaveLength(0);
  });

  it('from the HTTP answer when the socket send failed and the retry took POST …/commands', async () => {
    const bodies: unknown[] = [];
    const srv = http.createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        bodies.push({ url: req.url, ...JSON.parse(body) });
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ id: 'u1', seq: 3, effect }));
      });
    });
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
    const { sync, confirms } = await online(async () => Promise.reject(Object.assign(new Error('boom'), { statusCode: 500 })), url);
    stop = async () => {
      await sync.destroy();
      await new Promise((r) => srv.close(r));
    };
    const done = confirmed(sync);
    sync.send(undoA);
    await done;
    expect(bodies).toEqual([expect.objectContaining({ url: '/api/boards/b1/commands', boardCommand: JSON.stringify(undoA) })]);
    expect(confirms).toEqual([['u1', 3, effect]]);
  });

  it('from an own undo read back from the log before its answer (onReconnected)', async () => {
    let release: (v: unknown) => void = () => undefined;
    const { sync, confirms, hubEvent } = await online(() => new Promise((r) => (release = r)));
    stop = async () => {
      release({ id: 'u1', seq: 1, duplicate: true, effect });
      await sync.destroy();
    };
    sync.send(undoA);
    hubEvent({ event: 'onReconnected', data: { commands: [{ ...undoA, seq: 1, effect }], lastSeq: 1 } });
    expect(confirms).toEqual([['u1', 1, effect]]);
    expect(sync.lastSeq).toBe(1);
  });
});
