/** rectangle and filledRectangle. */
import type { RectangleShape } from '../model';
import { containsPoint, expandRect, normalizeRect, rotatedBounds, unrotate } from './rect';
import { attrs, commonAttrs } from './svg';
import type { ShapeGeometry } from './types';

export const isFilled = (s: { cmd: string; fill?: string }) =>
  s.cmd.startsWith('filled') || (!!s.fill && s.fill !== 'none' && s.fill !== 'transparent');
export const fillOf = (s: { cmd: string; fill?: string; stroke: string }) =>
  s.fill && s.fill !== 'transparent' ? s.fill : s.cmd.startsWith('filled') ? s.stroke : 'none';

export const rectangle: ShapeGeometry<RectangleShape> = {
  box: (s) => normalizeRect({ x: s.x, y: s.y, w: s.w, h: s.h }),
  bounds: (s) => expandRect(rotatedBounds(normalizeRect({ x: s.x, y: s.y, w: s.w, h: s.h }), s.rotation), s.lineWidth / 2),
  hitTest(s, p, tolerance) {
    const box = normalizeRect({ x: s.x, y: s.y, w: s.w, h: s.h });
    const q = unrotate(p, box, s.rotation);
    const edge = s.lineWidth / 2 + tolerance;
    if (!containsPoint(box, q, edge)) return false;
    if (isFilled(s)) return true;
    // an outline is hit near its border only
    return !containsPoint(expandRect(box, -edge), q);
  },
  translate: (s, dx, dy) => ({ ...s, x: s.x + dx, y: s.y + dy }),
  resize: (s, box) => ({ ...s, ...normalizeRect(box) }),
  toSvg(s) {
    const box = normalizeRect({ x: s.x, y: s.y, w: s.w, h: s.h });
    return `<rect ${attrs({
      x: box.x,
      y: box.y,
      width: box.w,
      height: box.h,
      fill: fillOf(s),
      stroke: s.stroke,
      'stroke-width': s.lineWidth,
      ...commonAttrs(s, box),
    })}/>`;
  },
};
