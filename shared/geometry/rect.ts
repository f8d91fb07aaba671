/** Points and axis-aligned rectangles: the vocabulary of every geometry module. */

export interface Point {
  x: number;
  y: number;
}
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export const EMPTY_RECT: Rect = { x: 0, y: 0, w: 0, h: 0 };

/** Smallest rectangle holding the flat point list [x0, y0, x1, y1, …]. */
export function rectOfPoints(points: readonly number[]): Rect {
  if (points.length < 2) return { ...EMPTY_RECT };
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (let i = 0; i + 1 < points.length; i += 2) {
    const x = points[i],
      y = points[i + 1];
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return { x: minX, y: minY, w: maxX - minX, h: maxY - minY };
}

/** Normalises a rectangle given with negative width or height. */
export function normalizeRect(r: Rect): Rect {
  return {
    x: r.w < 0 ? r.x + r.w : r.x,
    y: r.h < 0 ? r.y + r.h : r.y,
    w: Math.abs(r.w),
    h: Math.abs(r.h),
  };
}

export function expandRect(r: Rect, by: number): Rect {
  return { x: r.x - by, y: r.y - by, w: r.w + 2 * by, h: r.h + 2 * by };
}

export function unionRect(a: Rect, b: Rect): Rect {
  const x = Math.min(a.x, b.x),
    y = Math.min(a.y, b.y);
  return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
}

/** Union of many rectangles; undefined for none. */
export function unionRects(rects: Iterable<Rect>): Rect | undefined {
  let out: Rect | undefined;
  for (const r of rects) out = out ? unionRect(out, r) : { ...r };
  return out;
}

/** True when the rectangles overlap or touch. */
export function rectsIntersect(a: Rect, b: Rect): boolean {
  return a.x <= b.x + b.w && b.x <= a.x + a.w && a.y <= b.y + b.h && b.y <= a.y + a.h;
}

/** The overlapping part of two rectangles, or undefined. */
export function intersection(a: Rect, b: Rect): Rect | undefined {
  const x = Math.max(a.x, b.x),
    y = Math.max(a.y, b.y);
  const r = Math.min(a.x + a.w, b.x + b.w),
    bt = Math.min(a.y + a.h, b.y + b.h);
  if (r < x || bt < y) return undefined;
  return { x, y, w: r - x, h: bt - y };
}

/** True when `inner` lies fully inside `outer` (drag-box selection). */
export function containsRect(outer: Rect, inner: Rect): boolean {
  return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.w <= outer.x + outer.w && inner.y + inner.h <= outer.y + outer.h;
}

export function containsPoint(r: Rect, p: Point, tolerance = 0): boolean {
  return p.x >= r.x - tolerance && p.x <= r.x + r.w + tolerance && p.y >= r.y - tolerance && p.y <= r.y + r.h + tolerance;
}

/** Share of `inner`'s area covered by `outer` (0–1); frame capture uses it with FRAME_OVERLAP. */
export function overlapRatio(outer: Rect, inner: Rect): number {
  const i = intersection(outer, inner);
  if (!i) return 0;
  const area = inner.w * inner.h;
  if (area === 0) return containsRect(outer, inner) ? 1 : 0;
  return (i.w * i.h) / area;
}

export function rectCenter(r: Rect): Point {
  return { x: r.x + r.w / 2, y: r.y + r.h / 2 };
}

/** Rotates point p by `degrees` (clockwise on screen, y down) around centre c. */
export function rotatePoint(p: Point, c: Point, degrees: number): Point {
  if (!degrees) return { ...p };
  const a = (degrees * Math.PI) / 180;
  const cos = Math.cos(a),
    sin = Math.sin(a);
  const dx = p.x - c.x,
    dy = p.y - c.y;
  return { x: c.x + dx * cos - dy * sin, y: c.y + dx * sin + dy * cos };
}

/** Axis-aligned bounds of rectangle r rotated by `degrees` around its centre. */
export function rotatedBounds(r: Rect, degrees: number | undefined): Rect {
  if (!degrees || degrees % 360 === 0) return { ...r };
  const c = rectCenter(r);
  const corners = [
    rotatePoint({ x: r.x, y: r.y }, c, degrees),
    rotatePoint({ x: r.x + r.w, y: r.y }, c, degrees),
    rotatePoint({ x: r.x + r.w, y: r.y + r.h }, c, degrees),
    rotatePoint({ x: r.x, y: r.y + r.h }, c, degrees),
  ];
  return rectOfPoints(corners.flatMap((p) => [p.x, p.y]));
}

/** Maps a point given in board space into the shape's unrotated frame (for hit tests). */
export function unrotate(p: Point, box: Rect, degrees: number | undefined): Point {
  return degrees ? rotatePoint(p, rectCenter(box), -degrees) : p;
}

/** Distance from p to the segment a–b. */
export function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x,
    dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  let t = len2 === 0 ? 0 : ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2;
  t = Math.max(0, Math.min(1, t));
  const x = a.x + t * dx,
    y = a.y + t * dy;
  return Math.hypot(p.x - x, p.y - y);
}

/** Moves a flat point list by (dx, dy). */
export function translatePoints(points: readonly number[], dx: number, dy: number): number[] {
  const out = new Array<number>(points.length);
  for (let i = 0; i + 1 < points.length; i += 2) {
    out[i] = points[i] + dx;
    out[i + 1] = points[i + 1] + dy;
  }
  return out;
}

/** Maps a flat point list from rectangle `from` onto rectangle `to` (degenerate sides keep offsets). */
export function mapPoints(points: readonly number[], from: Rect, to: Rect): number[] {
  const sx = from.w === 0 ? 1 : to.w / from.w;
  const sy = from.h === 0 ? 1 : to.h / from.h;
  const out = new Array<number>(points.length);
  for (let i = 0; i + 1 < points.length; i += 2) {
    out[i] = to.x + (points[i] - from.x) * sx;
    out[i + 1] = to.y + (points[i + 1] - from.y) * sy;
  }
  return out;
}
