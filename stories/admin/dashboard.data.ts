import type { ReportInfo } from '../../admin/api';

/** The dashboard stories' sample data (a stories file exports stories only: tests/stories/exports.test.tsx). */

const listReport = (name: string, title: string, description: string, parameters: ReportInfo['parameters'] = []): ReportInfo => ({
  name,
  title,
  description,
  path: `/api/admin/${name}`,
  kind: 'list',
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
    { name: 'Threshold', default: 50 },
  ]),
  listReport('broken', 'A report that fails', 'Its downloads answer an error (a toast says so).'),
  {
    ...listReport('database-status', 'Database status', 'PostgreSQL: the database size, connections by state, the largest tables.'),
    kind: 'object',
    maxRows: null,
  },
];
