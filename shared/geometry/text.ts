/**
 * text shapes and pure text measurement. There is no font engine in pure code, so width
 * is approximated: a character is CHAR_WIDTH_FACTOR (0.6) × the font size wide, a line
 * LINE_HEIGHT (1.3) × the font size high. x, y is the top-left of the text box.
 */
import type { TextShape } from '../model';
import { CHAR_WIDTH_FACTOR, LINE_HEIGHT } from '../constants';
import { containsPoint, rotatedBounds, unrotate, type Rect } from './rect';
import { attrs, commonAttrs, escapeXml } from './svg';
import type { ShapeGeometry } from './types';

/** Approximate width of one line of text. */
export function textWidth(line: string, size: number): number {
  return [...line].length * size * CHAR_WIDTH_FACTOR;
}

/** Approximate size of a (multi-line) text. */
export function measureText(value: string, size: number, lineHeight = LINE_HEIGHT): { w: number; h: number; lines: string[] } {
  const lines = value.split('\n');
  let w = 0;
  for (const l of lines) w = Math.max(w, textWidth(l, size));
  return { w, h: lines.length * size * lineHeight, lines };
}

/** SVG <text> with one <tspan> per line; `x` is the left edge, centre or right edge by align. */
export function textLinesSvg(
  lines: string[],
  o: { x: number; y: number; size: number; font: string; color: string; anchor: 'start' | 'middle' | 'end'; lineHeight?: number },
  extra: Record<string, string | undefined> = {},
): string {
  const lh = (o.lineHeight ?? LINE_HEIGHT) * o.size;
  // the first baseline sits about one font size below the top of the line box
  const first = o.y + (lh - o.size) / 2 + o.size * 0.85;
  const spans = lines.map((l, i) => `<tspan ${attrs({ x: o.x, y: first + i * lh })}>${escapeXml(l) || ' '}</tspan>`).join('');
  return `<text ${attrs({
    'font-family': o.font,
    'font-size': o.size,
    fill: o.color,
    'text-anchor': o.anchor,
    'xml:space': 'preserve',
    ...extra,
  })}>${spans}</text>`;
}

/** A blurred text (private mode's blurry variant) has no words: a one-line bar this many font sizes wide. */
export const BLURRED_TEXT_EMS = 6;

const boxOf = (s: TextShape): Rect => {
  if (s.blurred) return { x: s.x, y: s.y, w: BLURRED_TEXT_EMS * s.size, h: s.size * LINE_HEIGHT };
  const m = measureText(s.value, s.size);
  return { x: s.x, y: s.y, w: m.w, h: m.h };
};

export const text: ShapeGeometry<TextShape> = {
  box: boxOf,
  bounds: (s) => rotatedBounds(boxOf(s), s.rotation),
  hitTest: (s, p, tolerance) => containsPoint(boxOf(s), unrotate(p, boxOf(s), s.rotation), tolerance),
  translate: (s, dx, dy) => ({ ...s, x: s.x + dx, y: s.y + dy }),
  /** Text scales its font size with the box height and moves to the box's top-left. */
  resize(s, box) {
    const old = boxOf(s);
    const size = old.h > 0 ? Math.max(1, Math.round(s.size * (Math.abs(box.h) / old.h) * 100) / 100) : s.size;
    return { ...s, x: box.x, y: box.y, size };
  },
  toSvg(s) {
    const box = boxOf(s);
    const anchor = s.align === 'center' ? 'middle' : s.align === 'right' ? 'end' : 'start';
    const x = s.align === 'center' ? box.x + box.w / 2 : s.align === 'right' ? box.x + box.w : box.x;
    return textLinesSvg(s.value.split('\n'), { x, y: box.y, size: s.size, font: s.font, color: s.color, anchor }, commonAttrs(s, box));
  },
  blurrable: true,
  textField: 'value',
  modifiers: {
    textModifier: (s, c) => ({ ...s, value: c.value }),
    fontModifier: (s, c) => ({ ...s, font: c.font }),
    fontSizeModifier: (s, c) => ({ ...s, size: c.size }),
  },
};
