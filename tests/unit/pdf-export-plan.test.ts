import { describe, expect, it } from 'vitest';
import { framesInPanelOrder, pdfPagePlan, pdfPageSize, pdfPageSvg, PDF_MAX_PAGE_SIDE } from '../../sdk/editor/pdf-export';
import { OPEN_SANS_TTF_BASE64 } from '../../sdk/fonts/open-sans';
import { boundsOf } from '../../shared/geometry';
import type { FrameShape, Shape } from '../../shared/model';

const base = { uid: 'u', timestamp: 1 };
const text = (id: string, value: string, x: number, y: number): Shape => ({
  ...base,
  id,
  cmd: 'text',
  value,
  x,
  y,
  color: '#000000',
  font: 'Caveat',
  size: 16,
  align: 'left',
});
const frame = (id: string, title: string, order: number, x: number, y: number, children: string[] = []): FrameShape => ({
  ...base,
  id,
  cmd: 'frame',
  x,
  y,
  w: 400,
  h: 300,
  color: '#333333',
  title,
  order,
  children,
});

describe('PDF export page plan', () => {
  it('makes one page per frame in the frames panel order (by order, not by board order), each sized to its frame', () => {
    const shapes: Shape[] = [
      frame('f2', 'Second', 2, 1000, 0, ['t2']),
      frame('f1', 'First', 1, 0, 0, ['t1']),
      text('t1', 'in the first', 20, 20),
      text('t2', 'in the second', 1020, 20),
    ];
    expect(framesInPanelOrder(shapes).map((f) => f.id)).toEqual(['f1', 'f2']);
    const pages = pdfPagePlan(shapes);
    expect(pages.map((p) => [p.frameId, p.title])).toEqual([
      ['f1', 'First'],
      ['f2', 'Second'],
    ]);
    // the frame's area (title strip and border included), at 0.75 pt a board unit
    const area = boundsOf(shapes[1]!);
    expect(pages[0]!.area).toEqual(area);
    expect(pages[0]!.width).toBeCloseTo(area.w * 0.75, 1);
    expect(pages[0]!.height).toBeCloseTo(area.h * 0.75, 1);
    // each page draws its frame and what lies on it, never the other frame or its text
    expect(pages[0]!.shapes.map((s) => s.id)).toEqual(['f1', 't1']);
    expect(pages[1]!.shapes.map((s) => s.id)).toEqual(['f2', 't2']);
  });

  it('puts the whole board on one page when there are no frames (bounds plus padding 30)', () => {
    const shapes = [text('a', 'one', 0, 0), text('b', 'two', 500, 200)];
    const pages = pdfPagePlan(shapes);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.frameId).toBeNull();
    expect(pages[0]!.shapes.map((s) => s.id)).toEqual(['a', 'b']);
    expect(pages[0]!.area.x).toBe(-30);
    expect(pages[0]!.area.y).toBe(-30);
    expect(pages[0]!.area.w).toBeGreaterThan(500 + 60);
  });

  it('gives an empty board one small page', () => {
    const pages = pdfPagePlan([]);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.width).toBeGreaterThan(0);
    expect(pages[0]!.shapes).toEqual([]);
  });

  it('includes a shape reaching over the frame (cut at the edge) and leaves shapes elsewhere out', () => {
    const shapes: Shape[] = [frame('f', 'F', 1, 0, 0), text('over', 'across the edge', 380, 100), text('away', 'far', 2000, 2000)];
    expect(pdfPagePlan(shapes)[0]!.shapes.map((s) => s.id)).toEqual(['f', 'over']);
  });

  it('keeps pages within the largest size a PDF reader takes', () => {
    const size = pdfPageSize({ x: 0, y: 0, w: 40_000, h: 10_000 });
    expect(size.width).toBeLessThanOrEqual(PDF_MAX_PAGE_SIDE);
    expect(size.height).toBeCloseTo(PDF_MAX_PAGE_SIDE / 4, 0);
    expect(pdfPageSize({ x: 0, y: 0, w: 800, h: 600 })).toEqual({ width: 600, height: 450, scale: 0.75 });
  });

  it("draws a page as SVG of the frame's area with the shapes' text", () => {
    const shapes: Shape[] = [frame('f', 'Plan', 1, 100, 100), text('t', 'hello page', 120, 120)];
    const svg = pdfPageSvg(pdfPagePlan(shapes)[0]!);
    const area = boundsOf(shapes[0]!);
    expect(svg).toContain(`viewBox="${area.x} ${area.y} ${area.w} ${area.h}"`);
    expect(svg).toContain('hello page');
    expect(svg).toContain('Plan');
  });
});

describe('the embedded font', () => {
  it('is the TrueType file of the board font, as base64', () => {
    const bytes = Buffer.from(OPEN_SANS_TTF_BASE64, 'base64');
    expect(bytes.length).toBeGreaterThan(50_000);
    expect([...bytes.subarray(0, 4)]).toEqual([0, 1, 0, 0]);
  });
});
