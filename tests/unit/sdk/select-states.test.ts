/**
 * The select tool's state machine (sdk/tools/select/): which state each press, drag and release
 * leads to, driven headless like a user's pointer, and what the release commits.
 */
import { describe, expect, it } from 'vitest';
import type { LineShape } from '../../../shared/model';
import { POLICY } from '../../../shared/policies';
import type { SelectTool } from '../../../sdk/tools/select';
import { harness, rect } from './helpers';

function setup() {
  const h = harness({ policies: [POLICY.rotateShapes, POLICY.connectorLines] });
  const filled = { cmd: 'filledRectangle', fill: '#cccccc' };
  h.editor.addShapes([rect('a', 0, 0, 50, 50, filled), rect('b', 100, 0, 50, 50, filled)]);
  h.sent.length = 0;
  h.editor.select([]);
  const state = () => (h.editor.tool as SelectTool).state();
  const box = () => h.editor.scene.overlay$.value.handles!.box;
  return { h, state, box };
}

describe('select tool states (idle → … → idle)', () => {
  it('starts idle; a press on a shape is pointing, a release there is a click back to idle', () => {
    const { h, state } = setup();
    expect(state()).toBe('idle');
    h.down(25, 25);
    expect(state()).toBe('pointing');
    expect(h.editor.selection).toEqual(['a']);
    h.up(25, 25);
    expect(state()).toBe('idle');
    expect(h.sent).toEqual([]);
  });

  it('pointing stays pointing within the drag threshold, then translates; the release repositions', () => {
    const { h, state } = setup();
    h.down(25, 25);
    h.move(27, 26);
    expect(state()).toBe('pointing');
    h.move(45, 25);
    expect(state()).toBe('translating');
    h.up(65, 25);
    expect(state()).toBe('idle');
    expect(h.sent).toHaveLength(1);
    expect(h.sent[0]).toMatchObject({ cmd: 'reposition', shapePositions: [{ shape: 'a', x: 40, y: 0 }] });
  });

  it('a Ctrl-click toggle is pointing that never translates', () => {
    const { h, state } = setup();
    h.click(25, 25);
    h.down(125, 25, { ctrl: true });
    expect(state()).toBe('pointing');
    h.move(200, 25, { ctrl: true });
    expect(state()).toBe('pointing');
    h.up(200, 25, { ctrl: true });
    expect(h.editor.selection).toEqual(['a', 'b']);
    expect(h.sent).toEqual([]);
  });

  it('a press on empty board brushes; the release selects what the box holds', () => {
    const { h, state } = setup();
    h.down(-20, -20);
    expect(state()).toBe('brushing');
    h.move(200, 80);
    expect(h.editor.scene.overlay$.value.dragBox).toEqual({ x: -20, y: -20, w: 220, h: 100 });
    h.up(200, 80);
    expect(state()).toBe('idle');
    expect(h.editor.selection).toEqual(['a', 'b']);
    expect(h.editor.scene.overlay$.value.dragBox).toBeNull();
  });

  it('a corner handle resizes (one sizeModifier on release)', () => {
    const { h, state, box } = setup();
    h.click(25, 25);
    const b = box();
    h.down(b.x + b.w, b.y + b.h);
    expect(state()).toBe('resizing');
    h.move(103, 77);
    h.up(103, 77);
    expect(state()).toBe('idle');
    expect(h.sent.map((c) => c.cmd)).toEqual(['sizeModifier']);
  });

  it('a picture keeps its aspect ratio on resize; Shift frees it', () => {
    const { h, box } = setup();
    h.editor.addShapes([{ id: 'p', cmd: 'image', x: 300, y: 0, w: 200, h: 100, resource: '00000000-0000-4000-8000-000000000001' }]);
    const sizeOf = () => {
      const p = h.editor.doc.get('p') as { w: number; h: number };
      return { w: Math.round(p.w), h: Math.round(p.h) };
    };
    h.click(400, 50);
    let b = box();
    h.down(b.x + b.w, b.y + b.h);
    h.move(b.x + b.w + 100, b.y + b.h + 10);
    h.up(b.x + b.w + 100, b.y + b.h + 10);
    expect(sizeOf().w / sizeOf().h).toBeCloseTo(2, 1);
    h.click(400, 50);
    b = box();
    h.down(b.x + b.w, b.y + b.h, { shift: true });
    h.move(b.x + b.w, b.y + b.h + 150, { shift: true });
    h.up(b.x + b.w, b.y + b.h + 150, { shift: true });
    expect(sizeOf().w / sizeOf().h).toBeLessThan(1.5);
  });

  it('the rotate handle rotates (one rotation on release)', () => {
    const { h, state, box } = setup();
    h.click(25, 25);
    const b = box();
    const cx = b.x + b.w / 2,
      cy = b.y + b.h / 2;
    h.down(cx, b.y - 24);
    expect(state()).toBe('rotating');
    h.move(cx + 100, cy - 3, { shift: true });
    h.up(cx + 100, cy - 3, { shift: true });
    expect(state()).toBe('idle');
    expect(h.sent[0]).toMatchObject({ cmd: 'propertyModifier', shapes: ['a'], props: [{ name: 'rotation', value: 90 }] });
  });

  it('the connector handle connects: a drag onto another shape adds an arrow attached to both', () => {
    const { h, state, box } = setup();
    h.click(25, 25);
    const b = box();
    h.down(b.x + b.w + 22, b.y + b.h / 2);
    expect(state()).toBe('connecting');
    h.move(110, 25);
    h.move(125, 25);
    h.up(125, 25);
    expect(state()).toBe('idle');
    expect(h.sent).toHaveLength(1);
    expect(h.sent[0]).toMatchObject({ cmd: 'arrow', shape: { start: 'a', end: 'b' } });
    expect(h.editor.selection).toEqual([(h.sent[0] as { shape: LineShape }).shape.id]);
  });

  it('a selected line’s end handle drags that end (a propertyModifier of its points)', () => {
    const { h, state } = setup();
    const line: LineShape = {
      id: 'l',
      cmd: 'line',
      uid: 'me',
      timestamp: 1,
      points: [0, 200, 100, 200],
      color: '#000000',
      lineWidth: 2,
      type: 'line',
    };
    h.editor.addShapes([line]);
    h.editor.select(['l']);
    h.sent.length = 0;
    h.down(100, 200);
    expect(state()).toBe('draggingHandle');
    h.move(150, 260);
    h.up(150, 260);
    expect(state()).toBe('idle');
    expect(h.sent[0]).toMatchObject({ cmd: 'propertyModifier', shapes: ['l'], props: [{ name: 'points', value: [0, 200, 150, 260] }] });
  });

  it('switching tool mid-drag drops the gesture: back to idle, nothing sent, no overrides left', () => {
    const { h, state } = setup();
    h.down(25, 25);
    h.move(80, 25);
    expect(state()).toBe('translating');
    h.editor.setTool('rectangle');
    h.editor.setTool('select');
    expect(state()).toBe('idle');
    h.up(80, 25);
    expect(h.sent).toEqual([]);
    expect(h.editor.doc.get('a')).toMatchObject({ x: 0, y: 0 });
  });
});
