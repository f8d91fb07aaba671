/**
 * Connector lines (board.md §3 line/arrow `start`/`end`): a line whose ends are attached to
 * shapes. Routing is straight: each attached end sits where the line between the two ends'
 * reference points (an attached end's shape centre, a free end's own point) leaves its shape —
 * on the box edge (rotated with the shape), or on the ellipse for circles.
 */
import type { Shape } from '../model';
import { rectCenter, rotatePoint, type Point, type Rect } from './rect';

/** What a connector end is attached to: the shape's box, its rotation, and whether it is round. */
export interface Anchor {
  box: Rect;
  rotation?: number;
  round?: boolean;
}

const LINE_KINDS = new Set(['line', 'arrow']);
/** Shapes a connector may start from or end on: not lines, frames, comments or groups of links. */
const NOT_CONNECTABLE = new Set(['line', 'arrow', 'frame', 'comment', 'link']);

export const isLineShape = (s: Shape): s is Extract<Shape, { cmd: 'line' | 'arrow' }> => LINE_KINDS.has(s.cmd);
export const isConnectable = (s: Shape): boolean => !NOT_CONNECTABLE.has(s.cmd);
/** A line or arrow attached to at least one shape. */
export const isConnector = (s: Shape): boolean => isLineShape(s) && !!(s.start || s.end);

export function anchorOf(s: Shape, box: Rect): Anchor {
  // still per kind: a connector anchor hook is to come (allowed in tests/unit/shared/shape-registry.test.ts)
  return { box, rotation: s.rotation, round: s.cmd === 'circle' || s.cmd === 'filledCircle' };
}

/** Where the ray from the anchor's centre towards `toward` leaves the anchor. */
export function edgePoint(a: Anchor, toward: Point): Point {
  const c = rectCenter(a.box);
  const local = rotatePoint(toward, c, -(a.rotation ?? 0));
  let dx = local.x - c.x;
  const dy = local.y - c.y;
  if (dx === 0 && dy === 0) dx = 1; // the target is the centre itself: leave to the right
  const hw = a.box.w / 2,
    hh = a.box.h / 2;
  let t: number;
  if (a.round) t = 1 / Math.sqrt((dx / (hw || 1e-9)) ** 2 + (dy / (hh || 1e-9)) ** 2);
  else t = Math.min(dx ? hw / Math.abs(dx) : Infinity, dy ? hh / Math.abs(dy) : Infinity);
  if (!Number.isFinite(t)) t = 0;
  return rotatePoint({ x: c.x + dx * t, y: c.y + dy * t }, c, a.rotation ?? 0);
}

/**
 * The points of a connector: its first and last point re-routed onto the shapes it is attached
 * to (null: a free end, which keeps its point). Points between the ends are kept.
 */
export function routeConnector(points: readonly number[], start: Anchor | null, end: Anchor | null): number[] {
  const n = points.length;
  if (n < 4 || (!start && !end)) return [...points];
  const p0 = { x: points[0], y: points[1] },
    p1 = { x: points[n - 2], y: points[n - 1] };
  const ref0 = start ? rectCenter(start.box) : p0;
  const ref1 = end ? rectCenter(end.box) : p1;
  const a = start ? edgePoint(start, ref1) : p0;
  const b = end ? edgePoint(end, ref0) : p1;
  const out = [...points];
  out[0] = round(a.x);
  out[1] = round(a.y);
  out[n - 2] = round(b.x);
  out[n - 1] = round(b.y);
  return out;
}

const round = (v: number) => Math.round(v * 100) / 100;

/** Whether two point lists are equal within a hundredth (no re-route command for float noise). */
export function samePoints(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((v, i) => Math.abs(v - b[i]) < 0.01);
}
