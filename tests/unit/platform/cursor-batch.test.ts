/**
 * Collaborator cursors, coalesced (platform/realtime/cursor-batch.ts): the node keeps each
 * member's latest move and publishes one batch per board per 50 ms slot; a batch reaches each
 * socket as one onEventReceived without its own cursor; a backed-up socket skips batches and gets
 * the latest positions with the next one it can take. The clock is vitest's (no waiting).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import type { BoardMessage } from '../../../platform/realtime/bus';
import { CURSOR_BACKLOG_BYTES, CursorBatches, sendCursors, type CursorMove } from '../../../platform/realtime/cursor-batch';
import { createMemoryPresence } from '../../../platform/realtime/presence';
import type { Session } from '../../../platform/realtime/session';
import { CURSOR_THROTTLE_MS } from '../../../shared/constants';

const move = (uid: string, x: number): CursorMove => ({ data: { x, y: x }, from: { uid, name: uid.toUpperCase() } });

describe('CursorBatches: one message per board per 50 ms', () => {
  let published: Array<{ code: string; message: BoardMessage }>;
  let batches: CursorBatches;
  const presence = createMemoryPresence();
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'performance', 'Date'] });
    published = [];
    batches = new CursorBatches(async (code, message) => void published.push({ code, message }), presence, pino({ level: 'silent' }));
  });
  afterEach(() => {
    batches.stop();
    vi.useRealTimers();
  });
  const sent = () => published.map((p) => [p.code, p.message.cursors!.map((m) => `${m.from.uid}:${(m.data as { x: number }).x}`)]);

  it('sends a quiet board’s first move at once, then the latest of each mover per slot, per board', async () => {
    batches.move('B1', move('ann', 1));
    expect(published).toEqual([]); // after the I/O of this turn
    await vi.advanceTimersByTimeAsync(0);
    expect(sent()).toEqual([['B1', ['ann:1']]]);

    // within the slot: ann twice (the latest wins), bob once, and another board
    batches.move('B1', move('ann', 2));
    batches.move('B1', move('bob', 5));
    batches.move('B1', move('ann', 3));
    batches.move('B2', move('cid', 9));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent()).toEqual([
      ['B1', ['ann:1']],
      ['B2', ['cid:9']],
    ]);
    await vi.advanceTimersByTimeAsync(CURSOR_THROTTLE_MS - 1);
    expect(sent()).toHaveLength(2);
    // the slot's timer, then the flush after that turn's I/O (the fake clock runs it a tick later)
    await vi.advanceTimersByTimeAsync(2);
    expect(sent()).toEqual([
      ['B1', ['ann:1']],
      ['B2', ['cid:9']],
      ['B1', ['ann:3', 'bob:5']],
    ]);
    expect(published.every((p) => p.message.event === 'onEventReceived')).toBe(true);

    // a member who left before the flush is not sent
    batches.move('B1', move('dan', 4));
    batches.move('B1', move('eve', 6));
    batches.forget('B1', 'dan');
    await vi.advanceTimersByTimeAsync(CURSOR_THROTTLE_MS + 1);
    expect(sent().at(-1)).toEqual(['B1', ['eve:6']]);

    // a whole slot without moves: the board is quiet again, its next move leaves at once
    await vi.advanceTimersByTimeAsync(CURSOR_THROTTLE_MS * 3);
    const count = published.length;
    batches.move('B1', move('ann', 7));
    await vi.advanceTimersByTimeAsync(0);
    expect(published).toHaveLength(count + 1);
    expect(sent().at(-1)).toEqual(['B1', ['ann:7']]);
  });

  it('sends nothing after stop', async () => {
    batches.move('B1', move('ann', 1));
    batches.stop();
    await vi.advanceTimersByTimeAsync(CURSOR_THROTTLE_MS * 2);
    expect(published).toEqual([]);
  });
});

describe('sendCursors: one frame per socket, never its own cursor, latest-wins for a backed-up socket', () => {
  /** A session whose socket records what it is sent (its sendFrame; `backlog` = its bufferedAmount). */
  function session(uid: string, backlog = { bytes: 0 }) {
    const got: Array<{ name: string; data: { cursors: CursorMove[] }; from: unknown }> = [];
    const socket = {
      isOpen: () => true,
      cork() {},
      uncork() {},
      get bufferedAmount() {
        return backlog.bytes;
      },
      sendFrame(message: Buffer) {
        got.push(JSON.parse(String(message)).message.data);
      },
    };
    const s = { actor: { uid }, held: null, socket } as unknown as Session;
    return { s, got, backlog, seen: () => got.map((e) => e.data.cursors.map((m) => `${m.from.uid}:${(m.data as { x: number }).x}`)) };
  }

  it('sends each socket the batch without its own cursor, in the per-move shape', () => {
    const ann = session('ann');
    const ann2 = session('ann'); // ann's second tab
    const bob = session('bob');
    const cid = session('cid');
    sendCursors([ann.s, ann2.s, bob.s, cid.s], [move('ann', 1), move('bob', 2)]);
    expect(ann.seen()).toEqual([['bob:2']]);
    expect(ann2.seen()).toEqual([['bob:2']]);
    expect(bob.seen()).toEqual([['ann:1']]);
    expect(cid.seen()).toEqual([['ann:1', 'bob:2']]);
    expect(cid.got[0]).toEqual({ name: 'collaboratorsCursorMoved', data: { cursors: [move('ann', 1), move('bob', 2)] }, from: null });
    // a batch of only your own move sends you nothing
    sendCursors([ann.s], [move('ann', 3)]);
    expect(ann.seen()).toHaveLength(1);
  });

  it('skips a socket with a send backlog and gives it the latest positions with the next batch', () => {
    const slow = session('slow', { bytes: CURSOR_BACKLOG_BYTES + 1 });
    const fast = session('fast');
    sendCursors([slow.s, fast.s], [move('ann', 1), move('bob', 1), move('slow', 1)]);
    sendCursors([slow.s, fast.s], [move('ann', 2)]);
    expect(slow.got).toEqual([]);
    expect(fast.seen()).toEqual([['ann:1', 'bob:1', 'slow:1'], ['ann:2']]);
    slow.backlog.bytes = 0;
    sendCursors([slow.s, fast.s], [move('cid', 3)]);
    expect(slow.seen()).toEqual([['ann:2', 'bob:1', 'cid:3']]);
    sendCursors([slow.s], [move('ann', 4)]);
    expect(slow.seen().at(-1)).toEqual(['ann:4']);
  });
});
