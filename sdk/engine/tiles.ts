import type { Rect } from '../../shared/geometry';
import type { ViewState } from './viewport';

/**
 * Tile pyramid math for the shape layer cache (pure, testable without a DOM).
 *
 * The static shapes are rendered into 256 px tiles at power-of-two zoom levels, like a map.
 * Level z renders the board at scale 2^z; a tile (z, i, j) covers the board square of side
 * TILE_PX / 2^z starting at (i, j) × that side. For a view at scale s the level used is the
 * smallest z with 2^z ≥ s, so tiles are never magnified (they are shrunk by at most half).
 */
export const TILE_PX = 256;
export const MIN_LEVEL = -5; // 3.1 %, below the 5 % zoom floor
export const MAX_LEVEL = 3; // 800 %, above the 600 % ceiling

export interface TileKey {
  z: number;
  i: number;
  j: number;
}

export const tileId = (t: TileKey): string => `${t.z}/${t.i}/${t.j}`;

export function levelFor(scale: number): number {
  return Math.min(MAX_LEVEL, Math.max(MIN_LEVEL, Math.ceil(Math.log2(scale) - 1e-9))) + 0; // + 0: no -0
}

/** Board side of a tile at level z. */
export const tileSpan = (z: number): number => TILE_PX / 2 ** z;

/** The board rectangle of a tile. */
export function tileRect(t: TileKey): Rect {
  const s = tileSpan(t.z);
  return { x: t.i * s, y: t.j * s, w: s, h: s };
}

/** Tiles of level z covering a board rectangle, nearest to its centre first. */
export function tilesCovering(rect: Rect, z: number): TileKey[] {
  const s = tileSpan(z);
  const i0 = Math.floor(rect.x / s),
    i1 = Math.floor((rect.x + rect.w) / s);
  const j0 = Math.floor(rect.y / s),
    j1 = Math.floor((rect.y + rect.h) / s);
  const cx = (rect.x + rect.w / 2) / s - 0.5,
    cy = (rect.y + rect.h / 2) / s - 0.5;
  const out: TileKey[] = [];
  for (let i = i0; i <= i1; i++) for (let j = j0; j <= j1; j++) out.push({ z, i, j });
  return out.sort((a, b) => Math.hypot(a.i - cx, a.j - cy) - Math.hypot(b.i - cx, b.j - cy));
}

/** The tiles a view needs: its level, covering the visible board rectangle. */
export function tilesForView(view: ViewState, width: number, height: number): TileKey[] {
  const z = levelFor(view.scale);
  const rect = { x: -view.tx / view.scale, y: -view.ty / view.scale, w: width / view.scale, h: height / view.scale };
  return tilesCovering(rect, z);
}

/**
 * Where a tile lands on screen (CSS px). The view's translation is snapped to whole pixels and
 * the edges rounded, so neighbouring tiles abut exactly (no seam, no overlap) and at the
 * level's own scale a tile is copied pixel for pixel.
 */
export function tileScreenRect(t: TileKey, view: ViewState): Rect {
  const r = tileRect(t);
  const tx = Math.round(view.tx),
    ty = Math.round(view.ty);
  const x0 = Math.round(r.x * view.scale + tx),
    y0 = Math.round(r.y * view.scale + ty);
  const x1 = Math.round((r.x + r.w) * view.scale + tx),
    y1 = Math.round((r.y + r.h) * view.scale + ty);
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/** The coarser tile (level z − 1) that contains a tile, and which quarter of it. */
export function parentOf(t: TileKey): { parent: TileKey; quarter: { x: number; y: number } } {
  const parent = { z: t.z - 1, i: Math.floor(t.i / 2), j: Math.floor(t.j / 2) };
  return { parent, quarter: { x: t.i - parent.i * 2, y: t.j - parent.j * 2 } };
}

/** Tiles at every cached level touched by a damaged board rectangle. */
export function tilesTouching(rect: Rect, levels: Iterable<number>): TileKey[] {
  const out: TileKey[] = [];
  for (const z of levels) {
    const s = tileSpan(z);
    const i0 = Math.floor(rect.x / s),
      i1 = Math.floor((rect.x + rect.w) / s);
    const j0 = Math.floor(rect.y / s),
      j1 = Math.floor((rect.y + rect.h) / s);
    if ((i1 - i0 + 1) * (j1 - j0 + 1) > 4096) continue; // a huge rect at a fine level: caller clears that level
    for (let i = i0; i <= i1; i++) for (let j = j0; j <= j1; j++) out.push({ z, i, j });
  }
  return out;
}
