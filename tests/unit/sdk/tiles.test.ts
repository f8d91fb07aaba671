import { describe, expect, it } from 'vitest';
import {
  levelFor,
  parentOf,
  tileId,
  tileRect,
  tileScreenRect,
  tileSpan,
  tilesCovering,
  tilesForView,
  tilesTouching,
  TILE_PX,
} from '../../../sdk/engine/tiles';

describe('tile pyramid math', () => {
  it('picks the smallest power-of-two level at or above the zoom (tiles never magnified)', () => {
    expect(levelFor(1)).toBe(0);
    expect(levelFor(0.75)).toBe(0);
    expect(levelFor(0.5)).toBe(-1);
    expect(levelFor(0.3)).toBe(-1);
    expect(levelFor(0.05)).toBe(-4);
    expect(levelFor(1.5)).toBe(1);
    expect(levelFor(6)).toBe(3);
    expect(levelFor(0.001)).toBe(-5);
    expect(tileSpan(0)).toBe(TILE_PX);
    expect(tileSpan(-2)).toBe(TILE_PX * 4);
  });

  it('covers the view with the tiles of its level, nearest to the centre first', () => {
    const tiles = tilesForView({ tx: 0, ty: 0, scale: 1 }, 512, 256);
    expect(tiles.map(tileId).sort()).toEqual(['0/0/0', '0/0/1', '0/1/0', '0/1/1', '0/2/0', '0/2/1'].sort());
    const centred = tilesCovering({ x: -300, y: -300, w: 600, h: 600 }, 0);
    expect(tileId(centred[0])).toMatch(/^0\/(-1|0)\/(-1|0)$/);
    expect(tileRect({ z: -1, i: 2, j: -1 })).toEqual({ x: 1024, y: -512, w: 512, h: 512 });
  });

  it('places tiles on whole pixels, abutting exactly', () => {
    const view = { tx: 10.4, ty: -3.6, scale: 0.7 };
    const a = tileScreenRect({ z: 0, i: 0, j: 0 }, view);
    const b = tileScreenRect({ z: 0, i: 1, j: 0 }, view);
    expect(Number.isInteger(a.x) && Number.isInteger(a.w)).toBe(true);
    expect(a.x + a.w).toBe(b.x);
    expect(tileScreenRect({ z: 0, i: 1, j: 2 }, { tx: 0.2, ty: 0, scale: 1 })).toEqual({ x: 256, y: 512, w: 256, h: 256 });
  });

  it('finds the coarser parent and the quarter a tile is', () => {
    expect(parentOf({ z: 0, i: 3, j: -1 })).toEqual({ parent: { z: -1, i: 1, j: -1 }, quarter: { x: 1, y: 1 } });
    expect(parentOf({ z: 0, i: -4, j: 2 })).toEqual({ parent: { z: -1, i: -2, j: 1 }, quarter: { x: 0, y: 0 } });
  });

  it('lists the tiles a damaged area touches on every cached level', () => {
    const touched = tilesTouching({ x: 250, y: 10, w: 20, h: 20 }, [0, -1]).map(tileId).sort();
    expect(touched).toEqual(['-1/0/0', '0/0/0', '0/1/0']);
  });
});
