import type * as Wire from '../../shared/wire';
import { http, listFetcher, type FetchPage } from '../../ui';

/**
 * The dashboard's statistics, admin actions and job list as the browser sees them (issue 30;
 * docs/backoffice.md "The dashboard"): the server's own types (shared/wire.ts, `npm run wire`).
 */

/** One entry of GET /api/admin/reports: a report (list or object) or a statistic with its dashboard block. */
export type CatalogueEntry = Wire.AdminReport;
/** A parameter of a catalogue entry: its default and, when they are a fixed set, its values (the filters are made from them). */
export type CatalogueParameter = Wire.AdminReportParameter;
/** How a statistic's rows look (backoffice.md §3 "Statistics rows", plus the engagement tables). */
export type StatisticRows = NonNullable<CatalogueEntry['rows']>;

/** A catalogue entry the dashboard draws. */
export type StatisticEntry = CatalogueEntry & { kind: 'statistic'; block: NonNullable<CatalogueEntry['block']>; rows: StatisticRows };

export const isStatistic = (entry: CatalogueEntry): entry is StatisticEntry =>
  entry.kind === 'statistic' && typeof entry.block === 'string' && typeof entry.rows === 'string';

/** A figure with its unit. */
export type TitleValueRow = Wire.StatisticTitleValue;
export type NameCountRow = Wire.StatisticNameCount;
/** email/count (backoffice.md §3): no statistic answers it yet, so the wire has no type for it (platform/admin/statistics/statistic.ts). */
export interface EmailCountRow {
  email: string;
  count: number;
}
/** count = regCount (signed-in users) + nRegCount (guests) */
export type TypeCountsRow = Wire.StatisticTypeCounts;
/** One day ('2026-11-27') or month ('2026-11') of engagement. */
export type EngagementRow = Wire.StatisticEngagement;
export interface StatisticRowsOf {
  'title-value': TitleValueRow;
  'name-count': NameCountRow;
  'email-count': EmailCountRow;
  'type-counts': TypeCountsRow;
  engagement: EngagementRow;
}
export type StatisticRow = StatisticRowsOf[StatisticRows];

/** A statistic's answer (`GET {path}?…`): every row. */
export interface StatisticAnswer<Row = StatisticRow> {
  totalCount: number;
  data: Row[];
}

/** The values a statistic is asked with (its parameters by name). */
export type StatisticQuery = Record<string, string | number>;

/** One run of a job (an admin action or a scheduled task), as GET /api/admin/jobs and the actions answer it. */
export type JobRun = Wire.JobRun;

/** What an admin action answers: the spec's toast text and its run. */
export type ActionAnswer =
  | Wire.AdminStorageRecalculated
  | Wire.AdminExtensionsRebuilt
  | Wire.AdminIndexesSent
  | Wire.AdminTemplatesRebuilt
  | Wire.AdminTemplatesInstalled;

/** The admin actions the dashboard offers (backoffice.md §7). */
export const ADMIN_ACTION_PATHS = {
  recalcStorage: '/api/admin/storage/recalc',
  rebuildExtensions: '/api/admin/extensions/rebuild',
  rebuildTemplates: '/api/admin/templates/rebuild',
  installTemplates: '/api/admin/templates/install',
  rebuildIndexes: '/api/admin/sys/indexes',
} as const;
export type AdminAction = keyof typeof ADMIN_ACTION_PATHS;

/** A statistic's rows for these parameter values. */
export const fetchStatistic = (entry: CatalogueEntry, query: StatisticQuery, signal?: AbortSignal): Promise<StatisticAnswer> =>
  http.get<StatisticAnswer>(entry.path, query, { signal }).then((a) => a ?? { totalCount: 0, data: [] });

/** Runs an admin action; recalculating storage takes an optional user or workspace id. */
export const runAdminAction = (action: AdminAction, body: { id?: string } = {}): Promise<ActionAnswer> =>
  http.post<ActionAnswer>(ADMIN_ACTION_PATHS[action], body);

/** The job list (list protocol). */
export const fetchJobs: FetchPage<JobRun> = listFetcher<JobRun>('/api/admin/jobs');
