import type { Actor } from '../core/actor';
import type { Db } from '../db/index';
import type { BoardApp } from './access';
import { cachedVisitorLookup } from './access-cache';

/**
 * Core actions (board.md §7 `coreActions`): which members edited a board on a UTC day, and
 * whether they did so while collaborating — one `board_activity` row per (day, board, uid),
 * flags ORed together (migration 005_activity). The engagement tables of the back-office and
 * the panel's home statistics read it.
 *
 * Recording never slows or fails a command: `noteCoreActions` runs after the command is stored
 * and published, writes in the background and only logs a warning when the write fails. It
 * also remembers, per process, what it already recorded today, and skips the write when
 * nothing new would be set (a drawing user sends several commands a second): a row's `last_at`
 * is therefore exact to LAST_AT_RESOLUTION_MS.
 */
export type CoreAction = 'edited' | 'collaborated';
export const CORE_ACTIONS: readonly CoreAction[] = ['edited', 'collaborated'];

/** How stale a remembered row's `last_at` may get before it is written again. */
export const LAST_AT_RESOLUTION_MS = 5 * 60_000;
/** How often (per board and member) the shared presence is asked whether someone else is online. */
export const PRESENCE_ASK_MS = 30_000;
/** Remembered (board, member) pairs per process before the memory starts over. */
const MEMORY_MAX = 50_000;

const EDITED = 1;
const COLLABORATED = 2;
const flagOf: Record<CoreAction, number> = { edited: EDITED, collaborated: COLLABORATED };

/** The UTC day of an instant, as 'YYYY-MM-DD'. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * Upserts one member's activity on a board for the UTC day of `at` (awaitable; `noteCoreActions`
 * is the fire-and-forget entry). Nothing is written for an empty list.
 */
export async function recordCoreActions(
  app: { db: Db },
  boardId: string,
  actor: Actor,
  actions: readonly CoreAction[],
  at: Date = new Date(),
): Promise<void> {
  const flags = flagsOf(actions);
  if (!flags) return;
  await app.db.raw(
    `insert into board_activity (day, board_id, uid, user_id, client_id, edited, collaborated, first_at, last_at)
     values (?::date, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (day, board_id, uid) do update set
       edited = board_activity.edited or excluded.edited,
       collaborated = board_activity.collaborated or excluded.collaborated,
       user_id = coalesce(excluded.user_id, board_activity.user_id),
       client_id = coalesce(excluded.client_id, board_activity.client_id),
       first_at = least(board_activity.first_at, excluded.first_at),
       last_at = greatest(board_activity.last_at, excluded.last_at)`,
    [utcDay(at), boardId, actor.uid, actor.userId ?? null, actor.clientId ?? null, !!(flags & EDITED), !!(flags & COLLABORATED), at, at],
  );
}

interface Seen {
  flags: number;
  /** when the row was last written */
  at: number;
  /** when the presence was last asked (0 = never) */
  askedAt: number;
}

interface Memory {
  day: string;
  seen: Map<string, Seen>;
  pending: Set<Promise<void>>;
}

const memories = new WeakMap<object, Memory>();

function memoryOf(app: { db: Db }, day: string): Memory {
  let memory = memories.get(app.db);
  if (!memory) memories.set(app.db, (memory = { day, seen: new Map(), pending: new Set() }));
  if (memory.day !== day || memory.seen.size > MEMORY_MAX) {
    memory.day = day;
    memory.seen.clear();
  }
  return memory;
}

function flagsOf(actions: readonly CoreAction[]): number {
  let flags = 0;
  for (const a of actions) flags |= flagOf[a] ?? 0;
  return flags;
}

export interface NoteOptions {
  /** the clock (tests) */
  now?: Date;
  /**
   * Asked (at most every PRESENCE_ASK_MS per board and member, off the answer path) when the
   * caller saw nobody else and 'collaborated' is not recorded yet today: whether another member
   * is online elsewhere (e.g. on another node).
   */
  othersOnline?: () => Promise<boolean>;
}

/**
 * Records core actions in the background, after a command was stored and published: `boardRef`
 * is the board code or id the command was sent to. Skips the database when this process already
 * recorded these flags today (within LAST_AT_RESOLUTION_MS); a failure is logged, never thrown.
 */
export function noteCoreActions(
  app: BoardApp,
  boardRef: string,
  actor: Actor,
  actions: readonly CoreAction[],
  opts: NoteOptions = {},
): void {
  const now = opts.now ?? new Date();
  const memory = memoryOf(app, utcDay(now));
  const key = `${boardRef}\n${actor.uid}`;
  const seen = memory.seen.get(key);
  const known = seen?.flags ?? 0;
  let flags = flagsOf(actions);
  const t = now.getTime();
  const ask = !!opts.othersOnline && !((flags | known) & COLLABORATED) && t - (seen?.askedAt ?? 0) >= PRESENCE_ASK_MS;
  const refresh = !seen || t - seen.at >= LAST_AT_RESOLUTION_MS;
  if (!ask && !(flags & ~known) && !(refresh && flags)) return;
  // remember at once, so the commands that follow while this write runs skip it
  const entry: Seen = { flags: known | flags, at: refresh || flags & ~known ? t : seen!.at, askedAt: ask ? t : (seen?.askedAt ?? 0) };
  memory.seen.set(key, entry);
  const task = (async () => {
    try {
      if (ask && (await opts.othersOnline!().catch(() => false))) {
        flags |= COLLABORATED;
        entry.flags |= COLLABORATED;
      }
      if (!(flags & ~known) && !refresh) return;
      const found = await cachedVisitorLookup(app, boardRef, actor);
      if (!found) return;
      await recordCoreActions(
        app,
        found.board.id,
        actor,
        CORE_ACTIONS.filter((a) => flags & flagOf[a]),
        now,
      );
    } catch (err) {
      // forget what was not written, so the next command tries again
      if (memory.seen.get(key) === entry) memory.seen.delete(key);
      app.logger.warn({ err, board: boardRef, uid: actor.uid }, 'recording core actions failed');
    }
  })();
  memory.pending.add(task);
  void task.finally(() => memory.pending.delete(task));
}

/** Resolves when no background write of core actions is running (tests; graceful stop). */
export async function activityIdle(app: { db: Db }): Promise<void> {
  const memory = memories.get(app.db);
  while (memory?.pending.size) await Promise.allSettled([...memory.pending]);
}
