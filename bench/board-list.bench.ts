/**
 * The board list (GET /api/workspace/{id}/boards, panel.md §7, §9): one workspace holding 10,000
 * boards — half owned by someone else, tags on every board, the asker's visits on two thirds,
 * recorded changes on most, a few members each — and a page of 30 asked in each sort, with the
 * text, type and tag filters, and deep in the list. Goal: a page answers in < 50 ms (server time,
 * median) on PostgreSQL. Baseline: GET /api/workspaces/{id} (one workspace row and a board count)
 * in the same run.
 *
 * Real PostgreSQL: DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres; a fresh database
 * is created and dropped. BENCH_BOARDS and BENCH_LIST_RUNS change the size and the runs.
 */
import { accessTokenFor } from '../platform/accounts/tokens';
import { insertUser } from '../platform/users/repo';
import { addMember, ensureDefaultWorkspace } from '../platform/workspaces/repo';
import { benchPlatform } from './platform';
import { report } from './report';

const BOARDS = Number(process.env.BENCH_BOARDS ?? 10_000);
const RUNS = Number(process.env.BENCH_LIST_RUNS ?? 40);
const GOAL_MS = 50;
process.env.RATE_LIMIT_MAX ??= '1000000';
const bench = await benchPlatform();
const { platform, db, config } = bench;

try {
  const owner = await insertUser(db, { username: 'bench-list-owner@example.com', passwordHash: null, displayName: 'Owner' });
  const other = await insertUser(db, { username: 'bench-list-other@example.com', passwordHash: null, displayName: 'Other' });
  const workspace = await ensureDefaultWorkspace(db, owner.id);
  await addMember(db, { workspaceId: workspace.id, userId: other.id, role: 'Admin' });
  await db.raw(
    `insert into boards (code, name, workspace_id, owner_id, owner_uid, tags, created_at, last_session_at)
     select 'bl' || lpad(i::text, 8, '0'),
            (array['Plan', 'Sketch', 'Retro', 'Roadmap', 'Design'])[1 + i % 5] || ' ' || i,
            ?, case when i % 2 = 0 then ?::uuid else ?::uuid end, case when i % 2 = 0 then ? else ? end,
            array[(array['red', 'green', 'blue'])[1 + i % 3], 'team' || (i % 20)],
            now() - (i || ' minutes')::interval, now() - ((i * 7) % 5000 || ' minutes')::interval
       from generate_series(1, ?) as i`,
    [workspace.id, owner.id, other.id, owner.id, other.id, BOARDS],
  );
  await db.raw(
    `insert into board_members (board_id, uid, user_id, name, status, updated_at)
     select b.id, ?, ?::uuid, 'Owner', 'Joined', now() - ((hashtext(b.code) & 65535) || ' seconds')::interval
       from boards b where b.workspace_id = ? and hashtext(b.code) % 3 <> 0`,
    [owner.id, owner.id, workspace.id],
  );
  await db.raw(
    `insert into board_members (board_id, uid, user_id, name, status)
     select b.id, ?, ?::uuid, 'Other', 'Joined' from boards b where b.workspace_id = ?`,
    [other.id, other.id, workspace.id],
  );
  await db.raw(
    `insert into board_library (board_id, changed_at, changed_by)
     select b.id, now() - ((hashtext(b.code || 'c') & 65535) || ' seconds')::interval, ? from boards b where b.workspace_id = ? and hashtext(b.code) % 5 <> 0`,
    [other.id, workspace.id],
  );
  await db.raw('analyze');
  const token = accessTokenFor(config, owner);
  const get = async (url: string) => {
    const started = performance.now();
    const res = await platform.server.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const ms = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.payload.slice(0, 300)}`);
    return { ms, body: JSON.parse(res.payload) };
  };
  const list = `/api/workspace/${workspace.id}/boards`;
  const cases: Array<[string, string]> = [
    ['baseline: GET /api/workspaces/{id}', `/api/workspaces/${workspace.id}`],
    ['first page, LastVisited (default)', list],
    ['first page, Alphabet', `${list}?Sort=Alphabet`],
    ['first page, LastChanged', `${list}?Sort=LastChanged`],
    ['page 300 (Skip=8970), LastChanged', `${list}?Sort=LastChanged&Skip=8970`],
    ['Text=road, Alphabet', `${list}?Text=road&Sort=Alphabet`],
    ['Filter=Owned, Tags=blue,team7', `${list}?Filter=Owned&Tags=blue,team7`],
  ];
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;
  const rows: string[] = [];
  let worst = 0;
  for (const [label, url] of cases) {
    const first = await get(url);
    if (url.startsWith(list) && url === list && (first.body.totalCount !== BOARDS || first.body.data.length !== 30))
      throw new Error(`unexpected page: ${first.body.totalCount} boards, ${first.body.data.length} items`);
    for (let i = 0; i < 3; i++) await get(url);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push((await get(url)).ms);
    if (url.startsWith(list)) worst = Math.max(worst, median(times));
    rows.push(`| ${label} | ${first.body.totalCount ?? '—'} | ${median(times).toFixed(1)} | ${p95(times).toFixed(1)} |`);
  }
  const ok = worst < GOAL_MS;
  report(
    'board-list',
    [
      `### Board list: a workspace of ${BOARDS} boards (PostgreSQL, server time incl. inject)`,
      '',
      '| request | totalCount | median ms | p95 ms |',
      '|---|---|---|---|',
      ...rows,
      '',
      `Slowest list page median: ${worst.toFixed(1)} ms (goal < ${GOAL_MS} ms): ${ok ? 'met' : 'NOT met'}.`,
    ].join('\n'),
  );
  if (!ok) process.exitCode = 1;
} finally {
  await bench.stop();
}
