import Joi from 'joi';
import type { Db } from '../../db/index';
import { figuresSql, type FiguresRow, type PeriodUnit } from '../usage/figures';
import { lastRollUp } from '../usage/rollup';
import type { EngagementRow, Statistic } from './statistic';
import { commandsUsage } from './usage-commands';
import { activeClients, coreActions, countries } from './usage-sessions';

/**
 * The daily and monthly engagement tables (backoffice.md §2 Dashboard "Daily engagement and
 * monthly engagement tables, filtered by user type (All, Registered, Guests) and a country text";
 * §7 daily-engagement and monthly-engagement (country, userType); docs/backoffice.md "Usage
 * facts"). One row per day of the last 30 days / per month of the last 12, oldest first, every
 * period present (0 when nothing happened). The periods the last roll-up closed are read from
 * usage_daily / usage_monthly; the others (today, this month — or everything when the roll-up
 * never ran) are counted live from the raw facts by the same query the roll-up runs
 * (../usage/figures.ts).
 */
export const ENGAGEMENT_DAYS = 30;
export const ENGAGEMENT_MONTHS = 12;

export const USER_TYPES = { All: 'all', Registered: 'reg', Guests: 'guest' } as const;
export type UserTypeParam = keyof typeof USER_TYPES;

export interface EngagementParams extends Record<string, unknown> {
  /** an ISO country code, or '' for every country */
  country: string;
  userType: UserTypeParam;
}

const params = {
  country: Joi.string()
    .trim()
    .allow('')
    .pattern(/^[A-Za-z]{2}$/)
    .default('')
    .description("an ISO 3166 country code ('US'), or empty for every country"),
  userType: Joi.string()
    .valid(...Object.keys(USER_TYPES))
    .default('All')
    .description('All, Registered (signed-in accounts) or Guests'),
};

const DAY_MS = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));
const addMonths = (month: string, n: number) => {
  const d = new Date(`${month}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return dayOf(d);
};

/** The first days of the periods shown, oldest first, and the end of the last one. */
function periodsOf(unit: PeriodUnit, now: Date): { starts: string[]; end: string } {
  const today = dayOf(now);
  if (unit === 'day') {
    const starts = Array.from({ length: ENGAGEMENT_DAYS }, (_, i) => addDays(today, i - ENGAGEMENT_DAYS + 1));
    return { starts, end: addDays(today, 1) };
  }
  const month = `${today.slice(0, 7)}-01`;
  const starts = Array.from({ length: ENGAGEMENT_MONTHS }, (_, i) => addMonths(month, i - ENGAGEMENT_MONTHS + 1));
  return { starts, end: addMonths(month, 1) };
}

type Figures = Pick<FiguresRow, 'users' | 'new_users' | 'boards' | 'sessions' | 'edits' | 'collaborations'> & { period: string };

/** The engagement rows of the last 30 days ('day') or 12 months ('month') for one user type and country. */
export async function engagement(db: Db, unit: PeriodUnit, p: EngagementParams, now: Date = new Date()): Promise<EngagementRow[]> {
  const { starts, end } = periodsOf(unit, now);
  const from = starts[0]!;
  const userType = USER_TYPES[p.userType] ?? 'all';
  const country = p.country ? p.country.toUpperCase() : '*';
  // the periods before the one the last roll-up ran in are complete in the roll-up tables
  const rolled = await lastRollUp(db);
  const rolledDay = rolled ? dayOf(rolled) : null;
  let cutoff = rolledDay ? (unit === 'day' ? rolledDay : `${rolledDay.slice(0, 7)}-01`) : from;
  if (cutoff < from) cutoff = from;
  if (cutoff > end) cutoff = end;

  const found = new Map<string, Figures>();
  if (cutoff > from) {
    const [table, column] = unit === 'day' ? ['usage_daily', 'day'] : ['usage_monthly', 'month'];
    const rows = (await db(table)
      .where(column, '>=', from)
      .where(column, '<', cutoff)
      .where({ user_type: userType, country })
      .select(db.raw(`${column}::text as period`), 'users', 'new_users', 'boards', 'sessions', 'edits', 'collaborations')) as Figures[];
    for (const r of rows) found.set(r.period, r);
  }
  if (cutoff < end) {
    const live = figuresSql(unit, cutoff, end, now);
    const result = (await db.raw(
      `select period::text as period, users, new_users, boards, sessions, edits, collaborations from (${live.sql}) f
       where user_type = ? and country = ?`,
      [...live.bindings, userType, country] as never,
    )) as { rows: Figures[] };
    for (const r of result.rows) found.set(r.period, r);
  }
  return starts.map((start) => {
    const r = found.get(start);
    return {
      period: unit === 'day' ? start : start.slice(0, 7),
      users: Number(r?.users ?? 0),
      newUsers: Number(r?.new_users ?? 0),
      boards: Number(r?.boards ?? 0),
      sessions: Number(r?.sessions ?? 0),
      edits: Number(r?.edits ?? 0),
      collaborations: Number(r?.collaborations ?? 0),
    };
  });
}

export const dailyEngagement: Statistic<EngagementParams> = {
  name: 'daily-engagement',
  title: 'Daily engagement',
  description:
    'A row per UTC day of the last 30 (oldest first): people who opened a board, of them new accounts, boards, sessions, people who edited and who collaborated',
  block: 'engagement',
  rows: 'engagement',
  params,
  query: (db, p) => engagement(db, 'day', p),
};

export const monthlyEngagement: Statistic<EngagementParams> = {
  name: 'monthly-engagement',
  title: 'Monthly engagement',
  description:
    'A row per month of the last 12 (oldest first): distinct people who opened a board in the month, of them new accounts, boards, sessions, people who edited and who collaborated',
  block: 'engagement',
  rows: 'engagement',
  params,
  query: (db, p) => engagement(db, 'month', p),
};

/** The statistics read from the usage facts (this file, ./usage-sessions.ts, ./usage-commands.ts), for the registry. */
export const USAGE_STATISTICS = [dailyEngagement, monthlyEngagement, coreActions, countries, commandsUsage, activeClients] as const;
