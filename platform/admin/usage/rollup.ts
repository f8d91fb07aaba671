import type { Logger } from 'pino';
import type { Db } from '../../db/index';
import { FIGURE_COLUMNS, figuresSql } from './figures';

/**
 * The usage roll-up (docs/backoffice.md "Usage facts"): fills usage_daily and usage_monthly from
 * the raw facts (board_sessions, board_activity, users.created_at) so the engagement tables over
 * a year answer from a few hundred rows. Run by the job runner; idempotent — each run
 * recomputes, in one transaction (delete + insert), every day from the day before the previous
 * run to today, and every month those days touch, each month's distinct people counted over the
 * month's raw rows. The first run covers the whole history.
 *
 * It first closes the sessions a node that died left open: a session open for over
 * OPEN_SESSION_CAP_MS ends at its member's last activity on that board (or at its join when
 * there is none). A node that is alive and ends such a session later writes its real end.
 */
export const OPEN_SESSION_CAP_MS = 12 * 3_600_000;
const ROLLUP = 'usage';
const DAY_MS = 86_400_000;

export interface RollUpResult {
  /** the first day recomputed */
  fromDay: string;
  /** today (UTC), the last day recomputed */
  toDay: string;
  days: number;
  months: number;
  /** open sessions closed at their last activity */
  closedSessions: number;
  durationMs: number;
}

const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
const nextDay = (day: string) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS));
const nextMonth = (month: string) => {
  const d = new Date(`${month}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return dayOf(d);
};
const asDay = (value: unknown): string | null => (value == null ? null : value instanceof Date ? dayOf(value) : String(value).slice(0, 10));

/** When the roll-up last ran, or null (the statistics read the roll-ups only for the days before it). */
export async function lastRollUp(db: Db): Promise<Date | null> {
  const row = (await db('usage_rollups').where({ name: ROLLUP }).first('rolled_at')) as { rolled_at: Date | string } | undefined;
  return row ? new Date(row.rolled_at) : null;
}

export async function rollUpUsage(app: { db: Db; logger?: Logger }, now: Date = new Date()): Promise<RollUpResult> {
  const started = Date.now();
  const { db } = app;
  const closed = await closeDeadSessions(db, now);
  const today = dayOf(now);
  const previous = await lastRollUp(db);
  let fromDay: string;
  if (previous) fromDay = dayOf(new Date(Math.min(previous.getTime(), now.getTime()) - DAY_MS));
  else {
    const first = (await db.raw(
      `select least((select (min(joined_at) at time zone 'UTC')::date from board_sessions), (select min(day) from board_activity))::text as day`,
    )) as { rows: Array<{ day: unknown }> };
    fromDay = asDay(first.rows[0]?.day) ?? today;
  }
  if (fromDay > today) fromDay = today;
  const fromMonth = monthOf(fromDay);
  const endDay = nextDay(today);
  const endMonth = nextMonth(monthOf(today));
  const columns = FIGURE_COLUMNS.join(', ');

  const counts = await db.transaction(async (trx) => {
    // one roll-up at a time, whichever node runs it
    await trx.raw('select pg_advisory_xact_lock(?)', [0x7573_6167]);
    await trx('usage_daily').where('day', '>=', fromDay).delete();
    const daily = figuresSql('day', fromDay, endDay, now);
    const days = await trx.raw(
      `insert into usage_daily (day, ${columns}) select period, ${columns} from (${daily.sql}) f`,
      daily.bindings as never,
    );
    await trx('usage_monthly').where('month', '>=', fromMonth).delete();
    const monthly = figuresSql('month', fromMonth, endMonth, now);
    const months = await trx.raw(
      `insert into usage_monthly (month, ${columns}) select period, ${columns} from (${monthly.sql}) f`,
      monthly.bindings as never,
    );
    await trx.raw(
      `insert into usage_rollups (name, rolled_at, from_day, duration_ms) values (?, ?, ?, ?)
       on conflict (name) do update set rolled_at = excluded.rolled_at, from_day = excluded.from_day, duration_ms = excluded.duration_ms`,
      [ROLLUP, now, fromDay, Date.now() - started],
    );
    return { days: Number((days as { rowCount?: number }).rowCount ?? 0), months: Number((months as { rowCount?: number }).rowCount ?? 0) };
  });
  const result: RollUpResult = {
    fromDay,
    toDay: today,
    days: Math.round((Date.parse(endDay) - Date.parse(fromDay)) / DAY_MS),
    months: counts.months,
    closedSessions: closed,
    durationMs: Date.now() - started,
  };
  app.logger?.info({ ...result, rows: counts.days }, 'usage roll-up done');
  return result;
}

/**
 * Ends the sessions open for over OPEN_SESSION_CAP_MS (a node died or lost its database before it
 * wrote their end) at the member's last activity on the board since the join, else at the join.
 */
async function closeDeadSessions(db: Db, now: Date): Promise<number> {
  const result = (await db.raw(
    `update board_sessions s set left_at = c.at, duration_s = greatest(0, extract(epoch from (c.at - s.joined_at)))::int
     from (
       select o.id, greatest(o.joined_at, coalesce((
         select max(a.last_at) from board_activity a
         where a.uid = o.uid and a.board_id = o.board_id and a.day >= (o.joined_at at time zone 'UTC')::date and a.last_at >= o.joined_at
       ), o.joined_at)) as at
       from board_sessions o
       where o.left_at is null and o.joined_at < ?
     ) c
     where s.id = c.id`,
    [new Date(now.getTime() - OPEN_SESSION_CAP_MS)],
  )) as { rowCount?: number };
  return Number(result.rowCount ?? 0);
}
