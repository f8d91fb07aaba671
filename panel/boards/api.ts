import type * as Wire from '../../shared/wire';
import { http, type FetchPage } from '../../ui';

/**
 * The board list's calls (panel.md §7; platform/library answers them): GET
 * /api/workspace/{id}/boards with the spec's names (Take, Skip, Text, Filter = the type filter,
 * Tags, Sort), and the per-board actions.
 */
export type BoardItem = Wire.BoardListItem;

export const TYPE_FILTERS = [
  { value: 'All', label: 'All boards' },
  { value: 'Owned', label: 'Owned by me' },
  { value: 'NotOwned', label: 'Not owned by me' },
] as const;

export const SORTS = [
  { value: 'LastVisited', label: 'Last visited' },
  { value: 'Alphabet', label: 'Alphabetical' },
  { value: 'LastChanged', label: 'Last changed' },
] as const;

export { BOARD_PAGE_SIZE, PLACEHOLDER_BOARD_NAME as PLACEHOLDER_NAME } from '../../shared/board-list';

/** A grid fetch over the board list: the grid's text filter is `Text`, its quick filter the type `Filter`. */
export function boardsFetcher(workspace: string, sort: string, tags: string[]): FetchPage<BoardItem> {
  return async (query, signal) => {
    const params: Record<string, string | number> = { Take: query.Take, Skip: query.Skip, Sort: sort };
    if (query.Filter) params.Text = String(query.Filter);
    if (query.QuickFilter) params.Filter = String(query.QuickFilter);
    if (tags.length) params.Tags = tags.join(',');
    const page = await http.get<Wire.BoardsPage>(`/api/workspace/${encodeURIComponent(workspace)}/boards`, params, { signal });
    return { totalCount: Number(page?.totalCount ?? 0), data: Array.isArray(page?.data) ? page.data : [] };
  };
}

export const boardsApi = {
  remove: (id: string) => http.delete<void>('/api/boards', { id }),
  duplicate: (id: string) => http.post<BoardItem>(`/api/boards/${id}/duplicate`, {}),
  saveTags: (id: string, tags: string[]) => http.post<BoardItem>(`/api/boards/${id}/tags`, { tags }),
  move: (id: string, workspace: string) => http.post<BoardItem>(`/api/boards/${id}/move`, { workspace }),
  backup: (id: string) => http.post<Wire.BoardBackup>(`/api/boards/${id}/backup`, {}),
  restore: (workspace: string, file: File) => {
    const body = new FormData();
    body.append('file', file);
    return http.post<Wire.RestoredBoard>(`/api/boards/restore/${encodeURIComponent(workspace)}`, body);
  },
};

/** The comma-separated tag input (panel.md §2): trimmed, no empties, no repeats. */
export const parseTags = (text: string): string[] => [
  ...new Set(
    text
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  ),
];
