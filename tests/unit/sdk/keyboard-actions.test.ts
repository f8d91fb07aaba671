import { describe, expect, it } from 'vitest';
import { boxOf } from '../../../shared/geometry';
import type { Shape } from '../../../shared/model';
import { KEY_RESIZE_STEP, KEY_ROTATE_STEP } from '../../../sdk/actions/keyboard';
import { POLICY } from '../../../shared/policies';
import { harness, rect } from './helpers';

/** The board without a pointer (issue 32 item 1; sdk/actions/keyboard.ts). */
describe('keyboard placing and editing', () => {
  it('Enter places the chosen tool’s shape in the middle of the view, selected, with the select tool back', () => {
    const h = harness();
    h.editor.viewport.resize(800, 600);
    h.editor.setTool('rectangle');
    expect(h.key('Enter', 'Enter')).toBe(true);
    const [shape] = h.editor.getShapes();
    expect(shape?.cmd).toBe('rectangle');
    expect(boxOf(shape!)).toEqual({ x: 320, y: 250, w: 160, h: 100 });
    expect(h.editor.selection).toEqual([shape!.id]);
    expect(h.editor.tool$.value).toBe('select');
    // a second Enter with the tool again puts the next one beside it
    h.editor.setTool('circle');
    h.key('Enter', 'Enter');
    const circle = h.editor.getShapes().find((s) => s.cmd === 'circle')!;
    expect(boxOf(circle).x).toBeGreaterThan(480);
  });

  it('Enter on a selected sticky note opens its words for typing', () => {
    const h = harness();
    h.editor.addShapes([
      {
        cmd: 'stickyNote',
        id: 'n',
        text: 'old',
        x: 0,
        y: 0,
        w: 100,
        h: 100,
        color: '#feff9c',
        size: 'M',
        fontSize: 35,
      } as Partial<Shape> & { cmd: 'stickyNote' },
    ]);
    h.editor.select(['n']);
    h.key('Enter', 'Enter');
    expect(h.editor.textEditor.active).toBe(true);
    expect(h.text.value()).toBe('old');
  });

  it('Alt+arrows resize the selection and Ctrl+Alt+arrows rotate it (rotation allowed), each one command', () => {
    const h = harness({ policies: [POLICY.rotateShapes] });
    h.editor.addShapes([rect('r', 100, 100, 100, 50)]);
    h.editor.select(['r']);
    h.sent.length = 0;
    h.key('ArrowRight', 'ArrowRight', { altKey: true });
    h.key('ArrowDown', 'ArrowDown', { altKey: true, shiftKey: true });
    expect(boxOf(h.editor.doc.get('r')!)).toEqual({ x: 100, y: 100, w: 100 + KEY_RESIZE_STEP, h: 51 });
    h.key('ArrowRight', 'ArrowRight', { altKey: true, ctrlKey: true });
    expect(h.editor.doc.get('r')!.rotation).toBe(KEY_ROTATE_STEP);
    expect(h.sent.map((c) => c.cmd)).toEqual(['sizeModifier', 'sizeModifier', 'propertyModifier']);
  });

  it('Shift+F10 opens the context menu on the selection', () => {
    const h = harness();
    h.editor.addShapes([rect('r', 100, 100, 100, 50)]);
    h.editor.select(['r']);
    const opened: Array<{ x: number; y: number; shapeId: string | null }> = [];
    h.editor.contextMenu$.subscribe((m) => opened.push(m));
    h.key('F10', 'F10', { shiftKey: true });
    expect(opened).toEqual([expect.objectContaining({ x: 150, y: 125, shapeId: 'r' })]);
  });
});
