import type { CircleShape, FrameShape, RectangleShape, Shape } from '../../shared/model';
import { containsPoint, normalizeRect, unrotate, type Point } from '../../shared/geometry/rect';
import { isFilled } from '../../shared/geometry/rectangle';

/**
 * The inside of hollow closed shapes, for selection only (docs/board-screen.md "Pointer and
 * wheel"): the shared hit test keeps an outline hit near its border (the eraser and the drawing
 * tools rely on that), while a click inside a hollow rectangle or circle selects it, as in tldraw.
 * Each entry answers the enclosed area when the point is inside, else null: of several hollow
 * shapes around a point the smallest one wins.
 */
const INTERIORS: Partial<Record<Shape['cmd'], (shape: Shape, p: Point) => number | null>> = {
  rectangle: (shape, p) => {
    const s = shape as RectangleShape;
    const box = normalizeRect({ x: s.x, y: s.y, w: s.w, h: s.h });
    return containsPoint(box, unrotate(p, box, s.rotation)) ? box.w * box.h : null;
  },
  frame: (shape, p) => {
    const s = shape as FrameShape;
    const box = normalizeRect({ x: s.x, y: s.y, w: s.w, h: s.h });
    return containsPoint(box, p) ? box.w * box.h : null;
  },
  circle: (shape, p) => {
    const s = shape as CircleShape;
    const r = Math.abs(s.r);
    return Math.hypot(p.x - s.x, p.y - s.y) <= r ? Math.PI * r * r : null;
  },
};

/** The area a hollow closed shape encloses around `p`, or null (filled, open or not around p). */
export function enclosedArea(shape: Shape, p: Point): number | null {
  const inside = INTERIORS[shape.cmd];
  if (!inside || isFilled(shape as { cmd: string; fill?: string })) return null;
  try {
    return inside(shape, p);
  } catch {
    return null; // a malformed shape encloses nothing
  }
}

/** Of `shapes`, the hollow one with the smallest inside around `p` (tldraw's rule for nested frames of lines). */
export function smallestEnclosing<S extends Shape>(shapes: Iterable<S>, p: Point): S | undefined {
  let best: S | undefined;
  let bestArea = Infinity;
  for (const s of shapes) {
    const area = enclosedArea(s, p);
    if (area !== null && area < bestArea) {
      best = s;
      bestArea = area;
    }
  }
  return best;
}
