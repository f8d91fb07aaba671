/** circle and filledCircle: x, y is the centre, r the radius. */
import type { CircleShape } from '../model';
import { expandRect, rotatedBounds } from './rect';
import { attrs, commonAttrs } from './svg';
import { fillOf, isFilled } from './rectangle';
import type { ShapeGeometry } from './types';

const boxOf = (s: CircleShape) => ({ x: s.x - Math.abs(s.r), y: s.y - Math.abs(s.r), w: 2 * Math.abs(s.r), h: 2 * Math.abs(s.r) });

export const circle: ShapeGeometry<CircleShape> = {
  box: boxOf,
  bounds: (s) => expandRect(rotatedBounds(boxOf(s), s.rotation), s.lineWidth / 2),
  hitTest(s, p, tolerance) {
    const d = Math.hypot(p.x - s.x, p.y - s.y);
    const edge = s.lineWidth / 2 + tolerance;
    const r = Math.abs(s.r);
    if (d > r + edge) return false;
    return isFilled(s) || d >= r - edge;
  },
  translate: (s, dx, dy) => ({ ...s, x: s.x + dx, y: s.y + dy }),
  /** The circle fits the new box: centred, radius half the shorter side. */
  resize: (s, box) => ({ ...s, x: box.x + box.w / 2, y: box.y + box.h / 2, r: Math.min(Math.abs(box.w), Math.abs(box.h)) / 2 }),
  toSvg(s) {
    return `<circle ${attrs({
      cx: s.x,
      cy: s.y,
      r: Math.abs(s.r),
      fill: fillOf(s),
      stroke: s.stroke,
      'stroke-width': s.lineWidth,
      ...commonAttrs(s, boxOf(s)),
    })}/>`;
  },
};
