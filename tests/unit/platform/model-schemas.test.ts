import { describe, expect, it } from 'vitest';
import { shapeSchemas, validateCommand, validateShape } from '../../../platform/core/model-schemas';
import type { Shape } from '../../../shared/model';

const base = { uid: 'u1', timestamp: 1700000000000 };
const cmdBase = { id: 'c1', uid: 'u1', status: 'normal', timestamp: 1700000000000 };

const shapes: Shape[] = [
  { id: 'p', cmd: 'pen', ...base, points: [0, 0, 5, 5], color: '#000000', lineWidth: 2, type: 'pen' },
  { id: 'h', cmd: 'highlighter', ...base, points: [0, 0, 5, 5, 9, 9], color: '#ffff00', lineWidth: 3, type: 'hl', opacity: 5 },
  { id: 'r', cmd: 'rectangle', ...base, x: 1, y: 2, w: 3, h: 4, stroke: '#000000', lineWidth: 1 },
  { id: 'fr', cmd: 'filledRectangle', ...base, x: 1, y: 2, w: 3, h: 4, stroke: '#000000', lineWidth: 1, fill: '#ff0000', rotation: 45 },
  { id: 'c', cmd: 'circle', ...base, x: 1, y: 2, r: 3, stroke: '#000000', lineWidth: 9 },
  { id: 'fc', cmd: 'filledCircle', ...base, x: 1, y: 2, r: 3, stroke: '#000000', lineWidth: 1, fill: '#00ff00' },
  { id: 'l', cmd: 'line', ...base, points: [0, 0, 10, 10], color: '#000000', lineWidth: 2, type: 'dashed' },
  { id: 'a', cmd: 'arrow', ...base, points: [0, 0, 10, 10], color: '#000000', lineWidth: 2, type: 'double', start: 'r', end: 'c' },
  {
    id: 't',
    cmd: 'text',
    ...base,
    value: 'hello',
    x: 0,
    y: 0,
    color: '#000000',
    font: 'Open Sans',
    size: 16,
    align: 'left',
    tags: [{ key: 'k', value: 'v' }],
  },
  { id: 's', cmd: 'stickyNote', ...base, text: '', x: 0, y: 0, w: 170, h: 170, color: '#feff9c', size: 'M', fontSize: 35 },
  {
    id: 'i',
    cmd: 'image',
    ...base,
    x: 0,
    y: 0,
    w: 100,
    h: 100,
    resource: '123e4567-e89b-12d3-a456-426614174000',
    page: { current: 1, total: 2 },
    metadata: { type: 'document' },
  },
  { id: 'f', cmd: 'frame', ...base, x: 0, y: 0, w: 100, h: 100, color: '#cccccc', title: 'Frame 1', order: 1, children: ['r'] },
  { id: 'cm', cmd: 'comment', ...base, x: 0, y: 0, threadId: 'th', color: 6, resolved: false },
  {
    id: 'tb',
    cmd: 'table',
    ...base,
    x: 0,
    y: 0,
    w: 100,
    h: 100,
    table: [
      ['a', 'b'],
      ['', 'c'],
    ],
    border: true,
  },
  {
    id: 'g',
    cmd: 'composite',
    ...base,
    shapes: [{ id: 'r2', cmd: 'rectangle', ...base, x: 1, y: 2, w: 3, h: 4, stroke: '#000000', lineWidth: 1 }],
  },
  { id: 'k', cmd: 'link', ...base, url: 'https://example.com', shapes: [] },
];

describe('shape schemas', () => {
  it('accept a valid shape of every kind', () => {
    expect(new Set(shapes.map((s) => s.cmd)).size).toBe(Object.keys(shapeSchemas).length);
    for (const shape of shapes) {
      const result = validateShape(shape);
      expect(result.errors, shape.cmd).toBeUndefined();
      expect(validateCommand({ ...cmdBase, cmd: shape.cmd, shape }).errors, shape.cmd).toBeUndefined();
    }
  });

  it('refuse bad colours, widths, opacity, numbers, odd points, unknown keys', () => {
    const r = shapes[2];
    expect(validateShape({ ...r, stroke: 'red' }).errors).toEqual({ stroke: ['stroke must be a colour #RRGGBB'] });
    expect(validateShape({ ...r, lineWidth: 10 }).errors).toHaveProperty('lineWidth');
    expect(validateShape({ ...r, lineWidth: 0 }).errors).toHaveProperty('lineWidth');
    expect(validateShape({ ...r, opacity: 11 }).errors).toHaveProperty('opacity');
    expect(validateShape({ ...r, x: 1e8 }).errors).toHaveProperty('x');
    expect(validateShape({ ...r, x: Infinity }).errors).toHaveProperty('x');
    expect(validateShape({ ...r, x: NaN }).errors).toHaveProperty('x');
    expect(validateShape({ ...r, evil: 1 }).errors).toEqual({ evil: ['evil is not allowed'] });
    expect(validateShape({ ...shapes[0], points: [0, 0, 1, 1, 2] }).errors).toEqual({ points: ['points must hold x/y pairs'] });
    expect(validateShape({ ...shapes[0], points: new Array(20002).fill(1) }).errors).toHaveProperty('points');
    expect(validateShape({ ...shapes[6], points: [0, 0, 1, 1, 2, 2] }).errors).toHaveProperty('points');
    expect(validateShape({ ...shapes[11], title: 'x'.repeat(57) }).errors).toHaveProperty('title');
    expect(validateShape({ ...shapes[8], value: 'x'.repeat(20001) }).errors).toHaveProperty('value');
    expect(validateShape({ ...shapes[10], resource: 'not-a-uuid' }).errors).toEqual({ resource: ['resource must be a UUID'] });
    expect(validateShape({ ...r, id: 'x'.repeat(65) }).errors).toHaveProperty('id');
    expect(validateShape({ ...r, cmd: 'bogus' }).errors).toHaveProperty('cmd');
    expect(validateShape({ ...shapes[12], color: 7 }).errors).toHaveProperty('color');
    expect(validateShape({ ...shapes[13], table: Array.from({ length: 51 }, () => ['a']) }).errors).toHaveProperty('table');
    expect(validateShape(null).errors).toEqual({ '*': ['must be an object'] });
  });

  it('limit composite nesting', () => {
    const leaf = shapes[2];
    const nest = (depth: number): Shape => (depth === 0 ? leaf : { id: `g${depth}`, cmd: 'composite', ...base, shapes: [nest(depth - 1)] });
    expect(validateShape(nest(2)).errors).toBeUndefined();
    expect(validateShape(nest(3)).errors).toBeDefined();
  });
});

describe('command schemas', () => {
  const valid: Array<Record<string, unknown>> = [
    {
      cmd: 'propertyModifier',
      shapes: ['a'],
      props: [
        { name: 'lineWidth', value: 3 },
        { name: 'tags', value: { key: 'x' }, type: 'add' },
      ],
    },
    { cmd: 'textModifier', shape: 'a', value: '' },
    { cmd: 'fontModifier', shapes: ['a'], font: 'Arial' },
    { cmd: 'fontSizeModifier', shapes: ['a'], size: 20 },
    { cmd: 'colorModifier', shapes: ['a'], color: '#000000', fill: 'transparent' },
    { cmd: 'reposition', shapePositions: [{ shape: 'a', x: 1, y: -1 }] },
    { cmd: 'stickyNoteModifier', shape: 'a', fontSize: 12 },
    { cmd: 'sizeModifier', shapes: ['a'], w: 10, h: 10, x: 0 },
    { cmd: 'remove', shapes: ['a', 'b'] },
    { cmd: 'clear' },
    { cmd: 'undo', ref: 'c0' },
    { cmd: 'undo', ref: 'c0', type: 'redo' },
    { cmd: 'lock', shapes: ['a'], locked: true, protect: true },
    { cmd: 'changeOrder', shapes: ['a'], order: 'back' },
    { cmd: 'pageModifier', shape: 'a', page: 2 },
    { cmd: 'replace', shape: shapes[2] },
    {
      cmd: 'commandSet',
      commands: [
        { ...cmdBase, id: 'c2', cmd: 'remove', shapes: ['a'] },
        { ...cmdBase, id: 'c3', cmd: 'rectangle', shape: shapes[2] },
      ],
    },
  ];

  it('accept a valid command of every kind', () => {
    for (const c of valid) expect(validateCommand({ ...cmdBase, ...c }).errors, String(c.cmd)).toBeUndefined();
  });

  it('refuse mismatched add kinds, unknown kinds, unknown keys, server-only effect', () => {
    expect(validateCommand({ ...cmdBase, cmd: 'circle', shape: shapes[2] }).errors).toHaveProperty(['shape.cmd']);
    expect(validateCommand({ ...cmdBase, cmd: 'explode' }).errors).toHaveProperty('cmd');
    expect(validateCommand({ ...cmdBase, cmd: 'remove', shapes: ['a'], extra: 1 }).errors).toEqual({ extra: ['extra is not allowed'] });
    expect(validateCommand({ ...cmdBase, cmd: 'undo', ref: 'x', effect: { shapes: [], removed: [] } }).errors).toHaveProperty('effect');
    expect(validateCommand({ ...cmdBase, cmd: 'remove', shapes: [] }).errors).toHaveProperty('shapes');
    expect(validateCommand({ cmd: 'remove', shapes: ['a'] }).errors).toMatchObject({ id: ['id is required'] });
  });

  it('checks propertyModifier names and values', () => {
    const bad = (props: unknown) => validateCommand({ ...cmdBase, cmd: 'propertyModifier', shapes: ['a'], props }).errors;
    expect(bad([{ name: 'id', value: 'x' }])).toEqual({ 'props.0.name': ['props[0].name is not a property that can be changed'] });
    expect(bad([{ name: 'lineWidth', value: 12 }])).toHaveProperty(['props.0']);
    expect(bad([{ name: 'stroke', value: 'blue' }])).toHaveProperty(['props.0']);
    expect(bad([{ name: 'opacity', value: 5, type: 'add' }])).toEqual({ 'props.0': ['opacity cannot be added to'] });
    expect(bad([{ name: 'x', value: 5, type: 'add' }])).toBeUndefined();
    // a table's grid may pass the other properties' 20 KB (its own schema bounds it: 50 × 50 cells of 1000); a text may not
    const grid = Array.from({ length: 30 }, () => Array.from({ length: 30 }, () => 'x'.repeat(40)));
    expect(bad([{ name: 'table', value: grid }])).toBeUndefined();
    expect(bad([{ name: 'text', value: grid.flat().join('') }])).toEqual({ 'props.0': ['value of text is too large'] });
    expect(bad([{ name: 'table', value: [['a'], Array.from({ length: 51 }, () => 'b')] }])).toHaveProperty(['props.0']);
    // alignment (texts, sticky notes, tables) and a table's relative column widths
    expect(
      bad([
        { name: 'align', value: 'center' },
        { name: 'colWidths', value: [0.5, 0.5] },
      ]),
    ).toBeUndefined();
    expect(bad([{ name: 'colWidths', value: null }])).toBeUndefined();
    expect(bad([{ name: 'align', value: 'justify' }])).toHaveProperty(['props.0']);
    expect(bad([{ name: 'colWidths', value: [0, 1] }])).toHaveProperty(['props.0']);
  });

  it('nests command sets at most two deep, 1000 commands in all, and never undo or clear inside', () => {
    const leaf = (i: number) => ({ ...cmdBase, id: `l${i}`, cmd: 'remove', shapes: ['a'] });
    const set = (commands: unknown[], id = 's') => ({ ...cmdBase, id, cmd: 'commandSet', commands });
    expect(validateCommand(set([set([leaf(1)], 's2')])).errors).toBeUndefined();
    expect(validateCommand(set([set([set([leaf(1)], 's3')], 's2')])).errors).toBeDefined();
    expect(validateCommand(set([{ ...cmdBase, id: 'u', cmd: 'undo', ref: 'x' }])).errors).toBeDefined();
    expect(validateCommand(set([{ ...cmdBase, id: 'u', cmd: 'clear' }])).errors).toBeDefined();
    expect(validateCommand(set(Array.from({ length: 1000 }, (_, i) => leaf(i)))).errors).toBeUndefined();
    expect(validateCommand(set(Array.from({ length: 1001 }, (_, i) => leaf(i)))).errors).toHaveProperty('commands');
    const many = Array.from({ length: 2 }, (_, j) =>
      set(
        Array.from({ length: 600 }, (_, i) => leaf(j * 1000 + i)),
        `s${j}`,
      ),
    );
    expect(validateCommand(set(many)).errors).toHaveProperty('*');
  });
});
