import Two from 'two.js';
import type { CircleShape } from '../../shared/model';
import { shapeGeometry } from '../../shared/geometry';
import { fillOf } from '../../shared/geometry/rectangle';
import type { ShapeModule } from './registry';
import { withCommon } from './two-helpers';

function render(shape: CircleShape) {
  const circle = new Two.Circle(shape.x, shape.y, Math.abs(shape.r));
  circle.stroke = shape.stroke;
  circle.linewidth = shape.lineWidth;
  circle.fill = fillOf(shape);
  return withCommon(circle, shape, shapeGeometry.circle.box(shape));
}

function sketch(ctx: CanvasRenderingContext2D, shape: CircleShape) {
  ctx.beginPath();
  ctx.arc(shape.x, shape.y, Math.abs(shape.r), 0, Math.PI * 2);
  const fill = fillOf(shape);
  if (fill !== 'none') {
    ctx.fillStyle = fill;
    ctx.fill();
  }
  ctx.strokeStyle = shape.stroke;
  ctx.lineWidth = shape.lineWidth;
  ctx.stroke();
}

export const circle: ShapeModule<CircleShape> = {
  kind: 'circle',
  geometry: shapeGeometry.circle,
  render,
  sketch,
  properties: ['color', 'lineWidth', 'opacity'],
  resizable: true,
  rotatable: false,
};

export const filledCircle: ShapeModule<CircleShape> = {
  ...circle,
  kind: 'filledCircle',
  geometry: shapeGeometry.filledCircle,
  properties: ['color', 'opacity'],
};
