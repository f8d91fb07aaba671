/**
 * The select tool's handle geometry (board.md §4 "Selection"): where the resize, rotate and
 * connector handles sit on the selection box, which one a press grabs, and the box a resize
 * handle drag produces.
 */
import { mapPoints, normalizeRect, type Point, type Rect } from '../../../shared/geometry';
import type { Editor } from '../../editor/editor';
import type { BoardPointer } from '../../editor/types';
import { CONNECTOR_OFFSET } from '../line';

export type Handle = 'nw' | 'n' | 'ne' | 'e' | 'se' | 's' | 'sw' | 'w' | 'rotate' | 'connector';
/** A single selected line's end handles (instead of the box's resize handles). */
export type LineEnd = 'start' | 'end';
export const RESIZE_HANDLES: readonly Handle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];
/** Handle grab radius and the rotate handle's distance above the box, in screen px. */
export const HANDLE_RADIUS = 7;
export const ROTATE_OFFSET = 24;

/** Where each handle sits on a box, in board units (rotate: above the top centre). */
export function handlePoint(box: Rect, handle: Handle, scale: number): Point {
  const cx = box.x + box.w / 2,
    cy = box.y + box.h / 2;
  switch (handle) {
    case 'nw':
      return { x: box.x, y: box.y };
    case 'n':
      return { x: cx, y: box.y };
    case 'ne':
      return { x: box.x + box.w, y: box.y };
    case 'e':
      return { x: box.x + box.w, y: cy };
    case 'se':
      return { x: box.x + box.w, y: box.y + box.h };
    case 's':
      return { x: cx, y: box.y + box.h };
    case 'sw':
      return { x: box.x, y: box.y + box.h };
    case 'w':
      return { x: box.x, y: cy };
    case 'rotate':
      return { x: cx, y: box.y - ROTATE_OFFSET / scale };
    case 'connector':
      return { x: box.x + box.w + CONNECTOR_OFFSET / scale, y: cy };
  }
}

/** The handle (or line end) of the current selection overlay under a press, if any. */
export function handleAt(editor: Editor, e: BoardPointer): Handle | LineEnd | null {
  const h = editor.scene.overlay$.value.handles;
  if (!h) return null;
  const near = (p: Point) => {
    const s = editor.viewport.toScreen(p.x, p.y);
    return Math.hypot(s.x - e.sx, s.y - e.sy) <= HANDLE_RADIUS;
  };
  if (h.ends && h.ends.length >= 4) {
    const n = h.ends.length;
    if (near({ x: h.ends[n - 2], y: h.ends[n - 1] })) return 'end';
    if (near({ x: h.ends[0], y: h.ends[1] })) return 'start';
  }
  const candidates: Handle[] = [
    ...(h.rotate ? (['rotate'] as Handle[]) : []),
    ...(h.resize ? RESIZE_HANDLES : []),
    ...(h.connector ? (['connector'] as Handle[]) : []),
  ];
  for (const handle of candidates) if (near(handlePoint(h.box, handle, editor.viewport.scale))) return handle;
  return null;
}

/** The box a resize handle drag produces; Shift keeps the aspect ratio. */
export function resizeBox(box: Rect, handle: Handle, p: Point, keepAspect: boolean): Rect {
  let x0 = box.x,
    y0 = box.y,
    x1 = box.x + box.w,
    y1 = box.y + box.h;
  if (handle.includes('w')) x0 = p.x;
  if (handle.includes('e')) x1 = p.x;
  if (handle.includes('n')) y0 = p.y;
  if (handle.includes('s')) y1 = p.y;
  if (keepAspect && box.w > 0 && box.h > 0) {
    const horizontal = handle.includes('e') || handle.includes('w');
    const vertical = handle.includes('n') || handle.includes('s');
    const kx = Math.abs(x1 - x0) / box.w,
      ky = Math.abs(y1 - y0) / box.h;
    const k = horizontal && vertical ? Math.max(kx, ky) : horizontal ? kx : ky;
    const w = box.w * k,
      h = box.h * k;
    if (horizontal && vertical) {
      if (handle.includes('w')) x0 = x1 - w * Math.sign(x1 - x0 || 1);
      else x1 = x0 + w * Math.sign(x1 - x0 || 1);
      if (handle.includes('n')) y0 = y1 - h * Math.sign(y1 - y0 || 1);
      else y1 = y0 + h * Math.sign(y1 - y0 || 1);
    } else if (horizontal) {
      const cy = box.y + box.h / 2;
      y0 = cy - h / 2;
      y1 = cy + h / 2;
    } else {
      const cx = box.x + box.w / 2;
      x0 = cx - w / 2;
      x1 = cx + w / 2;
    }
  }
  const r = normalizeRect({ x: x0, y: y0, w: x1 - x0, h: y1 - y0 });
  return { ...r, w: Math.max(1, r.w), h: Math.max(1, r.h) };
}

/** Maps a shape's box from the selection box onto the resized selection box. */
export function mapBox(b: Rect, from: Rect, to: Rect): Rect {
  const [x1, y1, x2, y2] = mapPoints([b.x, b.y, b.x + b.w, b.y + b.h], from, to);
  return normalizeRect({ x: x1, y: y1, w: x2 - x1, h: y2 - y1 });
}

export function normalizeAngle(deg: number): number {
  const r = ((deg % 360) + 360) % 360;
  return Math.round(r * 100) / 100;
}
