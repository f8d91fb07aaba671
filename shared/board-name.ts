/**
 * The name a new board gets when its creator gives none (issue 34 item 9, docs/board-screen.md
 * "Board names"): 'Untitled board · Nov 28' — Miro's 'Untitled' plus the day it was made in the
 * creator's time zone, so a list of fresh boards is not a column of identical names. Never the
 * reserved placeholder 'new board' (RESERVED_BOARD_NAME), which older boards may still carry.
 * Migration 026 writes the same text as the database default (in UTC).
 */
export const UNTITLED_BOARD_NAME = 'Untitled board';

/** Whether `timeZone` is an IANA zone this runtime knows ('Asia/Tehran', 'UTC'). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** 'Untitled board · Nov 28' for `at` in `timeZone` (UTC when absent or unknown). */
export function defaultBoardName(at: Date, timeZone?: string | null): string {
  const zone = timeZone && isTimeZone(timeZone) ? timeZone : 'UTC';
  const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: zone }).format(at);
  return `${UNTITLED_BOARD_NAME} · ${day}`;
}
