import Two from 'two.js';
import type { TableShape } from '../../shared/model';
import { DEFAULT_FONT } from '../../shared/constants';
import { shapeGeometry, tableDimensions } from '../../shared/geometry';
import type { ShapeModule } from './registry';
import { fontFamily, polyline, rectPath, withCommon } from './two-helpers';

function render(shape: TableShape) {
  const b = shapeGeometry.table.box(shape);
  const group = new Two.Group();
  const { rows, cols } = tableDimensions(shape.table);
  if (rows && cols) {
    const cw = b.w / cols,
      ch = b.h / rows;
    const size = Math.max(6, Math.min(16, ch * 0.6));
    if (shape.border) {
      const outline = rectPath(b);
      outline.fill = 'none';
      outline.stroke = '#000000';
      outline.linewidth = 1;
      group.add(outline);
      for (let r = 1; r < rows; r++)
        group.add(Object.assign(polyline([b.x, b.y + r * ch, b.x + b.w, b.y + r * ch]), { stroke: '#000000', linewidth: 1 }));
      for (let c = 1; c < cols; c++)
        group.add(Object.assign(polyline([b.x + c * cw, b.y, b.x + c * cw, b.y + b.h]), { stroke: '#000000', linewidth: 1 }));
    }
    shape.table.forEach((row, r) =>
      row.forEach((cell, c) => {
        if (cell)
          group.add(
            new Two.Text(cell, b.x + c * cw + 4, b.y + r * ch + ch / 2, {
              family: fontFamily(DEFAULT_FONT),
              size,
              alignment: 'left',
              baseline: 'middle',
              fill: '#000000',
              stroke: 'transparent',
            }),
          );
      }),
    );
  }
  return withCommon(group, shape, b);
}

function sketch(ctx: CanvasRenderingContext2D, shape: TableShape) {
  const b = shapeGeometry.table.box(shape);
  ctx.strokeStyle = '#999999';
  ctx.lineWidth = 1;
  ctx.strokeRect(b.x, b.y, b.w, b.h);
}

export const table: ShapeModule<TableShape> = {
  kind: 'table',
  geometry: shapeGeometry.table,
  render,
  sketch,
  properties: ['opacity'],
  resizable: true,
  rotatable: false,
};
