import { describe, expect, it } from 'vitest';
import { SpatialIndex } from '../../../sdk/engine/spatial-index';

type R = { x: number; y: number; w: number; h: number };
const intersects = (a: R, b: R) => a.x <= b.x + b.w && b.x <= a.x + a.w && a.y <= b.y + b.h && b.y <= a.y + a.h;

function rng(seed: number) {
  return () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

describe('SpatialIndex (uniform grid)', () => {
  it('answers rectangle queries exactly like a brute-force scan', () => {
    const rand = rng(7);
    const index = new SpatialIndex(128);
    const rects = new Map<string, R>();
    for (let i = 0; i < 3000; i++) {
      const big = rand() < 0.02;
      const r = {
        x: rand() * 20000 - 10000,
        y: rand() * 20000 - 10000,
        w: big ? 3000 + rand() * 5000 : rand() * 300,
        h: big ? 3000 : rand() * 300,
      };
      rects.set(`s${i}`, r);
      index.insert(`s${i}`, r);
    }
    for (let q = 0; q < 60; q++) {
      const size = q < 20 ? 500 : q < 40 ? 5000 : 40000;
      const query = { x: rand() * 20000 - 10000 - size / 2, y: rand() * 20000 - 10000 - size / 2, w: size, h: size * 0.6 };
      const expected = [...rects]
        .filter(([, r]) => intersects(r, query))
        .map(([id]) => id)
        .sort();
      expect(index.query(query).sort()).toEqual(expected);
    }
  });

  it('updates and removes entries', () => {
    const index = new SpatialIndex(100);
    index.insert('a', { x: 0, y: 0, w: 10, h: 10 });
    index.insert('b', { x: 500, y: 500, w: 10, h: 10 });
    expect(index.query({ x: -5, y: -5, w: 20, h: 20 })).toEqual(['a']);
    index.update('a', { x: 1000, y: 1000, w: 10, h: 10 });
    expect(index.query({ x: -5, y: -5, w: 20, h: 20 })).toEqual([]);
    expect(index.queryPoint(1005, 1005)).toEqual(['a']);
    index.remove('b');
    expect(index.size).toBe(1);
    expect(index.extent()).toEqual({ x: 1000, y: 1000, w: 10, h: 10 });
    index.clear();
    expect(index.extent()).toBe(null);
  });

  it('keeps huge shapes out of the grid cells but still finds them', () => {
    const index = new SpatialIndex(10);
    index.insert('huge', { x: -1e6, y: -1e6, w: 2e6, h: 2e6 });
    index.insert('dot', { x: 5, y: 5, w: 0, h: 0 });
    expect(index.queryPoint(123456, -98765).sort()).toEqual(['huge']);
    expect(index.queryPoint(5, 5).sort()).toEqual(['dot', 'huge']);
  });

  it('selects only entries fully inside a rectangle', () => {
    const index = new SpatialIndex();
    index.insert('in', { x: 10, y: 10, w: 20, h: 20 });
    index.insert('across', { x: 90, y: 10, w: 20, h: 20 });
    expect(index.queryInside({ x: 0, y: 0, w: 100, h: 100 })).toEqual(['in']);
  });

  it('ignores non-finite bounds', () => {
    const index = new SpatialIndex();
    index.insert('bad', { x: NaN, y: 0, w: 1, h: 1 });
    expect(index.size).toBe(0);
  });
});
