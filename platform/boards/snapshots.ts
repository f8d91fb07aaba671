import type { Knex } from 'knex';
import { BoardDoc, type BoardSnapshot } from '../../shared/reducer';
import type { Db } from '../db/index';
import type { BoardApp } from './access';
import { commandsBetween } from './log';

type Conn = Db | Knex.Transaction;

/**
 * A new snapshot is made once this many commands follow the latest one — or, on a board with more
 * live shapes than that, once as many commands as it has shapes follow it (snapshotDue).
 */
export const SNAPSHOT_EVERY = 500;

/**
 * Whether a board whose latest snapshot is `tail` commands old (and held `shapes` live shapes)
 * is due a new one. A snapshot costs the size of the board (read, fold, write: ~1 MB for 3,000
 * shapes, and that much WAL that the next commits must flush), so it is made every
 * max(SNAPSHOT_EVERY, shapes) commands: its cost per command stays constant however large the
 * board, and a join still reads at most twice the board's size (snapshot + tail).
 */
export const snapshotDue = (tail: number, shapes: number): boolean => tail >= Math.max(SNAPSHOT_EVERY, shapes);
/** Snapshots kept per board (the newest; older ones are pruned). */
export const SNAPSHOTS_KEPT = 2;

/** The latest snapshot as stored JSON text (optionally only if newer than a seq). */
export async function latestSnapshotText(
  db: Conn,
  boardId: string,
  opts: { newerThan?: number } = {},
): Promise<{ seq: number; text: string } | undefined> {
  const q = db('snapshots').where({ board_id: boardId }).orderBy('seq', 'desc').first('seq', db.raw('state::text as text'));
  if (opts.newerThan !== undefined) q.andWhere('seq', '>', opts.newerThan);
  const row = (await q) as { seq: number | string; text: string } | undefined;
  return row ? { seq: Number(row.seq), text: row.text } : undefined;
}

async function latestSnapshotAtOrBefore(db: Conn, boardId: string, seq: number): Promise<BoardSnapshot | undefined> {
  const row = await db('snapshots').where({ board_id: boardId }).andWhere('seq', '<=', seq).orderBy('seq', 'desc').first('state');
  if (!row) return undefined;
  return (typeof row.state === 'string' ? JSON.parse(row.state) : row.state) as BoardSnapshot;
}

/** The board's state at `seq`: the latest snapshot at or before it, plus the commands up to seq. */
export async function boardStateAt(db: Conn, boardId: string, seq: number): Promise<BoardDoc> {
  const snapshot = await latestSnapshotAtOrBefore(db, boardId, seq);
  const doc = new BoardDoc(snapshot);
  for (const { command } of await commandsBetween(db, boardId, snapshot?.seq ?? 0, seq)) doc.apply(command);
  return doc;
}

/**
 * Makes a snapshot at the board's current last seq (reducer state: shapes in z-order with
 * their layering keys and the undo info), stores it, moves boards.snapshot_seq and prunes
 * older snapshots. Returns the snapshot's seq (0 when the board is gone).
 */
export async function refreshSnapshot(db: Db, boardId: string): Promise<number> {
  return (await writeSnapshot(db, boardId)).seq;
}

/** refreshSnapshot, also answering how many live shapes the snapshot holds (null: none was made). */
async function writeSnapshot(db: Db, boardId: string): Promise<{ seq: number; shapes: number | null }> {
  const board = await db('boards').where({ id: boardId }).first('last_seq', 'snapshot_seq');
  if (!board) return { seq: 0, shapes: null };
  const upTo = Number(board.last_seq);
  if (upTo <= Number(board.snapshot_seq)) return { seq: Number(board.snapshot_seq), shapes: null };
  const doc = await boardStateAt(db, boardId, upTo);
  const state = doc.snapshot();
  state.seq = upTo;
  await db.transaction(async (trx) => {
    await trx('snapshots')
      .insert({ board_id: boardId, seq: upTo, state: JSON.stringify(state) })
      .onConflict(['board_id', 'seq'])
      .ignore();
    await trx('boards').where({ id: boardId }).andWhere('snapshot_seq', '<', upTo).update({ snapshot_seq: upTo });
    const keep = trx('snapshots').where({ board_id: boardId }).orderBy('seq', 'desc').limit(SNAPSHOTS_KEPT).select('seq');
    await trx('snapshots').where({ board_id: boardId }).whereNotIn('seq', keep).delete();
  });
  return { seq: upTo, shapes: state.shapes.length };
}

/* ---------------- background refresh: off the request path, one at a time per board ---------------- */

interface SnapshotState {
  /** seq of the latest snapshot known to this node, per board */
  known: Map<string, number>;
  /** live shapes in that snapshot, per board (when this node made it) */
  shapes: Map<string, number>;
  running: Map<string, Promise<void>>;
  again: Set<string>;
  /** first appends seen on this node, still reading the board's snapshot seq */
  lookups: Set<Promise<void>>;
}

const states = new WeakMap<object, SnapshotState>();

function stateOf(app: BoardApp): SnapshotState {
  let s = states.get(app.db);
  if (!s) states.set(app.db, (s = { known: new Map(), shapes: new Map(), running: new Map(), again: new Set(), lookups: new Set() }));
  return s;
}

/**
 * Called after every append: once a snapshot is due (snapshotDue), a
 * refresh runs in the background (never more than one per board on this node; an append
 * arriving meanwhile asks for one more run when it ends).
 */
export function scheduleSnapshot(app: BoardApp, boardId: string, seq: number): void {
  const s = stateOf(app);
  const known = s.known.get(boardId);
  if (known === undefined) {
    // first append seen on this node: learn the board's snapshot seq, then decide
    s.known.set(boardId, -1);
    const lookup = Promise.resolve(app.db('boards').where({ id: boardId }).first('snapshot_seq')).then(
      (row) => {
        s.known.set(boardId, Number(row?.snapshot_seq ?? 0));
        scheduleSnapshot(app, boardId, seq);
      },
      () => void s.known.delete(boardId),
    );
    s.lookups.add(lookup);
    void lookup.finally(() => s.lookups.delete(lookup));
    return;
  }
  if (known < 0 || !snapshotDue(seq - known, s.shapes.get(boardId) ?? 0)) return;
  if (s.running.has(boardId)) {
    s.again.add(boardId);
    return;
  }
  const run = (async () => {
    try {
      const made = await writeSnapshot(app.db, boardId);
      s.known.set(boardId, made.seq);
      if (made.shapes !== null) s.shapes.set(boardId, made.shapes);
    } catch (err) {
      app.logger.error({ err, boardId }, 'snapshot refresh failed');
    } finally {
      s.running.delete(boardId);
      if (s.again.delete(boardId)) {
        const row = await app
          .db('boards')
          .where({ id: boardId })
          .first('last_seq')
          .catch(() => undefined);
        if (row) scheduleSnapshot(app, boardId, Number(row.last_seq));
      }
    }
  })();
  s.running.set(boardId, run);
}

/** Resolves when no snapshot refresh is running or about to be decided (tests; graceful stop). */
export async function snapshotsIdle(app: BoardApp): Promise<void> {
  const s = stateOf(app);
  while (s.running.size || s.lookups.size) await Promise.allSettled([...s.running.values(), ...s.lookups]);
}
