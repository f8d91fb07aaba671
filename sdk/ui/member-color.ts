import { createContext, createElement, useContext, useMemo, useRef, type ReactNode } from 'react';

/**
 * Members' colours (avatars, cursors, the share dialog). White text on each meets AA (≥ 4.5:1,
 * checked in tests/unit/member-color.test.ts); neighbours differ in hue so two people are told apart.
 */
export const MEMBER_COLORS: readonly string[] = [
  '#1565c0',
  '#c62828',
  '#2e7d32',
  '#6a1b9a',
  '#bf360c',
  '#00695c',
  '#ad1457',
  '#283593',
  '#4e342e',
  '#00838f',
  '#827717',
  '#37474f',
];

/** The colour a key prefers (a hash of it): the same on every screen. */
export function preferredColorIndex(uid: string): number {
  let h = 0;
  for (const ch of uid) h = (h * 31 + ch.charCodeAt(0)) | 0;
  return Math.abs(h) % MEMBER_COLORS.length;
}

/**
 * A member's preferred colour: the fallback outside a board's provider and for someone not among
 * its members. Screens colour people with `useMemberColors()` (distinct colours per board).
 */
export function memberColor(uid: string): string {
  return MEMBER_COLORS[preferredColorIndex(uid)]!;
}

/**
 * Colours for a board's members, distinct while the palette lasts: each member keeps the colour
 * it had (`previous`), a newcomer takes its preferred colour or, when that is taken, the next
 * free one. The order is the board's member order (by when they joined), so every browser of
 * the board makes the same choice and a newcomer never moves anyone else's colour. Past the
 * palette's size, colours repeat (the preferred one).
 */
export function assignMemberColors(uids: readonly string[], previous: ReadonlyMap<string, string> = new Map()): Map<string, string> {
  const out = new Map<string, string>();
  const taken = new Set<string>();
  for (const uid of uids) {
    const kept = previous.get(uid);
    if (kept && !out.has(uid) && !taken.has(kept)) {
      out.set(uid, kept);
      taken.add(kept);
    }
  }
  for (const uid of uids) {
    if (out.has(uid)) continue;
    const start = preferredColorIndex(uid);
    let color = MEMBER_COLORS[start]!;
    for (let i = 0; i < MEMBER_COLORS.length; i++) {
      const candidate = MEMBER_COLORS[(start + i) % MEMBER_COLORS.length]!;
      if (!taken.has(candidate)) {
        color = candidate;
        break;
      }
    }
    out.set(uid, color);
    taken.add(color);
  }
  return out;
}

type ColorOf = (uid: string) => string;
const MemberColorsContext = createContext<ColorOf>(memberColor);

/** Gives the board screen its members' colours (assignMemberColors, remembered while mounted). */
export function MemberColorsProvider({ members, children }: { members: ReadonlyArray<{ uid: string }>; children?: ReactNode }) {
  const last = useRef<Map<string, string>>(new Map());
  const key = members.map((m) => m.uid).join('\n');
  const colorOf = useMemo<ColorOf>(() => {
    const assigned = assignMemberColors(key ? key.split('\n') : [], last.current);
    // members who left keep their colour for when they come back
    for (const [uid, color] of last.current) if (!assigned.has(uid)) assigned.set(uid, color);
    last.current = assigned;
    return (uid) => assigned.get(uid) ?? memberColor(uid);
  }, [key]);
  return createElement(MemberColorsContext.Provider, { value: colorOf }, children);
}

/** The colour of a member of this board (outside a provider: the preferred colour). */
export function useMemberColors(): ColorOf {
  return useContext(MemberColorsContext);
}
