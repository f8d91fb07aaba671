/**
 * frames: a titled region (thickness 4, header 20 above the box, title ≤ 56). The box is
 * the body; bounds include the header.
 */
import type { FrameShape } from '../model';
import { FRAME_HEADER, FRAME_OVERLAP, FRAME_THICKNESS } from '../constants';
import { containsPoint, expandRect, normalizeRect, overlapRatio, rotatedBounds, unrotate, type Rect } from './rect';
import { attrs, commonAttrs, escapeXml } from './svg';
import type { ShapeGeometry } from './types';

const boxOf = (s: FrameShape) => normalizeRect({ x: s.x, y: s.y, w: s.w, h: s.h });
/** The body plus the header strip above it. */
export const frameOuter = (s: FrameShape): Rect => {
  const b = boxOf(s);
  return { x: b.x, y: b.y - FRAME_HEADER, w: b.w, h: b.h + FRAME_HEADER };
};

export const frame: ShapeGeometry<FrameShape> = {
  box: boxOf,
  bounds: (s) => expandRect(rotatedBounds(frameOuter(s), s.rotation), FRAME_THICKNESS / 2),
  hitTest: (s, p, tolerance) => containsPoint(frameOuter(s), unrotate(p, boxOf(s), s.rotation), tolerance + FRAME_THICKNESS / 2),
  translate: (s, dx, dy) => ({ ...s, x: s.x + dx, y: s.y + dy }),
  resize: (s, box) => ({ ...s, ...normalizeRect(box) }),
  toSvg(s) {
    const b = boxOf(s);
    const body = `<rect ${attrs({ x: b.x, y: b.y, width: b.w, height: b.h, fill: '#ffffff', stroke: s.color, 'stroke-width': FRAME_THICKNESS })}/>`;
    const title = `<text ${attrs({ x: b.x, y: b.y - 6, 'font-family': 'Open Sans', 'font-size': 14, fill: '#333333' })}>${escapeXml(s.title)}</text>`;
    return `<g ${attrs(commonAttrs(s, b))}>${body}${title}</g>`;
  },
};

/** A frame captures a shape when at least 2/3 of the shape's bounds lie inside the frame body (board.md §4). */
export function frameCaptures(f: FrameShape, shapeBounds: Rect): boolean {
  return overlapRatio(boxOf(f), shapeBounds) >= FRAME_OVERLAP;
}
