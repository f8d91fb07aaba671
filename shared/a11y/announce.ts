import { kindName } from './kinds';

/**
 * What the board says in its polite live region about changes (issue 32): others' changes are
 * gathered for a moment and read grouped ('Ana added 3 sticky notes and a rectangle'), so a burst
 * (a paste, a template, a catch-up after a reconnect) is one sentence per person and action, never
 * a flood; the sentences of one flush are capped and the rest summed up.
 */
export type ChangeAction = 'added' | 'changed' | 'removed' | 'moved';

export interface ChangeEvent {
  /** who made it: a member's name; null for this person ('You') */
  who: string | null;
  action: ChangeAction;
  /** the shape's kind (its `cmd`) */
  kind: string;
}

/** At most this many sentences a flush; the rest become one 'and N more changes'. */
export const ANNOUNCE_SENTENCES_MAX = 3;

export function summariseChanges(events: readonly ChangeEvent[]): string[] {
  const groups = new Map<string, { who: string | null; action: ChangeAction; kinds: Map<string, number> }>();
  for (const e of events) {
    const key = `${e.who ?? ''}\u0000${e.action}`;
    const g = groups.get(key) ?? { who: e.who, action: e.action, kinds: new Map<string, number>() };
    g.kinds.set(e.kind, (g.kinds.get(e.kind) ?? 0) + 1);
    groups.set(key, g);
  }
  const sentences = [...groups.values()].map((g) => `${g.who ?? 'You'} ${g.action} ${listOf(g.kinds)}`);
  if (sentences.length <= ANNOUNCE_SENTENCES_MAX) return sentences;
  const rest = sentences.length - (ANNOUNCE_SENTENCES_MAX - 1);
  return [...sentences.slice(0, ANNOUNCE_SENTENCES_MAX - 1), `and ${rest} more changes`];
}

/** '3 sticky notes and a rectangle'; four kinds or more: '9 shapes'. */
function listOf(kinds: Map<string, number>): string {
  if (kinds.size > 3) return `${[...kinds.values()].reduce((a, b) => a + b, 0)} shapes`;
  const items = [...kinds].map(([kind, n]) => (n === 1 ? `${article(kindName(kind))} ${kindName(kind)}` : `${n} ${kindName(kind, n)}`));
  return items.length === 1 ? items[0] : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');
