import { createContext, useContext } from 'react';
import { http, listFetcher, type FetchPage } from '../../ui';
import type { Announcement, AnnouncementType } from '../../shared/announcements';

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
}

export const httpDashboardApi: DashboardApi = {
  announcements: listFetcher<AnnouncementRow>('/api/admin/announcements'),
  publishAnnouncement: (input) => http.post('/api/admin/announcements', input),
  withdrawAnnouncement: (id) => http.delete(`/api/admin/announcements/${encodeURIComponent(id)}`),
  figures: () => http.get('/api/admin/dashboard'),
};

export const DashboardApiContext = createContext<DashboardApi>(httpDashboardApi);
export const useDashboardApi = (): DashboardApi => useContext(DashboardApiContext);
