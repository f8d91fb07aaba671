import { PRODUCT_NAME } from '../../shared/constants';

/**
 * The board screen's texts from the spec (board.md §8 error catalogue, §4 connection and
 * server events). Sync and UI import these so each wording lives once.
 */
export const BOARD_MESSAGES = {
  connectFailed: 'Failed to connect to server',
  reconnecting: 'Trying to reconnect...',
  restored: 'Connection restored.',
  restoreFailed: 'Failed to restore connection.',
  boardNotFound: 'Requested board not found!',
  permissionRevoked: 'Your permission revoked',
  boardRemoved: 'Board has been deleted by its owner',
  retrying: 'Network issue detected, retrying...',
  notSaved: 'Changes not saved due to network error.',
  newVersion: `A new ${PRODUCT_NAME} version is available`,
  unauthorized: 'Unauthorized access',
  invalidUid: 'Invalid user id: clientid requires uid',
  failedToLoad: 'Failed to load the board',
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
