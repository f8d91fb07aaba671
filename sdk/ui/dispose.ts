import { DISPOSE_NEVER, DISPOSE_WEEK_DAYS } from '../../shared/constants';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The dispose timer's choices in days (board.md §4: selectable, including Never = 0). */
export const DISPOSE_CHOICES: ReadonlyArray<{ days: number; label: string }> = [
  { days: DISPOSE_NEVER, label: 'Never' },
  { days: 1, label: '1 day' },
  { days: 3, label: '3 days' },
  { days: DISPOSE_WEEK_DAYS, label: 'a week' },
  { days: 14, label: '2 weeks' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
];

/**
 * How long until the board is deleted (board.md §4, §9): 'a week' for seven days, whole days
 * above a day, hours under a day; null when the board is kept (no dispose time).
 */
export function remainingText(disposeAt: string | null | undefined, now: number = Date.now()): string | null {
  if (!disposeAt) return null;
  const left = new Date(disposeAt).getTime() - now;
  if (!Number.isFinite(left)) return null;
  if (left <= 0) return 'less than an hour';
  const hours = Math.max(1, Math.round(left / HOUR_MS));
  if (hours < 24) return hours === 1 ? 'an hour' : `${hours} hours`;
  const days = Math.round(left / DAY_MS);
  if (days === DISPOSE_WEEK_DAYS) return 'a week';
  return days === 1 ? 'a day' : `${days} days`;
}

/** The sentence the settings dialog and the delete confirmation show. */
export function disposeSentence(disposeAt: string | null | undefined, now: number = Date.now()): string {
  const left = remainingText(disposeAt, now);
  return left ? `This board will be deleted automatically in ${left}.` : 'This board is kept until you delete it.';
}
