import { describe, expect, it } from 'vitest';
import { LINE_WIDTH } from '../../shared/constants';
import { boxOf, scaleLineWidth, scaleShape } from '../../shared/geometry';
import type { CompositeShape, FrameShape, LineShape, PenShape, Shape, StickyNoteShape, TextShape } from '../../shared/model';
import { checkShape } from '../../shared/shape-check';
import { expandTemplate, placeShapes, templateSize, TemplateError } from '../../shared/templates/expand';
import type { TemplateFile } from '../../shared/templates/types';

/** Expanding templates (shared/templates/expand.ts) and scaling shapes (shared/geometry/scale.ts). */
const ids = () => {
  let n = 0;
  return () => `id${++n}`;
};
const opts = (extra: object = {}) => ({ uid: 'me', now: 1234, newId: ids(), ...extra });

const base = { name: 't', title: 'T', summary: 'S', group: 'template' as const, width: 100, height: 100 };
const rectItem = (id: string, x: unknown = 0, y: unknown = 0) => ({
  id,
  cmd: 'rectangle',
  x,
  y,
  w: 10,
  h: 10,
  stroke: '#000000',
  lineWidth: 2,
});

describe('expandTemplate', () => {
  it('repeats over a list and a count, offsetting each round by its step', () => {
    const t: TemplateFile = {
      ...base,
      width: '=len(cols) * 100',
      parameters: {
        properties: { cols: { type: 'array', items: { type: 'string' } }, rows: { type: 'integer', minimum: 0, maximum: 5 } },
        data: { cols: ['a', 'b'], rows: 2 },
      },
      shapes: [
        {
          repeat: { over: 'cols' },
          step: { x: 100 },
          shapes: [
            { id: 'head', cmd: 'text', value: '{{n}}. {{item}}', x: 5, y: 0, color: '#000000', font: 'Open Sans', size: 16, align: 'left' },
            { repeat: { count: 'rows' }, as: 'r', step: { y: '=20 + i * 0' }, shapes: [rectItem('cell', '=r * 0', 30)] },
          ],
        },
      ],
    };
    const { shapes, data } = expandTemplate(t, undefined, opts());
    expect(shapes).toHaveLength(6);
    expect(data).toEqual({ cols: ['a', 'b'], rows: 2 });
    const texts = shapes.filter((s): s is TextShape => s.cmd === 'text');
    expect(texts.map((s) => [s.value, s.x])).toEqual([
      ['1. a', 5],
      ['2. b', 105],
    ]);
    const cells = shapes.filter((s) => s.cmd === 'rectangle') as Array<Shape & { x: number; y: number }>;
    expect(cells.map((c) => [c.x, c.y])).toEqual([
      [0, 30],
      [0, 50],
      [100, 30],
      [100, 50],
    ]);
    expect(shapes.every((s) => s.uid === 'me' && s.timestamp === 1234 && checkShape(s).message === undefined)).toBe(true);
    expect(new Set(shapes.map((s) => s.id)).size).toBe(6);
    expect(templateSize(t, data)).toEqual({ width: 200, height: 100 });
    // the user's data
    expect(expandTemplate(t, { cols: ['x'], rows: 0 }, opts()).shapes).toHaveLength(1);
  });

  it("remaps links between shapes to the fresh ids (a round's own shapes first)", () => {
    const t: TemplateFile = {
      ...base,
      shapes: [
        { id: 'frame', cmd: 'frame', x: 0, y: 0, w: 300, h: 100, color: '#cccccc', title: 'F', order: 1, children: ['a', 'gone'] },
        rectItem('a'),
        {
          repeat: { count: 2 },
          step: { x: 100 },
          shapes: [
            rectItem('box', 50, 50),
            { id: 'link', cmd: 'line', points: [0, 0, 50, 50], color: '#000000', lineWidth: 2, type: 'line', start: 'a', end: 'box' },
          ],
        },
      ],
    };
    const { shapes } = expandTemplate(t, undefined, opts());
    const [frame, a, box1, line1, box2, line2] = shapes as [FrameShape, Shape, Shape, LineShape, Shape, LineShape];
    expect(frame.children).toEqual([a.id]);
    expect([line1.start, line1.end]).toEqual([a.id, box1.id]);
    expect([line2.start, line2.end]).toEqual([a.id, box2.id]);
  });

  it('leaves out items whose `when` is 0, gives nested shapes fresh ids, keeps a literal "=" with "=="', () => {
    const t: TemplateFile = {
      ...base,
      parameters: { properties: { show: { type: 'boolean' } }, data: { show: false } },
      shapes: [
        { ...rectItem('hidden'), when: 'show' },
        { id: 'note', cmd: 'stickyNote', text: '==1+1', x: 0, y: 0, w: 100, h: 100, color: '#fff59d', size: 'S', fontSize: 20 },
        {
          id: 'g',
          cmd: 'composite',
          shapes: [
            { ...rectItem('inner'), uid: 'x', timestamp: 0 },
            { ...rectItem('inner2', 20), uid: 'x', timestamp: 0 },
          ],
        },
      ],
    };
    const { shapes } = expandTemplate(t, {}, opts());
    expect(shapes.map((s) => s.cmd)).toEqual(['stickyNote', 'composite']);
    expect((shapes[0] as StickyNoteShape).text).toBe('=1+1');
    const inner = (shapes[1] as CompositeShape).shapes;
    expect(inner.map((s) => s.id)).toEqual(['id3', 'id4']);
    expect(inner.every((s) => s.uid === 'me')).toBe(true);
    expect(expandTemplate(t, { show: true }, opts()).shapes).toHaveLength(3);
  });

  it('scales about the origin and places the template', () => {
    const t: TemplateFile = {
      ...base,
      shapes: [
        { ...rectItem('r', 100, 50), w: 200, h: 100, lineWidth: 6 },
        { id: 'p', cmd: 'pen', points: [0, 0, 100, 100], color: '#000000', lineWidth: 9, type: 'pen' },
        { id: 't', cmd: 'text', value: 'Hi', x: 10, y: 10, color: '#000000', font: 'Open Sans', size: 40, align: 'left' },
      ],
    };
    const { shapes, bounds } = expandTemplate(t, undefined, opts({ scale: 0.5, origin: { x: 1000, y: 2000 } }));
    expect(shapes[0]).toMatchObject({ x: 1050, y: 2025, w: 100, h: 50, lineWidth: 3 });
    expect((shapes[1] as PenShape).points).toEqual([1000, 2000, 1050, 2050]);
    expect((shapes[1] as PenShape).lineWidth).toBe(5);
    expect(shapes[2]).toMatchObject({ x: 1005, y: 2005, size: 20 });
    expect(bounds!.x).toBeLessThanOrEqual(1000);
  });

  it('answers TemplateErrors naming where, never a crash', () => {
    const fails = (shapes: unknown[], data?: unknown) => {
      try {
        expandTemplate(
          { ...base, parameters: { properties: { k: { type: 'integer', maximum: 5000 } }, data: { k: 1 } }, shapes } as TemplateFile,
          data,
          opts(),
        );
      } catch (err) {
        expect(err).toBeInstanceOf(TemplateError);
        return (err as TemplateError).errors;
      }
      throw new Error('expanded');
    };
    expect(Object.keys(fails([rectItem('a', '=nope')]))).toEqual(['shapes[0].x']);
    expect(Object.keys(fails([rectItem('a'), rectItem('a')]))).toEqual(['shapes[1].id']);
    expect(Object.keys(fails([{ ...rectItem('a'), stroke: 'red' }]))).toEqual(['shapes[0]']);
    expect(Object.keys(fails([{ cmd: 'rectangle' }]))).toEqual(['shapes[0].id']);
    expect(Object.keys(fails([{ ...rectItem('a'), cmd: 'bomb' }]))).toEqual(['shapes[0].cmd']);
    expect(Object.keys(fails([{ repeat: { over: 'k' }, shapes: [] }]))).toEqual(['shapes[0].repeat.over']);
    expect(Object.keys(fails([{ repeat: { count: 201 }, shapes: [] }]))).toEqual(['shapes[0].repeat']);
    expect(Object.keys(fails([{ repeat: {}, shapes: [] }]))).toEqual(['shapes[0].repeat']);
    // more shapes than one commandSet holds
    expect(
      Object.keys(fails([{ repeat: { count: 40 }, shapes: [{ repeat: { count: 'k' }, shapes: [rectItem('a')] }] }], { k: 30 })),
    ).toEqual(['shapes']);
    expect(Object.keys(fails([rectItem('a')], { k: 'x' }))).toEqual(['k']);
    // nested too deep
    let deep: unknown = rectItem('a');
    for (let i = 0; i < 6; i++) deep = { repeat: { count: 1 }, shapes: [deep] };
    expect(Object.keys(fails([deep]))[0]).toMatch(/^shapes/);
  });
});

describe('placeShapes (custom templates)', () => {
  it('takes shapes literally, with fresh ids, the author, and no expressions', () => {
    const shapes = [
      { ...rectItem('a'), uid: 'someone', timestamp: 1, modifiedBy: 'x' },
      { id: 'n', cmd: 'stickyNote', text: '{{weeks}} =1', x: 0, y: 0, w: 100, h: 100, color: '#fff59d', size: 'S', fontSize: 20 },
    ];
    const placed = placeShapes(shapes, opts({ origin: { x: 10, y: 10 } })).shapes;
    expect(placed.map((s) => [s.id, s.uid])).toEqual([
      ['id1', 'me'],
      ['id2', 'me'],
    ]);
    expect((placed[1] as StickyNoteShape).text).toBe('{{weeks}} =1');
    expect(placed[0]).toMatchObject({ x: 10, y: 10 });
    expect(() => placeShapes([{ id: 'x', cmd: 'nope' }], opts())).toThrow(TemplateError);
  });
});

describe('scaleShape', () => {
  it('scales each kind: points, boxes, radii, font sizes and stroke widths', () => {
    const circle = { id: 'c', cmd: 'circle', uid: 'u', timestamp: 0, x: 100, y: 100, r: 50, stroke: '#000000', lineWidth: 4 } as Shape;
    expect(scaleShape(circle, 0.5)).toMatchObject({ x: 50, y: 50, r: 25, lineWidth: 2 });
    const line = {
      id: 'l',
      cmd: 'line',
      uid: 'u',
      timestamp: 0,
      points: [0, 0, 0, 100],
      color: '#000000',
      lineWidth: 2,
      type: 'line',
    } as Shape;
    expect((scaleShape(line, 0.5, { x: 0, y: 0 }) as LineShape).points).toEqual([0, 0, 0, 50]);
    const note = {
      id: 'n',
      cmd: 'stickyNote',
      uid: 'u',
      timestamp: 0,
      text: 'hello',
      x: 0,
      y: 0,
      w: 200,
      h: 200,
      color: '#fff59d',
      size: 'M',
      fontSize: 40,
    } as Shape;
    const small = scaleShape(note, 0.25) as StickyNoteShape;
    expect([small.w, small.h]).toEqual([50, 50]);
    expect(small.fontSize).toBeLessThan(40);
    const text = {
      id: 't',
      cmd: 'text',
      uid: 'u',
      timestamp: 0,
      value: 'Hi',
      x: 0,
      y: 0,
      color: '#000000',
      font: 'Open Sans',
      size: 30,
      align: 'left',
    } as Shape;
    expect(scaleShape(text, 2)).toMatchObject({ size: 60 });
    expect(boxOf(scaleShape(text, 2)).w).toBeCloseTo(boxOf(text).w * 2);
    // a group's members scale with it, strokes too
    const group = { id: 'g', cmd: 'composite', uid: 'u', timestamp: 0, shapes: [circle, { ...circle, id: 'c2', x: 300 }] } as Shape;
    const g = scaleShape(group, 0.5) as CompositeShape;
    expect(g.shapes.map((s) => (s as { r: number }).r)).toEqual([25, 25]);
    expect(g.shapes.map((s) => (s as { lineWidth: number }).lineWidth)).toEqual([2, 2]);
    // about a point: it stays where it is
    expect(scaleShape(circle, 2, { x: 100, y: 100 })).toMatchObject({ x: 100, y: 100, r: 100 });
    expect(scaleShape(circle, 1)).toBe(circle);
    expect(() => scaleShape(circle, 0)).toThrow();
  });

  it('keeps stroke widths whole and within the model', () => {
    expect(scaleLineWidth(2, 0.1)).toBe(LINE_WIDTH.min);
    expect(scaleLineWidth(9, 3)).toBe(LINE_WIDTH.max);
    expect(scaleLineWidth(5, 0.5)).toBe(3);
  });
});
