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

export const circle: ShapeModule<CircleShape> = {
  kind: 'circle',
  geometry: shapeGeometry.circle,
  render,
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
