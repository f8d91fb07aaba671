/**
 * tabular data: a grid of text cells (rows and cols 1–50) with an optional border (board.md §3).
 * Rows share the height; columns take the shape's relative `colWidths` when they fit the columns
 * (else equal widths), so a resize keeps their proportions. The cell text (black, Open Sans, the
 * shape's `align`, default left) is sized from the row height (6 to 16), centred vertically and
 * clipped to its cell — on the canvas (sdk/shapes/table.ts) and here in SVG (a nested <svg> per
 * cell clips like a clipPath, without ids).
 */
import type { TableShape, TextAlign } from '../model';
import { DEFAULT_FONT, DEFAULT_TEXT_ALIGN, LINE_HEIGHT } from '../constants';
import { containsPoint, normalizeRect, rotatedBounds, unrotate, type Point, type Rect } from './rect';
import { attrs, commonAttrs, num } from './svg';
import { textLinesSvg } from './text';
import type { ShapeGeometry } from './types';

/** Space between a cell's edge and its text, board units (less in very small cells). */
export const TABLE_CELL_PADDING = 6;
/** The cell text's size range: 16 at a new table's row height, smaller as rows shrink. */
export const TABLE_FONT_SIZE = { min: 6, max: 16 } as const;
/** Vertical room a row keeps beyond its lines, in font sizes (2 × 6 px at 16). */
const ROW_SLACK = (2 * TABLE_CELL_PADDING) / TABLE_FONT_SIZE.max;
const BORDER_COLOR = '#000000';
const TEXT_COLOR = '#000000';

const boxOf = (s: TableShape) => normalizeRect({ x: s.x, y: s.y, w: s.w, h: s.h });

export function tableDimensions(table: string[][]): { rows: number; cols: number } {
  return { rows: table.length, cols: table.reduce((m, r) => Math.max(m, r.length), 0) };
}

/** Column widths summing to `w`: the relative `colWidths` when there is one positive weight per column, else equal. */
export function columnWidths(colWidths: readonly number[] | undefined, cols: number, w: number): number[] {
  const fits = !!colWidths && colWidths.length === cols && colWidths.every((v) => Number.isFinite(v) && v > 0);
  const weights = fits ? colWidths : Array.from({ length: cols }, () => 1);
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  return weights.map((v) => (v / total) * w);
}

export interface TableLayout {
  box: Rect;
  rows: number;
  cols: number;
  /** column edges, left to right (cols + 1 values) */
  xs: number[];
  /** row edges, top to bottom (rows + 1 values) */
  ys: number[];
  fontSize: number;
  align: TextAlign;
  /** horizontal space between a cell's edge and its text */
  padding: number;
}

/** Where the rows, columns and text of a table go. */
export function tableLayout(s: Pick<TableShape, 'x' | 'y' | 'w' | 'h' | 'table' | 'colWidths'> & { align?: TextAlign }): TableLayout {
  const box = normalizeRect({ x: s.x, y: s.y, w: s.w, h: s.h });
  const { rows, cols } = tableDimensions(s.table);
  const xs = [box.x];
  for (const cw of columnWidths(s.colWidths, cols, box.w)) xs.push(xs[xs.length - 1] + cw);
  const rowH = rows ? box.h / rows : 0;
  const ys = Array.from({ length: rows + 1 }, (_, r) => box.y + r * rowH);
  const lines = s.table.reduce((m, row) => row.reduce((n, cell) => Math.max(n, cell.split('\n').length), m), 1);
  const fontSize = Math.max(TABLE_FONT_SIZE.min, Math.min(TABLE_FONT_SIZE.max, rowH / (lines * LINE_HEIGHT + ROW_SLACK)));
  const narrowest = cols ? Math.min(...xs.slice(1).map((x, c) => x - xs[c])) : 0;
  return { box, rows, cols, xs, ys, fontSize, align: s.align ?? DEFAULT_TEXT_ALIGN, padding: Math.min(TABLE_CELL_PADDING, narrowest / 8) };
}

/** The rectangle of cell (row, col). */
export function cellRect(layout: TableLayout, row: number, col: number): Rect {
  return { x: layout.xs[col], y: layout.ys[row], w: layout.xs[col + 1] - layout.xs[col], h: layout.ys[row + 1] - layout.ys[row] };
}

/** The cell under board point `p` (rotation undone), or null outside the table. */
export function cellAt(s: TableShape, p: Point): { row: number; col: number } | null {
  const layout = tableLayout(s);
  if (!layout.rows || !layout.cols) return null;
  const q = unrotate(p, layout.box, s.rotation);
  if (!containsPoint(layout.box, q, 0)) return null;
  const find = (edges: number[], v: number) => Math.max(0, Math.min(edges.length - 2, edges.findIndex((e, i) => i > 0 && v < e) - 1));
  const row = q.y >= layout.ys[layout.rows] ? layout.rows - 1 : find(layout.ys, q.y);
  const col = q.x >= layout.xs[layout.cols] ? layout.cols - 1 : find(layout.xs, q.x);
  return { row, col };
}

/** Where a cell's lines go: the anchor x for the alignment and the first line's top (the block centred vertically). */
export function cellTextOrigin(layout: TableLayout, cell: Rect, lines: number): { x: number; y: number } {
  const lh = layout.fontSize * LINE_HEIGHT;
  const x =
    layout.align === 'center' ? cell.x + cell.w / 2 : layout.align === 'right' ? cell.x + cell.w - layout.padding : cell.x + layout.padding;
  return { x, y: cell.y + (cell.h - lines * lh) / 2 };
}

/** The grid lines of a bordered table: [x1, y1, x2, y2] per inner line (the outline is drawn as a rectangle). */
export function innerGridLines(layout: TableLayout): Array<[number, number, number, number]> {
  const { box, xs, ys } = layout;
  const out: Array<[number, number, number, number]> = [];
  for (const y of ys.slice(1, -1)) out.push([box.x, y, box.x + box.w, y]);
  for (const x of xs.slice(1, -1)) out.push([x, box.y, x, box.y + box.h]);
  return out;
}

const ANCHOR = { left: 'start', center: 'middle', right: 'end' } as const;

export const table: ShapeGeometry<TableShape> = {
  box: boxOf,
  bounds: (s) => rotatedBounds(boxOf(s), s.rotation),
  hitTest: (s, p, tolerance) => containsPoint(boxOf(s), unrotate(p, boxOf(s), s.rotation), tolerance),
  translate: (s, dx, dy) => ({ ...s, x: s.x + dx, y: s.y + dy }),
  /** The box changes; `colWidths` are relative, so the columns keep their proportions. */
  resize: (s, box) => ({ ...s, ...normalizeRect(box) }),
  toSvg(s) {
    const layout = tableLayout(s);
    const b = layout.box;
    if (!layout.rows || !layout.cols) return `<g ${attrs(commonAttrs(s, b))}/>`;
    const line = { stroke: BORDER_COLOR, 'stroke-width': 1 };
    let out = '';
    if (s.border) {
      out += `<rect ${attrs({ x: b.x, y: b.y, width: b.w, height: b.h, fill: 'none', ...line })}/>`;
      for (const [x1, y1, x2, y2] of innerGridLines(layout)) out += `<line ${attrs({ x1, y1, x2, y2, ...line })}/>`;
    }
    s.table.forEach((row, r) =>
      row.forEach((value, c) => {
        if (!value || c >= layout.cols) return;
        const cell = cellRect(layout, r, c);
        const lines = value.split('\n');
        const o = cellTextOrigin(layout, cell, lines.length);
        // a nested viewport clips the text to its cell; its content keeps board coordinates
        const text = textLinesSvg(lines, {
          x: o.x,
          y: o.y,
          size: layout.fontSize,
          font: DEFAULT_FONT,
          color: TEXT_COLOR,
          anchor: ANCHOR[layout.align],
        });
        out += `<svg ${attrs({ x: cell.x, y: cell.y, width: cell.w, height: cell.h, viewBox: `${num(cell.x)} ${num(cell.y)} ${num(cell.w)} ${num(cell.h)}`, overflow: 'hidden' })}>${text}</svg>`;
      }),
    );
    return `<g ${attrs(commonAttrs(s, b))}>${out}</g>`;
  },
  textField: 'table',
};
