import type { RectangleShape } from '../../shared/model';
import { shapeGeometry } from '../../shared/geometry';
import { fillOf } from '../../shared/geometry/rectangle';
import type { ShapeModule } from './registry';
import { rectPath, withCommon } from './two-helpers';

function render(shape: RectangleShape) {
  const box = shapeGeometry.rectangle.box(shape);
  const path = rectPath(box);
  path.stroke = shape.stroke;
  path.linewidth = shape.lineWidth;
  path.fill = fillOf(shape);
  path.join = 'miter';
  return withCommon(path, shape, box);
}

function sketch(ctx: CanvasRenderingContext2D, shape: RectangleShape) {
  const b = shapeGeometry.rectangle.box(shape);
  const fill = fillOf(shape);
  if (fill !== 'none') {
    ctx.fillStyle = fill;
    ctx.fillRect(b.x, b.y, b.w, b.h);
  }
  ctx.strokeStyle = shape.stroke;
  ctx.lineWidth = shape.lineWidth;
  ctx.strokeRect(b.x, b.y, b.w, b.h);
}

export const rectangle: ShapeModule<RectangleShape> = {
  kind: 'rectangle',
  geometry: shapeGeometry.rectangle,
  render,
  sketch,
  properties: ['color', 'lineWidth', 'opacity'],
  resizable: true,
  rotatable: true,
};

export const filledRectangle: ShapeModule<RectangleShape> = {
  ...rectangle,
  kind: 'filledRectangle',
  geometry: shapeGeometry.filledRectangle,
  properties: ['color', 'opacity'],
};
