import { describe, expect, it } from 'vitest';
import { MEMBER_COLORS, assignMemberColors, memberColor, preferredColorIndex } from '../../sdk/ui/member-color';

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};

/** keys whose preferred colour is the same */
function colliding(n: number): string[] {
  const out: string[] = [];
  const target = preferredColorIndex('member-0');
  for (let i = 0; out.length < n; i++) if (preferredColorIndex(`member-${i}`) === target) out.push(`member-${i}`);
  return out;
}

describe('member colours: distinct per board while the palette lasts, stable per member', () => {
  it('every colour carries white text at AA contrast and the palette has no repeats', () => {
    expect(new Set(MEMBER_COLORS).size).toBe(MEMBER_COLORS.length);
    for (const c of MEMBER_COLORS) expect(1.05 / (luminance(c) + 0.05)).toBeGreaterThanOrEqual(4.5);
  });

  it('members whose keys prefer the same colour get different ones', () => {
    const [a, b, c] = colliding(3);
    expect(memberColor(a!)).toBe(memberColor(b!));
    const colours = assignMemberColors([a!, b!, c!]);
    expect(colours.get(a!)).toBe(memberColor(a!));
    expect(new Set(colours.values()).size).toBe(3);
  });

  it('a newcomer never moves anyone else, and every browser assigns the same from the same member order', () => {
    const members = colliding(4);
    const before = assignMemberColors(members.slice(0, 3));
    const after = assignMemberColors(members, before);
    for (const m of members.slice(0, 3)) expect(after.get(m)).toBe(before.get(m));
    expect(assignMemberColors(members)).toEqual(after);
  });

  it('a member keeps its colour when the list is reordered; past the palette colours repeat', () => {
    const members = Array.from({ length: MEMBER_COLORS.length }, (_, i) => `m${i}`);
    const first = assignMemberColors(members);
    expect(new Set(first.values()).size).toBe(MEMBER_COLORS.length);
    const reordered = assignMemberColors([...members].reverse(), first);
    expect(reordered).toEqual(first);
    const more = assignMemberColors([...members, 'one-more'], first);
    expect(more.get('one-more')).toBe(memberColor('one-more'));
  });
});
