/**
 * Snap to objects for the select tool's translating and resizing states (board.md §9): the
 * rectangles a drag snaps to, and how a resize's dragged edges snap.
 */
import { boxOf, kindGeometry, type Rect } from '../../../shared/geometry';
import { applySnap, snap, type SnapLines } from '../../../shared/geometry/snap';
import type { Editor } from '../../editor/editor';
import { mapBox, type Handle } from './handles';

/** The rectangles a drag snaps to (the other shapes on screen), or null when snapping is off. */
export function snapTargets(editor: Editor, moving: readonly string[]): Rect[] | null {
  if (!editor.snapping()) return null;
  const skip = new Set(moving);
  const out: Rect[] = [];
  for (const id of editor.scene.visible(editor.viewport.visibleRect())) {
    const s = editor.scene.shape(id);
    if (!s || skip.has(id) || kindGeometry(s.cmd)?.snapTarget === false) continue;
    out.push(boxOf(s));
  }
  return out;
}

/** The union of the shapes' boxes (what aligns when they move), or null when none exists. */
export function unionBox(editor: Editor, ids: readonly string[]): Rect | null {
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  for (const id of ids) {
    const s = editor.doc.get(id);
    if (!s) continue;
    const b = boxOf(s);
    x0 = Math.min(x0, b.x);
    y0 = Math.min(y0, b.y);
    x1 = Math.max(x1, b.x + b.w);
    y1 = Math.max(y1, b.y + b.h);
  }
  return x0 === Infinity ? null : { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/**
 * Snaps a resize: the shapes' own boxes (`inner`, inside the handle box `from`, which includes
 * strokes) are what align, so the dragged edges of `next` move until the mapped inner edges sit
 * on the other shapes' lines. Mapping is affine in each edge, so one step of slope solves it.
 */
export function snapResize(
  from: Rect,
  inner: Rect,
  next: Rect,
  lines: SnapLines,
  others: readonly Rect[],
  scale: number,
): { next: Rect; guides: number[] } {
  const innerOf = (r: Rect) => mapBox(inner, from, r);
  const now = innerOf(next);
  const s = snap(now, others, scale, lines);
  if (!s.dx && !s.dy) return { next, guides: s.guides };
  const edge = (r: Rect, axis: 'x' | 'y') => {
    const l = lines[axis][0];
    const start = axis === 'x' ? r.x : r.y,
      size = axis === 'x' ? r.w : r.h;
    return l === 'end' ? start + size : l === 'middle' ? start + size / 2 : start;
  };
  const step = (axis: 'x' | 'y', d: number) => {
    if (!d || !lines[axis].length) return 0;
    const moved = innerOf(applySnap(next, axis === 'x' ? 1 : 0, axis === 'y' ? 1 : 0, lines));
    const slope = edge(moved, axis) - edge(now, axis);
    return slope ? d / slope : 0;
  };
  const out = applySnap(next, step('x', s.dx), step('y', s.dy), lines);
  return { next: out, guides: snap(innerOf(out), others, scale, lines).guides };
}

/**
 * The lines of the resized box that follow the pointer: the dragged edges (the box may have
 * flipped past its opposite edge, then the dragged edge is the other side).
 */
export function edgeLines(handle: Handle, from: Rect, to: Rect): SnapLines {
  const x = handle.includes('e')
    ? to.x < from.x
      ? 'start'
      : 'end'
    : handle.includes('w')
      ? to.x + to.w > from.x + from.w
        ? 'end'
        : 'start'
      : null;
  const y = handle.includes('s')
    ? to.y < from.y
      ? 'start'
      : 'end'
    : handle.includes('n')
      ? to.y + to.h > from.y + from.h
        ? 'end'
        : 'start'
      : null;
  return { x: x ? [x] : [], y: y ? [y] : [] };
}
