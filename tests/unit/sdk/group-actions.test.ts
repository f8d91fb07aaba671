/**
 * Group and ungroup on a headless editor (sdk/editor/group.ts, sdk/actions/group.ts): Ctrl+G and
 * Ctrl+Shift+G send one commandSet each and select the result; locked shapes, comment pins and
 * frames stay out; a connector outside the group attached to a grouped shape is let go in the same
 * command; ungrouping bakes the group's rotation into its children; undo takes each back in one
 * step; a duplicated group's shapes get new ids.
 */
import { describe, expect, it } from 'vitest';
import type { CommandSetCommand, CompositeShape, LineShape, Shape } from '../../../shared/model';
import { boxOf, rectCenter } from '../../../shared/geometry';
import { harness, rect } from './helpers';

const ctrlG = (h: ReturnType<typeof harness>, shift = false) => h.key(shift ? 'G' : 'g', 'KeyG', { ctrlKey: true, shiftKey: shift });
const ids = (h: ReturnType<typeof harness>) => h.editor.getShapes().map((s) => s.id);

function twoRects(extra: Shape[] = []) {
  const h = harness();
  h.editor.addShapes([rect('a', 0, 0), rect('b', 100, 0), ...extra] as Shape[]);
  h.sent.length = 0;
  return h;
}

describe('group and ungroup', () => {
  it('Ctrl+G groups the selection in one command and selects the group', () => {
    const h = twoRects();
    h.editor.select(['a', 'b']);
    expect(ctrlG(h)).toBe(true);
    expect(h.sent).toHaveLength(1);
    const set = h.sent[0] as CommandSetCommand;
    expect(set.cmd).toBe('commandSet');
    expect(set.commands.map((c) => c.cmd)).toEqual(['remove', 'composite']);
    const [group] = h.editor.getShapes() as [CompositeShape];
    expect(group.cmd).toBe('composite');
    expect(group.shapes.map((s) => s.id)).toEqual(['a', 'b']);
    expect(h.editor.selection).toEqual([group.id]);
  });

  it('needs two shapes that may be grouped: locked shapes and frames stay out', () => {
    const frame = {
      id: 'f',
      cmd: 'frame',
      uid: 'me',
      timestamp: 1,
      x: 0,
      y: 200,
      w: 90,
      h: 90,
      color: '#cccccc',
      title: '',
      order: 1,
      children: [],
    };
    const h = twoRects([rect('c', 200, 0, 50, 50, { lock: true }) as Shape, frame as Shape]);
    h.editor.select(['a', 'c', 'f']);
    expect(h.editor.actions.get('group')!.enabled({ editor: h.editor })).toBe(false);
    h.editor.select(['a', 'b', 'c', 'f']);
    ctrlG(h);
    const group = h.editor.getShapes().find((s) => s.cmd === 'composite') as CompositeShape;
    expect(group.shapes.map((s) => s.id)).toEqual(['a', 'b']);
    expect(ids(h).sort()).toEqual(['c', 'f', group.id].sort());
  });

  it('lets go of a connector attached from outside, in the same command', () => {
    const wire: LineShape = {
      id: 'w',
      cmd: 'line',
      uid: 'me',
      timestamp: 1,
      points: [25, 100, 25, 50],
      color: '#000000',
      lineWidth: 2,
      type: 'line',
      end: 'a',
    };
    const h = twoRects([wire]);
    h.editor.select(['a', 'b']);
    ctrlG(h);
    expect(h.sent).toHaveLength(1);
    expect(h.editor.doc.get('w')).not.toHaveProperty('end');
  });

  it('a connector grouped with both its shapes is attached again after ungrouping', () => {
    const wire: LineShape = {
      id: 'w',
      cmd: 'line',
      uid: 'me',
      timestamp: 1,
      points: [50, 25, 100, 25],
      color: '#000000',
      lineWidth: 2,
      type: 'line',
      start: 'a',
      end: 'b',
    };
    const h = twoRects([wire]);
    h.editor.select(['a', 'b', 'w']);
    ctrlG(h);
    ctrlG(h, true);
    expect(h.editor.doc.get('w')).toMatchObject({ start: 'a', end: 'b' });
    h.editor.select(['b']);
    h.editor.moveSelection(0, 100);
    const points = (h.editor.doc.get('w') as LineShape).points;
    expect(points[points.length - 1]).toBeGreaterThanOrEqual(100); // its end followed b down (from y 25)
  });

  it('Ctrl+Shift+G gives the shapes back turned as the group was; undo regroups, undo again ungroups', () => {
    const h = twoRects();
    h.editor.select(['a', 'b']);
    ctrlG(h);
    const gid = h.editor.selection[0]!;
    h.editor.execute({ cmd: 'propertyModifier', shapes: [gid], props: [{ name: 'rotation', value: 180 }] });
    h.sent.length = 0;
    expect(ctrlG(h, true)).toBe(true);
    expect(h.sent).toHaveLength(1);
    expect(ids(h)).toEqual(['a', 'b']);
    expect(h.editor.selection).toEqual(['a', 'b']);
    // half a turn around the group's centre (75, 25): the rectangles swap places, each turned
    const a = h.editor.doc.get('a')!;
    expect(rectCenter(boxOf(a)).x).toBeCloseTo(125, 6);
    expect(rectCenter(boxOf(a)).y).toBeCloseTo(25, 6);
    expect(a.rotation).toBe(180);
    h.editor.undo();
    expect(ids(h)).toEqual([gid]);
    h.editor.undo(); // the rotation
    h.editor.undo();
    expect(ids(h)).toEqual(['a', 'b']);
    expect(boxOf(h.editor.doc.get('b')!)).toEqual({ x: 100, y: 0, w: 50, h: 50 });
  });

  it('a duplicated group holds new shape ids, and both ungroup', () => {
    const h = twoRects();
    h.editor.select(['a', 'b']);
    ctrlG(h);
    const [copy] = h.editor.duplicate() as [CompositeShape];
    expect(copy.shapes.map((s) => s.id)).not.toContain('a');
    h.editor.select(h.editor.getShapes().map((s) => s.id));
    ctrlG(h, true);
    expect(new Set(ids(h)).size).toBe(4);
  });

  it('locks as one: a locked group is neither moved nor taken apart', () => {
    const h = twoRects();
    h.editor.select(['a', 'b']);
    ctrlG(h);
    const gid = h.editor.selection[0]!;
    h.key('L', 'KeyL', { ctrlKey: true, shiftKey: true });
    expect(h.editor.doc.get(gid)!.lock).toBe(true);
    expect(h.editor.actions.get('ungroup')!.enabled({ editor: h.editor })).toBe(false);
    h.editor.moveSelection(10, 0);
    expect(boxOf(h.editor.doc.get(gid)!).x).toBe(0);
  });

  it('does not nest groups deeper than the model allows', () => {
    const h = twoRects([rect('c', 200, 0) as Shape, rect('d', 300, 0) as Shape]);
    h.editor.select(['a', 'b']);
    ctrlG(h);
    h.editor.select([...h.editor.selection, 'c']);
    ctrlG(h);
    h.editor.select([...h.editor.selection, 'd']);
    expect(h.editor.actions.get('group')!.enabled({ editor: h.editor })).toBe(false);
  });
});
