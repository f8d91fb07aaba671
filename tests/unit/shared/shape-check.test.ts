import { describe, expect, it } from 'vitest';
import { validateShape } from '../../../platform/core/model-schemas';
import type { Shape } from '../../../shared/model';
import { checkShape } from '../../../shared/shape-check';

/**
 * The browser's joi-free shape check (shared/shape-check.ts, used by the embed API) and the
 * server's joi schema (platform/core/model-schemas.ts) accept and refuse the same shapes: every
 * valid shape of each kind, and each of them with every field (and some absent ones) set to
 * each of a list of awkward values, removed, or joined by an unknown key.
 */
const base = { uid: 'u1', timestamp: 1700000000000 };
const rect = { id: 'r2', cmd: 'rectangle', ...base, x: 1, y: 2, w: 3, h: 4, stroke: '#000000', lineWidth: 1 };
const shapes: Shape[] = [
  { id: 'p', cmd: 'pen', ...base, points: [0, 0, 5, 5], color: '#000000', lineWidth: 2, type: 'pen' },
  { id: 'h', cmd: 'highlighter', ...base, points: [0, 0, 5, 5, 9, 9], color: '#ffff00', lineWidth: 3, type: 'hl', opacity: 5 },
  { id: 'r', cmd: 'rectangle', ...base, x: 1, y: 2, w: 3, h: 4, stroke: '#000000', lineWidth: 1, metadata: { a: 1 }, link: '' },
  {
    id: 'fr',
    cmd: 'filledRectangle',
    ...base,
    x: 1,
    y: 2,
    w: 3,
    h: 4,
    stroke: '#000000',
    lineWidth: 1,
    fill: '#ff0000',
    rotation: 45,
    lock: true,
  },
  { id: 'c', cmd: 'circle', ...base, x: 1, y: 2, r: 3, stroke: '#000000', lineWidth: 9, fill: 'none' },
  { id: 'fc', cmd: 'filledCircle', ...base, x: 1, y: 2, r: 3, stroke: '#000000', lineWidth: 1, fill: '#00ff00', status: 'normal' },
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
  { id: 'cm', cmd: 'comment', ...base, x: 0, y: 0, threadId: 'th', color: 6, resolved: false, unreadCount: 2 },
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
    id: 'tb2',
    cmd: 'table',
    ...base,
    x: 0,
    y: 0,
    w: 90,
    h: 30,
    table: [['a', 'b', 'c']],
    border: false,
    align: 'center',
    colWidths: [0.5, 0.25, 0.25],
  },
  {
    id: 's2',
    cmd: 'stickyNote',
    ...base,
    text: 'x',
    x: 0,
    y: 0,
    w: 100,
    h: 100,
    color: '#feff9c',
    size: 'S',
    fontSize: 35,
    align: 'right',
  },
  { id: 'g', cmd: 'composite', ...base, shapes: [rect] } as Shape,
  { id: 'k', cmd: 'link', ...base, url: 'https://example.com/a?b=c', shapes: [] },
  // a link card (issue 34: a pasted URL with its preview)
  {
    id: 'kc',
    cmd: 'link',
    ...base,
    url: 'https://example.com/',
    shapes: [],
    x: 0,
    y: 0,
    w: 360,
    h: 120,
    title: 'T',
    description: 'D',
    site: 'S',
    image: 'https://example.com/i.png',
  },
] as Shape[];

const AWKWARD: unknown[] = [
  null,
  '',
  ' ',
  ' x ',
  'x',
  'x'.repeat(57),
  'x'.repeat(65),
  'x'.repeat(2049),
  'http://a.b',
  'ftp://a.b',
  'javascript:alert(1)',
  'red',
  '#000000',
  '#12345',
  '123e4567-e89b-12d3-a456-426614174000',
  'none',
  'transparent',
  'pen',
  'hl',
  'dotted',
  'center',
  'M',
  'normal',
  'disabled',
  'rectangle',
  0,
  -1,
  1,
  1.5,
  6,
  7,
  9,
  10,
  11,
  56,
  1e7,
  -1e7,
  1e8,
  1e14,
  1e15,
  NaN,
  Infinity,
  -Infinity,
  true,
  false,
  [],
  [1, 2],
  [1, 2, 3],
  [0, 0, 1, 1],
  [0, 0, 1, 1, 2, 2],
  ['a'],
  [['a']],
  [[]],
  [''],
  [{ key: 'k' }],
  [{ key: ' k' }],
  [{ key: 'k', value: 1 }],
  [rect],
  [{}],
  {},
  { a: 1 },
  { ['k'.repeat(65)]: 1 },
  { current: 1, total: 1 },
  { current: 0, total: 1 },
  [0.5, 0.5],
  [0, 1],
  [1e-5],
  [2e4],
  Array.from({ length: 51 }, () => 1),
  { big: 'x'.repeat(5000) },
];

const agree = (shape: unknown) => {
  const joi = validateShape(shape).errors === undefined;
  const light = checkShape(shape).message === undefined;
  return { joi, light };
};

describe('checkShape (browser) agrees with the server schema', () => {
  it('accepts a valid shape of every kind', () => {
    for (const shape of shapes) {
      expect(validateShape(shape).errors, shape.cmd).toBeUndefined();
      expect(checkShape(shape), shape.cmd).toEqual({ value: shape });
    }
  });

  it('accepts and refuses the same variations of every kind', () => {
    let refused = 0;
    const mismatches: string[] = [];
    const fields = [
      'id',
      'uid',
      'timestamp',
      'cmd',
      'opacity',
      'rotation',
      'tags',
      'metadata',
      'link',
      'lock',
      'status',
      'protectedBy',
      'fill',
      'url',
      'resource',
      'page',
      'start',
      'align',
      'colWidths',
    ];
    for (const shape of shapes) {
      const keys = new Set([...Object.keys(shape), ...fields]);
      for (const key of keys) {
        const variants: unknown[] = [
          Object.fromEntries(Object.entries(shape).filter(([k]) => k !== key)),
          ...AWKWARD.map((value) => ({ ...shape, [key]: value })),
        ];
        for (const variant of variants) {
          const result = agree(variant);
          if (result.light !== result.joi)
            mismatches.push(
              `${shape.cmd}.${key} = ${JSON.stringify((variant as Record<string, unknown>)[key])?.slice(0, 60)}: joi ${result.joi}`,
            );
          if (!result.joi) refused++;
        }
      }
      expect(agree({ ...shape, evil: 1 })).toEqual({ joi: false, light: false });
    }
    expect(mismatches).toEqual([]);
    expect(refused).toBeGreaterThan(1000);
  }, 60_000);

  it('limits composite nesting the same way', () => {
    const nest = (depth: number): unknown =>
      depth === 0 ? rect : { id: `g${depth}`, cmd: 'composite', ...base, shapes: [nest(depth - 1)] };
    for (const depth of [1, 2]) expect(agree(nest(depth))).toEqual({ joi: true, light: true });
    expect(agree(nest(3))).toEqual({ joi: false, light: false });
    expect(agree({ id: 'g', cmd: 'composite', ...base, shapes: [] })).toEqual({ joi: false, light: false });
    expect(agree({ id: 'g', cmd: 'composite', ...base, shapes: [{ ...rect, x: 'a' }] })).toEqual({ joi: false, light: false });
  });

  it('refuses what is not an object, with a reason', () => {
    for (const value of [null, 1, 'x', [], undefined]) expect(checkShape(value).message).toBe('must be an object');
    expect(checkShape({ ...shapes[2], stroke: 'red' }).message).toBe('stroke must be a colour #RRGGBB');
    expect(checkShape({ ...shapes[2], evil: 1 }).message).toBe('evil is not allowed');
  });
});
