import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { answerList, listAnswer, listQuery, toCsv, wantsCsv, type ListDeclaration } from '../../core/list';
import type { Db } from '../../db/index';
import { operatorRoute } from '../operator';
import { statisticEntries } from '../statistics/routes';
import { DASHBOARD_BLOCKS, ROW_SCHEMAS } from '../statistics/statistic';
import { DATABASE_STATUS, databaseStatus, databaseStatusRows } from './database-status';
import { REPORTS } from './registry';
import { csvFile, parameterOf, type Report } from './report';

/**
 * The operators' reports (backoffice.md §7 "GET under /api/admin/ for reports"; docs/backoffice.md
 * "Reports"): one route per report of the registry, on the one list protocol (JSON by default,
 * CSV with `Accept: text/csv`); the catalogue the dashboard lists them from — the reports, the
 * database's status (one object) and the statistics (../statistics/, kind 'statistic').
 */

/** A report's typed parameters beyond the protocol's (its list's `filters`) with their defaults. */
const parametersOf = (list: Pick<ListDeclaration, 'filters'>) =>
  Object.entries(list.filters ?? {}).map(([name, f]) => parameterOf(name, f.schema));

const REPORT_INFO = Joi.object({
  name: Joi.string().description('the path under /api/admin/ and the file name'),
  title: Joi.string(),
  description: Joi.string(),
  path: Joi.string(),
  kind: Joi.string()
    .valid('list', 'object', 'statistic')
    .description(
      'list: the list protocol; object: one JSON object (CSV: one line per figure); statistic: every row in one answer { totalCount, data }',
    ),
  block: Joi.string()
    .valid(...DASHBOARD_BLOCKS)
    .allow(null)
    .description('a statistic: the dashboard block that draws it; null for a report'),
  rows: Joi.string()
    .valid(...Object.keys(ROW_SCHEMAS))
    .allow(null)
    .description('a statistic: the kind of its rows (backoffice.md §3 "Statistics rows"); null for a report'),
  quickFilters: Joi.array().items(Joi.string()),
  orders: Joi.array().items(Joi.string()),
  parameters: Joi.array().items(
    Joi.object({
      name: Joi.string(),
      default: Joi.alternatives(Joi.number(), Joi.string().allow('', null)),
      values: Joi.array()
        .items(Joi.alternatives(Joi.number(), Joi.string().allow('')))
        .allow(null)
        .description('the values it takes when they are a fixed set (a day filter: 30, 7, 1, and 0 = All where offered); null otherwise'),
    })
      .prefs({ presence: 'required' })
      .label('AdminReportParameter'),
  ),
  maxRows: Joi.number()
    .integer()
    .allow(null)
    .description('the most rows one answer holds (Take, and every CSV); null for an object or a statistic (every row, always)'),
})
  .prefs({ presence: 'required' })
  .label('AdminReport');

export const DATABASE_STATUS_INFO = {
  name: 'database-status',
  title: 'Database status',
  description:
    'The spec’s mongo-server-status, for the database we run: PostgreSQL’s size, connections by state, the largest tables, and the costliest statements when pg_stat_statements is installed.',
} as const;

function reportRoute(db: Db, report: Report): ServerRoute {
  const list = report.list(db);
  const quick = Object.keys(list.quickFilters ?? {});
  const params = parametersOf(list);
  return {
    method: 'GET',
    path: `/api/admin/${report.name}`,
    options: operatorRoute('admin-reports', {
      description: `${report.title}: ${report.description}`,
      notes:
        `List protocol (Take, Skip, Orders: ${list.sortable.join(', ')}` +
        (list.searchable?.length ? `; Filter: ${list.searchable.join(', ')}` : '') +
        (quick.length ? `; QuickFilter: ${quick.join(', ')}` : '') +
        (params.length ? `; ${params.map((p) => `${p.name} (default ${p.default})`).join(', ')}` : '') +
        `); Accept: text/csv gives at most ${list.csvMax} rows.`,
      validate: { query: listQuery(list) },
      response: { schema: Joi.alternatives(listAnswer(`${list.name}Page`, report.row), Joi.string()) },
    }),
    handler: (request, h) => answerList(list, report.base(db), request, h),
  };
}

export function reportRoutes(db: Db): ServerRoute[] {
  const catalogue = [
    ...REPORTS.map((report) => {
      const list = report.list(db);
      return {
        name: report.name,
        title: report.title,
        description: report.description,
        path: report.servedAt ?? `/api/admin/${report.name}`,
        kind: 'list' as const,
        block: null,
        rows: null,
        quickFilters: Object.keys(list.quickFilters ?? {}),
        orders: [...list.sortable],
        parameters: parametersOf(list),
        maxRows: list.csvMax ?? null,
      };
    }),
    {
      ...DATABASE_STATUS_INFO,
      path: `/api/admin/${DATABASE_STATUS_INFO.name}`,
      kind: 'object' as const,
      block: null,
      rows: null,
      quickFilters: [],
      orders: [],
      parameters: [],
      maxRows: null,
    },
    ...statisticEntries(),
  ];
  return [
    // a report an existing grid serves (servedAt) has that grid's route
    ...REPORTS.filter((report) => !report.servedAt).map((report) => reportRoute(db, report)),
    {
      method: 'GET',
      path: `/api/admin/${DATABASE_STATUS_INFO.name}`,
      options: operatorRoute('admin-reports', {
        description: `${DATABASE_STATUS_INFO.title}: ${DATABASE_STATUS_INFO.description}`,
        notes: 'One object; Accept: text/csv gives one line per figure (section, name, value).',
        response: { schema: Joi.alternatives(DATABASE_STATUS, Joi.string()) },
      }),
      handler: async (request, h) => {
        const status = await databaseStatus(db);
        return wantsCsv(request) ? csvFile(h, toCsv(databaseStatusRows(status)), DATABASE_STATUS_INFO.name) : status;
      },
    },
    {
      method: 'GET',
      path: '/api/admin/reports',
      options: operatorRoute('admin-reports', {
        description:
          'The reports and statistics: each one’s title, description, path, kind, parameters (defaults and values) and how many rows it answers at most',
        response: { schema: Joi.array().items(REPORT_INFO).label('AdminReports') },
      }),
      handler: () => catalogue,
    },
  ];
}
