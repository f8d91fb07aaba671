import { describe, expect, it } from 'vitest';
import Two from 'two.js';
import type { LineShape, Shape, StickyNoteShape } from '../../../shared/model';
import { SHAPE_KINDS } from '../../../shared/model';
import { propertiesOf, registeredKinds, shapeModule, shapeModuleOf } from '../../../sdk/shapes';
import { dashesOf } from '../../../sdk/shapes/line';
import { stickyLayout } from '../../../sdk/shapes/stickyNote';
import { smoothStroke } from '../../../sdk/shapes/two-helpers';
import { rect } from './helpers';

const base = { uid: 'u', timestamp: 1 };
const samples: Shape[] = [
  { ...base, id: 'p', cmd: 'pen', points: [0, 0, 10, 10, 20, 0, 30, 10], color: '#000000', lineWidth: 2, type: 'pen' },
  { ...base, id: 'h', cmd: 'highlighter', points: [0, 0, 10, 10], color: '#ffff00', lineWidth: 2, type: 'hl' },
  { ...base, id: 'l', cmd: 'line', points: [0, 0, 100, 0], color: '#000000', lineWidth: 2, type: 'dashed' },
  { ...base, id: 'a', cmd: 'arrow', points: [0, 0, 100, 0], color: '#000000', lineWidth: 2, type: 'double' },
  rect('r', 0, 0) as unknown as Shape,
  {
    ...base,
    id: 'fr',
    cmd: 'filledRectangle',
    x: 0,
    y: 0,
    w: 10,
    h: 10,
    stroke: '#ff0000',
    lineWidth: 2,
    fill: '#ff0000',
    rotation: 30,
    opacity: 5,
  },
  { ...base, id: 'c', cmd: 'circle', x: 0, y: 0, r: 10, stroke: '#000000', lineWidth: 2 },
  { ...base, id: 'fc', cmd: 'filledCircle', x: 0, y: 0, r: 10, stroke: '#000000', lineWidth: 2, fill: '#000000' },
  { ...base, id: 't', cmd: 'text', value: 'two\nlines', x: 0, y: 0, color: '#000000', font: 'Open Sans', size: 16, align: 'center' },
  { ...base, id: 's', cmd: 'stickyNote', text: 'note', x: 0, y: 0, w: 170, h: 170, color: '#feff9c', size: 'M', fontSize: 35 },
  { ...base, id: 'i', cmd: 'image', x: 0, y: 0, w: 10, h: 10, url: 'https://example.com/a.png' },
  { ...base, id: 'f', cmd: 'frame', x: 0, y: 0, w: 100, h: 100, color: '#cccccc', title: 'T', order: 1, children: [] },
  { ...base, id: 'cm', cmd: 'comment', x: 0, y: 0, threadId: 't', color: 2, resolved: false, unreadCount: 3 },
  {
    ...base,
    id: 'tb',
    cmd: 'table',
    x: 0,
    y: 0,
    w: 100,
    h: 40,
    table: [
      ['a', 'b'],
      ['c', ''],
    ],
    border: true,
  },
  { ...base, id: 'g', cmd: 'composite', shapes: [rect('x', 0, 0) as unknown as Shape] },
  { ...base, id: 'k', cmd: 'link', url: 'https://x.y', shapes: [rect('y', 0, 0) as unknown as Shape] },
];

describe('shape registry', () => {
  it('has a module for every shape kind of the model', () => {
    expect(registeredKinds().sort()).toEqual([...SHAPE_KINDS].sort());
  });

  it('renders every kind to a two.js object without a DOM', () => {
    for (const s of samples) {
      const o = shapeModuleOf(s)!.render(s);
      expect(o, s.cmd).toBeInstanceOf(Two.Element);
    }
  });

  it('applies opacity and rotation around the box centre', () => {
    const s = samples.find((x) => x.id === 'fr')!;
    const o = shapeModuleOf(s)!.render(s) as InstanceType<typeof Two.Group>;
    expect(o.opacity).toBe(0.5);
    expect(o.rotation).toBeCloseTo(Math.PI / 6, 10);
    expect(o.translation.x).toBe(5);
    expect(o.translation.y).toBe(5);
  });

  it('draws the same smoothed curve as the SVG export (quadratic through midpoints)', () => {
    const path = smoothStroke([0, 0, 10, 10, 20, 0]);
    const v = path.vertices;
    expect(v).toHaveLength(3);
    expect([v[1].x, v[1].y]).toEqual([15, 5]); // midpoint of (10,10)-(20,0)
    // cubic controls = quadratic control (10,10) converted: c1 = p0 + 2/3 (q − p0)
    expect(v[0].controls.right.x).toBeCloseTo(20 / 3, 10);
    expect(v[1].controls.left.x + v[1].x).toBeCloseTo(15 + (2 / 3) * (10 - 15), 10);
  });

  it('line types: dashes and arrow heads', () => {
    expect(dashesOf('dashed', 2)).toEqual([8, 6]);
    expect(dashesOf('dotted', 2)).toEqual([2, 4]);
    expect(dashesOf('line', 2)).toEqual([]);
    const double = samples.find((s) => s.id === 'a') as LineShape;
    const g = shapeModuleOf(double)!.render(double) as InstanceType<typeof Two.Group>;
    expect(g.children.length).toBe(3); // body + two heads
  });

  it('property menus per kind and for a mixed selection', () => {
    expect(shapeModule('stickyNote')!.properties).toEqual(['stickyColor', 'stickySize', 'opacity', 'align']);
    // text alignment for texts, sticky notes and table cells (board.md §3)
    expect(propertiesOf(samples.filter((x) => ['text', 'stickyNote', 'table'].includes(x.cmd)))).toEqual(['opacity', 'align']);
    expect(shapeModule('table')!.editTool).toBe('table');
    expect(shapeModule('line')!.properties).toContain('lineType');
    expect(propertiesOf([samples[0], samples[4]])).toEqual(['color', 'lineWidth', 'opacity']);
    expect(shapeModule('text')!.editTool).toBe('text');
    expect(shapeModule('comment')!.resizable).toBe(false);
  });

  it('sticky notes use their stored font size, else fit from 35 down to 5', () => {
    const s = samples.find((x) => x.id === 's') as StickyNoteShape;
    expect(stickyLayout(s).fontSize).toBe(35);
    expect(stickyLayout({ ...s, fontSize: 0, text: 'x'.repeat(400) }).fontSize).toBeLessThan(12);
  });
});
