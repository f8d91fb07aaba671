import { CIRCULAR_RADIUS_PER_SHAPE, LAYOUT_GAP } from '../constants';
import type { Rect } from './rect';

/**
 * Align, distribute and auto-arrange (board.md §5 minimums, §9 layout gap 20, circular radius
 * 40 per shape, the five arrange layouts and six align options). Pure maths: each function takes
 * the shapes' bounds and returns how far each one moves, so the editor sends ONE reposition
 * command (one undo step) for the whole operation.
 */

export interface ArrangeItem {
  id: string;
  rect: Rect;
}
export interface Move {
  id: string;
  dx: number;
  dy: number;
}

export const ALIGN_MODES = ['left', 'centerH', 'right', 'top', 'centerV', 'bottom'] as const;
export type AlignMode = (typeof ALIGN_MODES)[number];
export type DistributeAxis = 'horizontal' | 'vertical';
export const ARRANGE_LAYOUTS = ['vertical', 'horizontal', 'grid', 'circular', 'stack'] as const;
export type ArrangeLayout = (typeof ARRANGE_LAYOUTS)[number];

/** board.md §5: align needs 2 shapes, distribute 3, auto-arrange more than one. */
export const MIN_ALIGN = 2;
export const MIN_DISTRIBUTE = 3;
export const MIN_ARRANGE = 2;

const round = (v: number) => Math.round(v * 100) / 100;

function bbox(items: readonly ArrangeItem[]): Rect {
  const x0 = Math.min(...items.map((i) => i.rect.x)),
    y0 = Math.min(...items.map((i) => i.rect.y));
  const x1 = Math.max(...items.map((i) => i.rect.x + i.rect.w)),
    y1 = Math.max(...items.map((i) => i.rect.y + i.rect.h));
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/** Moves to place each item's top-left at a target; items that stay put are left out. */
function movesTo(items: readonly ArrangeItem[], target: (item: ArrangeItem, index: number) => { x: number; y: number }): Move[] {
  const out: Move[] = [];
  items.forEach((item, i) => {
    const t = target(item, i);
    const dx = round(t.x - item.rect.x),
      dy = round(t.y - item.rect.y);
    if (dx !== 0 || dy !== 0) out.push({ id: item.id, dx, dy });
  });
  return out;
}

/** Reading order: top to bottom, then left to right (ties by id keep it stable). */
function readingOrder(items: readonly ArrangeItem[]): ArrangeItem[] {
  return [...items].sort((a, b) => a.rect.y - b.rect.y || a.rect.x - b.rect.x || (a.id < b.id ? -1 : 1));
}

/**
 * Align to the selection's bounds: left / right / top / bottom edges, or the centres on one
 * vertical line ('centerH', "align horizontally") or one horizontal line ('centerV', "align vertically").
 */
export function alignMoves(items: readonly ArrangeItem[], mode: AlignMode): Move[] {
  if (items.length < MIN_ALIGN) return [];
  const box = bbox(items);
  return movesTo(items, ({ rect: r }) => {
    switch (mode) {
      case 'left':
        return { x: box.x, y: r.y };
      case 'right':
        return { x: box.x + box.w - r.w, y: r.y };
      case 'centerH':
        return { x: box.x + box.w / 2 - r.w / 2, y: r.y };
      case 'top':
        return { x: r.x, y: box.y };
      case 'bottom':
        return { x: r.x, y: box.y + box.h - r.h };
      case 'centerV':
        return { x: r.x, y: box.y + box.h / 2 - r.h / 2 };
    }
  });
}

/**
 * Equal gaps between neighbours along an axis; the first and last shapes (by centre) stay where
 * they are (Excalidraw's and Miro's distribute).
 */
export function distributeMoves(items: readonly ArrangeItem[], axis: DistributeAxis): Move[] {
  if (items.length < MIN_DISTRIBUTE) return [];
  const h = axis === 'horizontal';
  const pos = (r: Rect) => (h ? r.x : r.y);
  const size = (r: Rect) => (h ? r.w : r.h);
  const sorted = [...items].sort((a, b) => pos(a.rect) + size(a.rect) / 2 - (pos(b.rect) + size(b.rect) / 2) || (a.id < b.id ? -1 : 1));
  const first = sorted[0].rect,
    last = sorted[sorted.length - 1].rect;
  const span = pos(last) + size(last) - pos(first);
  const total = sorted.reduce((sum, i) => sum + size(i.rect), 0);
  const gap = (span - total) / (sorted.length - 1);
  let at = pos(first);
  const targets = new Map<string, number>();
  for (const item of sorted) {
    targets.set(item.id, at);
    at += size(item.rect) + gap;
  }
  return movesTo(sorted, (item) => (h ? { x: targets.get(item.id)!, y: item.rect.y } : { x: item.rect.x, y: targets.get(item.id)! }));
}

/**
 * Auto-arrange from the selection's top-left corner, in reading order:
 *  - vertical: one column, left edges aligned, `gap` between shapes;
 *  - horizontal: one row, top edges aligned, `gap` between shapes;
 *  - grid: ceil(√n) columns of cells as large as the largest shape, `gap` between cells;
 *  - circular: centres on a circle of radius `radiusPerShape` × n around the selection's centre,
 *    the first shape at the top, clockwise;
 *  - stack: a pile like cards, each shape offset by half the gap down and right from the previous.
 */
export function arrangeMoves(
  items: readonly ArrangeItem[],
  layout: ArrangeLayout,
  gap = LAYOUT_GAP,
  radiusPerShape = CIRCULAR_RADIUS_PER_SHAPE,
): Move[] {
  if (items.length < MIN_ARRANGE) return [];
  const box = bbox(items);
  const sorted = readingOrder(items);
  switch (layout) {
    case 'vertical': {
      let y = box.y;
      return movesTo(sorted, ({ rect }) => {
        const t = { x: box.x, y };
        y += rect.h + gap;
        return t;
      });
    }
    case 'horizontal': {
      let x = box.x;
      return movesTo(sorted, ({ rect }) => {
        const t = { x, y: box.y };
        x += rect.w + gap;
        return t;
      });
    }
    case 'grid': {
      const cols = Math.ceil(Math.sqrt(sorted.length));
      const cw = Math.max(...sorted.map((i) => i.rect.w)),
        ch = Math.max(...sorted.map((i) => i.rect.h));
      return movesTo(sorted, (_item, i) => ({ x: box.x + (i % cols) * (cw + gap), y: box.y + Math.floor(i / cols) * (ch + gap) }));
    }
    case 'circular': {
      const n = sorted.length;
      const radius = radiusPerShape * n;
      const cx = box.x + box.w / 2,
        cy = box.y + box.h / 2;
      return movesTo(sorted, ({ rect }, i) => {
        const a = -Math.PI / 2 + (2 * Math.PI * i) / n;
        return { x: cx + radius * Math.cos(a) - rect.w / 2, y: cy + radius * Math.sin(a) - rect.h / 2 };
      });
    }
    case 'stack': {
      const step = gap / 2;
      return movesTo(sorted, (_item, i) => ({ x: box.x + i * step, y: box.y + i * step }));
    }
  }
}
