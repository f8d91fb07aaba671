import { describe, expect, it } from 'vitest';
import { mentions } from '../../../platform/comments/mentions';

/** board.md §5: a mention is '@' at the start or after whitespace, followed by a person's name. */
describe('comment mentions', () => {
  it('finds a name after @ at the start or after whitespace, case-insensitive', () => {
    expect(mentions('@Bob look', ['Bob'])).toBe(true);
    expect(mentions('hey @bob reader, look', ['Bob Reader'])).toBe(true);
    expect(mentions('line\n@Ann.', ['Ann'])).toBe(true);
    expect(mentions('ask @ann@example.com', ['ann@example.com'])).toBe(true);
  });

  it('needs the @ at a word start and the whole name', () => {
    expect(mentions('mail@Bob', ['Bob'])).toBe(false);
    expect(mentions('@Bobby', ['Bob'])).toBe(false);
    expect(mentions('Bob', ['Bob'])).toBe(false);
    expect(mentions('@ ', [' '])).toBe(false);
  });

  it('treats names as text, not patterns', () => {
    expect(mentions('@a.c', ['a.c'])).toBe(true);
    expect(mentions('@abc', ['a.c'])).toBe(false);
    expect(mentions('@(x)+', ['(x)+'])).toBe(true);
  });
});
