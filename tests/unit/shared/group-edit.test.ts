import { describe, expect, it } from 'vitest';
import { boxOf, translateShape } from '../../../shared/geometry';
import { childAt, drawnAtPath, replaceAtPath, shapeAtPath, vectorAtPath } from '../../../shared/geometry/group-edit';
import { ungroupedShapes } from '../../../shared/geometry/grouping';
import type { CompositeShape, LineShape, RectangleShape, Shape } from '../../../shared/model';

const base = { uid: 'u', timestamp: 1 };
const rect = (id: string, x: number, y: number): RectangleShape => ({
  ...base,
  id,
  cmd: 'rectangle',
  x,
  y,
  w: 100,
  h: 50,
  stroke: '#000',
  lineWidth: 2,
});
const a = rect('a', 0, 0);
const b = rect('b', 300, 0);
const arrow: LineShape = {
  ...base,
  id: 'l',
  cmd: 'arrow',
  points: [100, 25, 300, 25],
  color: '#000',
  lineWidth: 2,
  type: 'arrow',
  start: 'a',
  end: 'n',
};
const node: CompositeShape = { ...base, id: 'n', cmd: 'composite', shapes: [b] };
const group = (extra: Partial<CompositeShape> = {}): CompositeShape => ({
  ...base,
  id: 'g',
  cmd: 'composite',
  shapes: [arrow, a, node],
  ...extra,
});

/** Editing inside a group (docs/board-screen.md "Entering a group"). */
describe('group-edit', () => {
  it('finds shapes by path and the topmost child under a point', () => {
    expect(shapeAtPath(group(), ['n', 'b'])).toEqual(b);
    expect(shapeAtPath(group(), ['x'])).toBeNull();
    expect(childAt(group(), { x: 50, y: 1 }, 2)?.id).toBe('a');
    expect(childAt(group(), { x: 350, y: 1 }, 2)?.id).toBe('n');
    expect(childAt(group(), { x: 200, y: 300 }, 2)).toBeNull();
  });

  it('moving a nested child re-routes the connector attached to its group, the rest untouched', () => {
    const moved = replaceAtPath(group(), ['n'], translateShape(node, 0, 200))!;
    expect(moved.id).toBe('g');
    const [line, first] = (moved as CompositeShape).shapes as [LineShape, Shape];
    expect(first).toEqual(a);
    // the start stays on a's outline, the end goes down with the node
    expect(line.points[1]).toBeGreaterThanOrEqual(25);
    expect(line.points[line.points.length - 1]).toBeGreaterThan(150);
  });

  it('a rotated group keeps its unchanged children where they are drawn', () => {
    const g = group({ rotation: 90 });
    const v = vectorAtPath(g, ['a'], 0, 40);
    // a board drag down is a drag along the group's own x axis (turned a quarter)
    expect(v.x).toBeCloseTo(40);
    expect(v.y).toBeCloseTo(0);
    const next = replaceAtPath(g, ['a'], translateShape(a, v.x, v.y))!;
    const before = ungroupedShapes(g).find((s) => s.id === 'n')!;
    const after = ungroupedShapes(next).find((s) => s.id === 'n')!;
    expect(boxOf(after).x).toBeCloseTo(boxOf(before).x);
    expect(boxOf(after).y).toBeCloseTo(boxOf(before).y);
    // and the moved child is drawn 40 px lower than before
    const drawnBefore = drawnAtPath(g, ['a'])!;
    const drawnAfter = drawnAtPath(next, ['a'])!;
    expect(boxOf(drawnAfter).y - boxOf(drawnBefore).y).toBeCloseTo(40);
    expect(boxOf(drawnAfter).x - boxOf(drawnBefore).x).toBeCloseTo(0);
  });
});
