import { CUSTOM_COLOR_FIRST_ID, PALETTE, isColor } from './constants';

/** A user's own colour (board.md §3): ids from 100 up, after the 32 fixed palette colours. */
export interface CustomColour {
  id: number;
  color: string;
}

/** At most this many custom colours are kept (PUT /api/users/configs accepts 100). */
export const CUSTOM_COLOURS_MAX = 100;

const normal = (hex: string) => hex.toLowerCase();

/** The id the next custom colour gets: one above the highest, 100 for the first. */
export function nextCustomColourId(list: readonly CustomColour[]): number {
  return list.reduce((max, c) => Math.max(max, c.id + 1), CUSTOM_COLOR_FIRST_ID);
}

/** True when `hex` is already offered: one of the 32 fixed colours or a custom one. */
export function hasColour(list: readonly CustomColour[], hex: string): boolean {
  const h = normal(hex);
  return PALETTE.includes(h) || list.some((c) => c.color === h);
}

/**
 * Adds a colour (#RRGGBB, stored lower-case) with the next id. The same list comes back when the
 * colour is not a #RRGGBB value, is already offered, or the list is full.
 */
export function addCustomColour(list: readonly CustomColour[], hex: string): readonly CustomColour[] {
  if (!isColor(hex) || hasColour(list, hex) || list.length >= CUSTOM_COLOURS_MAX) return list;
  return [...list, { id: nextCustomColourId(list), color: normal(hex) }];
}

/**
 * Merges saved colours (userConfig.colors, in their saved order) into the colours this page
 * already offers: colours already there keep their ids, new valid ones are appended with the next
 * ids, duplicates and invalid values are dropped.
 */
export function mergeCustomColours(list: readonly CustomColour[], saved: readonly unknown[] | undefined): readonly CustomColour[] {
  let next = list;
  for (const value of saved ?? []) if (typeof value === 'string') next = addCustomColour(next, value);
  return next;
}

/** The values to save in userConfig.colors. */
export const customColourValues = (list: readonly CustomColour[]): string[] => list.map((c) => c.color);
