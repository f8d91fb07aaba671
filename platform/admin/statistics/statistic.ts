import Joi from 'joi';
import type { Db } from '../../db/index';

/**
 * One operator statistic (backoffice.md §2 Dashboard "Statistic blocks", §3 "Statistics rows",
 * §7 "GET under /api/admin/ for reports" and "/api/admin/statistics/*"; docs/backoffice.md
 * "Statistics"): a query with joi-validated parameters answered at `GET /api/admin/{name}` —
 * JSON `{ totalCount, data }` (every row; a statistic is short), or CSV with `Accept: text/csv` —
 * to operators only. Its route, its OpenAPI entry, its place in the catalogue
 * (`GET /api/admin/reports`, kind 'statistic') and the dashboard block that draws it are all made
 * from this declaration (./registry.ts); the dashboard draws a block by its `rows` kind.
 */
export interface Statistic<P extends Record<string, unknown> = Record<string, unknown>> {
  /** the path under /api/admin/ and the downloaded file's name, e.g. 'board-statistics' or 'statistics/countries' */
  name: string;
  /** what the dashboard shows, e.g. 'Boards' */
  title: string;
  /** one line: what a row is */
  description: string;
  /** the dashboard block that draws it (backoffice.md §2, in the order of DASHBOARD_BLOCKS) */
  block: DashboardBlock;
  /** the shape of its rows (backoffice.md §3 "Statistics rows", plus the engagement tables) */
  rows: StatisticRows;
  /**
   * Its parameters (spec names: Days, Take, Type, type, country, userType): each a joi schema
   * with a `.default()`, and `.valid(...)` where the values are a fixed set (the dashboard's
   * filters are made from them).
   */
  params: Record<keyof P & string, Joi.Schema>;
  /** the rows, for validated parameters */
  query(db: Db, params: P): Promise<StatisticRow[]>;
}

/** The dashboard's blocks, in the order it shows them (backoffice.md §2). */
export const DASHBOARD_BLOCKS = [
  'engagement',
  'boards',
  'others',
  'users',
  'performance',
  'frequency',
  'feedback',
  'templates',
  'extensions',
  'top-features',
  'client-sessions',
  'countries',
  'content',
  'commands',
  'core-actions',
] as const;
export type DashboardBlock = (typeof DASHBOARD_BLOCKS)[number];

/**
 * The row kinds (backoffice.md §3 "Statistics rows: title/value, name/count, email/count,
 * type/count/regCount/nRegCount"), and the engagement tables' rows (one per day or month).
 */
export type StatisticRows = 'title-value' | 'name-count' | 'email-count' | 'type-counts' | 'engagement';

/** A figure with its unit (how the dashboard formats it: a count, bytes, milliseconds, seconds, a percent). */
export interface TitleValueRow {
  title: string;
  value: number;
  unit: 'count' | 'bytes' | 'ms' | 'seconds' | 'percent';
}
export interface NameCountRow {
  name: string;
  count: number;
}
export interface EmailCountRow {
  email: string;
  count: number;
}
/** count = regCount (signed-in users) + nRegCount (guests) */
export interface TypeCountsRow {
  type: string;
  count: number;
  regCount: number;
  nRegCount: number;
}
/** One day ('2026-11-27') or month ('2026-11') of engagement. */
export interface EngagementRow {
  period: string;
  /** distinct people who opened a board */
  users: number;
  /** of them, accounts created in the period (0 for guests) */
  newUsers: number;
  /** distinct boards opened */
  boards: number;
  /** board sessions (a join to a leave) */
  sessions: number;
  /** people who changed a board */
  edits: number;
  /** people who changed a board while someone else was on it */
  collaborations: number;
}
export type StatisticRow = TitleValueRow | NameCountRow | EmailCountRow | TypeCountsRow | EngagementRow;

/** The joi schema of each row kind (labelled: they become wire types). */
export const ROW_SCHEMAS: Record<StatisticRows, Joi.ObjectSchema> = {
  'title-value': Joi.object({
    title: Joi.string(),
    value: Joi.number(),
    unit: Joi.string().valid('count', 'bytes', 'ms', 'seconds', 'percent'),
  })
    .prefs({ presence: 'required' })
    .label('StatisticTitleValue'),
  'name-count': Joi.object({ name: Joi.string().allow(''), count: Joi.number() })
    .prefs({ presence: 'required' })
    .label('StatisticNameCount'),
  'email-count': Joi.object({ email: Joi.string().allow(''), count: Joi.number() })
    .prefs({ presence: 'required' })
    .label('StatisticEmailCount'),
  'type-counts': Joi.object({
    type: Joi.string().allow(''),
    count: Joi.number(),
    regCount: Joi.number(),
    nRegCount: Joi.number(),
  })
    .prefs({ presence: 'required' })
    .label('StatisticTypeCounts'),
  engagement: Joi.object({
    period: Joi.string(),
    users: Joi.number().integer(),
    newUsers: Joi.number().integer(),
    boards: Joi.number().integer(),
    sessions: Joi.number().integer(),
    edits: Joi.number().integer(),
    collaborations: Joi.number().integer(),
  })
    .prefs({ presence: 'required' })
    .label('StatisticEngagement'),
};

/** The day filters (backoffice.md §9: 1, 7, 30; All = 0 for some). */
export const days = (withAll: boolean, byDefault = 30): Joi.NumberSchema =>
  Joi.number()
    .integer()
    .valid(...(withAll ? [30, 7, 1, 0] : [30, 7, 1]))
    .default(byDefault);

/** Statistic lists take 20 rows (backoffice.md §2, §9). */
export const STATISTIC_ROWS = 20;
export const take = (): Joi.NumberSchema => Joi.number().integer().min(1).max(100).default(STATISTIC_ROWS);

/** The start of a day filter's window (null for All = 0). */
export const since = (daysBack: number, now = new Date()): Date | null =>
  daysBack > 0 ? new Date(now.getTime() - daysBack * 86_400_000) : null;
