/**
 * Where the floating menu goes (board.md §2 and §9: 5 px from the selection and the board's sides,
 * 60 px from the top): above the selection or below it, on the side whose band has no other shape
 * under the menu, or the least of them (issue 34: the menu of a selected arrow covered the sticky
 * note next to it); above when both are equally clear. A side the menu does not fit on (closer
 * than 60 px to the top, or past the board's bottom) is not a candidate; when neither fits it goes
 * above if it can, else below — as before. Horizontally centred on the selection, kept 5 px inside
 * the board and right of the toolbox where its row meets it.
 */
import type { Rect } from '../../shared/geometry';
import type { Editor } from '../editor/editor';

/** A box in the board element's pixels (0,0 is the board's top-left corner). */
export interface ScreenBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface MenuPlaceInput {
  /** the selection's top and bottom edges and its horizontal centre, on the board's pixels */
  top: number;
  bottom: number;
  centre: number;
  /** clearance from the selection's edge to the menu above it (rotate handle) and below it (handles) */
  above: number;
  below: number;
  /** the menu's measured size and the board's size */
  w: number;
  h: number;
  boardW: number;
  boardH: number;
  /** the board's margins (board.md §9): to the sides and selection, and to the top */
  gap: number;
  topMargin: number;
  /** the toolbox on the board's left, if shown */
  toolbox: ScreenBox | null;
  /** the other shapes on the screen (not the selection, not what contains it) */
  others: readonly ScreenBox[];
}

const overlap = (a: ScreenBox, b: ScreenBox) =>
  Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

function leftFor(p: MenuPlaceInput, y: number): number {
  const t = p.toolbox;
  const left = t && y < t.bottom && y + p.h > t.top ? t.right + p.gap : p.gap;
  return Math.min(Math.max(left, p.centre - p.w / 2), Math.max(left, p.boardW - p.w - p.gap));
}

/** The menu's top-left corner on the board's pixels, and the side it took. */
export function placeFloatingMenu(p: MenuPlaceInput): { x: number; y: number; side: 'above' | 'below' } {
  const yAbove = p.top - p.above - p.h;
  const yBelow = p.bottom + p.below;
  const sides: { side: 'above' | 'below'; y: number }[] = [];
  if (yAbove >= p.topMargin) sides.push({ side: 'above', y: yAbove });
  if (yBelow + p.h <= p.boardH - p.gap) sides.push({ side: 'below', y: yBelow });
  if (!sides.length) sides.push(yAbove >= p.topMargin ? { side: 'above', y: yAbove } : { side: 'below', y: yBelow });
  let best: { x: number; y: number; side: 'above' | 'below'; covered: number } | null = null;
  for (const s of sides) {
    const x = leftFor(p, s.y);
    const box = { left: x, top: s.y, right: x + p.w, bottom: s.y + p.h };
    const covered = p.others.reduce((sum, o) => sum + overlap(box, o), 0);
    if (!best || covered < best.covered) best = { x, y: s.y, side: s.side, covered };
  }
  return { x: best!.x, y: best!.y, side: best!.side };
}

const contains = (outer: Rect, inner: Rect) =>
  outer.x <= inner.x && outer.y <= inner.y && outer.x + outer.w >= inner.x + inner.w && outer.y + outer.h >= inner.y + inner.h;

/**
 * The boxes, on the board's pixels, of the shapes the menu should not cover: every visible shape
 * within reach of the menu (the board area around the selection) except the selection and the
 * shapes that contain it (a frame the selection sits in is under both sides alike).
 */
export function shapesAround(editor: Editor, selection: Rect, reach: number): ScreenBox[] {
  const scale = editor.viewport.scale || 1;
  const r = reach / scale;
  const area = { x: selection.x - r, y: selection.y - r, w: selection.w + 2 * r, h: selection.h + 2 * r };
  const selected = new Set(editor.selection);
  const out: ScreenBox[] = [];
  for (const id of editor.scene.index.query(area)) {
    if (selected.has(id)) continue;
    const shape = editor.scene.shape(id);
    const b = editor.scene.index.bounds(id);
    if (!shape || !b || editor.scene.isHidden(shape) || contains(b, selection)) continue;
    const a = editor.toScreen(b.x, b.y),
      z = editor.toScreen(b.x + b.w, b.y + b.h);
    out.push({ left: a.x, top: a.y, right: z.x, bottom: z.y });
  }
  return out;
}
