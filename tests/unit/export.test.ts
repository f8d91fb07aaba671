import { describe, expect, it } from 'vitest';
import { boardNotes, dataUrlToBlob, exportArea, exportFileName, exportImage } from '../../sdk/editor/export';
import { exportSize } from '../../shared/geometry';
import type { Shape } from '../../shared/model';

const text = (id: string, value: string): Shape => ({
  id,
  cmd: 'text',
  uid: 'u',
  timestamp: 1,
  value,
  x: 0,
  y: 0,
  color: '#000000',
  font: 'Open Sans',
  size: 16,
  align: 'left',
});
const sticky = (id: string, t: string): Shape => ({
  id,
  cmd: 'stickyNote',
  uid: 'u',
  timestamp: 1,
  text: t,
  x: 0,
  y: 0,
  w: 170,
  h: 170,
  color: '#feff9c',
  size: 'M',
  fontSize: 35,
});
const frame = (id: string, title: string): Shape => ({
  id,
  cmd: 'frame',
  uid: 'u',
  timestamp: 1,
  x: 0,
  y: 0,
  w: 100,
  h: 100,
  color: '#cccccc',
  title,
  order: 1,
  children: [],
});
const rect = (id: string, x: number, y: number, w = 100, h = 50): Shape => ({
  id,
  cmd: 'rectangle',
  uid: 'u',
  timestamp: 1,
  x,
  y,
  w,
  h,
  stroke: '#ff0000',
  lineWidth: 2,
});

describe('board text export', () => {
  it('texts, sticky notes and frame titles, one per line in board order, blanks left out', () => {
    expect(boardNotes([frame('f', 'Sprint'), rect('r', 0, 0), text('t', 'Hello'), sticky('s', '  Buy milk '), sticky('e', '   ')])).toBe(
      'Sprint\nHello\nBuy milk',
    );
  });

  it("names files after the board: '{board name}_notes.txt', '{board name}.png'", () => {
    expect(exportFileName('Team plan', 'txt')).toBe('Team plan_notes.txt');
    expect(exportFileName('Team plan', 'png')).toBe('Team plan.png');
    expect(exportFileName('a/b:c', 'svg')).toBe('a_b_c.svg');
    expect(exportFileName('', 'png')).toBe('board.png');
  });
});

describe('image export limits (board.md §9)', () => {
  it('pads the shapes by 30', () => {
    // the rectangle's bounds take in half its line width (1)
    expect(exportArea([rect('a', 10, 20)])).toEqual({ x: 10 - 1 - 30, y: 20 - 1 - 30, w: 102 + 60, h: 52 + 60 });
  });

  it('scales down past 10000 px a side', () => {
    const area = exportArea([rect('a', 0, 0, 20_000, 100)]);
    const size = exportSize(area);
    expect(size.width).toBe(10_000);
    expect(size.scale).toBeCloseTo(10_000 / (20_002 + 60), 6);
    expect(size.height).toBe(Math.round(area.h * size.scale));
  });

  it('SVG: white by default, transparent on request', async () => {
    const white = decodeURIComponent((await exportImage([rect('a', 0, 0)], 'svg')).split(',')[1]);
    expect(white).toContain('fill="#ffffff"');
    const clear = decodeURIComponent((await exportImage([rect('a', 0, 0)], 'svg', 'transparent')).split(',')[1]);
    expect(clear).not.toContain('fill="#ffffff"');
    expect(clear).toContain('stroke="#ff0000"');
  });
});

describe('downloads', () => {
  it('turns base64 and percent-encoded data URLs back into their bytes', async () => {
    const png = dataUrlToBlob('data:image/png;base64,iVBORw0K');
    expect(png.type).toBe('image/png');
    expect([...new Uint8Array(await png.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]);
    const svg = dataUrlToBlob(`data:image/svg+xml;charset=utf-8,${encodeURIComponent('<svg>é</svg>')}`);
    expect(svg.type).toBe('image/svg+xml');
    expect(await svg.text()).toBe('<svg>é</svg>');
  });
});
