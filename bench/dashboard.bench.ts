/**
 * The operators' dashboard over a year of a busy install (issue 30 "Performance"; docs/backoffice.md
 * "Statistics", "Reports"): 10,000 accounts, 20,000 guests and 50,000 boards with a year of their
 * usage (bench/support/usage-year.ts), plus what the usage generator leaves empty and the
 * statistics and reports read — a default workspace per account with some extensions unplugged,
 * chat messages, comment threads and comments, pictures and documents, a command log. Then every
 * statistic of the registry (with its defaults, and with All = 0 where its day filter offers it)
 * and every report (its first page as JSON, and its CSV download) is asked through
 * `server.inject` as an operator: median of BENCH_DASHBOARD_RUNS (3) after one warm-up, server
 * time. Goal: each under 1 s on PostgreSQL.
 *
 * Real PostgreSQL: DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres; a fresh database
 * is created and dropped. BENCH_USERS, BENCH_BOARDS, BENCH_COMMANDS, BENCH_CHAT change the sizes.
 */
import { accessTokenFor } from '../platform/accounts/tokens';
import { REPORTS } from '../platform/admin/reports/registry';
import { DATABASE_STATUS_INFO } from '../platform/admin/reports/routes';
import { STATISTICS } from '../platform/admin/statistics/registry';
import { statisticParameters } from '../platform/admin/statistics/routes';
import { insertUser, updateUser } from '../platform/users/repo';
import { benchPlatform } from './platform';
import { report } from './report';
import { seedUsageYear } from './support/usage-year';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const BOARDS = Number(process.env.BENCH_BOARDS ?? 50_000);
const COMMANDS = Number(process.env.BENCH_COMMANDS ?? 1_000_000);
const CHAT = Number(process.env.BENCH_CHAT ?? 200_000);
const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 3);
const GOAL_MS = 1000;
process.env.RATE_LIMIT_MAX ??= '1000000';

const bench = await benchPlatform();
const { platform, db, config } = bench;
const log = (line: string) => console.log(`  ${line}`);

/** One insert … select run by the database, timed. */
async function fill(what: string, sql: string, bindings: unknown[] = []): Promise<void> {
  const started = performance.now();
  const result = (await db.raw(sql, bindings as never)) as { rowCount?: number };
  log(`${what}: ${result.rowCount ?? '?'} rows in ${Math.round(performance.now() - started)} ms`);
}

try {
  const seedStarted = performance.now();
  const seeded = await seedUsageYear(db, { users: USERS, boards: BOARDS, log });
  // what the usage year leaves empty: workspaces (one default per account, a few with members and
  // unplugged extensions), the boards' chat, comments, pictures and commands
  await fill(
    'workspaces',
    `insert into workspaces (alt_id, name, owner_id, is_default, created_at)
     select 'bw' || substr(md5(u.id::text), 1, 12), 'Default', u.id, true, u.created_at from users u`,
  );
  await fill(
    'boards in their owner’s workspace',
    `update boards b set workspace_id = w.id from workspaces w where w.owner_id = b.owner_id and w.is_default`,
  );
  await fill(
    'workspace members',
    `with w as (select id, owner_id, row_number() over (order by id) as n from workspaces),
          u as (select id, row_number() over (order by id) as n from users)
     insert into workspace_members (workspace_id, user_id, role)
     select w.id, u.id, 'Member' from w join u on u.n between w.n + 1 and w.n + 3
     where w.n % 10 = 0 and u.id <> w.owner_id`,
  );
  await fill(
    'extension choices',
    `insert into workspace_extensions (workspace_id, extension_id, plugged)
     select w.id, e, hashtext(w.id::text || e) % 3 = 0
     from workspaces w, unnest(array['app-comment', 'app-frame', 'app-cursors', 'app-attention', 'app-board-history', 'app-automation']) e
     where hashtext(w.id::text) % 7 = 0`,
  );
  await fill(
    'chat messages',
    `with b as (select array_agg(id order by id) as ids from boards)
     insert into chat_messages (board_id, client_id, uid, message, created_at)
     select b.ids[1 + floor(power(random(), 2) * array_length(b.ids, 1))::int], md5(i::text), 'g_bench', 'hello ' || i,
            now() - random() * interval '365 days'
     from b, generate_series(1, ?) i`,
    [CHAT],
  );
  await fill(
    'comment threads',
    `insert into comment_threads (board_id, created_by, resolved, deleted, created_at)
     select id, 'g_bench', random() < 0.4, random() < 0.05, created_at from boards where hashtext(code) % 4 = 0`,
  );
  await fill(
    'comments',
    `insert into comments (thread_id, author_uid, message, created_at)
     select t.id, 'g_bench', 'note', t.created_at from comment_threads t, generate_series(1, 3)`,
  );
  await fill(
    'pictures and documents',
    `insert into assets (board_id, name, mime, bytes, width, height, sha256, created_at)
     select id, 'p.png', 'image/png', 50000 + (random() * 2000000)::int, 800, 600, md5(id::text) || md5(code), created_at + random() * interval '30 days'
     from boards where hashtext(code || 'a') % 3 = 0`,
  );
  await fill(
    'a command log',
    `insert into commands (board_id, seq, client_id, uid, kind, payload, created_at)
     select b.id, s, md5(b.id::text || s), 'g_bench', 'pen', '{"cmd":"pen"}'::jsonb, b.created_at
     from boards b, generate_series(1, greatest(1, ?::int / ?::int)) s`,
    [COMMANDS, BOARDS],
  );
  await fill(
    'template uses',
    `insert into template_uses (template_name, template_type, title, board_id, uid, used_at)
     select 't-' || (hashtext(code) & 31), 1 + (hashtext(code || 'c') & 1), 'Template ' || (hashtext(code) & 31), id, 'g_bench',
            created_at + random() * interval '300 days'
     from boards, generate_series(1, 2)`,
  );
  await db.raw('analyze');
  const seedMs = performance.now() - seedStarted;
  log(`seeded in ${(seedMs / 1000).toFixed(1)} s: ${JSON.stringify(seeded)}`);

  const op = await insertUser(db, { username: 'bench-dashboard-operator@example.com', passwordHash: null, displayName: 'Operator' });
  const operator = await updateUser(db, op.id, { roles: ['admin'] });
  const token = accessTokenFor(config, operator);
  const ask = async (url: string, csv = false) => {
    const started = performance.now();
    const res = await platform.server.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}`, ...(csv ? { accept: 'text/csv' } : {}) },
    });
    const ms = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.payload.slice(0, 300)}`);
    const body = csv ? null : (JSON.parse(res.payload) as { totalCount?: number } | unknown[]);
    const rows = csv ? res.payload.trimEnd().split('\n').length - 1 : Array.isArray(body) ? body.length : (body?.totalCount ?? 1);
    return { ms, rows };
  };
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

  // what is asked: every statistic (defaults; All = 0 where offered), every report (JSON page and CSV)
  const cases: Array<{ label: string; url: string; csv?: boolean }> = [];
  for (const statistic of STATISTICS) {
    const path = `/api/admin/${statistic.name}`;
    cases.push({ label: `${statistic.name}`, url: path });
    const days = statisticParameters(statistic).find((p) => p.name === 'Days');
    if (days?.values?.includes(0) && days.default !== 0) cases.push({ label: `${statistic.name} Days=0 (All)`, url: `${path}?Days=0` });
  }
  for (const r of REPORTS) {
    const path = r.servedAt ?? `/api/admin/${r.name}`;
    cases.push({ label: `${r.name} (page)`, url: path });
    cases.push({ label: `${r.name} (CSV)`, url: path, csv: true });
  }
  cases.push({ label: `${DATABASE_STATUS_INFO.name}`, url: `/api/admin/${DATABASE_STATUS_INFO.name}` });
  cases.push({ label: 'catalogue (GET /api/admin/reports)', url: '/api/admin/reports' });

  const rows: string[] = [];
  const slow: string[] = [];
  let worst = 0;
  for (const c of cases) {
    const first = await ask(c.url, c.csv);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push((await ask(c.url, c.csv)).ms);
    const ms = median(times);
    worst = Math.max(worst, ms);
    if (ms >= GOAL_MS) slow.push(c.label);
    rows.push(`| ${c.label} | ${first.rows} | ${ms.toFixed(1)} |`);
  }
  const ok = slow.length === 0;
  report(
    'dashboard',
    [
      `### Dashboard statistics and reports over a year (PostgreSQL, server time incl. inject)`,
      '',
      `${seeded.users} accounts, ${seeded.guests} guests, ${seeded.boards} boards; a year of usage: ${seeded.sessions} board sessions, ` +
        `${seeded.activity} activity rows, ${seeded.userAudits} user audits, ${seeded.featureAudits} feature records, ${seeded.perfLogs} performance records, ` +
        `${seeded.feedbacks} feedbacks; ${CHAT} chat messages, ${COMMANDS} commands. Median of ${RUNS} after a warm-up.`,
      '',
      '| request | rows | median ms |',
      '|---|---|---|',
      ...rows,
      '',
      `Slowest: ${worst.toFixed(1)} ms (goal: each < ${GOAL_MS} ms): ${ok ? 'met' : `NOT met by ${slow.join(', ')}`}.`,
    ].join('\n'),
  );
  if (!ok) process.exitCode = 1;
} finally {
  await bench.stop();
}
