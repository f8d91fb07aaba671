import { describe, expect, it } from 'vitest';
import type { Command, CommandSetCommand, LineShape, PenShape, StickyNoteShape, TextShape } from '../../../shared/model';
import { POLICY } from '../../../shared/policies';
import { harness, rect } from './helpers';

const last = (sent: Command[]) => sent[sent.length - 1];

describe('pen and highlighter', () => {
  it('adds a simplified stroke with the style; a single point is dropped', () => {
    const h = harness();
    h.editor.setTool('pen');
    h.editor.setStyle({ color: '#ff0000', lineWidth: 3 });
    h.down(0, 0);
    for (let i = 1; i <= 20; i++) h.move(i * 5, 0.1 * (i % 2));
    h.up(100, 0);
    expect(h.sent).toHaveLength(1);
    const c = h.sent[0] as Command & { shape: PenShape };
    expect(c.cmd).toBe('pen');
    expect(c.shape).toMatchObject({ cmd: 'pen', type: 'pen', color: '#ff0000', lineWidth: 3, uid: 'me' });
    // nearly straight within 0.6 → simplified to its end points
    expect(c.shape.points).toEqual([0, 0, 100, 0]);
    expect(h.editor.doc.get(c.shape.id)).toBeTruthy();
    h.click(300, 300);
    expect(h.sent).toHaveLength(1);
  });

  it('shows the stroke in progress as a preview, not in the document', () => {
    const h = harness();
    h.editor.setTool('pen');
    h.down(0, 0);
    h.move(10, 10);
    expect(h.editor.scene.preview).toHaveLength(1);
    expect(h.editor.doc.size).toBe(0);
    h.up(20, 0);
    expect(h.editor.scene.preview).toHaveLength(0);
  });

  it('highlighter needs the team policy and stores type hl', () => {
    const denied = harness();
    denied.editor.setTool('highlighter');
    expect(denied.editor.tool$.value).toBe('select');
    const h = harness({ policies: [POLICY.highlighterToolbox] });
    h.editor.setTool('highlighter');
    h.drag([0, 0], [50, 50]);
    expect(last(h.sent)).toMatchObject({ cmd: 'highlighter', shape: { cmd: 'highlighter', type: 'hl', lineWidth: 2 } });
  });
});

describe('shape tools', () => {
  it('rectangle: added only if the pointer moved; Shift keeps a square', () => {
    const h = harness();
    h.editor.setTool('rectangle');
    h.click(10, 10);
    expect(h.sent).toHaveLength(0);
    h.drag([10, 10], [60, 40]);
    expect(last(h.sent)).toMatchObject({ cmd: 'rectangle', shape: { x: 10, y: 10, w: 50, h: 30, stroke: '#000000', lineWidth: 2 } });
    h.drag([100, 100], [60, 40], { shift: true });
    expect(last(h.sent)).toMatchObject({ shape: { x: 40, y: 40, w: 60, h: 60 } });
  });

  it('filled rectangle and filled circle carry the fill', () => {
    const h = harness();
    h.editor.setStyle({ color: '#00ff00' });
    h.editor.setTool('filledRectangle');
    h.drag([0, 0], [20, 20]);
    expect(last(h.sent)).toMatchObject({ cmd: 'filledRectangle', shape: { fill: '#00ff00', stroke: '#00ff00' } });
    h.editor.setTool('filledCircle');
    h.drag([0, 0], [40, 40]);
    expect(last(h.sent)).toMatchObject({ cmd: 'filledCircle', shape: { x: 20, y: 20, r: 20, fill: '#00ff00' } });
  });

  it('circle: the drag box’s inscribed circle, nothing without movement', () => {
    const h = harness();
    h.editor.setTool('circle');
    h.click(5, 5);
    expect(h.sent).toHaveLength(0);
    h.drag([100, 100], [40, 60]);
    expect(last(h.sent)).toMatchObject({ cmd: 'circle', shape: { x: 80, y: 80, r: 20 } });
  });

  it('line: two points; Shift snaps the angle to 5°', () => {
    const h = harness();
    h.editor.setTool('line');
    h.drag([0, 0], [100, 3]);
    expect((last(h.sent) as Command & { shape: LineShape }).shape.points).toEqual([0, 0, 100, 3]);
    h.drag([0, 0], [100, 3], { shift: true });
    const pts = (last(h.sent) as Command & { shape: LineShape }).shape.points;
    expect(pts[3]).toBe(0);
    expect(pts[2]).toBeCloseTo(Math.hypot(100, 3), 9);
    h.drag([0, 0], [100, 9], { shift: true }); // 5.14° → 5°
    const p2 = (last(h.sent) as Command & { shape: LineShape }).shape.points;
    expect((Math.atan2(p2[3], p2[2]) * 180) / Math.PI).toBeCloseTo(5, 9);
    h.click(7, 7);
    expect(h.sent).toHaveLength(3);
  });

  it('arrow: type arrow by default; the line type needs its policy', () => {
    const h = harness();
    h.editor.setStyle({ lineType: 'double' });
    h.editor.setTool('arrow');
    h.drag([0, 0], [50, 0]);
    expect(last(h.sent)).toMatchObject({ cmd: 'arrow', shape: { type: 'arrow' } });
    h.editor.setTool('line');
    h.drag([0, 0], [50, 0]);
    expect(last(h.sent)).toMatchObject({ cmd: 'line', shape: { type: 'line' } });
    const team = harness({ policies: [POLICY.lineType] });
    team.editor.setStyle({ lineType: 'double' });
    team.editor.setTool('arrow');
    team.drag([0, 0], [50, 0]);
    expect(last(team.sent)).toMatchObject({ cmd: 'arrow', shape: { type: 'double' } });
    team.editor.setStyle({ lineType: 'dashed' });
    team.editor.setTool('line');
    team.drag([0, 0], [50, 0]);
    expect(last(team.sent)).toMatchObject({ cmd: 'line', shape: { type: 'dashed' } });
  });
});

describe('eraser', () => {
  it('hides what the trail passes over and removes it all with one command; locked shapes stay', () => {
    const h = harness();
    h.editor.addShapes([
      rect('a', 0, 0, 20, 20, { cmd: 'filledRectangle', fill: '#000000' }),
      rect('b', 100, 0, 20, 20, { cmd: 'filledRectangle', fill: '#000000' }),
      rect('c', 200, 0, 20, 20, { cmd: 'filledRectangle', fill: '#000000', lock: true }),
    ]);
    h.sent.length = 0;
    h.editor.setTool('eraser');
    h.down(-10, 10);
    h.move(60, 10);
    expect(h.editor.scene.shape('a')).toBeUndefined(); // hidden while erasing
    h.move(150, 10);
    h.move(250, 10);
    expect(h.editor.scene.overlay$.value.trail!.length).toBeLessThanOrEqual(20);
    h.up(260, 10);
    expect(h.sent).toHaveLength(1);
    expect(h.sent[0]).toMatchObject({ cmd: 'remove', shapes: ['a', 'b'] });
    expect(h.editor.doc.has('c')).toBe(true);
  });

  it('keeps at most 10 trail points', () => {
    const h = harness();
    h.editor.setTool('eraser');
    h.down(0, 0);
    for (let i = 1; i < 30; i++) h.move(i * 3, 0);
    expect(h.editor.scene.overlay$.value.trail).toHaveLength(20);
    h.up(90, 0);
    expect(h.editor.scene.overlay$.value.trail).toBe(null);
    expect(h.sent).toHaveLength(0);
  });
});

describe('text tool (board.md §4 "Text and sticky editing")', () => {
  it('click creates a text box; the right-trimmed text is added as a new shape', () => {
    const h = harness();
    h.editor.setTool('text');
    h.click(100, 100);
    expect(h.text.active).toBe(true);
    expect(h.text.session$.value!.request.placeholder).toBe('Type something');
    h.text.type('hello  \n ');
    h.text.end();
    expect(h.sent).toHaveLength(1);
    expect(h.sent[0]).toMatchObject({ cmd: 'text', shape: { value: 'hello', font: 'Open Sans', size: 16, align: 'left' } });
  });

  it('empty new text adds nothing; clicking outside applies', () => {
    const h = harness();
    h.editor.setTool('text');
    h.click(10, 10);
    h.text.type('   ');
    h.click(300, 300); // applies (and is swallowed)
    expect(h.text.active).toBe(false);
    expect(h.sent).toHaveLength(0);
  });

  it('editing an existing text: changed → textModifier, unchanged → nothing, empty → remove', () => {
    const h = harness();
    const t: TextShape = {
      id: 't',
      cmd: 'text',
      uid: 'me',
      timestamp: 1,
      value: 'abc',
      x: 0,
      y: 0,
      color: '#000000',
      font: 'Open Sans',
      size: 20,
      align: 'left',
    };
    h.editor.addShapes([t]);
    h.sent.length = 0;
    h.editor.setTool('text');
    h.click(5, 5);
    expect(h.text.value()).toBe('abc');
    expect(h.editor.scene.shape('t')).toBeUndefined(); // hidden under the editor
    h.text.type('abcd');
    h.text.end();
    expect(h.sent[0]).toMatchObject({ cmd: 'textModifier', shape: 't', value: 'abcd' });
    h.click(5, 5);
    h.text.end();
    expect(h.sent).toHaveLength(1);
    h.click(5, 5);
    h.text.type('');
    h.text.end();
    expect(h.sent[1]).toMatchObject({ cmd: 'remove', shapes: ['t'] });
  });
});

describe('sticky note tool', () => {
  it('click creates a note centred on the pointer with the style colour and size', () => {
    const h = harness();
    h.editor.setTool('stickyNote');
    h.click(200, 200);
    h.text.type('Hi');
    h.text.end();
    const c = h.sent[0] as Command & { shape: StickyNoteShape };
    expect(c.cmd).toBe('stickyNote');
    expect(c.shape).toMatchObject({ x: 115, y: 115, w: 170, h: 170, size: 'M', color: '#feff9c', text: 'Hi', fontSize: 35 });
  });

  it('Tab applies and opens a new note to the right', () => {
    const h = harness();
    h.editor.setTool('stickyNote');
    h.click(100, 100);
    h.text.type('one');
    expect(h.key('Tab', 'Tab')).toBe(true);
    expect(h.sent).toHaveLength(1);
    expect(h.text.active).toBe(true);
    expect(h.text.session$.value!.request.x).toBe(15 + 170 + 10);
    h.text.type('two');
    h.text.end();
    expect((h.sent[1] as Command & { shape: StickyNoteShape }).shape).toMatchObject({ text: 'two', x: 195, y: 15 });
  });

  it('editing: colour, size and text changes go out as ONE commandSet; unchanged restores', () => {
    const h = harness();
    const note: StickyNoteShape = {
      id: 'n',
      cmd: 'stickyNote',
      uid: 'me',
      timestamp: 1,
      text: 'old',
      x: 0,
      y: 0,
      w: 170,
      h: 170,
      color: '#feff9c',
      size: 'M',
      fontSize: 35,
    };
    h.editor.addShapes([note]);
    h.sent.length = 0;
    h.editor.setTool('stickyNote');
    h.click(50, 50);
    h.text.end();
    expect(h.sent).toHaveLength(0);
    expect(h.editor.scene.shape('n')).toBe(h.editor.doc.get('n'));
    h.click(50, 50);
    h.editor.setStyle({ stickyColor: '#ffa8a8', stickySize: 'L' });
    h.text.type('a much longer text that needs a smaller font to fit the note nicely');
    h.text.end();
    expect(h.sent).toHaveLength(1);
    const set = h.sent[0] as CommandSetCommand;
    expect(set.cmd).toBe('commandSet');
    expect(set.commands.map((c) => c.cmd)).toEqual([
      'colorModifier',
      'sizeModifier',
      'propertyModifier',
      'textModifier',
      'stickyNoteModifier',
    ]);
    expect(h.editor.doc.get('n')).toMatchObject({
      color: '#ffa8a8',
      w: 270,
      h: 270,
      size: 'L',
      text: 'a much longer text that needs a smaller font to fit the note nicely',
    });
    expect((h.editor.doc.get('n') as StickyNoteShape).fontSize).toBeLessThan(35);
  });
});

describe('select tool (board.md §4 "Selection")', () => {
  const setup = () => {
    const h = harness({ policies: [POLICY.rotateShapes] });
    const filled = { cmd: 'filledRectangle', fill: '#cccccc' };
    h.editor.addShapes([
      rect('a', 0, 0, 50, 50, filled),
      rect('b', 100, 0, 50, 50, filled),
      rect('locked', 200, 0, 50, 50, { ...filled, lock: true }),
      rect('ghost', 300, 0, 50, 50, { ...filled, metadata: { ghost: true } }),
    ]);
    h.sent.length = 0;
    h.editor.select([]);
    return h;
  };

  it('click selects, Ctrl/Shift-click toggles, empty click clears', () => {
    const h = setup();
    h.click(25, 25);
    expect(h.editor.selection).toEqual(['a']);
    h.click(125, 25, { ctrl: true });
    expect(h.editor.selection).toEqual(['a', 'b']);
    h.click(20, 20, { shift: true });
    expect(h.editor.selection).toEqual(['b']);
    h.click(600, 600);
    expect(h.editor.selection).toEqual([]);
  });

  it('drag-box selects shapes fully inside that are not locked or ghost', () => {
    const h = setup();
    h.drag([-10, -10], [400, 60]);
    expect(h.editor.selection.sort()).toEqual(['a', 'b']);
    h.drag([-10, -10], [120, 60]); // b is not fully inside
    expect(h.editor.selection).toEqual(['a']);
    expect(h.editor.scene.overlay$.value.dragBox).toBe(null);
  });

  it('dragging moves the selection with one reposition; Shift locks the axis; locked shapes do not move', () => {
    const h = setup();
    h.drag([25, 25], [55, 35]);
    expect(h.sent).toEqual([expect.objectContaining({ cmd: 'reposition', shapePositions: [{ shape: 'a', x: 30, y: 10 }] })]);
    expect(h.editor.doc.get('a')).toMatchObject({ x: 30, y: 10 });
    // Shift pressed after the drag started (Shift on the press itself toggles the selection)
    h.down(55, 35);
    h.move(80, 40, { shift: true });
    h.up(105, 45, { shift: true });
    expect(h.sent[1]).toMatchObject({ shapePositions: [{ shape: 'a', x: 50, y: 0 }] });
    h.drag([225, 25], [260, 25]);
    expect(h.sent).toHaveLength(2);
    expect(h.editor.selection).toEqual(['locked']);
  });

  it('shows the moved shapes while dragging without touching the document', () => {
    const h = setup();
    h.down(25, 25);
    h.move(45, 25);
    expect(h.editor.scene.shape('a')).toMatchObject({ x: 20 });
    expect(h.editor.doc.get('a')).toMatchObject({ x: 0 });
    h.up(45, 25);
    expect(h.editor.doc.get('a')).toMatchObject({ x: 20 });
  });

  it('Alt-drag duplicates and selects the copies', () => {
    const h = setup();
    h.drag([25, 25], [25, 125], { alt: true });
    expect(h.sent).toHaveLength(1);
    expect(h.sent[0].cmd).toBe('filledRectangle');
    expect(h.editor.doc.get('a')).toMatchObject({ x: 0, y: 0 });
    const copy = h.editor.doc.get(h.editor.selection[0])!;
    expect(copy).toMatchObject({ cmd: 'filledRectangle', x: 0, y: 100, uid: 'me' });
    expect(copy.id).not.toBe('a');
  });

  it('resize handle → sizeModifier; Shift keeps the aspect ratio', () => {
    const h = setup();
    h.click(25, 25);
    const box = h.editor.scene.overlay$.value.handles!.box; // bounds incl. stroke: -1..51
    expect(box).toEqual({ x: -1, y: -1, w: 52, h: 52 });
    h.drag([51, 51], [103, 77]);
    const c = h.sent[0];
    expect(c.cmd).toBe('sizeModifier');
    expect(h.editor.doc.get('a')!).toMatchObject({ cmd: 'filledRectangle' });
    const a = h.editor.doc.get('a') as { w: number; h: number };
    expect(a.w).toBeCloseTo(50 * (104 / 52), 6);
    expect(a.h).toBeCloseTo(50 * (78 / 52), 6);
    h.editor.select(['b']);
    const bb = h.editor.scene.overlay$.value.handles!.box;
    h.drag([bb.x + bb.w, bb.y + bb.h], [bb.x + bb.w * 2, bb.y + bb.h * 1.2], { shift: true });
    const b = h.editor.doc.get('b') as { w: number; h: number };
    expect(b.w / b.h).toBeCloseTo(1, 6);
    expect(b.w).toBeCloseTo(50 * 2, 6);
  });

  it('locked and ghost shapes get no resize handles', () => {
    const h = setup();
    h.click(225, 25);
    expect(h.editor.selection).toEqual(['locked']);
    expect(h.editor.scene.overlay$.value.handles).toMatchObject({ resize: false, rotate: false });
  });

  it('rotate handle → propertyModifier rotation (Shift snaps to 15°)', () => {
    const h = setup();
    h.click(25, 25);
    const box = h.editor.scene.overlay$.value.handles!.box;
    expect(h.editor.scene.overlay$.value.handles!.rotate).toBe(true);
    const cx = box.x + box.w / 2,
      cy = box.y + box.h / 2;
    h.drag([cx, box.y - 24], [cx + 100, cy - 3], { shift: true });
    expect(h.sent[0]).toMatchObject({ cmd: 'propertyModifier', shapes: ['a'], props: [{ name: 'rotation', value: 90 }] });
    expect(h.editor.doc.get('a')!.rotation).toBe(90);
  });

  it('no rotate handle without the rotate policy', () => {
    const h = harness();
    h.editor.addShapes([rect('a', 0, 0)]);
    h.editor.select(['a']);
    expect(h.editor.scene.overlay$.value.handles!.rotate).toBe(false);
  });

  it('double click on a selected text opens the text tool on it', () => {
    const h = harness();
    h.editor.addShapes([
      {
        id: 't',
        cmd: 'text',
        uid: 'me',
        timestamp: 1,
        value: 'hey',
        x: 0,
        y: 0,
        color: '#000000',
        font: 'Open Sans',
        size: 20,
        align: 'left',
      },
    ]);
    h.click(5, 5);
    expect(h.editor.selection).toEqual(['t']);
    h.down(5, 5, { clicks: 2 });
    h.up(5, 5);
    expect(h.editor.tool$.value).toBe('text');
    expect(h.text.value()).toBe('hey');
  });

  it('arrow keys move the selection 1, Shift 10, Ctrl 20', () => {
    const h = setup();
    h.editor.select(['a', 'locked']);
    h.key('ArrowRight', 'ArrowRight');
    h.key('ArrowDown', 'ArrowDown', { shiftKey: true });
    h.key('ArrowLeft', 'ArrowLeft', { ctrlKey: true });
    expect(h.sent.map((c) => (c as Command & { shapePositions: unknown }).shapePositions)).toEqual([
      [{ shape: 'a', x: 1, y: 0 }],
      [{ shape: 'a', x: 0, y: 10 }],
      [{ shape: 'a', x: -20, y: 0 }],
    ]);
    expect(h.editor.doc.get('a')).toMatchObject({ x: -19, y: 10 });
  });
});

describe('pan and permissions', () => {
  it('pan drags the viewport', () => {
    const h = harness();
    h.editor.setTool('pan');
    h.drag([0, 0], [40, -20]);
    expect(h.editor.viewport.state).toMatchObject({ tx: 40, ty: -20 });
  });

  it('Space pans temporarily and the middle button pans without switching tool', () => {
    const h = harness();
    h.editor.setTool('pen');
    h.key(' ', 'Space');
    expect(h.editor.tool$.value).toBe('pan');
    h.editor.keyUp({ key: ' ', code: 'Space', ctrlKey: false, shiftKey: false, altKey: false, metaKey: false });
    expect(h.editor.tool$.value).toBe('pen');
    h.drag([0, 0], [30, 30], { button: 1 });
    expect(h.editor.viewport.state).toMatchObject({ tx: 30, ty: 30 });
    expect(h.sent).toHaveLength(0);
  });

  it('backquote returns to the previous tool', () => {
    const h = harness();
    h.editor.setTool('pen');
    h.editor.setTool('rectangle');
    h.key('`', 'Backquote');
    expect(h.editor.tool$.value).toBe('pen');
  });

  it('users without edit_board are forced to pan and cannot execute', () => {
    const h = harness({ role: 'Viewer', permissions: ['view_chat'] });
    expect(h.editor.tool$.value).toBe('pan');
    h.editor.setTool('pen');
    expect(h.editor.tool$.value).toBe('pan');
    expect(() => h.editor.execute({ cmd: 'remove', shapes: ['x'] })).toThrow();
    h.key('P', 'KeyP');
    expect(h.editor.tool$.value).toBe('pan');
  });

  it('losing edit_board at runtime switches to pan on refreshPermissions', () => {
    const h = harness();
    h.editor.setTool('rectangle');
    h.perms.permissions = [];
    h.editor.refreshPermissions();
    expect(h.editor.tool$.value).toBe('pan');
    expect(h.editor.readOnly$.value).toBe(true);
  });
});
