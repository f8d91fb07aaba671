import { describe, expect, it } from 'vitest';
import { cleanComment, insertMention, mentionAt, mentionCandidates, truncateAuthor } from '../../sdk/collab/comments';
import { mentions } from '../../platform/comments/mentions';

/** Comment text rules (board.md §5: trimmed, ≤ 2000, mentions, author truncation; §9 mention limit 8). */
describe('comment author names', () => {
  it('are truncated past 11 characters with an ellipsis', () => {
    expect(truncateAuthor('Bob')).toBe('Bob');
    expect(truncateAuthor('Elevenchars')).toBe('Elevenchars');
    expect(truncateAuthor('Twelve chars')).toBe('Twelve char…');
    expect(truncateAuthor('Alexandra Montgomery')).toBe('Alexandra M…');
  });
});

describe('comment text', () => {
  it('is trimmed, non-empty and at most 2000 characters', () => {
    expect(cleanComment('  note  ')).toBe('note');
    expect(cleanComment('   ')).toBeNull();
    expect(cleanComment('x'.repeat(2000))).toHaveLength(2000);
    expect(cleanComment(` ${'x'.repeat(2000)} `)).toHaveLength(2000);
    expect(cleanComment('x'.repeat(2001))).toBeNull();
  });
});

describe('mentions', () => {
  it("start with '@' at the start or after whitespace", () => {
    expect(mentionAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionAt('hi @bo', 6)).toEqual({ start: 3, query: 'bo' });
    expect(mentionAt('hi\n@bo', 6)).toEqual({ start: 3, query: 'bo' });
    expect(mentionAt('mail@bo', 7)).toBeNull();
    expect(mentionAt('hi @bob and', 11)).toBeNull();
    expect(mentionAt('no at sign', 5)).toBeNull();
  });

  it('offer at most 8 matching members, prefix matches first', () => {
    const members = Array.from({ length: 12 }, (_, i) => ({ name: `Member ${String(i).padStart(2, '0')}`, username: null }));
    expect(mentionCandidates(members, '')).toHaveLength(8);
    expect(mentionCandidates(members, 'member 1').map((m) => m.name)).toEqual(['Member 10', 'Member 11']);
    const people = [{ name: 'Annabel' }, { name: 'Joanna' }, { name: 'Bob', username: 'anna.b@example.com' }];
    expect(mentionCandidates(people, 'anna').map((m) => m.name)).toEqual(['Annabel', 'Bob', 'Joanna']);
    expect(mentionCandidates(people, 'zed')).toEqual([]);
  });

  it("put '@Name ' in place of what was typed, which the server recognises", () => {
    const text = 'please @bo look';
    const q = mentionAt(text, 10)!;
    const out = insertMention(text, q, 10, 'Bob Smith');
    expect(out).toEqual({ text: 'please @Bob Smith look', caret: 18 });
    expect(mentions(out.text, ['Bob Smith'])).toBe(true);
    expect(mentions(insertMention('@', mentionAt('@', 1)!, 1, 'Ann').text, ['Ann'])).toBe(true);
  });
});
