/**
 * The table's SDK module: its grid drawn with two.js from shared/geometry/table's layout (the same
 * rows, columns, font size and alignment as the SVG export), each cell's text in a group masked to
 * its cell so long text is clipped there. A double click opens the table tool (a cell's editor, or
 * the Update dialog from the frame).
 */
import Two from 'two.js';
import type { TableShape } from '../../shared/model';
import { DEFAULT_FONT, LINE_HEIGHT } from '../../shared/constants';
import { cellRect, cellTextOrigin, innerGridLines, shapeGeometry, tableLayout } from '../../shared/geometry';
import type { ShapeModule } from './registry';
import { polyline, rectPath, textLines, withCommon } from './two-helpers';

const INK = '#000000';

function render(shape: TableShape) {
  const layout = tableLayout(shape);
  const b = layout.box;
  const group = new Two.Group();
  if (!layout.rows || !layout.cols) return withCommon(group, shape, b);
  if (shape.border) {
    const outline = rectPath(b);
    outline.fill = 'none';
    outline.stroke = INK;
    outline.linewidth = 1;
    group.add(outline);
    for (const [x1, y1, x2, y2] of innerGridLines(layout))
      group.add(Object.assign(polyline([x1, y1, x2, y2]), { stroke: INK, linewidth: 1 }));
  }
  shape.table.forEach((row, r) =>
    row.forEach((value, c) => {
      if (!value || c >= layout.cols) return;
      const cell = cellRect(layout, r, c);
      const lines = value.split('\n');
      const o = cellTextOrigin(layout, cell, lines.length);
      // o.x is the anchor for the alignment already: no width to align within; two.js puts a line's em box at
      // its top, CSS and SVG centre it in the 1.3 line box (the cell editor and the export): the same half-leading down
      const text = textLines(
        lines,
        { x: o.x, y: o.y + ((LINE_HEIGHT - 1) / 2) * layout.fontSize },
        {
          family: DEFAULT_FONT,
          size: layout.fontSize,
          lineHeight: layout.fontSize * LINE_HEIGHT,
          fill: INK,
          alignment: layout.align,
        },
      );
      const clip = rectPath(cell);
      clip.noStroke();
      text.mask = clip;
      group.add(text);
    }),
  );
  return withCommon(group, shape, b);
}

/** At low detail: the outline, and the grid when bordered. */
function sketch(ctx: CanvasRenderingContext2D, shape: TableShape) {
  const layout = tableLayout(shape);
  const b = layout.box;
  ctx.strokeStyle = shape.border ? INK : '#999999';
  ctx.lineWidth = 1;
  ctx.strokeRect(b.x, b.y, b.w, b.h);
  if (!shape.border) return;
  ctx.beginPath();
  for (const [x1, y1, x2, y2] of innerGridLines(layout)) {
    ctx.moveTo(x1, y1);
    ctx.lineTo(x2, y2);
  }
  ctx.stroke();
}

export const table: ShapeModule<TableShape> = {
  kind: 'table',
  geometry: shapeGeometry.table,
  render,
  sketch,
  properties: ['opacity', 'align'],
  resizable: true,
  rotatable: false,
  editTool: 'table',
};
