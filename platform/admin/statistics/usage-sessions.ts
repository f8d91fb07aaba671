import Joi from 'joi';
import type { Db } from '../../db/index';
import { days, since, STATISTIC_ROWS, take, type NameCountRow, type Statistic, type TitleValueRow } from './statistic';

/**
 * Statistics of board sessions and core actions (docs/backoffice.md "Usage facts"; backoffice.md
 * §7 /api/admin/statistics/core-actions, /statistics/countries, active-client-statistics), read
 * from the raw facts: board_sessions (a hub join to its leave) and board_activity (a member's
 * edits on a board on a UTC day). A window of N days is the last N × 24 hours; for
 * board_activity (kept by day) the days it touches.
 */

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** Core actions over this many days. */
export const CORE_ACTION_DAYS = 30;

/**
 * statistics/core-actions (type All or Reg): over the last 30 days, board sessions (as the
 * user detail counts them) and member-board-days with an edit / a collaboration (as the panel's
 * home coreAction counts them), for everyone (Reg: signed-in accounts only).
 */
export const coreActions: Statistic<{ type: 'All' | 'Reg' }> = {
  name: 'statistics/core-actions',
  title: 'Core actions',
  description: 'Over the last 30 days: board sessions, member-board-days with an edit, and with a collaboration',
  block: 'core-actions',
  rows: 'title-value',
  params: {
    type: Joi.string().valid('All', 'Reg').default('All').description('All, or Reg: signed-in accounts only'),
  },
  async query(db: Db, p): Promise<TitleValueRow[]> {
    const from = since(CORE_ACTION_DAYS)!;
    const reg = p.type === 'Reg' ? ' and user_id is not null' : '';
    const result = (await db.raw(
      `select (select count(*) from board_sessions where joined_at >= ?${reg})::int as sessions,
              a.edits, a.collaborations
       from (select (count(*) filter (where edited))::int as edits, (count(*) filter (where collaborated))::int as collaborations
             from board_activity where day >= ?::date${reg}) a`,
      [from, dayOf(from)],
    )) as { rows: Array<{ sessions: number; edits: number; collaborations: number }> };
    const r = result.rows[0];
    return [
      { title: 'Sessions', value: Number(r?.sessions ?? 0), unit: 'count' },
      { title: 'Edits', value: Number(r?.edits ?? 0), unit: 'count' },
      { title: 'Collaborations', value: Number(r?.collaborations ?? 0), unit: 'count' },
    ];
  },
};

/** The name of sessions whose address has no country. */
export const UNKNOWN_COUNTRY = 'Unknown';

/** statistics/countries (Days 30/7/1/All, Take): board sessions by the country of their address, most first. */
export const countries: Statistic<{ Days: number; Take: number }> = {
  name: 'statistics/countries',
  title: 'Countries',
  description: "Board sessions by the country of the client's address (offline GeoIP), most first; Unknown when it has none",
  block: 'countries',
  rows: 'name-count',
  params: { Days: days(true), Take: take() },
  async query(db: Db, p): Promise<NameCountRow[]> {
    const from = since(p.Days);
    const rows = (await db('board_sessions')
      .modify((q) => {
        if (from) q.where('joined_at', '>=', from);
      })
      .select(db.raw("coalesce(country, '') as name"), db.raw('count(*)::int as count'))
      .groupByRaw("coalesce(country, '')")
      .orderBy([
        { column: 'count', order: 'desc' },
        { column: 'name', order: 'asc' },
      ])
      .limit(p.Take)) as NameCountRow[];
    return rows.map((r) => ({ name: r.name || UNKNOWN_COUNTRY, count: Number(r.count) }));
  },
};

/** Latest client sessions over this many days. */
export const CLIENT_SESSION_DAYS = 30;

/**
 * active-client-statistics (the dashboard's "latest client sessions"): the developer apps whose
 * embedded boards were opened in the last 30 days, by their board sessions, most first (20).
 */
export const activeClients: Statistic<Record<string, never>> = {
  name: 'active-client-statistics',
  title: 'Latest client sessions',
  description:
    "Developer apps by the board sessions opened through them in the last 30 days (the app's name; its client id once it is gone)",
  block: 'client-sessions',
  rows: 'name-count',
  params: {},
  async query(db: Db): Promise<NameCountRow[]> {
    const rows = (await db('board_sessions as s')
      .leftJoin('clients as c', 'c.client_id', 's.client_id')
      .whereNotNull('s.client_id')
      .where('s.joined_at', '>=', since(CLIENT_SESSION_DAYS)!)
      .select(db.raw('coalesce(c.app_name, s.client_id) as name'), db.raw('count(*)::int as count'))
      .groupByRaw('coalesce(c.app_name, s.client_id)')
      .orderBy([
        { column: 'count', order: 'desc' },
        { column: 'name', order: 'asc' },
      ])
      .limit(STATISTIC_ROWS)) as NameCountRow[];
    return rows.map((r) => ({ name: r.name, count: Number(r.count) }));
  },
};
