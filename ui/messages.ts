import { MESSAGES as SPEC } from '../shared/messages';

/**
 * The spec's texts the shared widgets and the HTTP/form layer show (panel.md §8), taken from
 * the one catalogue in shared/messages.ts under the names this layer uses.
 */
export const MESSAGES = {
  noResponse: SPEC.somethingWentWrong,
  unauthorized: SPEC.unauthorizedAccess,
  saved: SPEC.dataSaved,
  confirmTitle: SPEC.areYouSure,
  confirm: SPEC.confirm,
  close: SPEC.close,
  reload: SPEC.reload,
  retry: SPEC.retry,
} as const;
