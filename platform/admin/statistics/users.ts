import { figures, oneRow, type Figure } from './sql';
import type { Statistic } from './statistic';

/**
 * user-statistics (backoffice.md §2 "Statistic blocks: users", §7): the accounts as title/value
 * figures — state, platform roles, sign-in kinds, registrations — and the people active on boards
 * in the last 30 days, accounts and guests. One pass over `users` (10,000 accounts: milliseconds),
 * the sign-in tables through their user_id indexes, and 30 days of `board_activity` by its primary
 * key (day first).
 */
const FIGURES: readonly Figure[] = [
  ['Accounts', 'total', 'count'],
  ['Active', 'active', 'count'],
  ['Deactivated', 'inactive', 'count'],
  ['Operators', 'operators', 'count'],
  ['Beta testers', 'beta', 'count'],
  ['Flagged', 'flagged', 'count'],
  ['With an external sign-in', 'external', 'count'],
  ['Without a password', 'no_password', 'count'],
  ['Never signed in', 'never', 'count'],
  ['Registered today (UTC)', 'registered_today', 'count'],
  ['Registered in the last 7 days', 'registered_7', 'count'],
  ['Registered in the last 30 days', 'registered_30', 'count'],
  ['Online in the last 30 days', 'online_30', 'count'],
  ['Accounts on boards in the last 30 days', 'board_users_30', 'count'],
  ['Guests on boards in the last 30 days', 'board_guests_30', 'count'],
];

export const userStatistics: Statistic = {
  name: 'user-statistics',
  title: 'Users',
  description:
    'The accounts by state, role and sign-in, registrations, and the accounts and guests (developer apps’ participants too) on boards in the last 30 days.',
  block: 'users',
  rows: 'title-value',
  params: {},
  async query(db) {
    const row = await oneRow<Record<string, unknown>>(
      db,
      `select count(*)::int as total,
         count(*) filter (where u.is_active)::int as active,
         count(*) filter (where not u.is_active)::int as inactive,
         count(*) filter (where 'admin' = any(u.roles))::int as operators,
         count(*) filter (where 'beta-tester' = any(u.roles))::int as beta,
         count(*) filter (where u.flagged)::int as flagged,
         count(*) filter (where exists (select 1 from external_identities e where e.user_id = u.id))::int as external,
         count(*) filter (where u.password_hash is null)::int as no_password,
         count(*) filter (where u.last_online_at is null
           and not exists (select 1 from refresh_tokens r where r.user_id = u.id)
           and not exists (select 1 from sessions s where s.user_id = u.id))::int as never,
         count(*) filter (where (u.created_at at time zone 'UTC')::date = (now() at time zone 'UTC')::date)::int as registered_today,
         count(*) filter (where u.created_at >= now() - interval '7 days')::int as registered_7,
         count(*) filter (where u.created_at >= now() - interval '30 days')::int as registered_30,
         count(*) filter (where u.last_online_at >= now() - interval '30 days')::int as online_30,
         (select count(distinct a.user_id)::int from board_activity a
           where a.day > (now() at time zone 'UTC')::date - 30 and a.user_id is not null) as board_users_30,
         (select count(distinct a.uid)::int from board_activity a
           where a.day > (now() at time zone 'UTC')::date - 30 and a.user_id is null) as board_guests_30
       from users u`,
    );
    return figures(row, FIGURES);
  },
};
