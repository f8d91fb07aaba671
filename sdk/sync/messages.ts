import { MESSAGES } from '../../shared/messages';

/**
 * The board screen's texts: the spec's wording comes from the shared catalogue
 * (shared/messages.ts); only the board screen's own headings live here.
 */
export const BOARD_MESSAGES = {
  connectFailed: MESSAGES.failedToConnect,
  reconnecting: MESSAGES.connectionLost,
  restored: MESSAGES.connectionRestored,
  restoreFailed: MESSAGES.connectionRestoreFailed,
  boardNotFound: MESSAGES.boardNotFound,
  permissionRevoked: MESSAGES.permissionRevoked,
  boardRemoved: MESSAGES.boardRemoved,
  retrying: MESSAGES.networkRetrying,
  notSaved: MESSAGES.changesNotSaved,
  newVersion: MESSAGES.newVersion,
  unauthorized: MESSAGES.unauthorizedAccess,
  reload: MESSAGES.reload,
  retry: MESSAGES.retry,
  update: MESSAGES.update,
  support: MESSAGES.support,
  home: MESSAGES.home,
  newBoard: MESSAGES.newBoard,
  /** heading of the failed-to-load screen */
  failedToLoad: 'Failed to load the board',
  /** board.md §2: clientid without uid is an invalid-uid failure */
  invalidUid: 'Invalid user id: a clientid needs a uid.',
} as const;

/** Random lines for the loading overlay (board.md §2 "loading overlay with percent and a random message"). */
export const LOADING_MESSAGES = [
  'Sharpening the pencils...',
  'Wiping the board clean...',
  'Lining up the sticky notes...',
  'Mixing the colours...',
  'Gathering your collaborators...',
  'Unrolling the canvas...',
  'Finding the perfect marker...',
] as const;

export const randomLoadingMessage = (): string => LOADING_MESSAGES[Math.floor(Math.random() * LOADING_MESSAGES.length)]!;
