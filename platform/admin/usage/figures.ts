/**
 * The engagement figures of a span of days or months, counted from the raw usage facts
 * (docs/backoffice.md "Usage facts"): the one query both the roll-up (rollup.ts, which stores
 * them in usage_daily / usage_monthly) and the dashboard's live part (today, this month:
 * platform/admin/statistics/engagement.ts) run, so the two cannot disagree.
 *
 * Per period and person (uid): their sessions joined in the period (board_sessions), and their
 * board_activity rows of the period (edited, collaborated). A person is 'reg' when the facts name
 * an account, else 'guest'; their country is the one of their first session in the period, ''
 * when unknown (no session, or an address without a country). Figures per group (user type ×
 * country) and for the unions of groups (user_type 'all', country '*'), so every filter reads
 * exact distinct counts:
 *  - users: distinct people; newUsers: of them, accounts created in the period;
 *  - boards: distinct boards they opened or changed; sessions: sessions joined in the period;
 *  - edits / collaborations: people who changed a board (while someone else was on it);
 *  - duration_s: seconds of those sessions (an open one counts until `now`).
 */
export type PeriodUnit = 'day' | 'month';

export interface FiguresRow {
  period: string;
  user_type: string;
  country: string;
  users: number;
  new_users: number;
  boards: number;
  sessions: number;
  edits: number;
  collaborations: number;
  duration_s: number;
}

/** The columns of usage_daily / usage_monthly after the period, in this order. */
export const FIGURE_COLUMNS = ['user_type', 'country', 'users', 'new_users', 'boards', 'sessions', 'edits', 'collaborations', 'duration_s'];

const periodOf = (unit: PeriodUnit, dateExpr: string) =>
  unit === 'day' ? `(${dateExpr})::date` : `date_trunc('month', ${dateExpr})::date`;

/**
 * SQL selecting `period` (a date) and FIGURE_COLUMNS for the periods in [from, to) — both the
 * first day of a period (UTC) — with its bindings. `now` bounds open sessions' durations.
 */
export function figuresSql(unit: PeriodUnit, from: string, to: string, now: Date): { sql: string; bindings: unknown[] } {
  const userType = `case when grouping(reg) = 1 then 'all' when reg then 'reg' else 'guest' end`;
  const country = `case when grouping(country) = 1 then '*' else country end`;
  const sets = 'grouping sets ((period, reg, country), (period, reg), (period, country), (period))';
  const step = unit === 'day' ? `interval '1 day'` : `interval '1 month'`;
  const sql = `
    with s as (
      select ${periodOf(unit, "joined_at at time zone 'UTC'")} as period, uid, user_id, board_id, joined_at,
             coalesce(country, '') as country,
             coalesce(duration_s, greatest(0, extract(epoch from (?::timestamptz - joined_at)))::int) as dur
      from board_sessions
      where joined_at >= (?::date)::timestamp at time zone 'UTC' and joined_at < (?::date)::timestamp at time zone 'UTC'
    ),
    x as (
      select period, uid, user_id, board_id, joined_at, country, 1 as sessions, dur, false as edited, false as collaborated from s
      union all
      select ${periodOf(unit, 'day')}, uid, user_id, board_id, null, null, 0, 0, edited, collaborated
      from board_activity where day >= ?::date and day < ?::date
    ),
    p as (
      select period, uid,
             (array_agg(user_id) filter (where user_id is not null))[1] as user_id,
             coalesce((array_agg(country order by joined_at) filter (where joined_at is not null))[1], '') as country,
             sum(sessions) as sessions, sum(dur) as dur, bool_or(edited) as edited, bool_or(collaborated) as collaborated
      from x group by period, uid
    ),
    pu as (
      select p.period, p.uid, p.user_id is not null as reg, p.country, p.sessions, p.dur, p.edited, p.collaborated,
             coalesce(u.created_at >= p.period::timestamp at time zone 'UTC'
                      and u.created_at < (p.period + ${step}) at time zone 'UTC', false) as is_new
      from p left join users u on u.id = p.user_id
    ),
    b as (select distinct period, uid, board_id from x),
    g1 as (
      select period, ${userType} as user_type, ${country} as country,
             count(*)::int as users, (count(*) filter (where is_new))::int as new_users,
             sum(sessions)::int as sessions, (count(*) filter (where edited))::int as edits,
             (count(*) filter (where collaborated))::int as collaborations, coalesce(sum(dur), 0)::bigint as duration_s
      from pu group by ${sets}
    ),
    g2 as (
      select period, ${userType} as user_type, ${country} as country, count(distinct board_id)::int as boards
      from (select b.period, b.board_id, pu.reg, pu.country from b join pu on pu.period = b.period and pu.uid = b.uid) bp
      group by ${sets}
    )
    select g1.period, g1.user_type, g1.country, g1.users, g1.new_users, coalesce(g2.boards, 0) as boards, g1.sessions,
           g1.edits, g1.collaborations, g1.duration_s
    from g1 left join g2 on g2.period = g1.period and g2.user_type = g1.user_type and g2.country = g1.country`;
  return { sql, bindings: [now, from, to, from, to] };
}
