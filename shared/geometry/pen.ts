/** pen and highlighter strokes (board.md §3, §4). */
import type { PenShape } from '../model';
import { HIGHLIGHTER_OPACITY, HIGHLIGHTER_WIDTH_FACTOR } from '../constants';
import { expandRect, mapPoints, rectOfPoints, rotatedBounds, translatePoints, unrotate } from './rect';
import { distanceToPolyline, smoothPath } from './path';
import { attrs, commonAttrs } from './svg';
import type { ShapeGeometry } from './types';
import { POLICY } from '../policy-names';

const isHighlighter = (s: PenShape) => s.cmd === 'highlighter' || s.type === 'hl';

/** Drawn stroke width: a highlighter is 4 × its line width. */
export function strokeWidth(s: PenShape): number {
  return isHighlighter(s) ? s.lineWidth * HIGHLIGHTER_WIDTH_FACTOR : s.lineWidth;
}

export const pen: ShapeGeometry<PenShape> = {
  box: (s) => rectOfPoints(s.points),
  bounds: (s) => expandRect(rotatedBounds(rectOfPoints(s.points), s.rotation), strokeWidth(s) / 2),
  hitTest(s, p, tolerance) {
    const q = unrotate(p, rectOfPoints(s.points), s.rotation);
    return distanceToPolyline(s.points, q) <= strokeWidth(s) / 2 + tolerance;
  },
  translate: (s, dx, dy) => ({ ...s, points: translatePoints(s.points, dx, dy) }),
  resize: (s, box) => ({ ...s, points: mapPoints(s.points, rectOfPoints(s.points), box) }),
  toSvg(s) {
    const box = rectOfPoints(s.points);
    return `<path ${attrs({
      d: smoothPath(s.points),
      fill: 'none',
      stroke: s.color,
      'stroke-width': strokeWidth(s),
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
      ...commonAttrs(s, box, isHighlighter(s) ? HIGHLIGHTER_OPACITY / 100 : 1),
    })}/>`;
  },
  /** The highlighter (its tool, or a pen turned highlighter) is a plan feature. */
  policies: [{ feature: 'highlighter', needs: [POLICY.highlighterToolbox], when: isHighlighter }],
};
