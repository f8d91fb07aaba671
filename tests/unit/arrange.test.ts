import { describe, expect, it } from 'vitest';
import { alignMoves, arrangeMoves, distributeMoves, type ArrangeItem, type Move } from '../../shared/geometry/arrange';
import { CIRCULAR_RADIUS_PER_SHAPE, LAYOUT_GAP } from '../../shared/constants';

const item = (id: string, x: number, y: number, w: number, h: number): ArrangeItem => ({ id, rect: { x, y, w, h } });

/** Applies moves and returns each item's resulting rectangle. */
function apply(items: ArrangeItem[], moves: Move[]) {
  const out: Record<string, { x: number; y: number; w: number; h: number }> = {};
  for (const i of items) {
    const m = moves.find((mv) => mv.id === i.id);
    out[i.id] = { ...i.rect, x: i.rect.x + (m?.dx ?? 0), y: i.rect.y + (m?.dy ?? 0) };
  }
  return out;
}

const three = [item('a', 0, 0, 100, 50), item('b', 200, 100, 50, 50), item('c', 400, 30, 80, 120)];

describe('align', () => {
  it('needs at least two shapes', () => {
    expect(alignMoves([item('a', 5, 5, 10, 10)], 'left')).toEqual([]);
  });

  it('left aligns left edges on the selection left', () => {
    const r = apply(three, alignMoves(three, 'left'));
    expect([r.a.x, r.b.x, r.c.x]).toEqual([0, 0, 0]);
    expect([r.a.y, r.b.y, r.c.y]).toEqual([0, 100, 30]);
  });

  it('right aligns right edges on the selection right', () => {
    const r = apply(three, alignMoves(three, 'right'));
    expect([r.a.x + r.a.w, r.b.x + r.b.w, r.c.x + r.c.w]).toEqual([480, 480, 480]);
  });

  it('horizontally puts centres on one vertical line (selection centre)', () => {
    const r = apply(three, alignMoves(three, 'centerH'));
    expect([r.a.x + r.a.w / 2, r.b.x + r.b.w / 2, r.c.x + r.c.w / 2]).toEqual([240, 240, 240]);
  });

  it('top, bottom and vertically use the selection top, bottom and middle', () => {
    const top = apply(three, alignMoves(three, 'top'));
    expect([top.a.y, top.b.y, top.c.y]).toEqual([0, 0, 0]);
    const bottom = apply(three, alignMoves(three, 'bottom'));
    expect([bottom.a.y + 50, bottom.b.y + 50, bottom.c.y + 120]).toEqual([150, 150, 150]);
    const mid = apply(three, alignMoves(three, 'centerV'));
    expect([mid.a.y + 25, mid.b.y + 25, mid.c.y + 60]).toEqual([75, 75, 75]);
    expect([mid.a.x, mid.b.x, mid.c.x]).toEqual([0, 200, 400]);
  });

  it('leaves out shapes that do not move', () => {
    expect(alignMoves(three, 'left').map((m) => m.id)).toEqual(['b', 'c']);
  });
});

describe('distribute', () => {
  it('needs at least three shapes', () => {
    expect(distributeMoves(three.slice(0, 2), 'horizontal')).toEqual([]);
  });

  it('horizontally makes equal gaps, first and last stay', () => {
    const items = [item('a', 0, 0, 100, 10), item('b', 110, 50, 20, 10), item('c', 400, 0, 100, 10)];
    const r = apply(items, distributeMoves(items, 'horizontal'));
    expect(r.a.x).toBe(0);
    expect(r.c.x).toBe(400);
    // span 500, sizes 220 → two gaps of 140
    expect(r.b.x).toBe(240);
    expect(r.b.y).toBe(50);
  });

  it('vertically orders by centre and makes equal gaps', () => {
    const items = [item('a', 0, 300, 10, 100), item('b', 0, 0, 10, 100), item('c', 50, 60, 10, 40)];
    const r = apply(items, distributeMoves(items, 'vertical'));
    expect(r.b.y).toBe(0);
    expect(r.a.y).toBe(300);
    // span 400, sizes 240 → gaps of 80: c at 100 + 80
    expect(r.c.y).toBe(180);
    expect(r.c.x).toBe(50);
  });
});

describe('arrange', () => {
  it('needs more than one shape', () => {
    expect(arrangeMoves([item('a', 0, 0, 1, 1)], 'grid')).toEqual([]);
  });

  it('vertical: one column from the top-left, gap 20, reading order', () => {
    const r = apply(three, arrangeMoves(three, 'vertical'));
    expect(r.a).toMatchObject({ x: 0, y: 0 });
    expect(r.c).toMatchObject({ x: 0, y: 50 + LAYOUT_GAP });
    expect(r.b).toMatchObject({ x: 0, y: 50 + LAYOUT_GAP + 120 + LAYOUT_GAP });
  });

  it('horizontal: one row from the top-left, gap 20', () => {
    const r = apply(three, arrangeMoves(three, 'horizontal'));
    expect(r.a).toMatchObject({ x: 0, y: 0 });
    expect(r.c).toMatchObject({ x: 100 + LAYOUT_GAP, y: 0 });
    expect(r.b).toMatchObject({ x: 100 + LAYOUT_GAP + 80 + LAYOUT_GAP, y: 0 });
  });

  it('grid: ceil(sqrt(n)) columns of the largest cell, gap 20', () => {
    const items = [0, 1, 2, 3, 4].map((i) => item(`s${i}`, i * 300, 0, 40 + i * 10, 30));
    const r = apply(items, arrangeMoves(items, 'grid'));
    const cw = 80 + LAYOUT_GAP,
      ch = 30 + LAYOUT_GAP;
    expect(r.s0).toMatchObject({ x: 0, y: 0 });
    expect(r.s1).toMatchObject({ x: cw, y: 0 });
    expect(r.s2).toMatchObject({ x: 2 * cw, y: 0 });
    expect(r.s3).toMatchObject({ x: 0, y: ch });
    expect(r.s4).toMatchObject({ x: cw, y: ch });
  });

  it('circular: centres on a circle of 40 px per shape around the selection centre', () => {
    const items = [item('a', 0, 0, 20, 20), item('b', 100, 0, 20, 20), item('c', 0, 100, 20, 20), item('d', 100, 100, 20, 20)];
    const r = apply(items, arrangeMoves(items, 'circular'));
    const radius = CIRCULAR_RADIUS_PER_SHAPE * 4;
    for (const s of Object.values(r)) {
      expect(Math.hypot(s.x + 10 - 60, s.y + 10 - 60)).toBeCloseTo(radius, 1);
    }
    // the first in reading order sits at the top
    expect(r.a.x + 10).toBeCloseTo(60, 1);
    expect(r.a.y + 10).toBeCloseTo(60 - radius, 1);
  });

  it('stack: a pile from the top-left, each offset by half the gap', () => {
    const r = apply(three, arrangeMoves(three, 'stack'));
    expect(r.a).toMatchObject({ x: 0, y: 0 });
    expect(r.c).toMatchObject({ x: LAYOUT_GAP / 2, y: LAYOUT_GAP / 2 });
    expect(r.b).toMatchObject({ x: LAYOUT_GAP, y: LAYOUT_GAP });
  });
});
