import { statusSql } from '../boards/list';
import { figures, oneRow, type Figure } from './sql';
import { days, since, type NameCountRow, type Statistic } from './statistic';

/**
 * The statistics of boards: board-statistics and statistics/freq-usage.
 *
 * board-statistics (backoffice.md §2 "Statistic blocks: boards", §7): the platform's boards as
 * title/value figures — by status (§4: active, disabled, marked for deletion), ownership, sharing,
 * creation and use. One pass over `boards` (a row per board: 50,000 boards read in a few tens of
 * milliseconds), one over `board_members`, and the last 30 days of `board_activity` by its primary
 * key (day first) for the boards opened through a developer app.
 */
const FIGURES: readonly Figure[] = [
  ['Boards', 'total', 'count'],
  ['Active', 'active', 'count'],
  ['Disabled', 'disabled', 'count'],
  ['Marked for deletion', 'marked', 'count'],
  ['Owned by guests', 'guest_owned', 'count'],
  ['Open to anyone with the link', 'public_link', 'count'],
  ['Members only', 'members_only', 'count'],
  ['Disposable', 'disposable', 'count'],
  ['Created today (UTC)', 'created_today', 'count'],
  ['Created in the last 7 days', 'created_7', 'count'],
  ['Created in the last 30 days', 'created_30', 'count'],
  ['Opened in the last 30 days', 'opened_30', 'count'],
  ['Never opened', 'never_opened', 'count'],
  ['Opened through a developer app in the last 30 days', 'embedded_30', 'count'],
  ['Commands per board (average)', 'commands_avg', 'count'],
  ['Members per board (average)', 'members_avg', 'count'],
];

export const boardStatistics: Statistic = {
  name: 'board-statistics',
  title: 'Boards',
  description: 'The boards by status, owner, sharing, creation and use; averages of commands and members per board.',
  block: 'boards',
  rows: 'title-value',
  params: {},
  async query(db) {
    const row = await oneRow<Record<string, unknown>>(
      db,
      `with b as (select b.*, ${statusSql} as st from boards b)
       select count(*)::int as total,
         count(*) filter (where st = 1)::int as active,
         count(*) filter (where st = 2)::int as disabled,
         count(*) filter (where st = 3)::int as marked,
         count(*) filter (where owner_id is null)::int as guest_owned,
         count(*) filter (where link_level <> 'NoAccess')::int as public_link,
         count(*) filter (where link_level = 'NoAccess')::int as members_only,
         count(*) filter (where dispose_at is not null)::int as disposable,
         count(*) filter (where (created_at at time zone 'UTC')::date = (now() at time zone 'UTC')::date)::int as created_today,
         count(*) filter (where created_at >= now() - interval '7 days')::int as created_7,
         count(*) filter (where created_at >= now() - interval '30 days')::int as created_30,
         count(*) filter (where last_session_at >= now() - interval '30 days')::int as opened_30,
         count(*) filter (where last_session_at is null)::int as never_opened,
         avg(last_seq)::float8 as commands_avg,
         (select count(*) from board_members)::float8 / nullif(count(*), 0) as members_avg,
         (select count(distinct a.board_id)::int from board_activity a
           where a.day > (now() at time zone 'UTC')::date - 30 and a.client_id is not null) as embedded_30
       from b`,
    );
    return figures(row, FIGURES);
  },
};

/** How often a board was opened in the window: the buckets of statistics/freq-usage, after All. */
export const FREQUENCY_BUCKETS: ReadonlyArray<readonly [name: string, min: number, max: number | null]> = [
  ['Once', 1, 1],
  ['2–5 times', 2, 5],
  ['6–20 times', 6, 20],
  ['21–100 times', 21, 100],
  ['More than 100 times', 101, null],
];

/**
 * statistics/freq-usage (backoffice.md §2 "boards frequency statistics with percent of All", §7):
 * how many boards were opened how often in the last `Days` days — a board's opens are its board
 * sessions (a socket's join, board_sessions, migration 024) that began in the window. The first
 * row, All, is every board opened at least once; the buckets after it add up to it, so the
 * dashboard shows each as a percent of All. Read through the board_sessions joined_at index.
 */
export const frequencyStatistics: Statistic<{ Days: number }> = {
  name: 'statistics/freq-usage',
  title: 'Boards frequency',
  description: 'Boards opened in the chosen period by how many times they were opened: All (at least once), then each frequency.',
  block: 'frequency',
  rows: 'name-count',
  params: { Days: days(false) },
  async query(db, { Days }) {
    const from = since(Days);
    const buckets = FREQUENCY_BUCKETS.map(
      ([, min, max], i) => `count(*) filter (where n >= ${min}${max === null ? '' : ` and n <= ${max}`})::int as b${i}`,
    ).join(', ');
    const row = await oneRow<Record<string, number>>(
      db,
      `with opens as (select board_id, count(*) as n from board_sessions where joined_at >= ? group by board_id)
       select count(*)::int as all_boards, ${buckets} from opens`,
      [from],
    );
    return [
      { name: 'All', count: Number(row.all_boards) },
      ...FREQUENCY_BUCKETS.map(([name], i): NameCountRow => ({ name, count: Number(row[`b${i}`]) })),
    ];
  },
};
