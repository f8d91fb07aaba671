/**
 * Tabular data's rules (board.md §3 "Table content", §5, §9): validation with the spec's text,
 * tab- or comma-separated text read into a grid, a grid resized to rows × cols keeping its
 * content, a pasted block written into a grid, one editing session's cells merged into the table
 * as it is now, and the size and column widths of a new table. Pure: the Tabular Data dialog, the
 * table tool and the tests share it.
 */
import { LINE_HEIGHT, TABLE_LIMITS } from './constants';
import { MESSAGES } from './messages';
import { SCHEMA_LIMITS } from './shape-check';
import { tableDimensions, tableLayout, TABLE_CELL_PADDING, TABLE_FONT_SIZE } from './geometry/table';
import { textWidth } from './geometry/text';

export type Grid = string[][];

/** Whether `n` is a row or column count the spec allows (a whole number from 1 to 50). */
export const isTableSize = (n: unknown): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= TABLE_LIMITS.min && n <= TABLE_LIMITS.max;

/** A count brought into 1–50. */
export const clampTableSize = (n: number): number =>
  Math.min(TABLE_LIMITS.max, Math.max(TABLE_LIMITS.min, Number.isFinite(n) ? Math.round(n) : TABLE_LIMITS.min));

const blank = (cell: string | undefined): boolean => !cell || cell.trim() === '';

/** board.md §5: valid when the border is on or every row has at least one non-blank cell. */
export function isTableValid(table: Grid, border: boolean): boolean {
  if (!table.length) return false;
  return border || table.every((row) => row.some((cell) => !blank(cell)));
}

/** The spec's text for an invalid table ('Table is empty or borderless'), or null when it is valid. */
export function tableProblem(table: Grid, border: boolean): string | null {
  return isTableValid(table, border) ? null : MESSAGES.tableEmptyOrBorderless;
}

/** The grid as rows × cols: cells inside both keep their text, new cells are empty, the rest is dropped. */
export function resizeGrid(table: Grid, rows: number, cols: number): Grid {
  return Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => table[r]?.[c] ?? ''));
}

/** A cell as the model takes it: at most SCHEMA_LIMITS.tableCell characters. */
export const clipCell = (cell: string): string => (cell.length > SCHEMA_LIMITS.tableCell ? cell.slice(0, SCHEMA_LIMITS.tableCell) : cell);

/** Whether pasted text is a block of cells (tabs or several lines) rather than one cell's text. */
export function isTabularText(text: string): boolean {
  const body = text.replace(/\r?\n$/, '');
  return body.includes('\t') || /\r?\n/.test(body);
}

/**
 * Tab- or comma-separated text as rows of cells: tab-separated when a tab occurs, else comma-separated
 * (RFC 4180: a field in double quotes may hold commas, tabs, line breaks and "" for a quote; quotes
 * work the same with tabs, as spreadsheets copy them). CRLF or LF ends a row; a final line break
 * adds no row. Rows keep their own lengths (resizeGrid squares them).
 */
export function parseTabular(text: string): Grid {
  const sep = text.includes('\t') ? '\t' : ',';
  const rows: Grid = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  while (i < text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else cell += ch;
      i++;
      continue;
    }
    if (ch === '"' && cell === '') quoted = true;
    else if (ch === sep) endCell();
    else if (ch === '\r' && text[i + 1] === '\n') {
      endRow();
      i++;
    } else if (ch === '\n' || ch === '\r') endRow();
    else cell += ch;
    i++;
  }
  if (cell !== '' || row.length || quoted) endRow();
  return rows;
}

/**
 * `block` written into `table` from cell (row, col), the table grown to hold it (never past 50 × 50:
 * what lies beyond is dropped); cells are clipped to the model's length.
 */
export function pasteIntoGrid(table: Grid, block: Grid, row: number, col: number): Grid {
  const { rows, cols } = tableDimensions(table);
  const blockCols = block.reduce((m, r) => Math.max(m, r.length), 0);
  const out = resizeGrid(
    table,
    Math.min(TABLE_LIMITS.max, Math.max(rows, row + block.length)),
    Math.min(TABLE_LIMITS.max, Math.max(cols, col + blockCols)),
  );
  block.forEach((cells, r) =>
    cells.forEach((cell, c) => {
      if (out[row + r] && col + c < out[row + r].length) out[row + r][col + c] = clipCell(cell);
    }),
  );
  return out;
}

/**
 * One editing session merged into the table as it is now: only the cells the session changed
 * (`edited` differs from `original`) are written into `current`, so what others changed in
 * other cells meanwhile stays. Cells outside `current` (it shrank meanwhile) are dropped.
 */
export function mergeCellEdits(current: Grid, original: Grid, edited: Grid): Grid {
  const out = current.map((r) => [...r]);
  edited.forEach((cells, r) =>
    cells.forEach((cell, c) => {
      if (cell !== (original[r]?.[c] ?? '') && out[r] && c < out[r].length) out[r][c] = cell;
    }),
  );
  return out;
}

/** Widest and narrowest column a new table gets from its content (board units). */
export const NEW_COLUMN_WIDTH = { min: 80, max: 320 } as const;

/** Relative column widths rounded for the wire (4 decimals), or undefined when all are equal. */
export function columnWeights(widths: readonly number[]): number[] | undefined {
  const total = widths.reduce((a, b) => a + b, 0);
  if (!total || widths.every((w) => Math.abs(w - widths[0]) < 1e-6)) return undefined;
  return widths.map((w) => Math.max(1e-4, Math.round((w / total) * 1e4) / 1e4));
}

/** Lines of the cell with the most (a row's height holds that many). */
const maxLines = (table: Grid): number => table.reduce((m, r) => r.reduce((n, cell) => Math.max(n, cell.split('\n').length), m), 1);

/** A row's height for `lines` lines at the table font (16) with the cell padding above and below. */
export const rowHeightFor = (lines: number): number => TABLE_FONT_SIZE.max * (lines * LINE_HEIGHT) + 2 * TABLE_CELL_PADDING;

/**
 * The size of a new table showing `table` at the table font: each column as wide as its longest
 * line (80 to 320), every row as high as the cell with the most lines; `colWidths` when the
 * columns differ.
 */
export function newTableSize(table: Grid): { w: number; h: number; colWidths?: number[] } {
  const { rows, cols } = tableDimensions(table);
  const widths = Array.from({ length: cols }, (_, c) => {
    const text = table.reduce(
      (m, r) => (r[c] ?? '').split('\n').reduce((n, line) => Math.max(n, textWidth(line, TABLE_FONT_SIZE.max)), m),
      0,
    );
    return Math.min(NEW_COLUMN_WIDTH.max, Math.max(NEW_COLUMN_WIDTH.min, Math.ceil(text + 2 * TABLE_CELL_PADDING)));
  });
  const w = widths.reduce((a, b) => a + b, 0);
  const colWidths = columnWeights(widths);
  return { w, h: Math.round(rows * rowHeightFor(maxLines(table))), ...(colWidths ? { colWidths } : {}) };
}

/**
 * The size of an existing table given a new grid (the Update dialog): rows keep their height and
 * columns their width; added columns get the average width; `colWidths` when the columns differ.
 */
export function updatedTableSize(
  shape: { x: number; y: number; w: number; h: number; table: Grid; colWidths?: number[] },
  table: Grid,
): { w: number; h: number; colWidths?: number[] } {
  const before = tableLayout(shape);
  const { rows, cols } = tableDimensions(table);
  const old = before.xs.slice(1).map((x, c) => x - before.xs[c]);
  const average = old.length ? old.reduce((a, b) => a + b, 0) / old.length : NEW_COLUMN_WIDTH.min;
  const widths = Array.from({ length: cols }, (_, c) => old[c] ?? average);
  const rowHeight = before.rows ? before.box.h / before.rows : rowHeightFor(1);
  const colWidths = columnWeights(widths);
  return { w: widths.reduce((a, b) => a + b, 0), h: rows * rowHeight, ...(colWidths ? { colWidths } : {}) };
}
