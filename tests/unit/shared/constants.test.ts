import { describe, expect, it } from 'vitest';
import * as C from '../../../shared/constants';

describe('constants (board.md §5, §9)', () => {
  it('drawing limits', () => {
    expect(C.LINE_WIDTH).toEqual({ min: 1, max: 9, default: 2 });
    expect(C.OPACITY.min).toBe(1);
    expect(C.OPACITY.max).toBe(10);
    expect(C.ZOOM.min).toBe(5);
    expect(C.ZOOM.max).toBe(600);
    expect(C.isColor('#A0b1C2')).toBe(true);
    expect(C.isColor('#abc')).toBe(false);
    expect(C.isColor('red')).toBe(false);
  });

  it('palette and sticky colours', () => {
    expect(C.PALETTE).toHaveLength(32);
    expect(new Set(C.PALETTE).size).toBe(32);
    C.PALETTE.forEach((c) => expect(C.isColor(c)).toBe(true));
    expect(C.CUSTOM_COLOR_FIRST_ID).toBe(100);
    expect(C.STICKY_COLORS).toHaveLength(12);
    expect(C.STICKY_COLORS[0]).toEqual({ name: 'yellow', color: '#feff9c' });
    expect(C.PASTED_STICKY_COLOR).toBe('#feff9c');
    expect(C.STICKY_SIZES.LW).toEqual({ w: 540, h: 270 });
  });

  it('text, comments and misc', () => {
    expect(C.FONT_SIZES).toEqual([12, 16, 20, 26, 30, 40, 50, 70, 100]);
    expect(C.FONTS[0]).toBe('Open Sans');
    expect(C.FONTS).toHaveLength(11);
    expect(C.COMMENT_COLORS[C.COMMENT_DEFAULT_COLOR]).toBe('#101010');
    expect(C.CLIENT_VERSION).toBe('1.72.6');
    expect(C.BACKGROUNDS.map((b) => b.label)).toEqual(['None', 'Dot', 'Graph paper', 'Large grid', 'Medium grid', 'Small grid', 'Line']);
    expect(C.isValidBackground('Dot')).toBe(true);
    expect(C.isValidBackground('graph-paper')).toBe(true);
    expect(C.isValidBackground('https://example.com/bg.png')).toBe(true);
    expect(C.isValidBackground('ftp://x')).toBe(false);
    expect(C.ARROW_KEY_STEPS).toEqual({ normal: 1, shift: 10, ctrl: 20 });
  });
});
