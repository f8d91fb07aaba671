import type { Command, LineShape, Shape } from '../../shared/model';
import {
  boundsOf, boxOf, mapPoints, normalizeRect, rectCenter, resizeShape, translateShape,
  type Point, type Rect,
} from '../../shared/geometry';
import { ALL_LINES, applySnap, snap, type SnapLines } from '../../shared/geometry/snap';
import type { Editor } from '../editor/editor';
import type { BoardPointer } from '../editor/types';
import { shapeModuleOf } from '../shapes';
import { CONNECTOR_OFFSET, connectorBase, connectorPreview, connectorTo, lineWithEnd } from './line';
import { moved, type Tool } from './tool';
import { copyShapes } from '../editor/copies';
import { frameTitleClick, withFrameChildren } from './frame';

export type Handle = 'nw' | 'n' | 'ne' | 'e' | 'se' | 's' | 'sw' | 'w' | 'rotate' | 'connector';
/** A single selected line's end handles (instead of the box's resize handles). */
export type LineEnd = 'start' | 'end';
export const RESIZE_HANDLES: readonly Handle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];
/** Handle grab radius and the rotate handle's distance above the box, in screen px. */
export const HANDLE_RADIUS = 7;
export const ROTATE_OFFSET = 24;
/** A press must travel this far (screen px) before it becomes a drag. */
const DRAG_THRESHOLD = 3;
const HIT_TOLERANCE = 4;

/** Where each handle sits on a box, in board units (rotate: above the top centre). */
export function handlePoint(box: Rect, handle: Handle, scale: number): Point {
  const cx = box.x + box.w / 2, cy = box.y + box.h / 2;
  switch (handle) {
    case 'nw': return { x: box.x, y: box.y };
    case 'n': return { x: cx, y: box.y };
    case 'ne': return { x: box.x + box.w, y: box.y };
    case 'e': return { x: box.x + box.w, y: cy };
    case 'se': return { x: box.x + box.w, y: box.y + box.h };
    case 's': return { x: cx, y: box.y + box.h };
    case 'sw': return { x: box.x, y: box.y + box.h };
    case 'w': return { x: box.x, y: cy };
    case 'rotate': return { x: cx, y: box.y - ROTATE_OFFSET / scale };
    case 'connector': return { x: box.x + box.w + CONNECTOR_OFFSET / scale, y: cy };
  }
}

/** The box a resize handle drag produces; Shift keeps the aspect ratio. */
export function resizeBox(box: Rect, handle: Handle, p: Point, keepAspect: boolean): Rect {
  let x0 = box.x, y0 = box.y, x1 = box.x + box.w, y1 = box.y + box.h;
  if (handle.includes('w')) x0 = p.x;
  if (handle.includes('e')) x1 = p.x;
  if (handle.includes('n')) y0 = p.y;
  if (handle.includes('s')) y1 = p.y;
  if (keepAspect && box.w > 0 && box.h > 0) {
    const horizontal = handle.includes('e') || handle.includes('w');
    const vertical = handle.includes('n') || handle.includes('s');
    const kx = Math.abs(x1 - x0) / box.w, ky = Math.abs(y1 - y0) / box.h;
    const k = horizontal && vertical ? Math.max(kx, ky) : horizontal ? kx : ky;
    const w = box.w * k, h = box.h * k;
    if (horizontal && vertical) {
      if (handle.includes('w')) x0 = x1 - w * Math.sign(x1 - x0 || 1); else x1 = x0 + w * Math.sign(x1 - x0 || 1);
      if (handle.includes('n')) y0 = y1 - h * Math.sign(y1 - y0 || 1); else y1 = y0 + h * Math.sign(y1 - y0 || 1);
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

type Drag =
  | { mode: 'pending'; start: BoardPointer; hitId: string | null; toggled: boolean }
  | { mode: 'move'; start: BoardPointer; ids: string[]; duplicate: boolean; copies: Shape[]; dx: number; dy: number; box: Rect | null; others: Rect[] | null }
  | { mode: 'resize'; start: BoardPointer; handle: Handle; box: Rect; ids: string[]; next: Rect | null; others: Rect[] | null; inner: Rect | null }
  | { mode: 'rotate'; start: BoardPointer; centre: Point; ids: string[]; delta: number }
  | { mode: 'connect'; start: BoardPointer; draft: LineShape; dragging: boolean }
  | { mode: 'end'; start: BoardPointer; which: LineEnd; line: LineShape; next: LineShape | null }
  | { mode: 'box'; start: BoardPointer; additive: boolean; rect: Rect | null; inside: string | null };

/**
 * Select (board.md §4 "Selection"): click, Ctrl/Shift-click toggles, drag-box selects the
 * shapes fully inside that are not locked, ghost or private; dragging moves (reposition),
 * handles resize (sizeModifier, only normal shapes) and rotate (propertyModifier rotation);
 * Shift locks aspect ratio, axis or angle; Alt-drag duplicates; a double click on a selected,
 * unlocked, non-private shape opens its editing tool. A single shape's connector handle (right of
 * its box) drags out an arrow attached to it (and to the shape it is dropped on); a single line's
 * end handles move one end (Shift: 5° angles), attaching it to the shape it is dropped on.
 */
export function createSelectTool(): Tool {
  let drag: Drag | null = null;

  const handleAt = (editor: Editor, e: BoardPointer): Handle | LineEnd | null => {
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
    const candidates: Handle[] = [...(h.rotate ? (['rotate'] as Handle[]) : []), ...(h.resize ? RESIZE_HANDLES : []), ...(h.connector ? (['connector'] as Handle[]) : [])];
    for (const handle of candidates) if (near(handlePoint(h.box, handle, editor.viewport.scale))) return handle;
    return null;
  };

  const movable = (editor: Editor, ids: readonly string[]) =>
    ids.filter((id) => {
      const s = editor.doc.get(id);
      return s && editor.selectionType(s) !== 'locked' && editor.selectionType(s) !== 'private';
    });

  const started = (e: BoardPointer, editor: Editor) => {
    const selection = editor.selection;
    const tol = HIT_TOLERANCE / editor.viewport.scale;
    const selectable = (s: Shape) => editor.selectionType(s) !== 'private';
    const outline = editor.scene.hit({ x: e.x, y: e.y }, tol, selectable);
    // inside a hollow rectangle or circle: a click selects it; a drag from there box-selects,
    // unless it is already selected (then it moves) or the click toggles it
    const inside = outline ? undefined : editor.scene.enclosing({ x: e.x, y: e.y }, selectable);
    const hit = outline ?? (inside && (selection.includes(inside.id) || e.ctrl || e.shift || e.meta || e.button === 2) ? inside : undefined);

    if (e.button === 2) {
      if (hit && !selection.includes(hit.id)) editor.select([hit.id]);
      return;
    }
    if (e.button !== 0) return;

    if (e.clicks >= 2 && hit && selection.includes(hit.id) && editor.selectionType(hit) === 'normal') {
      const tool = shapeModuleOf(hit)?.editTool;
      if (tool && editor.canEdit()) {
        editor.setTool(tool, { edit: hit.id });
        return;
      }
    }

    // Shift stays free for aspect/angle locks on handles; Ctrl-click always toggles
    const handle = editor.canEdit() && !(e.ctrl || e.meta) ? handleAt(editor, e) : null;
    const box = editor.scene.overlay$.value.handles?.box;
    if (handle === 'start' || handle === 'end') {
      const line = editor.doc.get(selection[0]) as LineShape | undefined;
      if (line) drag = { mode: 'end', start: e, which: handle, line, next: null };
      return;
    }
    if (handle === 'connector') {
      drag = { mode: 'connect', start: e, draft: connectorBase(editor, selection[0]), dragging: false };
      return;
    }
    if (handle && box) {
      if (handle === 'rotate') drag = { mode: 'rotate', start: e, centre: rectCenter(box), ids: [...selection], delta: 0 };
      else {
        const others = snapTargets(editor, selection);
        drag = { mode: 'resize', start: e, handle, box, ids: [...selection], next: null, others, inner: others ? unionBox(editor, selection) : null };
      }
      return;
    }

    if (hit) {
      if (e.ctrl || e.shift || e.meta) {
        editor.select(selection.includes(hit.id) ? selection.filter((id) => id !== hit.id) : [...selection, hit.id]);
        drag = { mode: 'pending', start: e, hitId: null, toggled: true };
        return;
      }
      if (!selection.includes(hit.id)) editor.select([hit.id]);
      drag = { mode: 'pending', start: e, hitId: hit.id, toggled: false };
      return;
    }
    if (!(e.ctrl || e.shift || e.meta)) editor.select([]);
    drag = { mode: 'box', start: e, additive: e.ctrl || e.shift || e.meta, rect: null, inside: inside?.id ?? null };
  };

  const progress = (e: BoardPointer, editor: Editor) => {
    if (!drag) return;
    if (drag.mode === 'pending') {
      if (drag.toggled || !moved(drag.start, e, DRAG_THRESHOLD) || !editor.canEdit()) return;
      const ids = movable(editor, withFrameChildren(editor, editor.selection));
      if (!ids.length) return;
      const others = snapTargets(editor, ids);
      drag = { mode: 'move', start: drag.start, ids, duplicate: drag.start.alt, copies: [], dx: 0, dy: 0, box: others ? unionBox(editor, ids) : null, others };
      if (drag.duplicate) {
        drag.copies = copyShapes(ids.map((id) => editor.scene.shape(id)!).filter(Boolean), (s) => editor.copyShape(s));
      }
    }
    if (drag.mode === 'move') {
      let dx = e.x - drag.start.x, dy = e.y - drag.start.y;
      let lines: SnapLines = ALL_LINES;
      if (e.shift) {
        if (Math.abs(dx) > Math.abs(dy)) dy = 0;
        else dx = 0;
        lines = dy === 0 ? { x: ALL_LINES.x, y: [] } : { x: [], y: ALL_LINES.y };
      }
      let guides: number[] | null = null;
      // snap to objects; Ctrl/Cmd held suspends it for this move
      if (drag.others && drag.box && !(e.ctrl || e.meta)) {
        const moving = { ...drag.box, x: drag.box.x + dx, y: drag.box.y + dy };
        const s = snap(moving, drag.others, editor.viewport.scale, lines);
        dx += s.dx;
        dy += s.dy;
        guides = s.guides.length ? s.guides : null;
      }
      editor.scene.setOverlay({ guides });
      drag.dx = dx;
      drag.dy = dy;
      if (drag.duplicate) editor.scene.setPreview(drag.copies.map((s) => translateShape(s, dx, dy)));
      else {
        editor.scene.setOverrides(drag.ids.map((id) => [id, translateShape(editor.doc.get(id)!, dx, dy)]));
        editor.scene.setOverrides(connectorPreview(editor, drag.ids));
      }
      editor.refreshSelectionOverlay();
      return;
    }
    if (drag.mode === 'resize') {
      let next = resizeBox(drag.box, drag.handle, e, e.shift);
      let guides: number[] | null = null;
      // snap the dragged edges (Shift keeps the aspect ratio instead; Ctrl/Cmd suspends snapping)
      if (drag.others && drag.inner && !e.shift && !(e.ctrl || e.meta)) {
        const snapped = snapResize(drag.box, drag.inner, next, edgeLines(drag.handle, drag.box, next), drag.others, editor.viewport.scale);
        next = snapped.next;
        guides = snapped.guides.length ? snapped.guides : null;
      }
      editor.scene.setOverlay({ guides });
      drag.next = next;
      const from = drag.box;
      editor.scene.setOverrides(drag.ids.map((id) => {
        const s = editor.doc.get(id)!;
        return [id, resizeShape(s, mapBox(boxOf(s), from, next))];
      }));
      editor.scene.setOverrides(connectorPreview(editor, drag.ids));
      editor.refreshSelectionOverlay();
      return;
    }
    if (drag.mode === 'rotate') {
      const c = drag.centre;
      const a0 = Math.atan2(drag.start.y - c.y, drag.start.x - c.x);
      const a1 = Math.atan2(e.y - c.y, e.x - c.x);
      let delta = ((a1 - a0) * 180) / Math.PI;
      if (e.shift) delta = Math.round(delta / 15) * 15;
      drag.delta = delta;
      editor.scene.setOverrides(drag.ids.map((id) => {
        const s = editor.doc.get(id)!;
        return [id, { ...s, rotation: normalizeAngle((s.rotation ?? 0) + delta) }];
      }));
      editor.scene.setOverrides(connectorPreview(editor, drag.ids));
      editor.refreshSelectionOverlay();
      return;
    }
    if (drag.mode === 'connect') {
      if (!drag.dragging && !moved(drag.start, e, DRAG_THRESHOLD)) return;
      drag.dragging = true;
      drag.draft = connectorTo(editor, drag.draft, e);
      editor.scene.setPreview([drag.draft]);
      // the shape the arrow would attach to is outlined
      const target = drag.draft.end ? editor.scene.shape(drag.draft.end) : undefined;
      editor.scene.setOverlay({ selected: target ? [boundsOf(target)] : [] });
      return;
    }
    if (drag.mode === 'end') {
      if (!drag.next && !moved(drag.start, e, DRAG_THRESHOLD)) return;
      drag.next = lineWithEnd(editor, drag.line, drag.which, e);
      editor.scene.setOverrides([[drag.line.id, drag.next]]);
      editor.refreshSelectionOverlay();
      return;
    }
    if (drag.mode === 'box') {
      drag.rect = normalizeRect({ x: drag.start.x, y: drag.start.y, w: e.x - drag.start.x, h: e.y - drag.start.y });
      editor.scene.setOverlay({ dragBox: drag.rect });
    }
  };

  const completed = (e: BoardPointer, editor: Editor) => {
    const d = drag;
    drag = null;
    if (!d) return;
    if (d.mode === 'pending') {
      // a click on a frame's title strip (or a double click on a frame) edits its title
      if (d.hitId && frameTitleClick(editor, d.hitId, d.start)) return;
      // a plain click on a shape of a multi-selection selects just that shape
      if (d.hitId && editor.selection.length > 1) editor.select([d.hitId]);
      return;
    }
    if (d.mode === 'move' || d.mode === 'resize') editor.scene.setOverlay({ guides: null });
    if (d.mode === 'move') {
      editor.scene.clearOverrides();
      editor.scene.setPreview([]);
      if (d.dx === 0 && d.dy === 0) return;
      if (d.duplicate) {
        const copies = d.copies.map((s) => translateShape(s, d.dx, d.dy));
        const adds = copies.map((s) => editor.build({ cmd: s.cmd, shape: s } as Parameters<Editor['build']>[0]));
        editor.execute(adds.length === 1 ? stripBase(adds[0]) : { cmd: 'commandSet', commands: adds });
        editor.select(copies.map((s) => s.id));
      } else {
        editor.execute({ cmd: 'reposition', shapePositions: d.ids.map((shape) => ({ shape, x: d.dx, y: d.dy })) });
      }
      return;
    }
    if (d.mode === 'resize') {
      editor.scene.clearOverrides();
      if (!d.next) return;
      const to = d.next;
      const commands = d.ids.map((id) => {
        const b = mapBox(boxOf(editor.doc.get(id)!), d.box, to);
        return editor.build({ cmd: 'sizeModifier', shapes: [id], w: b.w, h: b.h, x: b.x, y: b.y });
      });
      if (commands.length === 1) editor.execute(stripBase(commands[0]));
      else if (commands.length) editor.execute({ cmd: 'commandSet', commands });
      return;
    }
    if (d.mode === 'rotate') {
      editor.scene.clearOverrides();
      if (!d.delta) return;
      const commands = d.ids.map((id) => editor.build({
        cmd: 'propertyModifier', shapes: [id], props: [{ name: 'rotation', value: normalizeAngle((editor.doc.get(id)!.rotation ?? 0) + d.delta) }],
      }));
      if (commands.length === 1) editor.execute(stripBase(commands[0]));
      else if (commands.length) editor.execute({ cmd: 'commandSet', commands });
      return;
    }
    if (d.mode === 'connect') {
      editor.scene.setPreview([]);
      editor.refreshSelectionOverlay();
      if (!d.dragging) return;
      editor.execute({ cmd: 'arrow', shape: d.draft });
      editor.select([d.draft.id]);
      return;
    }
    if (d.mode === 'end') {
      editor.scene.clearOverrides();
      const next = d.next;
      if (!next) return;
      const props: Array<{ name: string; value: unknown }> = [{ name: 'points', value: next.points }];
      if (next.start !== d.line.start) props.push({ name: 'start', value: next.start ?? null });
      if (next.end !== d.line.end) props.push({ name: 'end', value: next.end ?? null });
      editor.execute({ cmd: 'propertyModifier', shapes: [d.line.id], props });
      return;
    }
    if (d.mode === 'box') {
      editor.scene.setOverlay({ dragBox: null });
      if (d.inside && !moved(d.start, e, DRAG_THRESHOLD)) {
        editor.select([d.inside]);
        return;
      }
      if (!d.rect) return;
      const inside = editor.scene.inside(d.rect).filter((s) => editor.selectionType(s) === 'normal').map((s) => s.id);
      editor.select(d.additive ? [...new Set([...editor.selection, ...inside])] : inside);
    }
  };

  return {
    name: 'select',
    cursor: 'default',
    pointer(e, editor) {
      if (e.phase === 'Started') started(e, editor);
      else if (e.phase === 'Inprogress') progress(e, editor);
      else {
        progress(e, editor);
        completed(e, editor);
      }
    },
    deactivate(editor) {
      drag = null;
      editor.scene.clearOverrides();
      editor.scene.setPreview([]);
      editor.scene.setOverlay({ dragBox: null, guides: null });
    },
  };
}

/** The rectangles a drag snaps to (the other shapes on screen), or null when snapping is off. */
function snapTargets(editor: Editor, moving: readonly string[]): Rect[] | null {
  if (!editor.snapping()) return null;
  const skip = new Set(moving);
  const out: Rect[] = [];
  for (const id of editor.scene.visible(editor.viewport.visibleRect())) {
    const s = editor.scene.shape(id);
    if (!s || skip.has(id) || s.cmd === 'comment') continue;
    out.push(boxOf(s));
  }
  return out;
}

function unionBox(editor: Editor, ids: readonly string[]): Rect | null {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
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
export function snapResize(from: Rect, inner: Rect, next: Rect, lines: SnapLines, others: readonly Rect[], scale: number): { next: Rect; guides: number[] } {
  const innerOf = (r: Rect) => mapBox(inner, from, r);
  const now = innerOf(next);
  const s = snap(now, others, scale, lines);
  if (!s.dx && !s.dy) return { next, guides: s.guides };
  const edge = (r: Rect, axis: 'x' | 'y') => {
    const l = lines[axis][0];
    const start = axis === 'x' ? r.x : r.y, size = axis === 'x' ? r.w : r.h;
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
  const x = handle.includes('e') ? (to.x < from.x ? 'start' : 'end') : handle.includes('w') ? (to.x + to.w > from.x + from.w ? 'end' : 'start') : null;
  const y = handle.includes('s') ? (to.y < from.y ? 'start' : 'end') : handle.includes('n') ? (to.y + to.h > from.y + from.h ? 'end' : 'start') : null;
  return { x: x ? [x] : [], y: y ? [y] : [] };
}

export function normalizeAngle(deg: number): number {
  const r = ((deg % 360) + 360) % 360;
  return Math.round(r * 100) / 100;
}

/** A built command turned back into execute's input (execute assigns id, uid, time, status). */
function stripBase(c: Command): Parameters<Editor['execute']>[0] {
  const { id: _id, uid: _uid, timestamp: _t, status: _s, seq: _q, ...rest } = c as Command & { seq?: number };
  return rest as Parameters<Editor['execute']>[0];
}
