import { figures, oneRow, type Figure } from './sql';
import { days, since, type Statistic } from './statistic';

/**
 * performance-statistics (backoffice.md §2 "Statistic blocks: performance (day filter 30/7/1)",
 * §7 `Days`): what the boards measured in their visitors' browsers (the performance records of
 * sdk/telemetry/perf-log.ts, POST /api/logs/perfs, table perf_logs) over the window — for each
 * measure its median and 95th percentile in milliseconds, and how many records of each kind came.
 *
 * | measure | record type | payload value |
 * |---|---|---|
 * | board load (start to online) | Join | joinMs |
 * | join answer (start to the join's answer) | Join | joinedMs |
 * | latency (the image test's average) | Speed | average |
 * | time offline before a reconnection | Socket | downMs |
 * | slow resource load (over 10 s) | SlowNetwork (with a resource) | duration |
 *
 * A measure with no record in the window has no median (its rows are left out, never 0). One pass
 * over the window's records through the perf_logs created_at index.
 */
const MEASURES = [
  { title: 'Board load', type: 'join', key: 'joinMs', column: 'load' },
  { title: 'Join answer', type: 'join', key: 'joinedMs', column: 'joined' },
  { title: 'Latency', type: 'speed', key: 'average', column: 'latency' },
  { title: 'Offline before reconnecting', type: 'socket', key: 'downMs', column: 'down' },
  { title: 'Slow resource load', type: 'slownetwork', key: 'duration', column: 'slow_resource' },
] as const;

const COUNTS: readonly Figure[] = [
  ['Board loads measured', 'joins', 'count'],
  ['Slow networks', 'slow_networks', 'count'],
  ['Slow resources', 'slow_resources', 'count'],
  ['Reconnections', 'reconnections', 'count'],
  ['Load or reconnection failures', 'errors', 'count'],
];

const FIGURES: readonly Figure[] = [
  ...MEASURES.flatMap((m): Figure[] => [
    [`${m.title}, median`, `${m.column}_p50`, 'ms'],
    [`${m.title}, 95th percentile`, `${m.column}_p95`, 'ms'],
  ]),
  ...COUNTS,
];

/** A payload number of one record type, or null (a record of another type, or a value that is not a number). */
const valueOf = (type: string, key: string) =>
  `case when lower(p.type) = '${type}' and jsonb_typeof(p.payload -> '${key}') = 'number' then (p.payload ->> '${key}')::float8 end`;

export const performanceStatistics: Statistic<{ Days: number }> = {
  name: 'performance-statistics',
  title: 'Performance',
  description:
    'Board load, join answer, latency, offline time before reconnecting and slow resource loads as the visitors’ browsers measured them: median and 95th percentile (ms), and how many records came, over the chosen period.',
  block: 'performance',
  rows: 'title-value',
  params: { Days: days(false) },
  async query(db, { Days }) {
    const from = since(Days);
    const percentiles = MEASURES.map(
      (m) =>
        `percentile_cont(0.5) within group (order by ${valueOf(m.type, m.key)}) as ${m.column}_p50,
         percentile_cont(0.95) within group (order by ${valueOf(m.type, m.key)}) as ${m.column}_p95`,
    ).join(',\n');
    const row = await oneRow<Record<string, unknown>>(
      db,
      `select ${percentiles},
         count(*) filter (where lower(p.type) = 'join')::int as joins,
         count(*) filter (where lower(p.type) = 'slownetwork' and p.payload -> 'average' is not null)::int as slow_networks,
         count(*) filter (where lower(p.type) = 'slownetwork' and p.payload -> 'resource' is not null)::int as slow_resources,
         count(*) filter (where lower(p.type) = 'socket')::int as reconnections,
         count(*) filter (where lower(p.type) = 'error')::int as errors
       from perf_logs p
       where p.created_at >= ?`,
      [from],
    );
    return figures(row, FIGURES);
  },
};
