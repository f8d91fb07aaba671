/**
 * Tabular data's rules (shared/table.ts) and layout (shared/geometry/table.ts): the spec's
 * validation and its text, tab- and comma-separated text read into a grid, a grid resized keeping
 * its content, a pasted block and a session's edits merged, a new table's size, and column widths
 * that keep their proportions through a resize.
 */
import { describe, expect, it } from 'vitest';
import type { TableShape } from '../../../shared/model';
import { MESSAGES } from '../../../shared/messages';
import { boardToSvg, cellAt, resizeShape, shapeGeometry, tableLayout } from '../../../shared/geometry';
import {
  clampTableSize,
  isTableSize,
  isTableValid,
  isTabularText,
  mergeCellEdits,
  newTableSize,
  parseTabular,
  pasteIntoGrid,
  resizeGrid,
  tableProblem,
  updatedTableSize,
} from '../../../shared/table';

const table = (extra: Partial<TableShape> = {}): TableShape => ({
  id: 'tb',
  cmd: 'table',
  uid: 'u',
  timestamp: 1,
  x: 0,
  y: 0,
  w: 300,
  h: 60,
  table: [
    ['a', 'b', 'c'],
    ['d', 'e', 'f'],
  ],
  border: true,
  ...extra,
});

describe('validation (board.md §5)', () => {
  it('rows and columns are whole numbers from 1 to 50', () => {
    expect([0, 1, 50, 51, 2.5, NaN, '3'].map(isTableSize)).toEqual([false, true, true, false, false, false, false]);
    expect([0, 1, 7.4, 50, 99, NaN].map(clampTableSize)).toEqual([1, 1, 7, 50, 50, 1]);
  });

  it('a table is valid when its border is on or every row has a non-blank cell', () => {
    expect(isTableValid([[''], ['']], true)).toBe(true);
    expect(
      isTableValid(
        [
          ['a', ''],
          ['', ' b'],
        ],
        false,
      ),
    ).toBe(true);
    expect(
      isTableValid(
        [
          ['a', ''],
          [' ', ''],
        ],
        false,
      ),
    ).toBe(false);
    expect(isTableValid([], true)).toBe(false);
  });

  it("an invalid table says the spec's words", () => {
    expect(tableProblem([['a'], ['']], false)).toBe('Table is empty or borderless');
    expect(tableProblem([['a'], ['']], false)).toBe(MESSAGES.tableEmptyOrBorderless);
    expect(tableProblem([['a'], ['']], true)).toBeNull();
  });
});

describe('pasted text', () => {
  it('reads tab-separated text (a spreadsheet copy) row by row', () => {
    expect(parseTabular('Name\tQty\nApples\t3\nPears\t\r\n')).toEqual([
      ['Name', 'Qty'],
      ['Apples', '3'],
      ['Pears', ''],
    ]);
  });

  it('reads comma-separated text with quotes as RFC 4180 has them', () => {
    expect(parseTabular('a,"b, c","say ""hi"""\r\n"two\nlines",,x')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['two\nlines', '', 'x'],
    ]);
    // a tab anywhere makes it tab-separated: commas stay in the cells
    expect(parseTabular('1,5\t2\n"q\tr"\t3')).toEqual([
      ['1,5', '2'],
      ['q\tr', '3'],
    ]);
    expect(parseTabular('')).toEqual([]);
    expect(parseTabular('one')).toEqual([['one']]);
  });

  it('is a block of cells when it has tabs or several lines; one line of words stays one cell', () => {
    expect(isTabularText('a\tb')).toBe(true);
    expect(isTabularText('a\nb')).toBe(true);
    expect(isTabularText('Hello, world')).toBe(false);
    expect(isTabularText('Hello\n')).toBe(false);
  });

  it('fills the grid from a cell, growing it to at most 50 × 50', () => {
    const grid = resizeGrid([], 2, 2);
    expect(pasteIntoGrid(grid, parseTabular('x\ty\tz\n1\t2\t3'), 1, 0)).toEqual([
      ['', '', ''],
      ['x', 'y', 'z'],
      ['1', '2', '3'],
    ]);
    const wide = [Array.from({ length: 60 }, (_, i) => String(i))];
    const out = pasteIntoGrid(grid, wide, 0, 1);
    expect(out[0]).toHaveLength(50);
    expect(out[0][49]).toBe('48');
    expect(pasteIntoGrid(grid, [['x'.repeat(1500)]], 0, 0)[0][0]).toHaveLength(1000);
  });
});

describe('resizing the grid keeps its content', () => {
  it('keeps the cells inside both sizes, fills new ones, squares ragged rows', () => {
    const g = [['a', 'b'], ['c']];
    expect(resizeGrid(g, 3, 3)).toEqual([
      ['a', 'b', ''],
      ['c', '', ''],
      ['', '', ''],
    ]);
    expect(resizeGrid(g, 1, 1)).toEqual([['a']]);
    // shrinking then growing from the same data finds the cells again (the dialog keeps its data)
    expect(resizeGrid(resizeGrid(g, 2, 2), 2, 2)).toEqual([
      ['a', 'b'],
      ['c', ''],
    ]);
  });

  it("merges one editing session's cells into the table as it is now, leaving others' edits", () => {
    const original = [
      ['a', 'b'],
      ['c', 'd'],
    ];
    const edited = [
      ['A', 'b'],
      ['c', 'd'],
    ];
    const current = [['a', 'B by bob'], ['c']];
    expect(mergeCellEdits(current, original, edited)).toEqual([['A', 'B by bob'], ['c']]);
    // a table that lost the row meanwhile drops that edit
    expect(
      mergeCellEdits([['a', 'b']], original, [
        ['a', 'b'],
        ['x', 'd'],
      ]),
    ).toEqual([['a', 'b']]);
  });
});

describe('size and columns', () => {
  it('a new table: columns as wide as their text (80 to 320), rows at the 16 px font', () => {
    const s = newTableSize([
      ['Name', 'A long description of the item'],
      ['x', 'y'],
    ]);
    expect(s.h).toBe(66); // 2 × (16 × 1.3 + 12), rounded
    expect(s.w).toBeGreaterThan(80 + 200);
    expect(s.colWidths).toHaveLength(2);
    expect(s.colWidths![0]).toBeLessThan(s.colWidths![1]);
    expect(newTableSize(resizeGrid([], 2, 3))).toEqual({ w: 240, h: 66 });
  });

  it('resizing keeps the columns in proportion', () => {
    const t = table({ colWidths: [0.5, 0.25, 0.25] });
    const before = tableLayout(t).xs;
    expect(before).toEqual([0, 150, 225, 300]);
    const bigger = resizeShape(t, { x: 10, y: 20, w: 600, h: 120 });
    const xs = tableLayout(bigger).xs;
    expect(xs).toEqual([10, 310, 460, 610]);
    expect((xs[1] - xs[0]) / (xs[3] - xs[0])).toBeCloseTo(0.5);
    expect(bigger.colWidths).toEqual([0.5, 0.25, 0.25]);
  });

  it('older tables (no colWidths, no align) have equal columns and left-aligned text', () => {
    const l = tableLayout(table());
    expect(l.xs).toEqual([0, 100, 200, 300]);
    expect(l.align).toBe('left');
    // weights that do not fit the columns are ignored
    expect(tableLayout(table({ colWidths: [1, 2] })).xs).toEqual([0, 100, 200, 300]);
  });

  it('an update keeps row heights and column widths; new columns get the average', () => {
    const t = table({ colWidths: [0.5, 0.25, 0.25] });
    const s = updatedTableSize(t, resizeGrid(t.table, 3, 4));
    expect(s.h).toBe(90);
    expect(s.w).toBe(400);
    expect(s.colWidths).toEqual([0.375, 0.1875, 0.1875, 0.25]);
  });

  it('finds the cell under a point', () => {
    const t = table({ colWidths: [0.5, 0.25, 0.25] });
    expect(cellAt(t, { x: 10, y: 10 })).toEqual({ row: 0, col: 0 });
    expect(cellAt(t, { x: 160, y: 45 })).toEqual({ row: 1, col: 1 });
    expect(cellAt(t, { x: 300, y: 60 })).toEqual({ row: 1, col: 2 });
    expect(cellAt(t, { x: 301, y: 10 })).toBeNull();
  });
});

describe('drawing in SVG', () => {
  it('draws the border, each cell clipped to its cell, and the alignment', () => {
    const svg = shapeGeometry.table.toSvg(
      table({
        align: 'right',
        table: [
          ['x'.repeat(80), ''],
          ['b', 'c'],
        ],
      }),
    );
    expect(svg.match(/<line /g)).toHaveLength(2);
    // three cells with text, each in a nested viewport of its cell (which clips it)
    expect(svg.match(/<svg /g)).toHaveLength(3);
    expect(svg).toContain('x="0" y="0" width="150" height="30" viewBox="0 0 150 30" overflow="hidden"');
    expect(svg).toContain('text-anchor="end"');
    expect(shapeGeometry.table.toSvg(table({ border: false }))).not.toContain('<line');
    expect(boardToSvg([table()])).toContain('<svg x=');
  });
});
