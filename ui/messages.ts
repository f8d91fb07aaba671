/**
 * The spec's texts used by the shared widgets and the HTTP/form layer (panel.md §8).
 * Screens import these instead of retyping them, so a wording lives in one place.
 */
export const MESSAGES = {
  noResponse: 'Something went wrong! Our team has been informed.',
  unauthorized: 'Unauthorized access',
  saved: 'data successfully saved.',
  confirmTitle: 'Are you sure?',
  confirm: 'Confirm',
  close: 'Close',
} as const;
