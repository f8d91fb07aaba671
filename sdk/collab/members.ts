import { ONLINE_MEMBERS_MAX } from '../../shared/constants';
import type { BoardMember } from '../sync/types';

/** The online members list (board.md §2, §9): online only, latest timestamp first, then name; at most 5 shown. */

const time = (t: BoardMember['timestamp']) => (typeof t === 'number' ? t : t ? Date.parse(t) || 0 : 0);

/** Online members, latest timestamp first, then by name. */
export function sortOnline(members: readonly BoardMember[]): BoardMember[] {
  return members
    .filter((m) => m.isOnline !== false)
    .sort((a, b) => time(b.timestamp) - time(a.timestamp) || (a.name ?? '').localeCompare(b.name ?? ''));
}

/** Members whose name (or user name) contains `query`, case-insensitively; an empty query keeps all. */
export function filterMembers(members: readonly BoardMember[], query: string): BoardMember[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...members];
  return members.filter((m) => (m.name || 'Guest').toLowerCase().includes(q) || (m.username ?? '').toLowerCase().includes(q));
}

/** What the menu lists: the matching online members, at most 5, and how many more match. */
export function onlineList(
  members: readonly BoardMember[],
  query: string,
  max = ONLINE_MEMBERS_MAX,
): { shown: BoardMember[]; more: number } {
  const matching = filterMembers(sortOnline(members), query);
  return { shown: matching.slice(0, max), more: Math.max(0, matching.length - max) };
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts.length > 1 ? (parts[parts.length - 1]![0] ?? '') : '')).toUpperCase();
}
