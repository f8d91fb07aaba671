import { SNAP_DISTANCE, SNAP_GUIDE_EXTENSION } from '../constants';
import type { Rect } from './rect';

/**
 * Snap to objects (board.md §4, §9): a moving rectangle's left/centre/right and
 * top/middle/bottom align with the same lines of the other shapes when within SNAP_DISTANCE
 * screen px; guides join the aligned shapes, extended SNAP_GUIDE_EXTENSION screen px beyond them.
 * Pure maths in board units: `scale` turns the screen-px constants into board units.
 */

/** Which of a rectangle's lines may snap on one axis: its start (left/top), middle, end (right/bottom). */
export type SnapLine = 'start' | 'middle' | 'end';

export interface SnapLines {
  x: readonly SnapLine[];
  y: readonly SnapLine[];
}

/** Moving a whole rectangle: every line may snap. */
export const ALL_LINES: SnapLines = { x: ['start', 'middle', 'end'], y: ['start', 'middle', 'end'] };

export interface SnapResult {
  /** offset to add to the moving rectangle (or its moving edges), board units */
  dx: number;
  dy: number;
  /** guide segments, flat [x1, y1, x2, y2, …] in board units */
  guides: number[];
}

const EPSILON = 1e-6;

const lineAt = (r: Rect, axis: 'x' | 'y', l: SnapLine): number => {
  const start = axis === 'x' ? r.x : r.y;
  const size = axis === 'x' ? r.w : r.h;
  return l === 'start' ? start : l === 'middle' ? start + size / 2 : start + size;
};

const LINES: readonly SnapLine[] = ['start', 'middle', 'end'];

/** The smallest offset (|d| ≤ max) bringing one of `lines` of `moving` onto a line of another rect. */
function nearest(moving: Rect, others: readonly Rect[], axis: 'x' | 'y', lines: readonly SnapLine[], max: number): number | null {
  let best: number | null = null;
  for (const l of lines) {
    const m = lineAt(moving, axis, l);
    for (const o of others) {
      for (const ol of LINES) {
        const d = lineAt(o, axis, ol) - m;
        if (Math.abs(d) <= max + EPSILON && (best === null || Math.abs(d) < Math.abs(best))) best = d;
      }
    }
  }
  return best;
}

/**
 * The guides showing where `rect`'s `lines` coincide with lines of `others`: one segment per
 * aligned coordinate, spanning the rect and every shape on it, plus `extension` at each end.
 */
export function guidesFor(rect: Rect, others: readonly Rect[], lines: SnapLines, extension: number): number[] {
  const out: number[] = [];
  for (const axis of ['x', 'y'] as const) {
    const seen = new Set<number>();
    for (const l of lines[axis]) {
      const v = lineAt(rect, axis, l);
      const key = Math.round(v * 1000);
      if (seen.has(key)) continue;
      const on = others.filter((o) => LINES.some((ol) => Math.abs(lineAt(o, axis, ol) - v) <= EPSILON));
      if (!on.length) continue;
      seen.add(key);
      // the guide runs along the other axis, across the rect and the aligned shapes
      let lo = Infinity,
        hi = -Infinity;
      for (const r of [rect, ...on]) {
        const a = axis === 'x' ? r.y : r.x;
        const b = a + (axis === 'x' ? r.h : r.w);
        lo = Math.min(lo, a);
        hi = Math.max(hi, b);
      }
      lo -= extension;
      hi += extension;
      if (axis === 'x') out.push(v, lo, v, hi);
      else out.push(lo, v, hi, v);
    }
  }
  return out;
}

/**
 * Snaps `moving` to `others`: the offset on each axis to the nearest alignment within
 * SNAP_DISTANCE screen px (0 when none), and the guides of the snapped rectangle.
 * `lines` restricts which lines move (a resize moves only the dragged edges).
 */
export function snapRect(moving: Rect, others: readonly Rect[], scale: number, lines: SnapLines = ALL_LINES): SnapResult {
  const max = SNAP_DISTANCE / scale;
  const dx = nearest(moving, others, 'x', lines.x, max) ?? 0;
  const dy = nearest(moving, others, 'y', lines.y, max) ?? 0;
  return { dx, dy, guides: [] };
}

/** Applies `snapRect`'s offset to the lines that move: a moved rect shifts, resized edges stretch. */
export function applySnap(r: Rect, dx: number, dy: number, lines: SnapLines = ALL_LINES): Rect {
  const shift = (start: number, size: number, d: number, ls: readonly SnapLine[]): [number, number] => {
    if (!d || !ls.length) return [start, size];
    const moveStart = ls.includes('start') || ls.includes('middle');
    const moveEnd = ls.includes('end') || ls.includes('middle');
    if (moveStart && moveEnd) return [start + d, size];
    if (moveStart) return [start + d, size - d];
    return [start, size + d];
  };
  const [x, w] = shift(r.x, r.w, dx, lines.x);
  const [y, h] = shift(r.y, r.h, dy, lines.y);
  return { x, y, w, h };
}

/** Snap and guides in one call: the offset, and the guides drawn around the snapped rectangle. */
export function snap(moving: Rect, others: readonly Rect[], scale: number, lines: SnapLines = ALL_LINES): SnapResult {
  const { dx, dy } = snapRect(moving, others, scale, lines);
  const snapped = applySnap(moving, dx, dy, lines);
  return { dx, dy, guides: guidesFor(snapped, others, lines, SNAP_GUIDE_EXTENSION / scale) };
}
