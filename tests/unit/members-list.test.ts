import { describe, expect, it } from 'vitest';
import { filterMembers, initials, onlineList, sortOnline } from '../../sdk/collab/members';
import type { BoardMember } from '../../sdk/sync/types';

const m = (name: string, timestamp: number, extra: Partial<BoardMember> = {}): BoardMember => ({
  uid: `u-${name}`,
  name,
  timestamp,
  isOnline: true,
  ...extra,
});

describe('online members list (board.md §9)', () => {
  it('keeps online members only, latest timestamp first, then by name', () => {
    const list = sortOnline([m('Cleo', 10), m('Ann', 20), m('Bob', 20), m('Dan', 30, { isOnline: false }), m('Eve', 5)]);
    expect(list.map((x) => x.name)).toEqual(['Ann', 'Bob', 'Cleo', 'Eve']);
  });

  it('reads ISO timestamps as well as numbers', () => {
    const list = sortOnline([m('Old', 0, { timestamp: '2026-01-01T00:00:00Z' }), m('New', 0, { timestamp: '2026-06-01T00:00:00Z' })]);
    expect(list.map((x) => x.name)).toEqual(['New', 'Old']);
  });

  it('filters by name or user name, case-insensitively; unnamed members are Guest', () => {
    const all = [m('Ann Lee', 1), m('Bob', 2, { username: 'bob@example.com' }), m('', 3)];
    expect(filterMembers(all, 'LEE').map((x) => x.name)).toEqual(['Ann Lee']);
    expect(filterMembers(all, 'example').map((x) => x.name)).toEqual(['Bob']);
    expect(filterMembers(all, 'guest')).toHaveLength(1);
    expect(filterMembers(all, '  ')).toHaveLength(3);
  });

  it('shows at most 5 and says how many more match', () => {
    const many = Array.from({ length: 8 }, (_, i) => m(`Member ${i}`, i));
    const { shown, more } = onlineList(many, '');
    expect(shown).toHaveLength(5);
    expect(shown[0]!.name).toBe('Member 7');
    expect(more).toBe(3);
    expect(onlineList(many, 'member 1')).toEqual({ shown: [many[1]], more: 0 });
  });

  it('makes initials from the first and last words', () => {
    expect(initials('ann marie lee')).toBe('AL');
    expect(initials('Bob')).toBe('B');
    expect(initials('  ')).toBe('?');
  });
});
