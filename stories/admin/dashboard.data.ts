import type { ReportInfo } from '../../admin/api';
import type {
  CatalogueParameter,
  EngagementRow,
  JobRun,
  StatisticEntry,
  StatisticQuery,
  StatisticRow,
  StatisticRows,
} from '../../admin/dashboard/statistics-api';

/** The dashboard stories' sample data (a stories file exports stories only: tests/stories/exports.test.tsx). */

const listReport = (name: string, title: string, description: string, parameters: ReportInfo['parameters'] = []): ReportInfo => ({
  name,
  title,
  description,
  path: `/api/admin/${name}`,
  kind: 'list',
  block: null,
  rows: null,
  quickFilters: [],
  orders: [],
  parameters,
  maxRows: 3000,
});

/** Reports as GET /api/admin/reports lists them (a sample of the server's). */
export const SAMPLE_REPORTS: ReportInfo[] = [
  listReport(
    'duplicate-users',
    'Duplicate users',
    'Accounts whose e-mail is the same once normalised (case, +tag, Gmail dots) or whose display name is the same (case, spaces): one row per account and kind.',
  ),
  listReport('users-with-most-board', 'Users with most boards', 'Signed-in accounts by the number of boards they own, most first.'),
  listReport('boards-overloaded-members', 'Boards with too many members', 'Boards with more members than Threshold (default 50).', [
    { name: 'Threshold', default: 50, values: null },
  ]),
  listReport('broken', 'A report that fails', 'Its downloads answer an error (a toast says so).'),
  {
    ...listReport('database-status', 'Database status', 'PostgreSQL: the database size, connections by state, the largest tables.'),
    kind: 'object',
    maxRows: null,
  },
];

/** A statistic of the catalogue (GET /api/admin/reports, kind 'statistic'), as the server declares it. */
const statistic = (
  name: string,
  title: string,
  block: StatisticEntry['block'],
  rows: StatisticRows,
  parameters: CatalogueParameter[] = [],
  description = `${title} (sample figures).`,
): StatisticEntry => ({
  name,
  title,
  description,
  path: `/api/admin/${name}`,
  kind: 'statistic',
  block,
  rows,
  quickFilters: [],
  orders: [],
  parameters,
  maxRows: null,
});
const DAYS: CatalogueParameter = { name: 'Days', default: 30, values: [30, 7, 1] };
const DAYS_ALL: CatalogueParameter = { name: 'Days', default: 30, values: [30, 7, 1, 0] };
const TAKE: CatalogueParameter = { name: 'Take', default: 20, values: null };
const ENGAGEMENT: CatalogueParameter[] = [
  { name: 'country', default: '', values: null },
  { name: 'userType', default: 'All', values: ['All', 'Registered', 'Guests'] },
];

/** Every block and row kind of the dashboard, as the server's catalogue lists them (backoffice.md §2). */
export const SAMPLE_STATISTICS: StatisticEntry[] = [
  statistic('daily-engagement', 'Daily engagement', 'engagement', 'engagement', ENGAGEMENT, 'A row per UTC day of the last 30.'),
  statistic('monthly-engagement', 'Monthly engagement', 'engagement', 'engagement', ENGAGEMENT, 'A row per month of the last 12.'),
  statistic('board-statistics', 'Boards', 'boards', 'title-value'),
  statistic('other-statistics', 'Others', 'others', 'title-value'),
  statistic('user-statistics', 'Users', 'users', 'title-value'),
  statistic('performance-statistics', 'Performance', 'performance', 'title-value', [DAYS]),
  statistic('statistics/freq-usage', 'Boards frequency', 'frequency', 'name-count', [DAYS]),
  statistic('feedback-statistics', 'Feedback', 'feedback', 'name-count', [{ ...DAYS_ALL, default: 0 }]),
  statistic('statistics/templates', 'Templates', 'templates', 'name-count', [TAKE, DAYS_ALL]),
  statistic('extension-statistics', 'Extensions', 'extensions', 'name-count'),
  statistic('top-features', 'Top features', 'top-features', 'name-count', [
    TAKE,
    { name: 'Type', default: 'All', values: ['All', 'Action', 'Tool'] },
    DAYS,
  ]),
  statistic('active-client-statistics', 'Latest client sessions', 'client-sessions', 'name-count'),
  statistic('statistics/countries', 'Countries', 'countries', 'name-count', [DAYS_ALL, TAKE]),
  statistic('dashboard-statistics', 'Content', 'content', 'title-value'),
  statistic('commands-usage', 'Commands', 'commands', 'type-counts', [DAYS_ALL]),
  statistic('statistics/core-actions', 'Core actions', 'core-actions', 'title-value', [
    { name: 'type', default: 'All', values: ['All', 'Reg'] },
  ]),
];

/** How much of a month a day filter covers (the sample figures shrink with it). */
const part = (query: StatisticQuery) => {
  const days = Number(query.Days ?? 30);
  return days === 0 ? 3 : days / 30;
};
const scaled = (n: number, query: StatisticQuery) => Math.round(n * part(query));
const utcDay = (offset: number) => new Date(Date.UTC(2026, 10, 27) - offset * 86_400_000).toISOString().slice(0, 10);

/** The sample rows of a statistic for its parameter values (deterministic; a day filter changes them). */
export function sampleStatisticRows(name: string, query: StatisticQuery): StatisticRow[] {
  const guests = query.userType === 'Guests';
  const registered = query.userType === 'Registered';
  const country = String(query.country ?? '').toUpperCase();
  const share = (guests ? 0.4 : registered ? 0.6 : 1) * (country ? 0.3 : 1);
  const engagement = (period: string, i: number): EngagementRow => {
    const users = Math.round((120 + 40 * Math.sin(i / 3) + i * 2) * share);
    return {
      period,
      users,
      newUsers: guests ? 0 : Math.round(users * 0.12),
      boards: Math.round(users * 1.6),
      sessions: Math.round(users * 2.3),
      edits: Math.round(users * 0.7),
      collaborations: Math.round(users * 0.25),
    };
  };
  switch (name) {
    case 'daily-engagement':
      return Array.from({ length: 30 }, (_, i) => engagement(utcDay(29 - i), i));
    case 'monthly-engagement':
      return Array.from({ length: 12 }, (_, i) => {
        const row = engagement(`2026-${String(i + 1).padStart(2, '0')}`, i * 2);
        return { ...row, users: row.users * 9, sessions: row.sessions * 20, boards: row.boards * 12, edits: row.edits * 15 };
      });
    case 'board-statistics':
      return [
        { title: 'Boards', value: 48_213, unit: 'count' },
        { title: 'Active', value: 46_902, unit: 'count' },
        { title: 'Created today', value: 312, unit: 'count' },
        { title: 'Storage', value: 91_234_567_890, unit: 'bytes' },
      ];
    case 'other-statistics':
      return [
        { title: 'Workspaces', value: 9_214, unit: 'count' },
        { title: 'Developer apps', value: 37, unit: 'count' },
        { title: 'Uploads', value: 18_402, unit: 'count' },
        { title: 'Uploaded', value: 5_368_709_120, unit: 'bytes' },
      ];
    case 'user-statistics':
      return [
        { title: 'Accounts', value: 10_482, unit: 'count' },
        { title: 'Active', value: 10_113, unit: 'count' },
        { title: 'Online now', value: 87, unit: 'count' },
        { title: 'Beta testers', value: 41, unit: 'count' },
      ];
    case 'performance-statistics':
      return [
        { title: 'Board load', value: 840 + scaled(300, query), unit: 'ms' },
        { title: 'Join answer', value: 120 + scaled(60, query), unit: 'ms' },
        { title: 'Latency', value: 48 + scaled(10, query), unit: 'ms' },
        { title: 'Offline before reconnecting', value: 2_300 + scaled(900, query), unit: 'ms' },
      ];
    case 'statistics/freq-usage':
      return [
        { name: 'All', count: scaled(4_800, query) },
        { name: 'Once', count: scaled(2_100, query) },
        { name: '2–5 times', count: scaled(1_650, query) },
        { name: '6–20 times', count: scaled(780, query) },
        { name: 'More than 20 times', count: scaled(270, query) },
      ];
    case 'feedback-statistics':
      return [
        { name: 'positive', count: scaled(86, query) },
        { name: 'neutral', count: scaled(31, query) },
        { name: 'negative', count: scaled(17, query) },
      ];
    case 'statistics/templates':
      return [
        { name: 'Kanban board', count: scaled(1_240, query) },
        { name: 'Retrospective', count: scaled(860, query) },
        { name: 'Sticky note grid', count: scaled(610, query) },
        { name: 'Roadmap', count: scaled(420, query) },
        { name: 'Team retro (custom)', count: scaled(95, query) },
      ];
    case 'extension-statistics':
      return [
        { name: 'All', count: 9_214 },
        { name: 'Sticky notes pack: plugged', count: 3_120 },
        { name: 'Sticky notes pack: unplugged', count: 6_094 },
        { name: 'Kanban: plugged', count: 1_422 },
        { name: 'Kanban: unplugged', count: 7_792 },
      ];
    case 'top-features': {
      const all = [
        'tool:pen',
        'action:undo',
        'tool:rectangle',
        'tool:text',
        'action:duplicate',
        'tool:stickyNote',
        'action:export-png',
        'tool:arrow',
      ];
      const kept = all.filter((f) =>
        query.Type === 'Action' ? f.startsWith('action:') : query.Type === 'Tool' ? f.startsWith('tool:') : true,
      );
      return kept.map((name, i) => ({ name, count: scaled(9_000 - i * 950, query) }));
    }
    case 'active-client-statistics':
      return [
        { name: 'Acme LMS', count: 1_204 },
        { name: 'Classroom Hub', count: 812 },
        { name: 'Docs Portal', count: 97 },
      ];
    case 'statistics/countries': {
      const countries: Array<[string, number]> = [
        ['DE', 2_410],
        ['US', 2_130],
        ['IR', 1_460],
        ['FR', 980],
        ['GB', 930],
        ['NL', 610],
        ['IN', 540],
        ['BR', 380],
        ['CA', 310],
        ['Unknown', 120],
      ];
      return countries.map(([name, count]) => ({ name, count: scaled(count, query) }));
    }
    case 'dashboard-statistics':
      return [
        { title: 'Shapes', value: 3_912_004, unit: 'count' },
        { title: 'Pictures', value: 48_120, unit: 'count' },
        { title: 'Comments', value: 22_310, unit: 'count' },
        { title: 'Average board size', value: 196_608, unit: 'bytes' },
      ];
    case 'commands-usage':
      return (
        [
          ['draw', 5_400, 2_100],
          ['move', 3_900, 1_450],
          ['text', 2_200, 640],
          ['delete', 1_100, 390],
          ['undo', 820, 260],
        ] as Array<[string, number, number]>
      ).map(([type, reg, guest]) => ({
        type,
        count: scaled(reg, query) + scaled(guest, query),
        regCount: scaled(reg, query),
        nRegCount: scaled(guest, query),
      }));
    case 'statistics/core-actions': {
      const reg = query.type === 'Reg' ? 0.7 : 1;
      return [
        { title: 'Sessions', value: Math.round(18_204 * reg), unit: 'count' },
        { title: 'Edits', value: Math.round(9_420 * reg), unit: 'count' },
        { title: 'Collaborations', value: Math.round(2_108 * reg), unit: 'count' },
        { title: 'Average session', value: Math.round(1_260 * reg), unit: 'seconds' },
      ];
    }
    default:
      return [];
  }
}

const minutesAgo = (m: number) => new Date(Date.UTC(2026, 10, 27, 9, 0) - m * 60_000).toISOString();

/** Job runs as GET /api/admin/jobs lists them, newest first. */
export const SAMPLE_JOBS: JobRun[] = [
  ['sys-indexes', 'action', 'finished', 12, 4_812, 'opal@example.com', { tables: 6, reindexed: 6, analyzed: 6 }],
  ['storage-recalc', 'action', 'failed', 44, 1_204, 'opal@example.com', null],
  ['board-disposal', 'scheduled', 'finished', 60, 312, null, { disposed: 3 }],
  ['billing-renewal', 'scheduled', 'finished', 120, 2_034, null, { renewed: 12, failed: 0 }],
  ['extensions-rebuild', 'action', 'finished', 300, 640, 'opal@example.com', { extensions: 2 }],
].map(([name, kind, state, ago, durationMs, requestedBy, result], i) => ({
  id: `job${i}`,
  name: name as string,
  kind: kind as JobRun['kind'],
  state: state as JobRun['state'],
  startedAt: minutesAgo(ago as number),
  finishedAt: new Date(Date.parse(minutesAgo(ago as number)) + (durationMs as number)).toISOString(),
  durationMs: durationMs as number,
  node: 'node-1',
  requestedBy: requestedBy as string | null,
  result: result as JobRun['result'],
  error: state === 'failed' ? 'Account not found' : null,
}));
