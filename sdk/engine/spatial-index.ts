import type { Rect } from './viewport';

/**
 * A uniform-grid spatial hash over shape bounds: `query(rect)` returns the ids whose bounds
 * intersect `rect` in time proportional to the cells visited plus the hits, so culling and
 * hit testing stay fast on boards with tens of thousands of shapes.
 *
 * Shapes spanning more than MAX_CELLS cells live in a small "large" list tested on every
 * query (a huge frame must not fill thousands of cells). When a query covers more cells than
 * the grid has occupied cells (zoomed far out), it walks the occupied cells instead.
 */
const MAX_CELLS = 64;

interface Entry {
  id: string;
  rect: Rect;
  cells: number[] | null;
  stamp: number;
}

export class SpatialIndex {
  private readonly cellSize: number;
  private readonly cells = new Map<number, Entry[]>();
  private readonly entries = new Map<string, Entry>();
  private readonly large = new Set<Entry>();
  private stamp = 0;

  constructor(cellSize = 256) {
    this.cellSize = cellSize;
  }

  get size(): number {
    return this.entries.size;
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  bounds(id: string): Rect | undefined {
    return this.entries.get(id)?.rect;
  }

  /** Cell key: two signed 16-bit-ish cell coordinates packed into one safe integer. */
  private key(cx: number, cy: number): number {
    return (cx + 1_048_576) * 2_097_152 + (cy + 1_048_576);
  }

  private range(r: Rect): [number, number, number, number] {
    const s = this.cellSize;
    return [Math.floor(r.x / s), Math.floor(r.y / s), Math.floor((r.x + r.w) / s), Math.floor((r.y + r.h) / s)];
  }

  insert(id: string, rect: Rect): void {
    if (this.entries.has(id)) this.remove(id);
    if (![rect.x, rect.y, rect.w, rect.h].every(Number.isFinite)) return;
    const entry: Entry = { id, rect: { ...rect }, cells: null, stamp: 0 };
    this.entries.set(id, entry);
    const [x0, y0, x1, y1] = this.range(rect);
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > MAX_CELLS) {
      this.large.add(entry);
      return;
    }
    entry.cells = [];
    for (let cx = x0; cx <= x1; cx++) {
      for (let cy = y0; cy <= y1; cy++) {
        const k = this.key(cx, cy);
        let bucket = this.cells.get(k);
        if (!bucket) this.cells.set(k, (bucket = []));
        bucket.push(entry);
        entry.cells.push(k);
      }
    }
  }

  update(id: string, rect: Rect): void {
    this.insert(id, rect);
  }

  remove(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    if (!entry.cells) {
      this.large.delete(entry);
      return;
    }
    for (const k of entry.cells) {
      const bucket = this.cells.get(k);
      if (!bucket) continue;
      const i = bucket.indexOf(entry);
      if (i >= 0) {
        bucket[i] = bucket[bucket.length - 1];
        bucket.pop();
      }
      if (bucket.length === 0) this.cells.delete(k);
    }
  }

  clear(): void {
    this.cells.clear();
    this.entries.clear();
    this.large.clear();
  }

  /** Ids whose bounds intersect `r` (edges touching count), in no particular order. */
  query(r: Rect): string[] {
    const out: string[] = [];
    const stamp = ++this.stamp;
    const x2 = r.x + r.w;
    const y2 = r.y + r.h;
    const visit = (e: Entry) => {
      if (e.stamp === stamp) return;
      e.stamp = stamp;
      const b = e.rect;
      if (b.x <= x2 && b.x + b.w >= r.x && b.y <= y2 && b.y + b.h >= r.y) out.push(e.id);
    };
    const [x0, y0, x1, y1] = this.range(r);
    const span = (x1 - x0 + 1) * (y1 - y0 + 1);
    if (span > this.cells.size) {
      for (const bucket of this.cells.values()) for (const e of bucket) visit(e);
    } else {
      for (let cx = x0; cx <= x1; cx++) {
        for (let cy = y0; cy <= y1; cy++) {
          const bucket = this.cells.get(this.key(cx, cy));
          if (bucket) for (const e of bucket) visit(e);
        }
      }
    }
    for (const e of this.large) visit(e);
    return out;
  }

  /** Ids whose bounds lie entirely inside `r` (drag-box selection). */
  queryInside(r: Rect): string[] {
    return this.query(r).filter((id) => {
      const b = this.entries.get(id)!.rect;
      return b.x >= r.x && b.y >= r.y && b.x + b.w <= r.x + r.w && b.y + b.h <= r.y + r.h;
    });
  }

  /** Ids whose bounds contain the point, grown by `tolerance`. */
  queryPoint(x: number, y: number, tolerance = 0): string[] {
    return this.query({ x: x - tolerance, y: y - tolerance, w: 2 * tolerance, h: 2 * tolerance });
  }

  /** Union of all bounds, or null when empty. */
  extent(): Rect | null {
    let x0 = Infinity,
      y0 = Infinity,
      x1 = -Infinity,
      y1 = -Infinity;
    for (const { rect: b } of this.entries.values()) {
      if (b.x < x0) x0 = b.x;
      if (b.y < y0) y0 = b.y;
      if (b.x + b.w > x1) x1 = b.x + b.w;
      if (b.y + b.h > y1) y1 = b.y + b.h;
    }
    return x0 === Infinity ? null : { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
  }
}
