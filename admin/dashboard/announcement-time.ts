/**
 * The announcements form's times: the start field is a datetime-local value (the operator's own
 * clock); the form sends start and end = start + duration as ISO. Nothing is checked here
 * (backoffice.md §5 "no client-side validation"): what cannot be read is sent as it was typed,
 * or left out, and the server's 400 names the field.
 */

/** A Date as a datetime-local value (local time, to the minute). */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The '5-2' shortcut: start five minutes from now, duration 2 minutes. */
export function fiveTwo(now = new Date()): { start: string; duration: string } {
  return { start: toLocalInput(new Date(now.getTime() + 5 * 60_000)), duration: '2' };
}

/** The start and end the form sends for what was typed. */
export function announcementTimes(start: string, duration: string): { start?: string; end?: string } {
  const at = start.trim() ? new Date(start) : null;
  if (!at) return {};
  if (Number.isNaN(at.getTime())) return { start };
  const minutes = duration.trim() === '' ? Number.NaN : Number(duration);
  return { start: at.toISOString(), ...(Number.isFinite(minutes) ? { end: new Date(at.getTime() + minutes * 60_000).toISOString() } : {}) };
}
