import { describe, expect, it } from 'vitest';
import { colourName, describeShape, nearestInDirection, readingOrder, summariseChanges } from '../../../shared/a11y';
import type { FrameShape, RectangleShape, Shape, StickyNoteShape } from '../../../shared/model';

const base = { uid: 'u1', timestamp: 1, status: 'normal' as const };
const sticky = (id: string, x: number, y: number, text = '', extra: Partial<StickyNoteShape> = {}): StickyNoteShape => ({
  ...base,
  id,
  cmd: 'stickyNote',
  text,
  x,
  y,
  w: 100,
  h: 100,
  color: '#feff9c',
  size: 'M',
  fontSize: 35,
  ...extra,
});
const rect = (id: string, x: number, y: number, w = 100, h = 50): RectangleShape => ({
  ...base,
  id,
  cmd: 'rectangle',
  x,
  y,
  w,
  h,
  stroke: '#1e88e5',
  lineWidth: 2,
});
const frame = (id: string, x: number, y: number, children: string[]): FrameShape => ({
  ...base,
  id,
  cmd: 'frame',
  x,
  y,
  w: 400,
  h: 300,
  color: '#ffffff',
  title: 'Sprint',
  order: 1,
  children,
});

describe('colour names', () => {
  it('names sticky colours by their own names and others by hue and lightness', () => {
    expect(colourName('#feff9c')).toBe('yellow');
    expect(colourName('#1e88e5')).toBe('blue');
    expect(colourName('#0b2e6b')).toBe('dark blue');
    expect(colourName('#e53935')).toBe('red');
    expect(colourName('#000000')).toBe('black');
    expect(colourName('#ffffff')).toBe('white');
    expect(colourName('#9e9e9e')).toBe('gray');
    expect(colourName('#43a047')).toBe('green');
    expect(colourName('#795548')).toBe('brown');
    expect(colourName('none')).toBeNull();
    expect(colourName('url(x)')).toBeNull();
  });
});

describe('shape descriptions', () => {
  it('reads words and kind as the name, and colour, size, place, lock, frame, link and position as the description', () => {
    const s = sticky('a', 0, 0, 'Buy   milk', { lock: true, link: 'https://example.com' });
    const d = describeShape(s, { index: 2, total: 5, frame: 'Sprint', area: { x: 0, y: 0, w: 900, h: 900 } });
    expect(d.name).toBe('Buy milk, sticky note');
    expect(d.description).toBe('yellow, 100 by 100, top left of the board, locked, in frame Sprint, links to https://example.com, 2 of 5');
  });

  it('names a shape without words by its kind, and says a rotation', () => {
    const d = describeShape({ ...rect('r', 400, 400), rotation: 90 }, { index: 1, total: 1, area: { x: 0, y: 0, w: 900, h: 900 } });
    expect(d.name).toBe('Rectangle');
    expect(d.description).toContain('blue, 100 by 50, centre of the board, rotated 90 degrees, 1 of 1');
  });

  it('cuts very long words', () => {
    const d = describeShape(sticky('a', 0, 0, 'x'.repeat(500)), { index: 1, total: 1 });
    expect(d.name.length).toBeLessThan(140);
    expect(d.name).toMatch(/…, sticky note$/);
  });
});

describe('reading order', () => {
  it('reads rows top to bottom and left to right, a frame followed by its children', () => {
    const shapes: Shape[] = [
      sticky('c', 300, 10),
      sticky('a', 0, 0),
      sticky('b', 150, 20),
      rect('e', 0, 400),
      frame('f', 600, 0, ['f2', 'f1']),
      sticky('f1', 620, 30),
      sticky('f2', 620, 150),
    ];
    expect(readingOrder(shapes).map((s) => s.id)).toEqual(['a', 'b', 'c', 'f', 'f1', 'f2', 'e']);
  });
});

describe('nearest in a direction', () => {
  const shapes = [
    rect('m', 500, 500),
    rect('r', 800, 520),
    rect('far', 1500, 500),
    rect('l', 100, 480),
    rect('u', 500, 100),
    rect('d', 520, 900),
  ];
  it('finds the closest shape that way', () => {
    const from = shapes[0];
    expect(nearestInDirection(from, shapes, 'right')?.id).toBe('r');
    expect(nearestInDirection(from, shapes, 'left')?.id).toBe('l');
    expect(nearestInDirection(from, shapes, 'up')?.id).toBe('u');
    expect(nearestInDirection(from, shapes, 'down')?.id).toBe('d');
    expect(nearestInDirection(shapes[2], shapes, 'right')).toBeNull();
  });
});

describe('announcements', () => {
  it('groups a burst by person and action', () => {
    expect(
      summariseChanges([
        { who: 'Ana', action: 'added', kind: 'stickyNote' },
        { who: 'Ana', action: 'added', kind: 'stickyNote' },
        { who: 'Ana', action: 'added', kind: 'stickyNote' },
        { who: 'Ana', action: 'added', kind: 'rectangle' },
        { who: 'Bo', action: 'removed', kind: 'image' },
      ]),
    ).toEqual(['Ana added 3 sticky notes and a rectangle', 'Bo removed a picture']);
  });

  it('caps the sentences of one flush', () => {
    const events = ['A', 'B', 'C', 'D', 'E'].map((who) => ({ who, action: 'added' as const, kind: 'arrow' }));
    expect(summariseChanges(events)).toEqual(['A added an arrow', 'B added an arrow', 'and 3 more changes']);
  });

  it('sums up many kinds', () => {
    const kinds = ['text', 'circle', 'line', 'table'];
    expect(summariseChanges(kinds.map((kind) => ({ who: null, action: 'removed' as const, kind })))).toEqual(['You removed 4 shapes']);
  });
});
