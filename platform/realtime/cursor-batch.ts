import type { Logger } from 'pino';
import { CURSOR_THROTTLE_MS } from '../../shared/constants';
import type { BoardMessage } from './bus';
import type { Presence } from './presence';
import type { Session } from './session';
import { pendingBytes, prepareEvent, sendPrepared, type EventFrame } from './wire';

/**
 * Collaborator cursors, coalesced (issue 12; docs/architecture.md "Cursor batches"). A cursor move
 * is not sent on its own: the node keeps, per board, the latest cursor of each member who moved
 * since the last flush, and flushes at most every CURSOR_THROTTLE_MS (50 ms) — the first move on a
 * quiet board at once, the next ones at the next slot. A flush is ONE bus message (with Redis, one
 * publish per board per node), and every node that holds sockets on the board writes ONE
 * onEventReceived to each of them carrying every moved cursor but the receiver's own:
 *
 *   { name: 'collaboratorsCursorMoved', data: { cursors: [{ data, from: { uid, name } }] }, from: null }
 *
 * each entry being what one move's event carried (`data` as sent, `from` the sender). So the cost
 * is one frame per receiver per flush, whatever the number of movers, instead of one per move.
 *
 * Cursors never hold up commands: the flush runs in a setImmediate after the timer (the commands
 * whose I/O is ready go out first), and a socket with more than CURSOR_BACKLOG_BYTES not yet sent
 * (a slow reader), or one still receiving its reconnect catch-up, skips the batch; it keeps the
 * latest cursor of each member instead and gets them with the next batch it can take (cursors are
 * latest-wins: older positions are dropped, never queued).
 */

/** One member's move, as a receiver gets it inside a batch: the move's `data` and its sender. */
export interface CursorMove {
  data: unknown;
  from: { uid: string; name: string };
}

/** A socket with more bytes than this waiting to be sent skips cursor batches (commands first). */
export const CURSOR_BACKLOG_BYTES = 64 * 1024;

interface BoardCursors {
  /** the latest move of each member since the last flush (uid → move) */
  moves: Map<string, CursorMove>;
  lastFlushAt: number;
  timeout: NodeJS.Timeout | null;
  immediate: NodeJS.Immediate | null;
}

/** This node's pending cursor moves, per board, and their flushes. */
export class CursorBatches {
  private readonly boards = new Map<string, BoardCursors>();
  private stopped = false;

  constructor(
    private readonly publish: (code: string, message: BoardMessage) => Promise<void>,
    private readonly presence: Presence,
    private readonly logger: Logger,
  ) {}

  /** Records a move of `move.from.uid` on `board`; the board's next flush carries the latest one. */
  move(board: string, move: CursorMove): void {
    if (this.stopped) return;
    let b = this.boards.get(board);
    if (!b) this.boards.set(board, (b = { moves: new Map(), lastFlushAt: -Infinity, timeout: null, immediate: null }));
    b.moves.set(move.from.uid, move);
    if (!b.timeout && !b.immediate) this.schedule(board, b);
  }

  /** Drops a member's pending move (their last connection on this node left the board). */
  forget(board: string, uid: string): void {
    this.boards.get(board)?.moves.delete(uid);
  }

  stop(): void {
    this.stopped = true;
    for (const b of this.boards.values()) {
      if (b.timeout) clearTimeout(b.timeout);
      if (b.immediate) clearImmediate(b.immediate);
    }
    this.boards.clear();
  }

  /** The next flush: at the board's next 50 ms slot, after the I/O (commands) ready by then. */
  private schedule(board: string, b: BoardCursors): void {
    const later = () => {
      b.timeout = null;
      b.immediate = setImmediate(() => this.flush(board, b));
    };
    const wait = b.lastFlushAt + CURSOR_THROTTLE_MS - performance.now();
    if (wait < 1) later();
    else {
      b.timeout = setTimeout(later, wait);
      b.timeout.unref();
    }
  }

  private flush(board: string, b: BoardCursors): void {
    b.immediate = null;
    if (this.stopped || this.boards.get(board) !== b) return;
    // a slot without moves: the board is quiet, its next move leaves at once
    if (!b.moves.size) {
      this.boards.delete(board);
      return;
    }
    b.lastFlushAt = performance.now();
    const moves = [...b.moves.values()];
    b.moves = new Map();
    this.schedule(board, b);
    this.presence
      .setCursors(
        board,
        moves.map((m) => [m.from.uid, m.data] as const),
      )
      .catch(() => {});
    this.publish(board, { event: 'onEventReceived', data: null, cursors: moves }).catch((err) =>
      this.logger.warn({ err, board }, 'cursor batch not published'),
    );
  }
}

/** The onEventReceived data of a batch. */
const batchData = (cursors: CursorMove[]) => ({ name: 'collaboratorsCursorMoved', data: { cursors }, from: null });

/**
 * A cursor batch (from this node or another) to the sockets of a board on this node: one frame
 * per socket, without the receiver's own cursor. Frames are made once: one for the receivers who
 * did not move, one per receiver uid among the movers; only a socket that skipped batches gets
 * its own (its kept cursors merged with the new ones).
 */
export function sendCursors(sessions: Iterable<Session>, moves: readonly CursorMove[]): void {
  const movers = new Set(moves.map((m) => m.from.uid));
  const frames = new Map<string, { data: unknown; frame: EventFrame } | null>();
  const without = (uid: string) => {
    const key = movers.has(uid) ? uid : '';
    let f = frames.get(key);
    if (f === undefined) {
      const cursors = key ? moves.filter((m) => m.from.uid !== key) : [...moves];
      const data = batchData(cursors);
      f = cursors.length ? { data, frame: prepareEvent('onEventReceived', data) } : null;
      frames.set(key, f);
    }
    return f;
  };
  for (const session of sessions) {
    const uid = session.actor.uid;
    if (session.held || pendingBytes(session.socket) > CURSOR_BACKLOG_BYTES) {
      // not now: keep the latest of each (a newer batch overwrites it)
      const kept = (session.cursorBacklog ??= new Map());
      for (const m of moves) if (m.from.uid !== uid) kept.set(m.from.uid, m);
      continue;
    }
    if (session.cursorBacklog?.size) {
      const merged = session.cursorBacklog;
      session.cursorBacklog = undefined;
      for (const m of moves) if (m.from.uid !== uid) merged.set(m.from.uid, m);
      const data = batchData([...merged.values()]);
      sendPrepared(session.socket, prepareEvent('onEventReceived', data), 'onEventReceived', data, true);
      continue;
    }
    const f = without(uid);
    if (f) sendPrepared(session.socket, f.frame, 'onEventReceived', f.data, true);
  }
}
