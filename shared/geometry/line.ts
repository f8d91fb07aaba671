/** line and arrow (two points; line types board.md §3). */
import type { LineShape } from '../model';
import { expandRect, mapPoints, rectOfPoints, rotatedBounds, translatePoints, unrotate } from './rect';
import { distanceToPolyline, polylinePath } from './path';
import { attrs, commonAttrs, dashArray, num } from './svg';
import type { ShapeGeometry } from './types';
import { POLICY } from '../policy-names';

/** Line types beyond a plain line and a right arrow (the line-type picker, board.md §9): a plan feature. */
export const PICKED_LINE_TYPES: ReadonlySet<string> = new Set(['dashed', 'dotted', 'rarrow', 'double']);

/** A connector: a line or arrow attached to a shape at either end. */
const attached = (s: LineShape): boolean => !!s.start || !!s.end;

/** Which ends carry an arrow head. */
export function arrowHeads(s: LineShape): { start: boolean; end: boolean } {
  if (s.type === 'double') return { start: true, end: true };
  if (s.type === 'rarrow') return { start: true, end: false };
  if (s.type === 'arrow') return { start: false, end: true };
  return { start: false, end: s.cmd === 'arrow' && s.type !== 'dashed' && s.type !== 'dotted' && s.type !== 'line' };
}

/** Length of an arrow head for a line width. */
export const headLength = (lineWidth: number) => Math.max(10, lineWidth * 4);

function headPath(tipX: number, tipY: number, fromX: number, fromY: number, length: number): string {
  const angle = Math.atan2(tipY - fromY, tipX - fromX);
  const spread = Math.PI / 7;
  const ax = tipX - length * Math.cos(angle - spread),
    ay = tipY - length * Math.sin(angle - spread);
  const bx = tipX - length * Math.cos(angle + spread),
    by = tipY - length * Math.sin(angle + spread);
  return `M${num(ax)} ${num(ay)}L${num(tipX)} ${num(tipY)}L${num(bx)} ${num(by)}`;
}

export const line: ShapeGeometry<LineShape> = {
  box: (s) => rectOfPoints(s.points),
  bounds(s) {
    const heads = arrowHeads(s);
    const pad = heads.start || heads.end ? Math.max(s.lineWidth / 2, headLength(s.lineWidth) / 2) : s.lineWidth / 2;
    return expandRect(rotatedBounds(rectOfPoints(s.points), s.rotation), pad);
  },
  hitTest(s, p, tolerance) {
    const q = unrotate(p, rectOfPoints(s.points), s.rotation);
    return distanceToPolyline(s.points, q) <= s.lineWidth / 2 + tolerance;
  },
  translate: (s, dx, dy) => ({ ...s, points: translatePoints(s.points, dx, dy) }),
  resize: (s, box) => ({ ...s, points: mapPoints(s.points, rectOfPoints(s.points), box) }),
  /** A copied connector stays attached only to shapes copied with it (to their copies). */
  relinkCopy(s, ids) {
    const out = { ...s };
    for (const end of ['start', 'end'] as const) {
      const id = out[end];
      if (id === undefined) continue;
      if (ids.has(id)) out[end] = ids.get(id)!;
      else delete out[end];
    }
    return out;
  },
  toSvg(s) {
    const pts = s.points;
    const n = pts.length >> 1;
    let d = polylinePath(pts);
    const heads = arrowHeads(s);
    const len = headLength(s.lineWidth);
    if (n >= 2 && heads.end) d += headPath(pts[n * 2 - 2], pts[n * 2 - 1], pts[n * 2 - 4], pts[n * 2 - 3], len);
    if (n >= 2 && heads.start) d += headPath(pts[0], pts[1], pts[2], pts[3], len);
    return `<path ${attrs({
      d,
      fill: 'none',
      stroke: s.color,
      'stroke-width': s.lineWidth,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
      'stroke-dasharray': dashArray(s.type, s.lineWidth),
      ...commonAttrs(s, rectOfPoints(pts)),
    })}/>`;
  },
  policies: [
    { feature: 'line type', needs: [POLICY.lineType], when: (s) => PICKED_LINE_TYPES.has(s.type) },
    { feature: 'connector lines', needs: [POLICY.connectorLines], when: attached },
  ],
  /** A connector follows the shapes it joins: arranging leaves it. */
  arrangeable: (s) => !attached(s),
};
