/**
 * sticky notes: a coloured square with text fitted inside (board.md §4: font starts at 35
 * and shrinks to a minimum of 5; line height 130 %; margin 4), aligned by `align` (§3; default
 * centred, STICKY_DEFAULT_ALIGN) and centred vertically.
 */
import type { StickyNoteShape } from '../model';
import { STICKY_FONT, STICKY_LINE_HEIGHT, STICKY_MARGIN, DEFAULT_FONT, STICKY_DEFAULT_ALIGN } from '../constants';
import { containsPoint, normalizeRect, rotatedBounds, unrotate, type Rect } from './rect';
import { attrs, commonAttrs } from './svg';
import { textLinesSvg, textWidth } from './text';
import type { ShapeGeometry } from './types';

/** Greedy word wrap with the approximate measure; words longer than a line are broken. */
export function wrapText(value: string, maxWidth: number, size: number): string[] {
  const out: string[] = [];
  for (const paragraph of value.split('\n')) {
    const words = paragraph.split(/ +/);
    let line = '';
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (textWidth(candidate, size) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) out.push(line);
      // break a word that alone is wider than the line
      let rest = word;
      while (textWidth(rest, size) > maxWidth && rest.length > 1) {
        const fit = Math.max(1, Math.floor(maxWidth / (textWidth('x', size) || 1)));
        out.push(rest.slice(0, fit));
        rest = rest.slice(fit);
      }
      line = rest;
    }
    out.push(line);
  }
  return out;
}

/**
 * The largest font size from 35 down to 5 at which `text` fits a w × h note (inside the
 * margin), with its wrapped lines. At the minimum the text may still overflow.
 */
export function fitStickyFont(value: string, w: number, h: number): { fontSize: number; lines: string[] } {
  const innerW = Math.max(0, w - 2 * STICKY_MARGIN),
    innerH = Math.max(0, h - 2 * STICKY_MARGIN);
  for (let size = STICKY_FONT.start; size >= STICKY_FONT.min; size--) {
    const lines = wrapText(value, innerW, size);
    const fitsWidth = lines.every((l) => textWidth(l, size) <= innerW);
    if (fitsWidth && lines.length * size * STICKY_LINE_HEIGHT <= innerH) return { fontSize: size, lines };
  }
  return { fontSize: STICKY_FONT.min, lines: wrapText(value, innerW, STICKY_FONT.min) };
}

const boxOf = (s: StickyNoteShape) => normalizeRect({ x: s.x, y: s.y, w: s.w, h: s.h });

/** Where a note's lines are anchored for its `align` (default left): inside the margin, or the centre. */
export function stickyTextAnchor(s: Pick<StickyNoteShape, 'align'>, box: Rect): { x: number; anchor: 'start' | 'middle' | 'end' } {
  const align = s.align ?? STICKY_DEFAULT_ALIGN;
  if (align === 'center') return { x: box.x + box.w / 2, anchor: 'middle' };
  if (align === 'right') return { x: box.x + box.w - STICKY_MARGIN, anchor: 'end' };
  return { x: box.x + STICKY_MARGIN, anchor: 'start' };
}

export const stickyNote: ShapeGeometry<StickyNoteShape> = {
  box: boxOf,
  bounds: (s) => rotatedBounds(boxOf(s), s.rotation),
  hitTest: (s, p, tolerance) => containsPoint(boxOf(s), unrotate(p, boxOf(s), s.rotation), tolerance),
  translate: (s, dx, dy) => ({ ...s, x: s.x + dx, y: s.y + dy }),
  resize: (s, box) => {
    const b = normalizeRect(box);
    return { ...s, x: b.x, y: b.y, w: b.w, h: b.h, fontSize: fitStickyFont(s.text, b.w, b.h).fontSize };
  },
  toSvg(s) {
    const box = boxOf(s);
    const fitted = fitStickyFont(s.text, box.w, box.h);
    const size = s.fontSize > 0 ? Math.min(s.fontSize, STICKY_FONT.start) : fitted.fontSize;
    const lines = size === fitted.fontSize ? fitted.lines : wrapText(s.text, box.w - 2 * STICKY_MARGIN, size);
    const textH = lines.length * size * STICKY_LINE_HEIGHT;
    const top = box.y + Math.max(STICKY_MARGIN, (box.h - textH) / 2);
    const note = `<rect ${attrs({ x: box.x, y: box.y, width: box.w, height: box.h, fill: s.color })}/>`;
    const label = s.text
      ? textLinesSvg(lines, {
          ...stickyTextAnchor(s, box),
          y: top,
          size,
          font: DEFAULT_FONT,
          color: '#000000',
          lineHeight: STICKY_LINE_HEIGHT,
        })
      : '';
    return `<g ${attrs(commonAttrs(s, box))}>${note}${label}</g>`;
  },
  blurrable: true,
  textField: 'text',
  defaultAlign: STICKY_DEFAULT_ALIGN,
  modifiers: {
    textModifier: (s, c) => ({ ...s, text: c.value }),
    fontSizeModifier: (s, c) => ({ ...s, fontSize: c.size }),
    stickyNoteModifier: (s, c) => ({ ...s, fontSize: c.fontSize }),
  },
};
