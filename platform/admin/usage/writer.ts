import type { Logger } from 'pino';
import type { Db } from '../../db/index';

/**
 * The usage writer (docs/backoffice.md "Usage facts"): the one place usage facts wait in memory
 * and reach the database in batches, off every request's path. A board session (a socket's stay on
 * a board: hub join → leave) is a row of `board_sessions`, inserted when the buffer is flushed and
 * updated when it ends; an accepted command is a map increment, summed per UTC day × command type ×
 * user type and upserted `count = count + excluded.count`. The buffer is flushed every `flushMs`,
 * sooner once `maxRows` rows wait, and on stop; a failed write is logged and retried with the next
 * flush (at most `maxRows × 20` rows wait; beyond that the oldest are dropped, with a warning).
 * Nothing here throws to its caller. Each node writes its own rows.
 */

export interface SessionStart {
  boardId: string;
  /** the member's local user id (account id, guest key, app participant key) */
  uid: string;
  userId: string | null;
  clientId: string | null;
  ip: string | null;
  /** ISO country code of `ip` */
  country: string | null;
  userAgent: string | null;
  /** when the session began (default now) */
  at?: Date;
}

/** A session in progress, handed to the hub: `end()` when the socket leaves the board. */
export interface SessionHandle {
  /** ends the session (idempotent); `at` defaults to now */
  end(at?: Date): void;
}

interface SessionRow extends SessionStart {
  at: Date;
  /** the row's id once inserted */
  id: string | null;
  leftAt: Date | null;
  /** the left_at the database holds (undefined: never written) */
  written: Date | null | undefined;
  /** being inserted right now */
  inserting: boolean;
}

export interface WriterOptions {
  flushMs?: number;
  maxRows?: number;
  /** a reconnect within this long after a leave continues the session (default 2 minutes) */
  resumeMs?: number;
}

/** user_type of the usage tables */
export type UserType = 'reg' | 'guest';
export const userTypeOf = (userId: string | null | undefined): UserType => (userId ? 'reg' : 'guest');

const DAY_MS = 86_400_000;
const utcDayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
/** whole seconds from `from` to `to` (never negative) */
export const secondsBetween = (from: Date, to: Date): number => Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000));

export class UsageWriter {
  private readonly flushMs: number;
  private readonly maxRows: number;
  private readonly resumeMs: number;
  /** sessions to insert */
  private inserts: SessionRow[] = [];
  /** inserted sessions whose end (or resumption) is to be written */
  private updates = new Set<SessionRow>();
  /** sessions not ended, started on this node */
  private readonly open = new Set<SessionRow>();
  /** this node's recently ended sessions by board and member (a reconnect continues them) */
  private readonly recent = new Map<string, SessionRow>();
  /** command counts per day, then per `type \t userType` */
  private commands = new Map<string, Map<string, number>>();
  private day = '';
  private dayEnd = 0;
  private dayCounts: Map<string, number> = new Map();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    options: WriterOptions = {},
  ) {
    this.flushMs = options.flushMs ?? 1_000;
    this.maxRows = options.maxRows ?? 500;
    this.resumeMs = options.resumeMs ?? 120_000;
    this.timer = setInterval(() => void this.flush(), this.flushMs);
    this.timer.unref();
  }

  /**
   * A socket entered a board. With `resume` (the hub's reconnect), the member's session on this
   * board that this node ended less than `resumeMs` ago goes on instead of a new one.
   */
  startSession(start: SessionStart, options: { resume?: boolean } = {}): SessionHandle {
    const at = start.at ?? new Date();
    const key = `${start.boardId}\n${start.uid}`;
    const previous = options.resume ? this.recent.get(key) : undefined;
    let row: SessionRow;
    if (previous?.leftAt && at.getTime() - previous.leftAt.getTime() <= this.resumeMs && !this.open.has(previous)) {
      row = previous;
      row.leftAt = null;
      this.changed(row);
    } else {
      row = { ...start, at, id: null, leftAt: null, written: undefined, inserting: false };
      this.inserts.push(row);
      this.trim();
    }
    this.recent.delete(key);
    this.open.add(row);
    if (this.pendingRows() >= this.maxRows) void this.flush();
    return {
      end: (end?: Date) => {
        if (!this.open.has(row)) return;
        this.open.delete(row);
        row.leftAt = end ?? new Date();
        if (row.leftAt < row.at) row.leftAt = row.at;
        this.changed(row);
        this.remember(key, row);
      },
    };
  }

  /** One accepted command (the append's whole cost: a clock read and a map increment). */
  countCommand(type: string, userType: UserType, now = Date.now()): void {
    if (now >= this.dayEnd || now < this.dayEnd - DAY_MS) this.switchDay(now);
    const key = `${type}\t${userType}`;
    this.dayCounts.set(key, (this.dayCounts.get(key) ?? 0) + 1);
  }

  /** Writes what waits (one flush at a time; a call during a flush waits for it and flushes again). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (!this.pendingRows() && !this.commands.size) return;
    this.flushing = this.write().finally(() => (this.flushing = null));
    await this.flushing;
  }

  /** Ends this node's open sessions now, writes everything and stops the timer (server stop). */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const now = new Date();
    for (const row of [...this.open]) {
      this.open.delete(row);
      row.leftAt = now;
      this.changed(row);
    }
    // (a row ended while its insert was under way is updated by the next flush)
    for (let i = 0; i < 3 && (this.pendingRows() || this.commands.size); i++) await this.flush();
  }

  /** Open sessions on this node (tests, metrics). */
  get openSessions(): number {
    return this.open.size;
  }

  private pendingRows(): number {
    return this.inserts.length + this.updates.size;
  }

  private changed(row: SessionRow): void {
    // a row still waiting to be inserted carries its end with it; an inserted one is updated
    if (row.id !== null || row.inserting) this.updates.add(row);
    if (this.pendingRows() >= this.maxRows) void this.flush();
  }

  private remember(key: string, row: SessionRow): void {
    this.recent.set(key, row);
    if (this.recent.size > 10_000) {
      const cutoff = Date.now() - this.resumeMs;
      for (const [k, r] of this.recent) if (!r.leftAt || r.leftAt.getTime() < cutoff) this.recent.delete(k);
      // still too many (a burst of leaves): forget the oldest half
      if (this.recent.size > 10_000) for (const k of [...this.recent.keys()].slice(0, 5_000)) this.recent.delete(k);
    }
  }

  private trim(): void {
    const cap = this.maxRows * 20;
    if (this.inserts.length <= cap) return;
    const dropped = this.inserts.splice(0, this.inserts.length - cap);
    for (const row of dropped) {
      this.open.delete(row);
      this.updates.delete(row);
    }
    this.logger.warn({ dropped: dropped.length }, 'usage: board sessions dropped (the database did not take them)');
  }

  private switchDay(now: number): void {
    this.day = utcDayOf(now);
    this.dayEnd = Date.parse(`${this.day}T00:00:00.000Z`) + DAY_MS;
    let counts = this.commands.get(this.day);
    if (!counts) this.commands.set(this.day, (counts = new Map()));
    this.dayCounts = counts;
  }

  private async write(): Promise<void> {
    const inserts = this.inserts;
    this.inserts = [];
    const updates = [...this.updates].filter((r) => r.id !== null);
    for (const r of updates) this.updates.delete(r);
    const commands = this.commands;
    this.commands = new Map();
    this.day = '';
    this.dayEnd = 0;

    await this.writeInserts(inserts);
    await this.writeUpdates(updates);
    await this.writeCommands(commands);
  }

  private async writeInserts(rows: SessionRow[]): Promise<void> {
    if (!rows.length) return;
    for (const r of rows) r.inserting = true;
    try {
      // ids first, so each row knows its own (the insert then needs no RETURNING order)
      const ids = (await this.db.raw(`select nextval('board_sessions_id_seq')::text as id from generate_series(1, ?)`, [rows.length]))
        .rows as Array<{ id: string }>;
      const values = rows.map((r, i) => {
        const leftAt = r.leftAt;
        return {
          id: ids[i]!.id,
          board_id: r.boardId,
          uid: r.uid.slice(0, 100),
          user_id: r.userId,
          client_id: r.clientId?.slice(0, 100) ?? null,
          joined_at: r.at,
          left_at: leftAt,
          duration_s: leftAt ? secondsBetween(r.at, leftAt) : null,
          ip: r.ip?.slice(0, 64) ?? null,
          country: r.country?.slice(0, 2) ?? null,
          user_agent: r.userAgent?.slice(0, 300) ?? null,
        };
      });
      await this.db('board_sessions').insert(values);
      rows.forEach((r, i) => {
        r.id = ids[i]!.id;
        r.written = values[i]!.left_at;
      });
    } catch (err) {
      this.logger.warn({ err, rows: rows.length }, 'usage: writing board sessions failed (retried with the next flush)');
      this.inserts.unshift(...rows.filter((r) => r.id === null));
      this.trim();
    } finally {
      for (const r of rows) r.inserting = false;
    }
    // ended (or resumed) while their insert was under way
    for (const r of rows) if (r.id !== null && r.leftAt !== r.written) this.updates.add(r);
  }

  private async writeUpdates(rows: SessionRow[]): Promise<void> {
    if (!rows.length) return;
    const values = rows.map((r) => ({ row: r, leftAt: r.leftAt }));
    try {
      const bindings: unknown[] = [];
      const tuples = values.map(({ row, leftAt }) => {
        bindings.push(row.id, leftAt, leftAt ? secondsBetween(row.at, leftAt) : null);
        return '(?::bigint, ?::timestamptz, ?::integer)';
      });
      await this.db.raw(
        `update board_sessions as s set left_at = v.left_at, duration_s = v.duration_s
         from (values ${tuples.join(', ')}) as v(id, left_at, duration_s) where s.id = v.id`,
        bindings as never,
      );
      for (const { row, leftAt } of values) {
        row.written = leftAt;
        if (row.leftAt !== leftAt) this.updates.add(row);
      }
    } catch (err) {
      this.logger.warn({ err, rows: rows.length }, 'usage: ending board sessions failed (retried with the next flush)');
      for (const { row } of values) this.updates.add(row);
    }
  }

  private async writeCommands(byDay: Map<string, Map<string, number>>): Promise<void> {
    const bindings: unknown[] = [];
    const tuples: string[] = [];
    for (const [day, counts] of byDay) {
      for (const [key, count] of counts) {
        const [type, userType] = key.split('\t') as [string, string];
        bindings.push(day, type.slice(0, 40), userType, count);
        tuples.push('(?::date, ?, ?, ?::bigint)');
      }
    }
    if (!tuples.length) return;
    try {
      await this.db.raw(
        `insert into command_usage_daily (day, type, user_type, count) values ${tuples.join(', ')}
         on conflict (day, type, user_type) do update set count = command_usage_daily.count + excluded.count`,
        bindings as never,
      );
    } catch (err) {
      this.logger.warn({ err }, 'usage: writing command counts failed (retried with the next flush)');
      // add them back: the counts of a day are few (types × user types)
      for (const [day, counts] of byDay) {
        let into = this.commands.get(day);
        if (!into) this.commands.set(day, (into = new Map()));
        for (const [key, count] of counts) into.set(key, (into.get(key) ?? 0) + count);
      }
      // the next count finds its day's map again
      this.day = '';
      this.dayEnd = 0;
    }
  }
}

const writers = new WeakMap<object, UsageWriter>();

/** This node's writer for `app` (made by the admin-usage plugin), if any. */
export const usageWriterOf = (app: { db: Db }): UsageWriter | undefined => writers.get(app.db);

/** Makes the writer of `app` (one per database handle). */
export function createUsageWriter(app: { db: Db; logger: Logger }, options?: WriterOptions): UsageWriter {
  const writer = new UsageWriter(app.db, app.logger, options);
  writers.set(app.db, writer);
  return writer;
}
