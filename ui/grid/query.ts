import { http, type Query } from '../http';
import type { FetchPage, ListPage, ListQuery } from './types';

/** What a grid is showing, in its own terms. */
export interface GridState {
  /** 1-based */
  page: number;
  pageSize: number;
  filter: string;
  quickFilter?: string;
  sort?: { field: string; desc: boolean } | null;
  /** typed filters of the list, sent as they are */
  extra?: Record<string, string | number | boolean | string[] | undefined>;
}

/** The one list protocol's query values for a grid state (platform/core/list.ts listQuery). */
export function toListQuery({ page, pageSize, filter, quickFilter, sort, extra }: GridState): ListQuery {
  const query: ListQuery = { ...extra, Take: pageSize, Skip: Math.max(0, page - 1) * pageSize };
  if (sort) query.Orders = [sort.desc ? `${sort.field} Desc` : sort.field];
  const text = filter.trim();
  if (text) query.Filter = text;
  if (quickFilter !== undefined) query.QuickFilter = quickFilter;
  return query;
}

/**
 * A grid's fetch function for a list URL of the platform, through the one HTTP layer (bearer
 * token, refresh, 401/403 handling): `listFetcher<Member>('/api/workspaces/default/members')`.
 * `extra` adds fixed query values (e.g. a workspace's filter) to every request.
 */
export function listFetcher<Row>(path: string, extra: Query = {}): FetchPage<Row> {
  return async (query, signal) => {
    const page = await http.get<ListPage<Row>>(path, { ...extra, ...(query as Query) }, { signal });
    return { totalCount: Number(page?.totalCount ?? 0), data: Array.isArray(page?.data) ? page.data : [] };
  };
}

/** The same list as CSV (`Accept: text/csv`; the server caps the rows per list). */
export function fetchCsv(path: string, query: Omit<ListQuery, 'Take' | 'Skip'>, extra: Query = {}): Promise<string> {
  const { Take: _take, Skip: _skip, ...rest } = query as ListQuery;
  return http.request<string>('GET', path, { query: { ...extra, ...(rest as Query) }, headers: { accept: 'text/csv' } });
}

/** Saves a blob as a file through a temporary link (no-op outside a browser). */
export function saveBlob(content: Blob | string, filename: string, type = 'text/csv;charset=utf-8'): void {
  if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') return;
  const blob = typeof content === 'string' ? new Blob([content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The page numbers a pager shows: all of them up to `max`, otherwise a window of `max` around
 * the current page (clamped to the ends).
 */
export function pageWindow(page: number, pageCount: number, max = 10): number[] {
  if (pageCount <= 0) return [];
  const count = Math.min(max, pageCount);
  const start = Math.min(Math.max(1, page - Math.floor((count - 1) / 2)), pageCount - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}
