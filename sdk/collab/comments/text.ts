import { COMMENT_AUTHOR_MAX, COMMENT_MAX_LENGTH, MENTION_LIMIT } from '../../../shared/constants';

/** Comment text rules (board.md §5, §9): pure, shared by the comment box and its tests. */

/** Author names are truncated past 11 characters with an ellipsis. */
export function truncateAuthor(name: string, max = COMMENT_AUTHOR_MAX): string {
  const chars = [...name];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : name;
}

/** Trimmed; null when empty or longer than 2000 characters (not sent). */
export function cleanComment(text: string): string | null {
  const t = text.trim();
  return t.length > 0 && t.length <= COMMENT_MAX_LENGTH ? t : null;
}

/** The mention being typed at the caret: '@' at the start or after whitespace, then no whitespace up to the caret. */
export interface MentionQuery {
  /** where the '@' is */
  start: number;
  /** the text typed after '@' (may be empty) */
  query: string;
}

export function mentionAt(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0) return null;
  if (at > 0 && !/\s/.test(before[at - 1]!)) return null;
  const query = before.slice(at + 1);
  if (/\s/.test(query)) return null;
  return { start: at, query };
}

/** Members matching the query (name or username, case-insensitive; prefix matches first), at most 8. */
export function mentionCandidates<M extends { name: string; username?: string | null }>(
  members: readonly M[],
  query: string,
  limit = MENTION_LIMIT,
): M[] {
  const q = query.toLowerCase();
  const score = (m: M) => {
    const name = m.name.toLowerCase();
    const user = (m.username ?? '').toLowerCase();
    if (name.startsWith(q) || user.startsWith(q)) return 0;
    if (name.includes(q) || user.includes(q)) return 1;
    return -1;
  };
  return members
    .map((m) => ({ m, s: score(m) }))
    .filter((x) => x.s >= 0)
    .sort((a, b) => a.s - b.s || a.m.name.localeCompare(b.m.name))
    .slice(0, limit)
    .map((x) => x.m);
}

/**
 * Puts the chosen member's name in place of the mention being typed: '@Name ' (the server finds
 * mentions in the plain text by the member's name: platform/comments/mentions.ts). Answers the new
 * text and caret.
 */
export function insertMention(text: string, mention: MentionQuery, caret: number, name: string): { text: string; caret: number } {
  const inserted = `@${name} `;
  const next = text.slice(0, mention.start) + inserted + text.slice(caret).replace(/^\s+/, '');
  return { text: next, caret: mention.start + inserted.length };
}
