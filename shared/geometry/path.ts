/**
 * Stroke helpers: Ramer–Douglas–Peucker simplification, smoothing into quadratic curves,
 * and the angle snap of line tools. Points are flat [x0, y0, x1, y1, …] lists.
 */
import { SMOOTHING_TOLERANCE, ANGLE_SNAP_DEGREES } from '../constants';
import { distanceToSegment } from './rect';
import { num } from './svg';

/** Ramer–Douglas–Peucker: drops points closer than `tolerance` to the simplified line. */
export function simplify(points: readonly number[], tolerance = SMOOTHING_TOLERANCE): number[] {
  const n = points.length >> 1;
  if (n <= 2) return points.slice(0, n * 2);
  const keep = new Uint8Array(n);
  keep[0] = 1;
  keep[n - 1] = 1;
  const stack: Array<[number, number]> = [[0, n - 1]];
  while (stack.length) {
    const [first, last] = stack.pop()!;
    const a = { x: points[first * 2], y: points[first * 2 + 1] };
    const b = { x: points[last * 2], y: points[last * 2 + 1] };
    let maxDist = -1,
      index = -1;
    for (let i = first + 1; i < last; i++) {
      const d = distanceToSegment({ x: points[i * 2], y: points[i * 2 + 1] }, a, b);
      if (d > maxDist) {
        maxDist = d;
        index = i;
      }
    }
    if (index !== -1 && maxDist > tolerance) {
      keep[index] = 1;
      stack.push([first, index], [index, last]);
    }
  }
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (keep[i]) out.push(points[i * 2], points[i * 2 + 1]);
  return out;
}

/**
 * Finishes a pen/highlighter stroke (board.md §4): kept only with more than one point,
 * then simplified with tolerance 0.6. Returns undefined when the stroke must be dropped.
 */
export function finishStroke(points: readonly number[], tolerance = SMOOTHING_TOLERANCE): number[] | undefined {
  if (points.length < 4) return undefined;
  return simplify(points, tolerance);
}

/**
 * Smooth SVG path data through the points: quadratic curves with the points as control
 * points and the midpoints between them as anchors (the same curve the canvas draws).
 */
export function smoothPath(points: readonly number[]): string {
  const n = points.length >> 1;
  if (n === 0) return '';
  const x = (i: number) => points[i * 2],
    y = (i: number) => points[i * 2 + 1];
  if (n === 1) return `M${num(x(0))} ${num(y(0))}L${num(x(0))} ${num(y(0))}`;
  if (n === 2) return `M${num(x(0))} ${num(y(0))}L${num(x(1))} ${num(y(1))}`;
  let d = `M${num(x(0))} ${num(y(0))}`;
  for (let i = 1; i < n - 1; i++) {
    const mx = (x(i) + x(i + 1)) / 2,
      my = (y(i) + y(i + 1)) / 2;
    d += `Q${num(x(i))} ${num(y(i))} ${num(mx)} ${num(my)}`;
  }
  d += `L${num(x(n - 1))} ${num(y(n - 1))}`;
  return d;
}

/** Straight polyline path data. */
export function polylinePath(points: readonly number[]): string {
  let d = '';
  for (let i = 0; i + 1 < points.length; i += 2) d += `${i === 0 ? 'M' : 'L'}${num(points[i])} ${num(points[i + 1])}`;
  return d;
}

/** Snaps the vector (dx, dy) to the nearest multiple of `step` degrees, keeping its length. */
export function snapAngle(dx: number, dy: number, step = ANGLE_SNAP_DEGREES): { dx: number; dy: number } {
  const length = Math.hypot(dx, dy);
  if (length === 0) return { dx: 0, dy: 0 };
  const stepRad = (step * Math.PI) / 180;
  const angle = Math.round(Math.atan2(dy, dx) / stepRad) * stepRad;
  const sx = length * Math.cos(angle),
    sy = length * Math.sin(angle);
  // clean -0 and float noise so 0/90/180° snaps give exact axes
  const clean = (v: number) => (Math.abs(v) < 1e-9 ? 0 : v);
  return { dx: clean(sx), dy: clean(sy) };
}

/** Shortest distance from p to the polyline. */
export function distanceToPolyline(points: readonly number[], p: { x: number; y: number }): number {
  const n = points.length >> 1;
  if (n === 0) return Infinity;
  if (n === 1) return Math.hypot(p.x - points[0], p.y - points[1]);
  let best = Infinity;
  for (let i = 0; i < n - 1; i++) {
    const d = distanceToSegment(p, { x: points[i * 2], y: points[i * 2 + 1] }, { x: points[i * 2 + 2], y: points[i * 2 + 3] });
    if (d < best) best = d;
  }
  return best;
}
