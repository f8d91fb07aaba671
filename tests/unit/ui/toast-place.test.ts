import { describe, expect, it } from 'vitest';
import { MIN_TOAST_WIDTH, placeToasts } from '../../../ui/toast-place';

// a 1280×800 screen; the stack's own place: top-right below the board's top bar, 360 wide, two toasts high
const stack = { left: 1264 - 360, right: 1264, top: 64, bottom: 64 + 130 };

describe('placeToasts: the toast stack keeps clear of open menus and dialogs', () => {
  it('stays in its own place when nothing is open there', () => {
    expect(placeToasts(stack, [], 800)).toEqual({ shift: 0, width: null });
    // a menu open on the left does not move it
    expect(placeToasts(stack, [{ left: 12, top: 56, right: 260, bottom: 400 }], 800)).toEqual({ shift: 0, width: null });
  });

  it('narrows into the gutter beside a centred dialog', () => {
    // the share dialog, 560 wide, centred
    const dialog = { left: 360, top: 120, right: 920, bottom: 700 };
    const placed = placeToasts(stack, [dialog], 800);
    expect(placed.shift).toBe(0);
    expect(placed.width).toBe(1264 - 920 - 8);
    expect(placed.width!).toBeGreaterThanOrEqual(MIN_TOAST_WIDTH);
  });

  it('moves down below a menu open under the top-right corner', () => {
    // the members menu: top-right, 300 wide, 280 high
    const menu = { left: 952, top: 56, right: 1268, bottom: 336 };
    expect(placeToasts(stack, [menu], 800)).toEqual({ shift: 336 + 8 - 64, width: null });
  });

  it('moves below a wide dialog whose gutter is too narrow, and past a second box on the way', () => {
    const wide = { left: 200, top: 40, right: 1100, bottom: 300 };
    const below = { left: 1000, top: 300, right: 1270, bottom: 420 };
    expect(placeToasts(stack, [wide, below], 800)).toEqual({ shift: 420 + 8 - 64, width: null });
  });

  it('keeps its own place when no place is free (rather than leaving the screen)', () => {
    const tall = { left: 100, top: 0, right: 1180, bottom: 790 };
    expect(placeToasts(stack, [tall], 800)).toEqual({ shift: 0, width: null });
  });
});
