import type { Knex } from 'knex';
import { rollUpUsage } from '../../platform/admin/usage/rollup';

/**
 * A year of usage for the dashboard's benchmark (issue 30 "Performance"; docs/backoffice.md
 * "Usage facts"): `seedUsageYear(db, options)` writes, straight into a migrated database, 10,000
 * accounts and 20,000 guests, 50,000 boards and what a year of their use leaves behind —
 * board sessions, board_activity, command_usage_daily, board members, user audits, feature audits,
 * performance logs, feedback and a few developer apps — every table filled by `insert … select`
 * statements run by the database itself (no rows cross the wire), in one transaction.
 *
 * The skew is a busy install's: most people are active on a few days (active days ~ 200 ×
 * random⁶: median 3, mean ~28; guests 1–3), popular boards draw most visits (board index ~
 * random²), a person has one country (8 % of sessions without one) and one browser, 1–3
 * sessions on a visit of 30 s to 90 min (most short), 60 % of visits edit, a third of those
 * while someone else is on the board; a session of the last hours may still be open.
 * `random()` is seeded (`seed`), so runs with the same options write about the same figures.
 * Then the usage roll-up runs (`rollUp: false` skips it), as its hourly job would have.
 */
export interface UsageYearOptions {
  users?: number;
  /** guests (roaming, no account) */
  guests?: number;
  boards?: number;
  /** how many days back the usage goes (365) */
  days?: number;
  /** the end of the year (now) */
  now?: Date;
  /** in [-1, 1] */
  seed?: number;
  /** developer apps some boards are embedded through */
  clients?: number;
  /** feedback sent over the year */
  feedbacks?: number;
  /** distinguishes this run's usernames, codes and client ids (random) */
  tag?: string;
  /** progress lines */
  log?: (line: string) => void;
  /**
   * run the usage roll-up afterwards, as the hourly job would have on a year-old install
   * (default true; the engagement tables read their closed days from it)
   */
  rollUp?: boolean;
}

export interface UsageYearSeeded {
  users: number;
  guests: number;
  boards: number;
  sessions: number;
  activity: number;
  members: number;
  commandDays: number;
  userAudits: number;
  featureAudits: number;
  perfLogs: number;
  feedbacks: number;
  clients: number;
  /** the roll-up's time (0 without it) */
  rollUpMs: number;
  ms: number;
}

const COUNTRIES = ['US', 'DE', 'IR', 'GB', 'FR', 'IN', 'BR', 'CA', 'NL', 'TR', 'JP', 'ES', 'IT', 'AU', 'SE'];
const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
];
/** command types (shared/model.ts `cmd`) with their share of a day's commands */
const COMMANDS: Array<[string, number]> = [
  ['pen', 30],
  ['reposition', 22],
  ['textModifier', 9],
  ['rectangle', 6],
  ['stickyNote', 6],
  ['sizeModifier', 5],
  ['remove', 5],
  ['colorModifier', 4],
  ['undo', 4],
  ['text', 3],
  ['line', 2],
  ['commandSet', 2],
  ['image', 1],
  ['redo', 1],
  ['lock', 1],
  ['frame', 1],
  ['comment', 1],
  ['clear', 0.1],
];
const FEATURES = [
  'tool:pen',
  'tool:select',
  'action:undo',
  'tool:rectangle',
  'tool:text',
  'tool:stickyNote',
  'action:duplicate',
  'action:redo',
  'tool:eraser',
  'action:export-png',
];

const sqlArray = (values: readonly string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`;

export async function seedUsageYear(db: Knex, options: UsageYearOptions = {}): Promise<UsageYearSeeded> {
  const started = Date.now();
  const users = options.users ?? 10_000;
  const guests = options.guests ?? users * 2;
  const boards = options.boards ?? 50_000;
  const days = options.days ?? 365;
  const now = options.now ?? new Date();
  const clients = Math.min(options.clients ?? 20, users);
  const tag = (options.tag ?? Math.random().toString(36).slice(2, 8)).replace(/[^a-z0-9]/gi, '').slice(0, 12);
  const log = options.log ?? (() => {});
  const countries = sqlArray(COUNTRIES);
  const agents = sqlArray(AGENTS);

  const seeded = await db.transaction(async (trx) => {
    const step = async (what: string, sql: string, bindings: unknown[] = []): Promise<number> => {
      const t = Date.now();
      const result = (await trx.raw(sql, bindings as never)) as { rowCount?: number; affectedRows?: number };
      const n = Number(result.rowCount ?? result.affectedRows ?? 0);
      log(`${what}: ${n} rows in ${Date.now() - t} ms`);
      return n;
    };
    await trx.raw(`set local time zone 'UTC'`);
    await trx.raw('select setseed(?)', [options.seed ?? 0.3]);
    const firstSession = Number(
      ((await trx.raw('select coalesce(max(id), 0) as n from board_sessions')) as { rows: Array<{ n: number }> }).rows[0]!.n,
    );
    const after = [firstSession];

    // accounts: created over the year and the 4 months before it
    await trx.raw(
      `create temp table bench_users on commit drop as
       select i as n, gen_random_uuid() as id, ?::timestamptz - (random() * (?::int + 120)) * interval '1 day' as created_at,
              greatest(1, (200 * power(random(), 6))::int) as active_days
       from generate_series(1, ?) i`,
      [now, days, users],
    );
    await step(
      'users',
      `insert into users (id, username, display_name, role_code, created_at, tags)
       select id, 'bench-' || ? || '-' || n || '@example.com', 'Bench user ' || n,
              (array[1, 2, 3, 5, 6, 7, 8, 9, 10, 100])[1 + floor(random() * 10)::int], created_at,
              case when random() < 0.05 then '{iran}'::text[] else '{}'::text[] end
       from bench_users`,
      [tag],
    );
    // the people who open boards: the accounts, and guests of a day or three
    await trx.raw(
      `create temp table bench_people on commit drop as
       select id::text as uid, id as user_id, active_days, greatest(created_at, ?::timestamptz - ?::int * interval '1 day') as since
       from bench_users
       union all
       select 'g_' || md5(? || i), null::uuid, 1 + (random() < 0.3)::int + (random() < 0.1)::int, ?::timestamptz - ?::int * interval '1 day'
       from generate_series(1, ?) i`,
      [now, days, tag, now, days, guests],
    );
    // boards: 85 % owned by accounts (a few own many), the rest by guests
    await trx.raw(
      `create temp table bench_boards on commit drop as
       select i as n, gen_random_uuid() as id, 'bn' || ? || i as code, 1 + floor(?::int * power(random(), 3))::int as owner_n,
              random() < 0.15 as guest, ?::timestamptz - random() * ?::int * interval '1 day' as created_at
       from generate_series(1, ?) i`,
      [tag, users, now, days, boards],
    );
    await step(
      'boards',
      `insert into boards (id, code, name, owner_id, owner_uid, created_at, updated_at, last_seq)
       select b.id, b.code, 'Bench board ' || b.n, case when b.guest then null else u.id end,
              case when b.guest then 'g_' || md5(? || 'owner' || b.n) end, b.created_at, b.created_at, (5000 * power(random(), 3))::int
       from bench_boards b join bench_users u on u.n = b.owner_n`,
      [tag],
    );
    // the days each person was active, and the boards they opened on them (popular boards first)
    await trx.raw(
      `create temp table bench_days on commit drop as
       select distinct p.uid, p.user_id, (p.since + random() * (?::timestamptz - p.since))::date as day
       from bench_people p cross join lateral generate_series(1, p.active_days) g`,
      [now],
    );
    await trx.raw(
      `create temp table bench_visits on commit drop as
       select distinct uid, user_id, day, board_n from (
         select d.uid, d.user_id, d.day, 1 + floor(?::int * power(random(), 2))::int as board_n
         from bench_days d cross join lateral generate_series(1, case when d.uid <> '' and random() < 0.3 then 2 else 1 end) k
       ) x`,
      [boards],
    );
    // 1–3 sessions a visit, on the visit's day, 30 s to 90 min (most short); 5 % through a developer app
    const sessions = await step(
      'board_sessions',
      `insert into board_sessions (board_id, uid, user_id, client_id, joined_at, left_at, duration_s, ip, country, user_agent)
       select board_id, uid, user_id, client_id, joined_at,
              case when joined_at + duration_s * interval '1 second' <= ?::timestamptz then joined_at + duration_s * interval '1 second' end,
              case when joined_at + duration_s * interval '1 second' <= ?::timestamptz then duration_s end,
              ip, country, agent
       from (
         select b.id as board_id, v.uid, v.user_id,
                case when random() < 0.05 then 'bench-' || ? || '-' || (1 + floor(random() * ?::int)::int) end as client_id,
                v.day::timestamp at time zone 'UTC' + random() * interval '12 hours' + (k - 1) * interval '3 hours' as joined_at,
                (30 + 5370 * power(random(), 3))::int as duration_s,
                '198.51.' || (abs(hashtext(v.uid)::bigint) % 250) || '.' || (1 + abs(hashtext(v.uid || 'x')::bigint) % 250) as ip,
                case when random() < 0.08 then null else (${countries})[1 + abs(hashtext(v.uid)::bigint) % ${COUNTRIES.length}] end as country,
                (${agents})[1 + abs(hashtext(v.uid || 'ua')::bigint) % ${AGENTS.length}] as agent
         from bench_visits v join bench_boards b on b.n = v.board_n
         cross join lateral generate_series(1, case when v.board_n > 0 and random() < 0.35 then 2 + (random() < 0.3)::int else 1 end) k
       ) s
       where joined_at <= ?::timestamptz`,
      [now, now, tag, clients, now],
    );
    const mine = 'id > ?';
    // the visits that changed the board: one board_activity row per person, board and day
    const activity = await step(
      'board_activity',
      `insert into board_activity (day, board_id, uid, user_id, client_id, edited, collaborated, first_at, last_at)
       select (joined_at at time zone 'UTC')::date, board_id, uid, (array_agg(user_id))[1], max(client_id), true, random() < 0.35,
              min(joined_at), max(coalesce(left_at, joined_at))
       from board_sessions where ${mine}
       group by (joined_at at time zone 'UTC')::date, board_id, uid
       having random() < 0.6
       on conflict do nothing`,
      after,
    );
    const appRows = await step(
      'clients',
      `insert into clients (owner_id, app_name, client_id, secret_hash, secret_hint, created_at)
       select id, 'Bench app ' || n, 'bench-' || ? || '-' || n, md5(? || n) || md5(n || ?), 'hint', created_at
       from bench_users where n <= ?::int`,
      [tag, tag, tag, clients],
    );
    const members =
      (await step(
        'board_members (owners)',
        `insert into board_members (board_id, uid, user_id, name, status, created_at, updated_at)
         select b.id, u.id::text, u.id, 'Bench user ' || u.n, 'Joined', b.created_at, b.created_at
         from bench_boards b join bench_users u on u.n = b.owner_n where not b.guest
         on conflict (board_id, uid) do nothing`,
      )) +
      (await step(
        'board_members (visitors)',
        `insert into board_members (board_id, uid, user_id, name, status, created_at, updated_at)
         select board_id, uid, (array_agg(user_id))[1], '', 'Joined', min(joined_at), max(joined_at)
         from board_sessions where ${mine} group by board_id, uid
         on conflict (board_id, uid) do nothing`,
        after,
      ));
    await step(
      'boards.last_session_at',
      `update boards b set last_session_at = s.at from (select board_id, max(joined_at) as at from board_sessions where ${mine} group by board_id) s
       where b.id = s.board_id`,
      after,
    );
    await step(
      'users.last_online_at',
      `update users u set last_online_at = s.at
       from (select user_id, max(coalesce(left_at, joined_at)) as at from board_sessions where ${mine} and user_id is not null group by user_id) s
       where u.id = s.user_id`,
      after,
    );
    // commands per day and type, in proportion to the day's edits (80 % by accounts)
    const commandDays = await step(
      'command_usage_daily',
      `insert into command_usage_daily (day, type, user_type, count)
       select d.day, t.type, ut.user_type, greatest(1, (t.weight * ut.share * d.edits * (0.6 + 0.8 * random()))::bigint)
       from (select (joined_at at time zone 'UTC')::date as day, 0.6 * count(*) as edits from board_sessions where ${mine} group by 1) d
       cross join (values ${COMMANDS.map(([type, w]) => `('${type}', ${w})`).join(', ')}) t(type, weight)
       cross join (values ('reg', 0.8), ('guest', 0.2)) ut(user_type, share)
       on conflict (day, type, user_type) do update set count = command_usage_daily.count + excluded.count`,
      after,
    );
    // a user-audit row per session (board joins), with the join frequency
    const userAudits = await step(
      'user_audits',
      `insert into user_audits (user_id, uid, board_code, type, source, ip, country, attributes, created_at)
       select s.user_id, s.uid, b.code, 'join', case when s.client_id is null then 'web' else 'embed' end, s.ip, s.country,
              jsonb_build_object('freq', row_number() over (partition by s.board_id, s.uid order by s.joined_at)), s.joined_at
       from board_sessions s join bench_boards b on b.id = s.board_id where s.${mine}`,
      after,
    );
    const featureAudits = await step(
      'usage_logs (feature audits)',
      `insert into usage_logs (uid, user_id, ip, country, user_agent, context, data, created_at)
       select s.uid, s.user_id, s.ip, s.country, s.user_agent,
              (${sqlArray(FEATURES)})[1 + floor(power(random(), 2) * ${FEATURES.length})::int],
              jsonb_build_object('count', 1 + (20 * power(random(), 2))::int, 'via', jsonb_build_object('key', (3 * random())::int, 'menu', (3 * random())::int), 'board', b.code),
              s.joined_at + interval '5 minutes'
       from board_sessions s join bench_boards b on b.id = s.board_id cross join generate_series(1, 2) k
       where s.${mine} and random() < 0.25`,
      after,
    );
    // Join and Speed for a fifth of the sessions, now and then a slow network, a dropped socket, an error
    // (the draw is made per row in a subquery: a volatile condition on a cross join is not)
    const perfLogs = await step(
      'perf_logs',
      `insert into perf_logs (uid, user_id, ip, country, user_agent, type, session_id, board, ver, payload, created_at)
       select uid, user_id, ip, country, user_agent, type, 'bench-' || id, code, '1.0.0',
              case type
                when 'Join' then jsonb_build_object('joinMs', (300 + 4000 * power(random(), 3))::int, 'joinedMs', (60 + 1500 * power(random(), 3))::int)
                when 'Speed' then jsonb_build_object('samples', '40, 42, 38, 45', 'average', (20 + 400 * power(random(), 3))::int)
                when 'SlowNetwork' then jsonb_build_object('average', (150 + 600 * random())::int, 'threshold', 150)
                when 'Socket' then jsonb_build_object('downMs', (500 + 30000 * power(random(), 2))::int)
                else jsonb_build_object('phase', 'reconnect', 'message', 'The connection closed.')
              end,
              joined_at + interval '3 seconds'
       from (
         select s.id, s.uid, s.user_id, s.ip, s.country, s.user_agent, s.joined_at, b.code, t.type, t.p, random() as draw
         from board_sessions s join bench_boards b on b.id = s.board_id
         cross join (values ('Join', 0.2), ('Speed', 0.2), ('SlowNetwork', 0.03), ('Socket', 0.02), ('Error', 0.005)) t(type, p)
         where s.${mine}
         offset 0
       ) x
       where draw < p`,
      after,
    );
    const feedbacks = await step(
      'feedbacks',
      `insert into feedbacks (user_id, uid, type, description, source, ip, country, user_agent, created_at)
       select user_id, uid, (array['positive', 'positive', 'positive', 'neutral', 'negative'])[1 + floor(random() * 5)::int],
              'Bench feedback', 'app', ip, country, user_agent, joined_at + interval '10 minutes'
       from board_sessions where ${mine} and random() < ?::float8`,
      [firstSession, Math.min(1, (options.feedbacks ?? 2_000) / Math.max(1, sessions))],
    );
    return {
      users,
      guests,
      boards,
      sessions,
      activity,
      members,
      commandDays,
      userAudits,
      featureAudits,
      perfLogs,
      feedbacks,
      clients: appRows,
    };
  });
  let rollUpMs = 0;
  if (options.rollUp !== false) {
    const t = Date.now();
    await rollUpUsage({ db });
    rollUpMs = Date.now() - t;
    log(`usage roll-up: ${rollUpMs} ms`);
  }
  return { ...seeded, rollUpMs, ms: Date.now() - started };
}
