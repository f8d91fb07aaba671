import { describe, expect, it } from 'vitest';
import { edgePoint, routeConnector } from '../../shared/geometry/connectors';
import type { Command, LineShape } from '../../shared/model';
import { POLICY } from '../../shared/policies';
import { harness, rect } from './sdk/helpers';

const box = (x: number, y: number, w = 100, h = 50) => ({ box: { x, y, w, h } });

describe('routeConnector (shared/geometry/connectors)', () => {
  const line = [0, 0, 0, 0];

  it('puts both ends on the facing box edges along the centre-to-centre line', () => {
    // centres (50, 25) and (350, 25): right edge of the first, left edge of the second
    expect(routeConnector(line, box(0, 0), box(300, 0))).toEqual([100, 25, 300, 25]);
  });

  it('follows a moved start shape', () => {
    // start now below the end: bottom edge of the end box faces it
    expect(routeConnector([100, 25, 300, 25], box(300, 300), box(300, 0))).toEqual([350, 300, 350, 50]);
  });

  it('follows a moved end shape and keeps a free start', () => {
    expect(routeConnector([10, 25, 300, 25], null, box(300, 200))).toEqual([10, 25, 307.5, 200]);
    // a free start stays where it is
    expect(routeConnector([10, 25, 300, 25], null, box(300, 200)).slice(0, 2)).toEqual([10, 25]);
  });

  it('re-routes both ends when both shapes moved', () => {
    expect(routeConnector([100, 25, 300, 25], box(0, 500), box(0, 0))).toEqual([50, 500, 50, 50]);
  });

  it('puts the end on the rotated box edge', () => {
    // a 100×50 box rotated 90° around its centre (50, 25) spans x 25…75, y -25…75
    const p = edgePoint({ box: { x: 0, y: 0, w: 100, h: 50 }, rotation: 90 }, { x: 50, y: 500 });
    expect(p.x).toBeCloseTo(50);
    expect(p.y).toBeCloseTo(75);
    const q = edgePoint({ box: { x: 0, y: 0, w: 100, h: 50 }, rotation: 90 }, { x: 500, y: 25 });
    expect(q.x).toBeCloseTo(75);
    expect(q.y).toBeCloseTo(25);
  });

  it('puts the end on a circle, not its box corner', () => {
    const p = edgePoint({ box: { x: -50, y: -50, w: 100, h: 100 }, round: true }, { x: 100, y: 100 });
    expect(Math.hypot(p.x, p.y)).toBeCloseTo(50);
  });

  it('keeps the points of a line whose shapes are missing (free ends)', () => {
    expect(routeConnector([1, 2, 3, 4], null, null)).toEqual([1, 2, 3, 4]);
    expect(routeConnector([1, 2], box(0, 0), null)).toEqual([1, 2]);
  });
});

/** A team board (connector lines, line types) with rectangles a and b and an arrow a → b. */
function board() {
  const h = harness({ policies: [POLICY.connectorLines, POLICY.lineType] });
  h.editor.execute({ cmd: 'rectangle', shape: rect('a', 0, 0, 100, 50) });
  h.editor.execute({ cmd: 'rectangle', shape: rect('b', 300, 0, 100, 50) });
  h.editor.execute({ cmd: 'rectangle', shape: rect('c', 0, 300, 100, 50) });
  const arrow: LineShape = {
    id: 'l',
    cmd: 'arrow',
    uid: 'me',
    timestamp: 1,
    points: [100, 25, 300, 25],
    color: '#000000',
    lineWidth: 2,
    type: 'arrow',
    start: 'a',
    end: 'b',
  };
  h.editor.execute({ cmd: 'arrow', shape: arrow });
  h.sent.length = 0;
  const line = () => h.editor.doc.get('l') as LineShape;
  return { h, line };
}

const kinds = (c: Command): string[] => (c.cmd === 'commandSet' ? c.commands.map((s) => s.cmd) : [c.cmd]);

describe('connectors follow their shapes (sdk/editor/followers/connectors)', () => {
  it('a move of the end shape carries the re-routed arrow in the same command; undo restores both', () => {
    const { h, line } = board();
    h.editor.execute({ cmd: 'reposition', shapePositions: [{ shape: 'b', x: 0, y: 200 }] });
    expect(h.sent).toHaveLength(1);
    expect(kinds(h.sent[0])).toEqual(['reposition', 'propertyModifier']);
    const c = { x: 350, y: 225 };
    const [x0, y0, x1, y1] = line().points;
    // the end sits on b's box edge, on the line between the centres
    expect(x1).toBeGreaterThanOrEqual(300);
    expect(y1).toBeCloseTo(200, 1);
    expect((y1 - y0) / (x1 - x0)).toBeCloseTo((c.y - 25) / (c.x - 50), 2);
    expect(line().start).toBe('a');
    expect(line().end).toBe('b');
    h.editor.undo();
    expect(line().points).toEqual([100, 25, 300, 25]);
  });

  it('a resize and a rotation re-route too', () => {
    const { h, line } = board();
    h.editor.execute({ cmd: 'sizeModifier', shapes: ['b'], x: 500, y: 0, w: 100, h: 50 });
    expect(line().points).toEqual([100, 25, 500, 25]);
    h.editor.execute({ cmd: 'propertyModifier', shapes: ['a'], props: [{ name: 'rotation', value: 90 }] });
    expect(line().points[0]).toBeCloseTo(75);
  });

  it('a connector moved with both its shapes moves once; moved alone it lets go of its shapes', () => {
    const { h, line } = board();
    h.editor.execute({ cmd: 'reposition', shapePositions: ['a', 'b', 'l'].map((shape) => ({ shape, x: 10, y: 10 })) });
    expect(kinds(h.sent[0])).toEqual(['reposition']);
    expect(line().points).toEqual([110, 35, 310, 35]);
    h.editor.execute({ cmd: 'reposition', shapePositions: [{ shape: 'l', x: 0, y: 100 }] });
    expect(line().points).toEqual([110, 135, 310, 135]);
    expect(line().start).toBeUndefined();
    expect(line().end).toBeUndefined();
  });

  it('removing a shape frees the connector end in the same command', () => {
    const { h, line } = board();
    h.editor.execute({ cmd: 'remove', shapes: ['b'] });
    expect(kinds(h.sent[0])).toEqual(['remove', 'propertyModifier']);
    expect(line().end).toBeUndefined();
    expect(line().start).toBe('a');
    expect(line().points).toEqual([100, 25, 300, 25]);
  });

  it('other commands pass unchanged', () => {
    const { h } = board();
    h.editor.execute({ cmd: 'reposition', shapePositions: [{ shape: 'c', x: 5, y: 5 }] });
    h.editor.execute({ cmd: 'colorModifier', shapes: ['l'], color: '#ff0000' });
    expect(h.sent.map((c) => c.cmd)).toEqual(['reposition', 'colorModifier']);
  });
});

describe('a commandSet with re-routed connectors (shared/reducer)', () => {
  it('changes each shape only by the sub-commands that name it', () => {
    const { h, line } = board();
    h.editor.execute({ cmd: 'sizeModifier', shapes: ['b'], x: 300, y: 100, w: 40, h: 40 });
    const b = h.editor.doc.get('b') as { x: number; y: number; w: number; h: number; points?: unknown };
    expect(b).toMatchObject({ x: 300, y: 100, w: 40, h: 40 });
    expect(b.points).toBeUndefined();
    expect(line().points).toHaveLength(4);
  });
});

describe('connector handle and line ends (select tool)', () => {
  it('dragging the connector handle onto another shape adds one attached arrow', () => {
    const { h } = board();
    h.editor.select(['a']);
    expect(h.editor.scene.overlay$.value.handles?.connector).toBe(true);
    // the handle sits CONNECTOR_OFFSET (22 px) right of a's box middle (box includes the stroke)
    const hb = h.editor.scene.overlay$.value.handles!.box;
    h.drag([hb.x + hb.w + 22, hb.y + hb.h / 2], [50, 320]);
    expect(h.sent).toHaveLength(1);
    const added = (h.sent[0] as { shape: LineShape }).shape;
    expect(h.sent[0].cmd).toBe('arrow');
    expect(added.start).toBe('a');
    expect(added.end).toBe('c');
    // a's bottom edge to c's top edge
    expect(added.points).toEqual([50, 50, 50, 300]);
    expect(h.editor.selection).toEqual([added.id]);
  });

  it('while a shape is dragged its connectors are shown following it; the drop sends one command', () => {
    const { h, line } = board();
    h.down(400, 25);
    h.move(400, 125);
    h.move(400, 225);
    const shown = h.editor.scene.shape('l') as LineShape;
    expect(shown.points[3]).toBeCloseTo(200, 0);
    expect(line().points).toEqual([100, 25, 300, 25]);
    h.up(400, 225);
    expect(h.sent).toHaveLength(1);
    expect(line().points).toEqual(shown.points);
  });

  it('without the connector-lines policy there is no connector handle', () => {
    const h = harness();
    h.editor.execute({ cmd: 'rectangle', shape: rect('a', 0, 0) });
    h.editor.select(['a']);
    expect(h.editor.scene.overlay$.value.handles?.connector).toBe(false);
  });

  it('a selected line shows its end handles; Shift snaps the dragged end to 5°; dropping on a shape attaches', () => {
    const { h, line } = board();
    const free: LineShape = {
      id: 'f',
      cmd: 'line',
      uid: 'me',
      timestamp: 1,
      points: [500, 500, 600, 500],
      color: '#000000',
      lineWidth: 2,
      type: 'line',
    };
    h.editor.execute({ cmd: 'line', shape: free });
    h.editor.select(['f']);
    const handles = h.editor.scene.overlay$.value.handles!;
    expect(handles.ends).toEqual([500, 500, 600, 500]);
    expect(handles.resize).toBe(false);
    h.sent.length = 0;
    h.drag([600, 500], [690, 533], { shift: true });
    const p = (h.editor.doc.get('f') as LineShape).points;
    const angle = (Math.atan2(p[3] - p[1], p[2] - p[0]) * 180) / Math.PI;
    expect(Math.abs(angle / 5 - Math.round(angle / 5))).toBeLessThan(1e-6);
    expect(angle).not.toBe(0);
    expect(h.sent.map((c) => c.cmd)).toEqual(['propertyModifier']);

    // the arrow's end dragged from b onto c: attached to c, routed onto its edge
    h.editor.select(['l']);
    h.drag([300, 25], [50, 320]);
    expect(line().end).toBe('c');
    expect(line().points).toEqual([50, 50, 50, 300]);
    // dropped on empty canvas: free
    h.drag([50, 300], [700, 700]);
    expect(line().end).toBeUndefined();
    expect(line().points.slice(2)).toEqual([700, 700]);
  });
});
