import { describe, expect, it } from 'vitest';
import type { Command } from '../../shared/model';
import { BoardDoc } from '../../shared/reducer';
import { Scene } from '../../sdk/engine/scene';
import { enclosedArea, smallestEnclosing } from '../../sdk/shapes/interior';
import { harness, rect } from './sdk/helpers';

let seq = 0;
const add = (doc: BoardDoc, scene: Scene, shape: Record<string, unknown>) =>
  scene.apply(doc.apply({ id: `c${++seq}`, uid: 'u', timestamp: seq, status: 'normal', seq, cmd: shape.cmd, shape } as unknown as Command));
const circle = (id: string, x: number, y: number, r: number, extra: Record<string, unknown> = {}) =>
  ({ id, cmd: 'circle', uid: 'me', timestamp: 1, x, y, r, stroke: '#000000', lineWidth: 2, ...extra }) as const;

describe('hit: the inside of hollow rectangles and circles selects them', () => {
  it('a hollow rectangle or circle encloses its inside; filled and open shapes are hit as before', () => {
    expect(enclosedArea(rect('r', 0, 0, 100, 50) as never, { x: 50, y: 25 })).toBe(5000);
    expect(enclosedArea(rect('r', 0, 0, 100, 50) as never, { x: 150, y: 25 })).toBeNull();
    // rotated 90° about its centre (50, 25): the box now spans y -25..75 at x 25..75
    expect(enclosedArea(rect('r', 0, 0, 100, 50, { rotation: 90 }) as never, { x: 50, y: 70 })).toBe(5000);
    expect(enclosedArea(rect('r', 0, 0, 100, 50, { rotation: 90 }) as never, { x: 5, y: 25 })).toBeNull();
    expect(enclosedArea(circle('c', 0, 0, 10) as never, { x: 3, y: 4 })).toBeCloseTo(Math.PI * 100);
    expect(enclosedArea(circle('c', 0, 0, 10) as never, { x: 8, y: 8 })).toBeNull();
    expect(enclosedArea(rect('f', 0, 0, 100, 50, { cmd: 'filledRectangle' }) as never, { x: 50, y: 25 })).toBeNull();
    expect(enclosedArea(rect('f', 0, 0, 100, 50, { fill: '#ff0000' }) as never, { x: 50, y: 25 })).toBeNull();
  });

  it('of nested hollow shapes the smallest around the point wins', () => {
    const big = rect('big', 0, 0, 400, 400);
    const small = rect('small', 100, 100, 100, 100);
    const ring = circle('ring', 150, 150, 30);
    expect(smallestEnclosing([big, small, ring] as never[], { x: 150, y: 150 })).toMatchObject({ id: 'ring' });
    expect(smallestEnclosing([big, small, ring] as never[], { x: 110, y: 110 })).toMatchObject({ id: 'small' });
    expect(smallestEnclosing([big, small, ring] as never[], { x: 300, y: 300 })).toMatchObject({ id: 'big' });
    expect(smallestEnclosing([big] as never[], { x: 500, y: 500 })).toBeUndefined();
  });

  it('Scene.pick: the outline or a filled shape first, else the hollow shape around the point', () => {
    const doc = new BoardDoc();
    const scene = new Scene(doc);
    add(doc, scene, rect('frame', 0, 0, 300, 300));
    add(doc, scene, rect('box', 100, 100, 50, 50, { cmd: 'filledRectangle', fill: '#000000' }));
    expect(scene.hit({ x: 50, y: 50 }, 2)).toBeUndefined(); // the shared hit test: outline only
    expect(scene.pick({ x: 50, y: 50 }, 2)?.id).toBe('frame');
    expect(scene.pick({ x: 120, y: 120 }, 2)?.id).toBe('box');
    expect(scene.pick({ x: 1, y: 150 }, 2)?.id).toBe('frame');
    expect(scene.pick({ x: 400, y: 400 }, 2)).toBeUndefined();
    expect(scene.pick({ x: 50, y: 50 }, 2, (s) => s.id !== 'frame')).toBeUndefined();
  });

  it('select tool: a click inside selects, a drag from inside an unselected one box-selects, a selected one moves', () => {
    const h = harness();
    h.editor.addShapes([
      rect('outer', 0, 0, 400, 300) as never,
      rect('inner', 100, 100, 40, 40, { cmd: 'filledRectangle', fill: '#000000' }) as never,
    ]);
    h.click(300, 250);
    expect(h.editor.selection).toEqual(['outer']);
    h.click(600, 600);
    expect(h.editor.selection).toEqual([]);
    // a drag that starts inside the unselected outline selects what the box holds
    h.drag([90, 90], [150, 150]);
    expect(h.editor.selection).toEqual(['inner']);
    // once selected, the outline moves when dragged from inside
    h.click(300, 250);
    expect(h.editor.selection).toEqual(['outer']);
    h.drag([300, 250], [320, 260]);
    expect(h.editor.getShapes().find((s) => s.id === 'outer')).toMatchObject({ x: 20, y: 10 });
    // the eraser keeps erasing outlines only: its hit test is unchanged
    expect(h.editor.scene.hit({ x: 300, y: 250 }, 1)).toBeUndefined();
  });
});
