import type { Command, CommandEffect } from '../../shared/model';
import type { DownsizeSetting } from '../../shared/constants';

/** A board member (board.md §3 "Board member"). */
export interface BoardMember {
  /** the member row's id (GET …/sharing; the roles route names it) */
  id?: string;
  uid: string;
  name: string;
  profileImage?: string | null;
  username?: string | null;
  timestamp?: number | string;
  isOnline?: boolean;
  isSelf?: boolean;
  isOwner?: boolean;
  role?: string | null;
  status?: string | null;
}

/** What the signed-in user or guest may do on this board (board.md §3 "Claims"). */
export interface BoardClaims {
  role: string | null;
  permissions: string[];
  policies: string[];
  client?: string | null;
}

export interface BoardConfig {
  bg?: string | null;
  bgColor?: string | null;
  upload?: number;
  privateMode?: { type: number; blurry?: boolean } | null;
  viewport?: { x: number; y: number; w: number; h: number } | null;
  downsize?: DownsizeSetting;
  [key: string]: unknown;
}

/** The board as joinBoard answers it (board.md §3 "Board"). */
export interface BoardInfo {
  code: string;
  boardId?: string;
  boardName: string;
  displayName?: string;
  isNew?: boolean;
  workspace?: { id: string; altId?: string } | null;
  disposeAt?: string | null;
  workspaceConfig?: Record<string, unknown> | null;
  boardConfig?: BoardConfig | null;
  userConfig?: Record<string, unknown> | null;
  locale?: string;
  claims?: Partial<BoardClaims> | null;
  members?: BoardMember[];
  extensions?: unknown[];
  client?: unknown;
  version?: string;
  lastSeq?: number;
  /** the visitor's own key on the board (members' `uid`); a guest's secret uid is never sent back */
  uid?: string;
  [key: string]: unknown;
}

/** The board load phases (board.md §4 "Board load") plus the screens that end a session. */
export type SyncPhase =
  'idle' | 'connecting' | 'joined' | 'loading' | 'replaying' | 'online' | 'reconnecting' | 'failed' | 'notFound' | 'removed' | 'denied';

export interface SyncState {
  phase: SyncPhase;
  /** load percent 0–100 while loading */
  percent: number;
  /** why the session failed (failed / denied) */
  error?: string;
}

export type NoticeKind = 'info' | 'success' | 'warning' | 'error';

/** A message for the toasts (the UI maps these onto ui/ toasts). */
export interface Notice {
  /** notices with the same key replace each other and can be dismissed */
  key: string;
  kind: NoticeKind;
  text: string;
  persistent?: boolean;
  duration?: number;
  actions?: Array<{ label: string; run: () => void }>;
}

/** Where remote changes go: the Editor satisfies this. */
export interface SyncTarget {
  load(snapshot: unknown, commands: Command[]): void;
  applyRemote(command: Command): void;
  /** our own command was stored with `seq` (and, for an undo/redo or clear, the server's `effect`) */
  confirm(id: string, seq: number, effect?: CommandEffect): void;
  /**
   * the key the server knows this visitor by (a guest's uid is a secret: the board and its
   * members only ever see its key); commands and shapes carry it as their author
   */
  identify?(uid: string): void;
}
