import type { Knex } from 'knex';
import { SHAPE_KINDS, type Command } from '../../shared/model';
import { boardShapeLimit, commandTooLarge } from '../../shared/messages';
import { flattenCommand, isAddCommand } from '../../shared/reducer';
import { badRequest } from '../core/errors';
import type { BoardApp } from './access';
import type { BoardMessage } from '../realtime/api';
import { boardStateAt } from './snapshots';

/**
 * Size caps of the board log (docs/security.md "Abuse limits"; values in config.limits):
 *
 *  - per command: the bytes of its JSON (BOARD_COMMAND_MAX_BYTES, 1 MiB): a 400 on
 *    `boardCommand` saying so, nothing stored. (Whole requests and frames are capped at 4 MiB
 *    before they are read.)
 *  - per board: its live shapes (BOARD_MAX_SHAPES, 20,000): a command that would bring more to
 *    life — an add, a commandSet of adds, an undo/redo restoring shapes — is a 400 saying the
 *    board is full; everything else (moves, edits, removes, clear) still goes through.
 *
 * The shape count is kept cheap: per board and node, an upper bound `live + grown` of the live
 * shapes, where `live` was counted exactly (or estimated from the latest snapshot's length and the
 * commands after it, one SQL query, when the node first sees the board) and `grown` counts every
 * shape brought to life since — by this node's appends and, through the board bus, by every other
 * node's (removes are not subtracted: a remove cannot prove what it removed). A clear resets the
 * count to zero. Only when the bound says "full" is the board counted exactly (its state folded
 * from the latest snapshot, as a join does), at most once per RECOUNT_MS per board, so a board at
 * its cap cannot be made to recount on every command. An append therefore costs a counter check;
 * ingest does not pay for the cap.
 */

/** The least time between two exact recounts of one board (on one node). */
export const RECOUNT_MS = 5_000;
/** How long an admitted command's shapes wait for its onCommand before they are forgotten (failed or duplicate sends). */
const PENDING_MS = 30_000;
/** Boards counted per node before the counts are dropped and re-estimated (a bounded memory). */
const MAX_TALLIES = 10_000;

type Conn = BoardApp['db'] | Knex.Transaction;

interface Tally {
  /** live shapes at the last count (exact or estimated) */
  live: number;
  /** shapes brought to life since (by any node), an upper bound */
  grown: number;
  /** admitted on this node, not yet seen stored: command id → shapes */
  pending: Map<string, { n: number; at: number }>;
  pendingTotal: number;
  /** when the board was last counted exactly (0: never) */
  countedAt: number;
  /** an exact count in flight */
  counting?: Promise<{ live: number; alive: (id: string) => boolean }>;
}

interface CapState {
  tallies: Map<string, Tally>;
  /** board code → id (the bus speaks codes) */
  ids: Map<string, string>;
}

const states = new WeakMap<object, CapState>();

function stateOf(app: BoardApp): CapState {
  let state = states.get(app.db);
  if (!state) {
    const created: CapState = { tallies: new Map(), ids: new Map() };
    state = created;
    states.set(app.db, created);
    app.bus.subscribe((code, message) => onBoardMessage(created, code, message));
  }
  return state;
}

/** Ids of the shapes a command brings to life, at most: its adds (a commandSet's too). */
export function addedShapeIds(command: Command): string[] {
  const ids = new Set<string>();
  for (const c of flattenCommand(command)) if (isAddCommand(c) && c.shape && typeof c.shape.id === 'string') ids.add(c.shape.id);
  return [...ids];
}

/** How many shapes a stored command (as published) may have brought to life. */
function grownBy(command: Command): number {
  if (command.cmd === 'undo') return command.effect?.shapes?.length ?? 0;
  return addedShapeIds(command).length;
}

/** Every node's stored commands, through the bus: what they added, and clears. */
function onBoardMessage(state: CapState, code: string, message: BoardMessage): void {
  if (message.event !== 'onCommand') return;
  const id = state.ids.get(code);
  const tally = id === undefined ? undefined : state.tallies.get(id);
  const command = message.data as Command | undefined;
  if (!tally || !command || typeof command !== 'object') return;
  if (command.cmd === 'clear') {
    tally.live = 0;
    tally.grown = 0;
    return;
  }
  const mine = typeof command.id === 'string' ? tally.pending.get(command.id) : undefined;
  if (mine) {
    tally.pending.delete(command.id);
    tally.pendingTotal -= mine.n;
  }
  tally.grown += grownBy(command);
}

/**
 * Refuses (400, nothing stored) a command whose JSON is over the per-command cap. Input that
 * cannot be serialised is left to the command's validation.
 */
export function checkCommandSize(app: BoardApp, input: unknown): void {
  const max = app.config.limits.commandMaxBytes;
  let text: string;
  try {
    text = typeof input === 'string' ? input : JSON.stringify(input);
  } catch {
    return;
  }
  if (text === undefined || text.length * 3 <= max) return;
  if (Buffer.byteLength(text, 'utf8') > max) {
    const message = commandTooLarge(max);
    throw badRequest(message, { boardCommand: [message] });
  }
}

/** The live shapes of a board, estimated in one query: the latest snapshot's shapes and, after it, every add (at most). */
async function estimate(db: Conn, boardId: string): Promise<number> {
  const result = await db.raw(
    `with snap as (
       select seq, jsonb_array_length(coalesce(state->'shapes', '[]'::jsonb)) as n
         from snapshots where board_id = ? order by seq desc limit 1
     )
     select coalesce((select n from snap), 0)
          + coalesce((select sum(case
                when kind = 'commandSet' and jsonb_typeof(payload->'commands') = 'array' then jsonb_array_length(payload->'commands')
                when kind = 'undo' and jsonb_typeof(payload->'effect'->'shapes') = 'array' then jsonb_array_length(payload->'effect'->'shapes')
                when kind = any(?::text[]) then 1
                else 0 end)
              from commands where board_id = ? and seq > coalesce((select seq from snap), 0)), 0) as n`,
    [boardId, `{${SHAPE_KINDS.join(',')}}`, boardId],
  );
  return Number((result.rows as Array<{ n: number | string }>)[0]?.n ?? 0);
}

/** Counts a board exactly: its state folded from the latest snapshot and the commands after it. */
async function countExactly(db: Conn, boardId: string) {
  const doc = await boardStateAt(db as never, boardId, Number.MAX_SAFE_INTEGER);
  return { live: doc.size, alive: (id: string) => doc.has(id) };
}

/**
 * Admits the shapes a command may bring to life (`ids`) on board `board`, or throws the 400 when
 * the board has no room for them. `db` is the transaction the command is appended in, if any.
 * Called for every command (with no ids it only remembers the board's code).
 */
export async function admitShapes(
  app: BoardApp,
  board: { id: string; code?: string },
  commandId: string,
  ids: readonly string[],
  db: Conn = app.db,
): Promise<void> {
  const state = stateOf(app);
  if (board.code !== undefined && state.ids.get(board.code) !== board.id) state.ids.set(board.code, board.id);
  if (!ids.length) return;
  const max = app.config.limits.boardMaxShapes;
  let tally = state.tallies.get(board.id);
  if (!tally) {
    if (state.tallies.size >= MAX_TALLIES) state.tallies.clear();
    const live = await estimate(db, board.id);
    tally = state.tallies.get(board.id) ?? { live, grown: 0, pending: new Map(), pendingTotal: 0, countedAt: 0 };
    state.tallies.set(board.id, tally);
  }
  const now = Date.now();
  if (tally.pendingTotal > 0) {
    for (const [id, p] of tally.pending) {
      if (now - p.at < PENDING_MS) continue;
      tally.pending.delete(id);
      tally.pendingTotal -= p.n;
    }
  }
  let n = ids.length;
  if (tally.live + tally.grown + tally.pendingTotal + n > max) {
    // the bound says full: count exactly (at most once per RECOUNT_MS), then only shapes not alive count
    if (!tally.counting && now - tally.countedAt < RECOUNT_MS) throw full(max);
    const t = tally;
    // one count in flight per board; a transaction counts on its own connection (PGlite has one)
    const exact =
      db === app.db
        ? await (t.counting ?? (t.counting = countExactly(db, board.id).finally(() => (t.counting = undefined))))
        : await countExactly(db, board.id);
    if (t.countedAt < now) {
      t.live = exact.live;
      t.grown = 0;
      t.countedAt = Date.now();
    }
    n = ids.filter((id) => !exact.alive(id)).length;
    if (n === 0) return;
    if (t.live + t.grown + t.pendingTotal + n > max) throw full(max);
  }
  const prior = tally.pending.get(commandId);
  if (prior) tally.pendingTotal -= prior.n;
  tally.pending.set(commandId, { n, at: now });
  tally.pendingTotal += n;
}

function full(max: number) {
  const message = boardShapeLimit(max);
  return badRequest(message, { boardCommand: [message] });
}
