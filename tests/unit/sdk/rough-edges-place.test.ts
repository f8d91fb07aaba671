import { describe, expect, it } from 'vitest';
import { mentionListPlace } from '../../../sdk/ui/comments/mention-place';
import { placeFloatingMenu, type MenuPlaceInput } from '../../../sdk/ui/floating-menu-place';

/**
 * The placement rules of issue 34's rough edges: the floating menu takes the side (above, below)
 * whose band covers no other shape, or the least (sdk/ui/floating-menu-place.ts); the @-mention
 * list opens outside the comment box (sdk/ui/comments/mention-place.ts).
 */
const menu = (over: Partial<MenuPlaceInput> = {}): MenuPlaceInput => ({
  top: 400,
  bottom: 420,
  centre: 640,
  above: 30,
  below: 15,
  w: 300,
  h: 44,
  boardW: 1280,
  boardH: 800,
  gap: 5,
  topMargin: 60,
  toolbox: null,
  others: [],
  ...over,
});

describe('placeFloatingMenu', () => {
  it('goes above the selection when both sides are clear', () => {
    expect(placeFloatingMenu(menu())).toEqual({ x: 490, y: 326, side: 'above' });
  });
  it('goes below when a shape sits in the band above', () => {
    const note = { left: 560, top: 200, right: 730, bottom: 370 };
    expect(placeFloatingMenu(menu({ others: [note] }))).toEqual({ x: 490, y: 435, side: 'below' });
  });
  it('takes the side that covers less when both bands hold shapes', () => {
    const bigAbove = { left: 400, top: 300, right: 900, bottom: 380 };
    const smallBelow = { left: 600, top: 440, right: 620, bottom: 460 };
    expect(placeFloatingMenu(menu({ others: [bigAbove, smallBelow] })).side).toBe('below');
  });
  it('keeps 60 px from the top and stays inside the bottom of the board', () => {
    const note = { left: 560, top: 430, right: 730, bottom: 600 };
    // too near the top for above: below even though a shape is there
    expect(placeFloatingMenu(menu({ top: 80, bottom: 100, others: [note] })).side).toBe('below');
    // too near the bottom for below: above even though a shape is there
    expect(placeFloatingMenu(menu({ top: 740, bottom: 770, others: [{ left: 0, top: 600, right: 1280, bottom: 700 }] })).side).toBe(
      'above',
    );
  });
  it('stays right of the toolbox where the row meets it', () => {
    const toolbox = { left: 12, top: 120, right: 66, bottom: 730 };
    expect(placeFloatingMenu(menu({ centre: 60, toolbox })).x).toBe(71);
  });
});

describe('mentionListPlace', () => {
  const field = { top: 500, bottom: 600 };
  it('opens above the comment box when it fits under the top bars', () => {
    expect(mentionListPlace({ field, box: { top: 400, bottom: 620 }, host: { top: 0, bottom: 800 }, height: 100 })).toEqual({
      top: -204,
      bottom: 'auto',
      maxHeight: 100,
    });
  });
  it('opens below the box when the top bars leave no room above it', () => {
    expect(
      mentionListPlace({ field: { top: 110, bottom: 220 }, box: { top: 60, bottom: 230 }, host: { top: 0, bottom: 800 }, height: 100 }),
    ).toEqual({
      top: 124,
      bottom: 'auto',
      maxHeight: 100,
    });
  });
  it('scrolls on the roomier side, or falls back to the CSS default when neither has 80 px', () => {
    expect(mentionListPlace({ field, box: { top: 200, bottom: 700 }, host: { top: 0, bottom: 800 }, height: 296 })?.maxHeight).toBe(136);
    expect(mentionListPlace({ field, box: { top: 100, bottom: 760 }, host: { top: 0, bottom: 800 }, height: 296 })).toBeNull();
  });
});
