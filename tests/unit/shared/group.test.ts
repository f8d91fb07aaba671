/** Groups (issue 34 item 4): group geometry, grouping and ungrouping, and the commands' undo in the reducer. */
import { describe, expect, it } from 'vitest';
import type { CompositeShape, LineShape, Shape } from '../../../shared/model';
import {
  boardToSvg,
  boundsOf,
  boxOf,
  rectCenter,
  resizeShape,
  rotatePoint,
  rotatedBounds,
  translateShape,
  unionRects,
} from '../../../shared/geometry';
import { composeGroup, groupNesting, ungroupedShapes } from '../../../shared/geometry/grouping';
import { checkShape } from '../../../shared/shape-check';
import { BoardDoc } from '../../../shared/reducer';
import { add, cmd, rect } from './fixtures';

const base = { id: 'g', uid: 'alice', timestamp: 1 };
const twoRects = () => composeGroup([rect('a', 0, 0, 10, 10), rect('b', 30, 0, 10, 10)], base);
const line = (id: string, start?: string, end?: string): LineShape => ({
  id,
  cmd: 'line',
  uid: 'alice',
  timestamp: 1,
  points: [10, 5, 30, 5],
  color: '#000000',
  lineWidth: 2,
  type: 'line',
  ...(start ? { start } : {}),
  ...(end ? { end } : {}),
});
const close = (a: number, b: number) => expect(a).toBeCloseTo(b, 6);

describe('group geometry', () => {
  it('boxes its children, and a rotated group bounds its turned children', () => {
    const g = twoRects();
    expect(boxOf(g)).toEqual({ x: 0, y: 0, w: 40, h: 10 });
    const turned = { ...g, rotation: 90 };
    const outer = unionRects(g.shapes.map(boundsOf))!;
    const b = boundsOf(turned);
    expect(b).toEqual(rotatedBounds(outer, 90));
    close(b.w, outer.h);
    close(b.h, outer.w);
    close(rectCenter(b).x, 20);
    close(rectCenter(b).y, 5);
  });

  it('turns the bounds around the box centre, where the group is drawn, when the children stick out unevenly', () => {
    const g = { ...composeGroup([{ ...rect('a', 0, 0, 10, 10), rotation: 45 }, rect('b', 30, 0, 10, 10)], base), rotation: 90 };
    const centre = rectCenter(boxOf(g));
    const b = boundsOf(g);
    for (const child of g.shapes) {
      const o = boundsOf(child);
      for (const [x, y] of [
        [o.x, o.y],
        [o.x + o.w, o.y + o.h],
      ]) {
        const p = rotatePoint({ x: x!, y: y! }, centre, 90);
        expect(p.x).toBeGreaterThanOrEqual(b.x - 1e-9);
        expect(p.x).toBeLessThanOrEqual(b.x + b.w + 1e-9);
        expect(p.y).toBeGreaterThanOrEqual(b.y - 1e-9);
        expect(p.y).toBeLessThanOrEqual(b.y + b.h + 1e-9);
      }
    }
  });

  it('a resize scales the children onto the new box', () => {
    const g = resizeShape(twoRects(), { x: 0, y: 0, w: 80, h: 20 }) as CompositeShape;
    expect(g.shapes.map(boxOf)).toEqual([
      { x: 0, y: 0, w: 20, h: 20 },
      { x: 60, y: 0, w: 20, h: 20 },
    ]);
  });

  it('exports as one: the SVG draws every child inside the group, turned with it', () => {
    const svg = boardToSvg([{ ...twoRects(), rotation: 30 }]);
    expect(svg.match(/<rect /g)?.length).toBeGreaterThanOrEqual(2);
    expect(svg).toMatch(/<g [^>]*rotate\(30/);
  });

  it('a move moves every child', () => {
    const g = translateShape(twoRects(), 5, 7);
    expect(g.shapes.map((s) => [boxOf(s).x, boxOf(s).y])).toEqual([
      [5, 7],
      [35, 7],
    ]);
  });
});

describe('grouping', () => {
  it('makes a composite the model accepts, nesting one level', () => {
    const g = twoRects();
    expect(checkShape(g).message).toBeUndefined();
    expect(groupNesting(g)).toBe(1);
    expect(groupNesting(composeGroup([g, rect('c')], { ...base, id: 'h' }))).toBe(2);
  });

  it('keeps a grouped connector attached only to shapes grouped with it', () => {
    const inside = composeGroup([rect('a'), rect('b', 30), line('l', 'a', 'b')], base);
    expect(inside.shapes[2]).toMatchObject({ start: 'a', end: 'b' });
    const half = composeGroup([rect('a'), line('l', 'a', 'x')], base);
    expect(half.shapes[1]).toMatchObject({ start: 'a' });
    expect(half.shapes[1]).not.toHaveProperty('end');
  });
});

describe('ungrouping', () => {
  it('gives the children back where they were', () => {
    const g = twoRects();
    expect(ungroupedShapes(g)).toEqual(g.shapes);
    const moved = resizeShape(translateShape(g, 100, 50), { x: 100, y: 50, w: 80, h: 20 });
    expect(ungroupedShapes(moved).map(boxOf)).toEqual([
      { x: 100, y: 50, w: 20, h: 20 },
      { x: 160, y: 50, w: 20, h: 20 },
    ]);
  });

  it('applies the group rotation to each child: every point stays where the group drew it', () => {
    const g: CompositeShape = { ...twoRects(), rotation: 90, opacity: 5 };
    const centre = rectCenter(boxOf(g));
    const out = ungroupedShapes(g);
    out.forEach((child, i) => {
      const before = g.shapes[i] as Shape;
      expect(child.rotation).toBe(90);
      expect(child.opacity).toBe(5);
      const box = boxOf(child);
      // a corner of the child, as the group drew it and as the ungrouped child draws it
      const corner = { x: boxOf(before).x, y: boxOf(before).y };
      const drawn = rotatePoint(corner, centre, 90);
      const dx = box.x - boxOf(before).x;
      const dy = box.y - boxOf(before).y;
      const now = rotatePoint({ x: corner.x + dx, y: corner.y + dy }, rectCenter(box), 90);
      close(now.x, drawn.x);
      close(now.y, drawn.y);
    });
    // the first rectangle's centre (5, 5) turns a quarter clockwise around (20, 5)
    close(rectCenter(boxOf(out[0])).x, 20);
    close(rectCenter(boxOf(out[0])).y, -10);
  });

  it('group and ungroup are one command each: undo regroups, undo again ungroups', () => {
    const doc = new BoardDoc();
    doc.apply(add(rect('a')));
    doc.apply(add(rect('b', 30)));
    const g = composeGroup([doc.get('a')!, doc.get('b')!], base);
    const grouping = cmd({ cmd: 'commandSet', commands: [cmd({ cmd: 'remove', shapes: ['a', 'b'] }), add(g)] });
    doc.apply(grouping);
    expect(doc.ordered().map((s) => s.id)).toEqual(['g']);
    const ungrouping = cmd({
      cmd: 'commandSet',
      commands: [cmd({ cmd: 'remove', shapes: ['g'] }), ...ungroupedShapes(doc.get('g')!).map((s) => add(s))],
    });
    doc.apply(ungrouping);
    expect(doc.ordered().map((s) => s.id)).toEqual(['a', 'b']);
    doc.apply(cmd({ cmd: 'undo', ref: ungrouping.id }));
    expect(doc.ordered().map((s) => s.id)).toEqual(['g']);
    doc.apply(cmd({ cmd: 'undo', ref: grouping.id }));
    expect(doc.ordered().map((s) => s.id)).toEqual(['a', 'b']);
    expect(boxOf(doc.get('b')!)).toEqual({ x: 30, y: 0, w: 10, h: 10 });
  });
});
