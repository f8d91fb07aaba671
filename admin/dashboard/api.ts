import { createContext, useContext } from 'react';
import { http, listFetcher, type FetchPage } from '../../ui';
import type { Announcement, AnnouncementType } from '../../shared/announcements';
import {
  fetchJobs,
  fetchStatistic,
  runAdminAction,
  type ActionAnswer,
  type AdminAction,
  type CatalogueEntry,
  type JobRun,
  type StatisticAnswer,
  type StatisticQuery,
} from './statistics-api';

/** A row of the announcements grid (GET /api/admin/announcements, list protocol). */
export interface AnnouncementRow extends Announcement {
  publishedAt: string;
  publishedBy: string | null;
}

/** What the form sends (backoffice.md §7: POST /api/admin/announcements {message, type, start, end}). */
export interface AnnouncementInput {
  type: AnnouncementType;
  message: string;
  start?: string;
  end?: string;
}

/** GET /api/admin/dashboard: this node's open connections and seconds until its next job (null: none). */
export interface DashboardFigures {
  connections: number;
  nextTaskInSeconds: number | null;
}

/** The dashboard's calls; a story hands the screen an in-memory one through DashboardApiContext. */
export interface DashboardApi {
  announcements: FetchPage<AnnouncementRow>;
  publishAnnouncement(input: AnnouncementInput): Promise<Announcement>;
  withdrawAnnouncement(id: string): Promise<{ id: string; removed: true }>;
  figures(): Promise<DashboardFigures>;
  /** GET /api/admin/reports: every report and statistic, as the dashboard lists and draws them */
  reports(): Promise<CatalogueEntry[]>;
  /** a report's or statistic's file: CSV (`Accept: text/csv`) or its JSON answer, as text */
  reportFile(report: CatalogueEntry, format: ReportFormat, query?: StatisticQuery): Promise<string>;
  /** a statistic's rows for its parameter values (`GET {path}?…`) */
  statistic(entry: CatalogueEntry, query: StatisticQuery, signal?: AbortSignal): Promise<StatisticAnswer>;
  /** an admin action: the spec's toast text and its job run */
  adminAction(action: AdminAction, body?: { id?: string }): Promise<ActionAnswer>;
  /** GET /api/admin/jobs: job runs, newest first (list protocol) */
  jobs: FetchPage<JobRun>;
}

export type ReportFormat = 'csv' | 'json';

/**
 * A report's file as text. CSV: the report's rows (at most its maxRows) as the server writes them.
 * JSON: a list report's answer `{ totalCount, data }` with as many rows as the CSV (Take = maxRows),
 * a statistic's answer for its default parameters, or the object of database-status, indented.
 * `query`: a statistic's parameter values (a dashboard block's filters as they are set).
 */
async function reportFile(report: CatalogueEntry, format: ReportFormat, query: StatisticQuery = {}): Promise<string> {
  if (format === 'csv') return http.request<string>('GET', report.path, { query, headers: { accept: 'text/csv' } });
  const answer = await http.get<unknown>(
    report.path,
    report.kind === 'list' && report.maxRows ? { ...query, Take: report.maxRows } : query,
  );
  return `${JSON.stringify(answer, null, 2)}\n`;
}

export const httpDashboardApi: DashboardApi = {
  announcements: listFetcher<AnnouncementRow>('/api/admin/announcements'),
  publishAnnouncement: (input) => http.post('/api/admin/announcements', input),
  withdrawAnnouncement: (id) => http.delete(`/api/admin/announcements/${encodeURIComponent(id)}`),
  figures: () => http.get('/api/admin/dashboard'),
  reports: async () => (await http.get<CatalogueEntry[]>('/api/admin/reports')) ?? [],
  reportFile,
  statistic: fetchStatistic,
  adminAction: runAdminAction,
  jobs: fetchJobs,
};

export const DashboardApiContext = createContext<DashboardApi>(httpDashboardApi);
export const useDashboardApi = (): DashboardApi => useContext(DashboardApiContext);
