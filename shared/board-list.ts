/**
 * The panel's board list and home data as both sides know them (panel.md §3 "Board list item",
 * "Home data"; §9 page size, sort and type filters): platform/library answers them, panel/boards
 * and panel/pages/home show them.
 */
export const BOARD_PAGE_SIZE = 30;
export const BOARD_FILTERS = ['All', 'Owned', 'NotOwned'] as const;
export const BOARD_SORTS = ['LastVisited', 'Alphabet', 'LastChanged'] as const;
export type BoardFilter = (typeof BOARD_FILTERS)[number];
export type BoardSort = (typeof BOARD_SORTS)[number];

/** The reserved placeholder name of a board nobody named yet: its card hides most of itself (§2). */
export const PLACEHOLDER_BOARD_NAME = 'new board';

/** panel.md §3 board list item. */
export interface BoardListItem {
  id: string;
  name: string;
  code: string;
  /** the served thumbnail's URL, or null while none is made */
  thumbnail: string | null;
  /** changed by someone else since the asker's last visit */
  isChanged: boolean;
  membersCount: number;
  lastSession: string | null;
  tags: string[];
}

/** panel.md §3 Home data (GET /api/panel/home). */
export interface HomeData {
  displayName: string;
  role: number;
  signupDate: string;
  totalBoards: number;
  storage: number;
  tags: string[];
  coreAction: { sessions: number; edits: number; collaborations: number };
  recentBoards: Array<{ code: string; name: string; thumbnail: string | null }>;
}
