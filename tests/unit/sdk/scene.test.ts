import { describe, expect, it } from 'vitest';
import type { Command, Shape } from '../../../shared/model';
import { BoardDoc } from '../../../shared/reducer';
import { Scene } from '../../../sdk/engine/scene';
import { rect } from './helpers';

let seq = 0;
const add = (doc: BoardDoc, scene: Scene, shape: Record<string, unknown>) =>
  scene.apply(doc.apply({ id: `c${++seq}`, uid: 'u', timestamp: seq, status: 'normal', seq, cmd: shape.cmd, shape } as unknown as Command));

const filled = (id: string, x: number, y: number, w = 50, h = 50) => rect(id, x, y, w, h, { cmd: 'filledRectangle', fill: '#000000' });

describe('Scene: index, z-order and hit testing', () => {
  it('hits the topmost shape; frames stay below and comments above (board.md §4 layering)', () => {
    const doc = new BoardDoc();
    const scene = new Scene(doc);
    add(doc, scene, { id: 'c', cmd: 'comment', uid: 'u', timestamp: 1, x: 10, y: 10, threadId: 't', color: 6, resolved: false });
    add(doc, scene, filled('low', 0, 0));
    add(doc, scene, filled('high', 20, 20));
    add(doc, scene, {
      id: 'f',
      cmd: 'frame',
      uid: 'u',
      timestamp: 1,
      x: -100,
      y: -100,
      w: 400,
      h: 400,
      color: '#cccccc',
      title: 'F',
      order: 1,
      children: [],
    });
    expect(scene.hitAll({ x: 30, y: 30 }, 0).map((s) => s.id)).toEqual(['c', 'high', 'low']);
    expect(scene.hit({ x: 5, y: 5 }, 0)?.id).toBe('low');
    // a frame is hit on its border and title strip; inside it is picked like a hollow rectangle
    expect(scene.hitAll({ x: 300, y: 30 }, 0).map((s) => s.id)).toEqual(['f']);
    expect(scene.hit({ x: -50, y: -50 }, 0)).toBeUndefined();
    expect(scene.pick({ x: -50, y: -50 }, 0)?.id).toBe('f');
    expect(scene.visible({ x: -1000, y: -1000, w: 2000, h: 2000 })).toEqual(['f', 'low', 'high', 'c']);
    scene.apply(
      doc.apply({ id: 'o', uid: 'u', timestamp: 9, status: 'normal', seq: ++seq, cmd: 'changeOrder', shapes: ['low'], order: 'front' }),
    );
    expect(scene.visible({ x: -1000, y: -1000, w: 2000, h: 2000 })).toEqual(['f', 'high', 'low', 'c']);
  });

  it('culls: only shapes intersecting the view are visible', () => {
    const doc = new BoardDoc();
    const scene = new Scene(doc);
    for (let i = 0; i < 100; i++) add(doc, scene, filled(`s${i}`, i * 100, 0, 50, 50));
    expect(scene.visible({ x: 0, y: 0, w: 260, h: 100 })).toEqual(['s0', 's1', 's2']);
    expect(scene.visibleAll()).toHaveLength(100);
    expect(scene.extent()).toEqual({ x: -1, y: -1, w: 9952, h: 52 }); // bounds include half the stroke
  });

  it('follows updates and removals, and overrides while a tool drags', () => {
    const doc = new BoardDoc();
    const scene = new Scene(doc);
    add(doc, scene, filled('a', 0, 0));
    let dirty: unknown = null;
    scene.dirty$.subscribe((d) => (dirty = d));
    scene.apply(
      doc.apply({
        id: 'm',
        uid: 'u',
        timestamp: 2,
        status: 'normal',
        seq: ++seq,
        cmd: 'reposition',
        shapePositions: [{ shape: 'a', x: 500, y: 0 }],
      }),
    );
    expect(dirty).toEqual(['a']);
    expect(scene.hit({ x: 25, y: 25 }, 0)).toBeUndefined();
    expect(scene.hit({ x: 525, y: 25 }, 0)?.id).toBe('a');
    scene.setOverrides([['a', { ...(doc.get('a') as Shape), x: 0 } as Shape]]);
    expect(scene.hit({ x: 25, y: 25 }, 0)?.id).toBe('a');
    scene.setOverrides([['a', null]]);
    expect(scene.hit({ x: 525, y: 25 }, 0)).toBeUndefined();
    scene.clearOverrides();
    expect(scene.hit({ x: 525, y: 25 }, 0)?.id).toBe('a');
    scene.apply(doc.apply({ id: 'r', uid: 'u', timestamp: 3, status: 'normal', seq: ++seq, cmd: 'remove', shapes: ['a'] }));
    expect(scene.index.size).toBe(0);
  });

  it('selects only shapes fully inside a box', () => {
    const doc = new BoardDoc();
    const scene = new Scene(doc);
    add(doc, scene, filled('in', 10, 10, 10, 10));
    add(doc, scene, filled('out', 90, 10, 20, 10));
    expect(scene.inside({ x: 0, y: 0, w: 100, h: 100 }).map((s) => s.id)).toEqual(['in']);
  });

  it('hides shapes by predicate (private mode)', () => {
    const doc = new BoardDoc();
    const scene = new Scene(doc);
    add(doc, scene, filled('a', 0, 0));
    scene.setHiddenPredicate((s) => s.id === 'a');
    expect(scene.hit({ x: 5, y: 5 }, 0)).toBeUndefined();
    expect(scene.visible({ x: 0, y: 0, w: 100, h: 100 })).toEqual([]);
  });

  it('reports damaged areas for the tile cache: edits, reorders, shapes entering or leaving the transient state', () => {
    const doc = new BoardDoc();
    const scene = new Scene(doc);
    add(doc, scene, filled('a', 0, 0));
    add(doc, scene, filled('b', 500, 500));
    const damage: unknown[] = [];
    scene.damage$.subscribe((d) => damage.push(d));
    scene.apply(
      doc.apply({
        id: 'mv',
        uid: 'u',
        timestamp: 2,
        status: 'normal',
        seq: ++seq,
        cmd: 'reposition',
        shapePositions: [{ shape: 'a', x: 100, y: 0 }],
      }),
    );
    expect(damage.pop()).toEqual(
      [
        { x: 0, y: 0, w: 50, h: 50 },
        { x: 100, y: 0, w: 50, h: 50 },
      ].map((r) => ({ x: r.x - 1, y: r.y - 1, w: r.w + 2, h: r.h + 2 })),
    );
    // a local command confirmed later moves only its own layering key
    const local = {
      id: 'loc',
      uid: 'u',
      timestamp: 3,
      status: 'normal',
      cmd: 'filledRectangle',
      shape: filled('c', 900, 900),
    } as unknown as Command;
    scene.apply(doc.apply(local));
    damage.length = 0;
    scene.apply(doc.apply({ ...local, seq: ++seq }));
    expect(damage).toEqual([[{ x: 899, y: 899, w: 52, h: 52 }]]);
    // bring to front: the reordered shape's area
    damage.length = 0;
    scene.apply(
      doc.apply({ id: 'ord', uid: 'u', timestamp: 4, status: 'normal', seq: ++seq, cmd: 'changeOrder', shapes: ['b'], order: 'front' }),
    );
    expect(damage).toEqual([[{ x: 499, y: 499, w: 52, h: 52 }]]);
    // entering the transient state damages, moving while transient does not, leaving does
    damage.length = 0;
    scene.setOverrides([['b', { ...(doc.get('b') as Shape), x: 600 } as Shape]]);
    scene.setOverrides([['b', { ...(doc.get('b') as Shape), x: 700 } as Shape]]);
    expect(damage).toHaveLength(1);
    scene.clearOverrides();
    expect(damage).toHaveLength(2);
  });
});
