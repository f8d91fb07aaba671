import { boundsOf, childrenOf, isHiddenShape } from '../geometry/registry';
import type { Rect } from '../geometry/rect';
import type { Shape } from '../model';

/**
 * The order a person reads a board in (issue 32: Tab moves through shapes in it, the screen
 * reader's list follows it): top to bottom in rows, left to right within a row; a frame is read
 * where it stands and its children straight after it, in the same order. Two shapes are in one
 * row when their vertical centres are closer than half the smaller one's height (so a row of
 * stickies of slightly different heights reads left to right). Hidden shapes are left out.
 */
export function readingOrder(shapes: readonly Shape[]): Shape[] {
  const visible = shapes.filter((s) => !isHiddenShape(s));
  const byId = new Map(visible.map((s) => [s.id, s]));
  const parent = new Map<string, string>();
  for (const s of visible) for (const child of childrenOf(s)) if (byId.has(child) && child !== s.id) parent.set(child, s.id);
  const boxes = new Map(visible.map((s) => [s.id, boundsOf(s)]));
  const ordered: Shape[] = [];
  const seen = new Set<string>();
  const visit = (list: Shape[]) => {
    for (const s of rows(list, boxes)) {
      if (seen.has(s.id)) continue;
      seen.add(s.id);
      ordered.push(s);
      const kids = childrenOf(s)
        .map((id) => byId.get(id))
        .filter((c): c is Shape => !!c && parent.get(c.id) === s.id);
      if (kids.length) visit(kids);
    }
  };
  visit(visible.filter((s) => !parent.has(s.id)));
  return ordered;
}

function rows(list: Shape[], boxes: Map<string, Rect>): Shape[] {
  const box = (s: Shape) => boxes.get(s.id)!;
  const sorted = [...list].sort((a, b) => box(a).y + box(a).h / 2 - (box(b).y + box(b).h / 2));
  const out: Shape[] = [];
  let row: Shape[] = [];
  let rowCentre = 0;
  let rowHeight = 0;
  const flush = () => {
    row.sort((a, b) => box(a).x - box(b).x);
    out.push(...row);
    row = [];
  };
  for (const s of sorted) {
    const b = box(s);
    const centre = b.y + b.h / 2;
    if (row.length && Math.abs(centre - rowCentre) >= Math.max(1, Math.min(rowHeight, b.h) / 2)) flush();
    if (!row.length) {
      rowCentre = centre;
      rowHeight = b.h;
    }
    row.push(s);
  }
  flush();
  return out;
}

export type Direction = 'left' | 'right' | 'up' | 'down';

/**
 * The shape nearest to `from` in a direction (Ctrl+Arrow, issue 32): among the shapes whose centre
 * lies that way (within a 45° cone either side), the closest, the distance across the direction
 * counting double. None there: null.
 */
export function nearestInDirection(from: Shape, shapes: readonly Shape[], direction: Direction): Shape | null {
  const a = centre(boundsOf(from));
  let best: Shape | null = null;
  let bestScore = Infinity;
  for (const s of shapes) {
    if (s.id === from.id || isHiddenShape(s)) continue;
    const c = centre(boundsOf(s));
    const dx = c.x - a.x;
    const dy = c.y - a.y;
    const [along, across] = direction === 'left' ? [-dx, dy] : direction === 'right' ? [dx, dy] : direction === 'up' ? [-dy, dx] : [dy, dx];
    if (along <= 0 || Math.abs(across) > along) continue;
    const score = along + 2 * Math.abs(across);
    if (score < bestScore) {
      bestScore = score;
      best = s;
    }
  }
  return best;
}

const centre = (r: Rect) => ({ x: r.x + r.w / 2, y: r.y + r.h / 2 });
