/**
 * The spec's exact user-facing texts (board.md §4, §5, §8; panel.md §8), with `{product}`
 * replaced by Tabula. One catalogue for server and clients: never retype these strings.
 * Texts with parameters are functions.
 */
import { PRODUCT_NAME } from './constants';

export const MESSAGES = {
  /* ---- connection (board.md §4, §8) ---- */
  failedToConnect: 'Failed to connect to server',
  connectionLost: 'Trying to reconnect...',
  connectionRestored: 'Connection restored.',
  connectionRestoreFailed: 'Failed to restore connection.',
  changesNotSaved: 'Changes not saved due to network error.',
  networkRetrying: 'Network issue detected, retrying...',
  newVersion: `A new ${PRODUCT_NAME} version is available`,
  loading: 'loading...',

  /* ---- board events ---- */
  boardNotFound: 'Requested board not found!',
  permissionRevoked: 'Your permission revoked',
  // the spec elides part of this wording ('Board has been deleted ... by its owner')
  boardRemoved: 'Board has been deleted by its owner',
  boardEmpty: 'board is empty',
  exportFailed: 'error while exporting the board',
  oldBrowser: 'Your browser is not supported. Please use the latest Chrome or Firefox.',
  unauthorizedAccess: 'Unauthorized access',
  accessDenied: 'Access Denied!',
  crossFollowing: 'Cross-following is not allowed!',
  unlockProtected: 'Owner/Facilitator can unlock protected shapes',
  privateModeHint: 'Private Mode: You can draw and edit your own objects',

  /* ---- uploads ---- */
  noFileSelected: 'No File Selected',
  /** a restore of anything but a .wtb backup (panel.md §2 Import) */
  notWtbBackup: 'Only .wtb backup files can be restored.',
  invalidUrl: 'Invalid URL',
  downloadFromUrlFailed: 'Error downloading file from the URL',

  /* ---- clipboard ---- */
  clipboardReadFailed: 'Failed to read clipboard content',
  clipboardUnsupported: 'Clipboard access is not supported in this browser',

  /* ---- chat ---- */
  chatLoadFailed: 'Failed to load messages',
  chatSendFailed: 'Failed to send message, reload the board',
  chatSending: 'sending...',

  /* ---- sharing and invites ---- */
  ownerCannotBeInvited: 'The owner cannot be invited',
  loginToInvite: 'login to invite',
  loginToChange: 'login to change',
  loginFirst: '(You must log in first)',
  you: '(you)',
  canEdit: 'Can edit',

  /* ---- success ---- */
  boardDuplicated: 'Board successfully duplicated',
  boardBackedUp: 'board backed up',
  boardRestored: 'Board successfully restored',
  templateSaved: 'template saved',
  dataSaved: 'data successfully saved.',

  /* ---- templates, tables, frames ---- */
  dataNotValid: 'Data is not valid',
  useTemplate: 'Use Template',
  tableEmptyOrBorderless: 'Table is empty or borderless',
  framesEmpty: 'Use frame tool in the toolbox to add frames',
  downloadAsTemplate: 'download as template',
  darkTheme: 'Dark theme',
  /** the main menu's switch for a thick, high-contrast selection (issue 32; not in the spec) */
  highContrastSelection: 'High-contrast selection',
  templateNotFound: 'Template not found.',
  templateDeleted: 'template deleted',

  /* ---- widgets and placeholders ---- */
  typeSomething: 'Type something',
  search: 'search...',
  areYouSure: 'Are you sure?',
  confirm: 'Confirm',
  close: 'Close',
  aWeek: 'a week',
  reload: 'Reload',
  retry: 'Retry',
  update: 'Update',
  open: 'Open',
  support: 'Support',
  home: 'Home',
  newBoard: 'New Board',

  /* ---- panel (panel.md §8) ---- */
  invalidCredentials: 'Invalid username or password.',
  contactSupport: 'If the problem persists, contact support.',
  somethingWentWrong: 'Something went wrong! Our team has been informed.',
  imageTooLarge: 'Image size must be less than 2MB.',
  imageTooSmall: 'Image is too small.',
  fontExists: 'Font already exists',
  fontNameNotExtracted: 'Failed to extract font name from CSS',
  fontFetchFailed: 'Error fetching font',
  // spelled as in the spec
  notificationsUnsupported: 'Your broswer does not support notifications.',
  notificationsRejected: 'Permission rejected by user.',
  walletMissing: 'Please install MetaMask to connect with the Ethereum network',
  linkPreviewUnavailable: "the url can't be shown",
  linkPreviewFailed: 'Failed to fetch link details. Ensure the URL is valid and accessible.',
  invalidGrant: 'Invalid Grant',
  /* ---- ours (spec silent; docs/security.md "Abuse limits") ---- */
  tooManyRequests: 'You are sending too fast. Please wait a moment and try again.',
  /* ---- ours (spec silent; docs/accounts.md): one answer to every signup, taken address or not ---- */
  signedUp: 'Thanks for signing up! We sent an e-mail to your address. Log in to continue.',
  passwordCommon: 'This password is too common. Choose one that is harder to guess.',
  passwordIsUsername: 'Your password must not be your username or e-mail address.',
  passwordWeak: 'This password is too easy to guess. Use a longer one, e.g. a few unrelated words.',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** '{name} has this key binding!' */
export const keyBindingConflict = (name: string) => `${name} has this key binding!`;
/** '"{file}" file type is not supported' */
export const fileTypeNotSupported = (file: string) => `"${file}" file type is not supported`;
/** '"{file}" size should be less that {n}MB' (spelled as in the spec) */
export const fileTooLarge = (file: string, megabytes: number) => `"${file}" size should be less that ${megabytes}MB`;
/** '"{file name}" is not an image' */
export const notAnImage = (file: string) => `"${file}" is not an image`;
/** 'Font not found: {name}' */
export const fontNotFound = (name: string) => `Font not found: ${name}`;
/** A board at its live-shape cap (docs/security.md "Abuse limits"). */
export const boardShapeLimit = (max: number) =>
  `This board has reached its limit of ${max.toLocaleString('en-US')} shapes. Remove some shapes to add new ones.`;
/** A command over the per-command size cap (docs/security.md "Abuse limits"). */
export const commandTooLarge = (maxBytes: number) =>
  `This change is too large to save (the limit is ${maxBytes >= 1024 * 1024 ? `${+(maxBytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(maxBytes / 1024)} KB`}). Try it in smaller parts.`;
