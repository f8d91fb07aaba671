/** The log viewer's page jump (backoffice.md §9). */
export const LOG_PAGE_JUMP = 10;

/**
 * The index a key moves the selection to over `count` entries (Home, End, arrows, PageUp and
 * PageDown by 10), or null when the key is not a navigation key.
 */
export function nextIndex(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  const last = count - 1;
  const from = current < 0 ? 0 : current;
  switch (key) {
    case 'Home':
      return 0;
    case 'End':
      return last;
    case 'ArrowDown':
      return current < 0 ? 0 : Math.min(last, from + 1);
    case 'ArrowUp':
      return Math.max(0, from - 1);
    case 'PageDown':
      return Math.min(last, from + LOG_PAGE_JUMP);
    case 'PageUp':
      return Math.max(0, from - LOG_PAGE_JUMP);
    default:
      return null;
  }
}

/** The class that colours an entry: fatal/error red, warning orange. */
export function levelClass(level: string): string {
  const l = level.toLowerCase();
  return l === 'fatal' || l === 'error' ? 'a-log--error' : l === 'warning' || l === 'warn' ? 'a-log--warning' : '';
}
