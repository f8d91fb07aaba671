/** tabular data: a grid of text cells (rows and cols 1–50) with an optional border. */
import type { TableShape } from '../model';
import { DEFAULT_FONT } from '../constants';
import { containsPoint, normalizeRect, rotatedBounds, unrotate } from './rect';
import { attrs, commonAttrs, escapeXml } from './svg';
import type { ShapeGeometry } from './types';

const boxOf = (s: TableShape) => normalizeRect({ x: s.x, y: s.y, w: s.w, h: s.h });

export function tableDimensions(table: string[][]): { rows: number; cols: number } {
  return { rows: table.length, cols: table.reduce((m, r) => Math.max(m, r.length), 0) };
}

/** board.md §5: valid when the border is on or every row has at least one non-blank cell. */
export function isTableValid(table: string[][], border: boolean): boolean {
  if (border) return table.length > 0;
  return table.length > 0 && table.every((row) => row.some((cell) => cell.trim() !== ''));
}

export const table: ShapeGeometry<TableShape> = {
  box: boxOf,
  bounds: (s) => rotatedBounds(boxOf(s), s.rotation),
  hitTest: (s, p, tolerance) => containsPoint(boxOf(s), unrotate(p, boxOf(s), s.rotation), tolerance),
  translate: (s, dx, dy) => ({ ...s, x: s.x + dx, y: s.y + dy }),
  resize: (s, box) => ({ ...s, ...normalizeRect(box) }),
  toSvg(s) {
    const b = boxOf(s);
    const { rows, cols } = tableDimensions(s.table);
    if (!rows || !cols) return `<g ${attrs(commonAttrs(s, b))}/>`;
    const cw = b.w / cols,
      ch = b.h / rows;
    const size = Math.max(6, Math.min(16, ch * 0.6));
    let out = '';
    if (s.border) {
      out += `<rect ${attrs({ x: b.x, y: b.y, width: b.w, height: b.h, fill: 'none', stroke: '#000000', 'stroke-width': 1 })}/>`;
      for (let r = 1; r < rows; r++)
        out += `<line ${attrs({ x1: b.x, y1: b.y + r * ch, x2: b.x + b.w, y2: b.y + r * ch, stroke: '#000000', 'stroke-width': 1 })}/>`;
      for (let c = 1; c < cols; c++)
        out += `<line ${attrs({ x1: b.x + c * cw, y1: b.y, x2: b.x + c * cw, y2: b.y + b.h, stroke: '#000000', 'stroke-width': 1 })}/>`;
    }
    s.table.forEach((row, r) =>
      row.forEach((cell, c) => {
        if (!cell) return;
        out += `<text ${attrs({ x: b.x + c * cw + 4, y: b.y + r * ch + ch / 2 + size / 3, 'font-family': DEFAULT_FONT, 'font-size': size, fill: '#000000' })}>${escapeXml(cell)}</text>`;
      }),
    );
    return `<g ${attrs(commonAttrs(s, b))}>${out}</g>`;
  },
};
