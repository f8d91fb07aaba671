import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import {
  boardToSvg,
  boundsOf,
  containsRect,
  exportSize,
  finishStroke,
  fitStickyFont,
  frameCaptures,
  geometryOf,
  hitTest,
  intersection,
  measureText,
  overlapRatio,
  rectsIntersect,
  resizeShape,
  rotatedBounds,
  shapeGeometry,
  shapeToSvg,
  simplify,
  smoothPath,
  snapAngle,
  translateShape,
  unionRects,
  wrapText,
} from '../../../shared/geometry';
import { SHAPE_KINDS } from '../../../shared/model';
import type {
  CircleShape,
  CommentShape,
  FrameShape,
  ImageShape,
  LineShape,
  PenShape,
  RectangleShape,
  Shape,
  StickyNoteShape,
  TableShape,
  TextShape,
} from '../../../shared/model';

const base = { uid: 'u', timestamp: 1 };
const pen: PenShape = { id: 'p', cmd: 'pen', ...base, points: [0, 0, 10, 0, 10, 10], color: '#000000', lineWidth: 2, type: 'pen' };
const hl: PenShape = { ...pen, id: 'h', cmd: 'highlighter', type: 'hl' };
const rect: RectangleShape = { id: 'r', cmd: 'rectangle', ...base, x: 0, y: 0, w: 100, h: 50, stroke: '#000000', lineWidth: 2 };
const filled: RectangleShape = { ...rect, id: 'fr', cmd: 'filledRectangle', fill: '#ff0000' };
const circle: CircleShape = { id: 'c', cmd: 'circle', ...base, x: 50, y: 50, r: 10, stroke: '#000000', lineWidth: 2 };
const line: LineShape = { id: 'l', cmd: 'arrow', ...base, points: [0, 0, 100, 0], color: '#000000', lineWidth: 2, type: 'double' };
const text: TextShape = {
  id: 't',
  cmd: 'text',
  ...base,
  value: 'hello\nworld!',
  x: 10,
  y: 20,
  color: '#000000',
  font: 'Open Sans',
  size: 10,
  align: 'left',
};
const sticky: StickyNoteShape = {
  id: 's',
  cmd: 'stickyNote',
  ...base,
  text: 'Hello sticky <b>',
  x: 0,
  y: 0,
  w: 170,
  h: 170,
  color: '#feff9c',
  size: 'M',
  fontSize: 0,
};
const image: ImageShape = { id: 'i', cmd: 'image', ...base, x: 0, y: 0, w: 40, h: 30, resource: '123e4567-e89b-12d3-a456-426614174000' };
const frame: FrameShape = {
  id: 'f',
  cmd: 'frame',
  ...base,
  x: 0,
  y: 0,
  w: 200,
  h: 100,
  color: '#cccccc',
  title: 'Plan & "ideas"',
  order: 1,
  children: [],
};
const comment: CommentShape = { id: 'cm', cmd: 'comment', ...base, x: 5, y: 5, threadId: 't', color: 2, resolved: false };
const table: TableShape = {
  id: 'tb',
  cmd: 'table',
  ...base,
  x: 0,
  y: 0,
  w: 100,
  h: 40,
  table: [
    ['a', 'b'],
    ['c', ''],
  ],
  border: true,
};
const all: Shape[] = [
  pen,
  hl,
  rect,
  filled,
  circle,
  { ...circle, id: 'fc', cmd: 'filledCircle' },
  line,
  { ...line, id: 'l2', cmd: 'line', type: 'dotted' },
  text,
  sticky,
  image,
  frame,
  comment,
  table,
  { id: 'g', cmd: 'composite', ...base, shapes: [rect, circle] },
  { id: 'k', cmd: 'link', ...base, url: 'https://example.com', shapes: [rect] },
];

// jsdom ships no types here; load it untyped for its DOMParser
const { JSDOM } = createRequire(import.meta.url)('jsdom');

const parseSvg = (svg: string): Document => {
  const doc = new new JSDOM('').window.DOMParser().parseFromString(svg, 'image/svg+xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
};

describe('shape registry', () => {
  it('has a geometry for every shape kind', () => {
    for (const kind of SHAPE_KINDS) expect(shapeGeometry[kind]).toBeDefined();
    expect(all.map((s) => s.cmd).sort()).toEqual([...SHAPE_KINDS].sort());
  });

  it('translate moves the bounds of every kind by exactly (dx, dy)', () => {
    for (const s of all) {
      const b = boundsOf(s);
      const moved = translateShape(s, 7, -3);
      const m = boundsOf(moved);
      expect(m.x, s.cmd).toBeCloseTo(b.x + 7);
      expect(m.y, s.cmd).toBeCloseTo(b.y - 3);
      expect(m.w, s.cmd).toBeCloseTo(b.w);
      expect(moved).not.toBe(s);
    }
  });

  it('resize maps the unrotated box per kind', () => {
    const target = { x: 10, y: 20, w: 60, h: 40 };
    for (const s of [rect, filled, image, frame, table, sticky, pen, { ...line, points: [0, 0, 100, 50] }]) {
      const box = geometryOf(s).box(resizeShape(s, target));
      expect(box, s.cmd).toEqual(target);
    }
    expect(resizeShape(circle, target)).toMatchObject({ x: 40, y: 40, r: 20 });
    expect(resizeShape(comment, target)).toMatchObject({ x: 10, y: 20 });
    const t = resizeShape(text, { x: 0, y: 0, w: 10, h: geometryOf(text).box(text).h * 2 });
    expect(t.size).toBe(20);
    const g = resizeShape(all[14], { x: 0, y: 0, w: 200, h: 200 });
    expect(geometryOf(g).box(g).w).toBeCloseTo(200);
  });

  it('bounds include rotation and stroke', () => {
    expect(boundsOf(rect)).toEqual({ x: -1, y: -1, w: 102, h: 52 });
    const rotated = boundsOf({ ...rect, rotation: 90, lineWidth: 0 } as never);
    expect(rotated.x).toBeCloseTo(25);
    expect(rotated.y).toBeCloseTo(-25);
    expect(rotated.w).toBeCloseTo(50);
    expect(rotated.h).toBeCloseTo(100);
    expect(boundsOf(hl).w).toBeCloseTo(10 + 8); // highlighter draws 4 × the line width
    expect(boundsOf(frame).y).toBeLessThan(-19); // header above the body
    expect(rotatedBounds({ x: 0, y: 0, w: 10, h: 10 }, 45).w).toBeCloseTo(Math.SQRT2 * 10);
  });

  it('hit tests per kind', () => {
    expect(hitTest(pen, { x: 5, y: 1 }, 0)).toBe(true);
    expect(hitTest(pen, { x: 5, y: 5 }, 0)).toBe(false);
    expect(hitTest(rect, { x: 50, y: 25 }, 2)).toBe(false); // outline: inside is empty
    expect(hitTest(rect, { x: 50, y: 0.5 }, 2)).toBe(true);
    expect(hitTest(filled, { x: 50, y: 25 }, 0)).toBe(true);
    expect(hitTest(circle, { x: 50, y: 50 }, 1)).toBe(false);
    expect(hitTest(circle, { x: 60, y: 50 }, 1)).toBe(true);
    expect(hitTest({ ...circle, cmd: 'filledCircle' }, { x: 50, y: 50 }, 0)).toBe(true);
    expect(hitTest(line, { x: 50, y: 3 }, 3)).toBe(true);
    expect(hitTest(line, { x: 50, y: 30 }, 3)).toBe(false);
    expect(hitTest(text, { x: 12, y: 22 }, 0)).toBe(true);
    expect(hitTest(sticky, { x: 169, y: 1 }, 0)).toBe(true);
    expect(hitTest(comment, { x: 20, y: 20 }, 0)).toBe(true);
    expect(hitTest(frame, { x: 10, y: -10 }, 0)).toBe(true); // the header
    // rotation: a 100×10 bar rotated 90° around its centre stands vertically
    const bar: RectangleShape = { ...filled, w: 100, h: 10, rotation: 90 };
    expect(hitTest(bar, { x: 50, y: 45 }, 0)).toBe(true);
    expect(hitTest(bar, { x: 5, y: 5 }, 0)).toBe(false);
  });

  it('every kind renders well-formed SVG that escapes text', () => {
    for (const s of all) {
      const svg = shapeToSvg(s);
      parseSvg(`<svg xmlns="http://www.w3.org/2000/svg">${svg}</svg>`);
    }
    expect(shapeToSvg(sticky)).toContain('&lt;b&gt;');
    expect(shapeToSvg(frame)).toContain('Plan &amp; &quot;ideas&quot;');
    expect(shapeToSvg(hl)).toContain('opacity="0.75"');
    expect(shapeToSvg({ ...rect, opacity: 5 })).toContain('opacity="0.5"');
    expect(shapeToSvg({ ...rect, rotation: 30 })).toContain('rotate(30 50 25)');
    expect(shapeToSvg(image)).toContain('/api/assets/123e4567-e89b-12d3-a456-426614174000/full');
    expect(shapeToSvg(image, { assetUrl: (id) => `data:${id}` })).toContain('href="data:123e4567');
    // each page of a document is its own picture: the page goes to assetUrl (and to the default URL)
    const page2 = { ...image, page: { current: 2, total: 3 } } as typeof image;
    expect(shapeToSvg(page2, { assetUrl: (id, page) => `data:${id}-p${page}` })).toContain(
      'href="data:123e4567-e89b-12d3-a456-426614174000-p2"',
    );
    expect(shapeToSvg(image, { assetUrl: (id, page) => `data:${id}-p${page}` })).toContain('-p1"');
    expect(shapeToSvg(page2)).toContain('/full?Page=2');
    expect(shapeToSvg({ ...line, cmd: 'line', type: 'dashed' })).toContain('stroke-dasharray');
  });
});

describe('helpers', () => {
  it('rect intersection, containment, overlap and union', () => {
    const a = { x: 0, y: 0, w: 10, h: 10 },
      b = { x: 5, y: 5, w: 10, h: 10 };
    expect(rectsIntersect(a, b)).toBe(true);
    expect(rectsIntersect(a, { x: 20, y: 0, w: 1, h: 1 })).toBe(false);
    expect(intersection(a, b)).toEqual({ x: 5, y: 5, w: 5, h: 5 });
    expect(containsRect(a, { x: 1, y: 1, w: 2, h: 2 })).toBe(true);
    expect(containsRect(a, b)).toBe(false);
    expect(overlapRatio(a, b)).toBeCloseTo(0.25);
    expect(unionRects([a, b])).toEqual({ x: 0, y: 0, w: 15, h: 15 });
    expect(unionRects([])).toBeUndefined();
  });

  it('frames capture shapes at least 2/3 inside', () => {
    expect(frameCaptures(frame, { x: 10, y: 10, w: 30, h: 30 })).toBe(true);
    expect(frameCaptures(frame, { x: 190, y: 10, w: 30, h: 30 })).toBe(false);
    expect(frameCaptures(frame, { x: 180, y: 10, w: 30, h: 30 })).toBe(true);
  });

  it('simplify drops points within the tolerance and keeps corners', () => {
    const straight = [0, 0, 1, 0.1, 2, -0.1, 3, 0.2, 4, 0];
    expect(simplify(straight, 0.6)).toEqual([0, 0, 4, 0]);
    const corner = [0, 0, 5, 0, 10, 0, 10, 5, 10, 10];
    expect(simplify(corner, 0.6)).toEqual([0, 0, 10, 0, 10, 10]);
    expect(finishStroke([1, 1])).toBeUndefined();
    expect(finishStroke([1, 1, 2, 2])).toEqual([1, 1, 2, 2]);
    expect(smoothPath([0, 0, 10, 0, 10, 10])).toBe('M0 0Q10 0 10 5L10 10');
  });

  it('snapAngle snaps to 5° steps keeping the length', () => {
    expect(snapAngle(10, 0.3)).toEqual({ dx: expect.closeTo(10.0045, 3), dy: 0 });
    const s = snapAngle(10, 9);
    expect(Math.atan2(s.dy, s.dx) * (180 / Math.PI)).toBeCloseTo(40);
    expect(Math.hypot(s.dx, s.dy)).toBeCloseTo(Math.hypot(10, 9));
    expect(snapAngle(0.2, 10)).toEqual({ dx: 0, dy: expect.closeTo(10.002, 3) });
    expect(snapAngle(0, 0)).toEqual({ dx: 0, dy: 0 });
  });

  it('measures text as chars × size × 0.6 by lines of 1.3', () => {
    expect(measureText('abcde', 10)).toEqual({ w: 30, h: 13, lines: ['abcde'] });
    expect(measureText('ab\nabcd', 20).w).toBe(48);
  });

  it('fits sticky text from 35 down to 5', () => {
    expect(fitStickyFont('Hi', 170, 170).fontSize).toBe(35);
    const long = fitStickyFont('a fairly long sentence that needs several lines to fit in a note', 170, 170);
    expect(long.fontSize).toBeLessThan(35);
    expect(long.fontSize).toBeGreaterThanOrEqual(5);
    expect(long.lines.length * long.fontSize * 1.3).toBeLessThanOrEqual(162);
    expect(fitStickyFont('x'.repeat(5000), 100, 100).fontSize).toBe(5);
    expect(wrapText('aaaa bbbb', 30, 10)).toEqual(['aaaa', 'bbbb']);
  });
});

describe('boardToSvg', () => {
  it('draws the shapes inside a padded, well-formed document', () => {
    const svg = boardToSvg([frame, rect, comment, { ...comment, id: 'x', resolved: true }], { pattern: 'Dot' });
    const doc = parseSvg(svg);
    const root = doc.documentElement;
    const b = unionRects([boundsOf(frame), boundsOf(rect), boundsOf(comment)])!;
    expect(root.getAttribute('viewBox')).toBe(`${b.x - 30} ${b.y - 30} ${b.w + 60} ${b.h + 60}`);
    expect(root.getAttribute('width')).toBe(String(Math.round(b.w + 60)));
    expect(svg).toContain('fill="#ffffff"');
    expect(svg).toContain('<pattern');
    // resolved comments are filtered out
    expect(svg.match(/<path d="M/g)?.length).toBe(1);
  });

  it('can be transparent and scales huge boards down to 10000 px', () => {
    const huge: RectangleShape = { ...rect, w: 40000, h: 10000 };
    const svg = boardToSvg([huge], { background: 'transparent' });
    expect(svg).not.toContain('fill="#ffffff"');
    const root = parseSvg(svg).documentElement;
    expect(Number(root.getAttribute('width'))).toBe(10000);
    expect(Number(root.getAttribute('height'))).toBeLessThan(2600);
    expect(exportSize({ x: 0, y: 0, w: 500, h: 300 })).toEqual({ width: 500, height: 300, scale: 1 });
  });

  it('handles an empty board', () => {
    const root = parseSvg(boardToSvg([])).documentElement;
    expect(root.getAttribute('width')).toBe('60');
  });
});
