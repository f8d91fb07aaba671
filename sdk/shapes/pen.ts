import type { PenShape } from '../../shared/model';
import { HIGHLIGHTER_OPACITY } from '../../shared/constants';
import { shapeGeometry, strokeWidth } from '../../shared/geometry';
import type { ShapeModule } from './registry';
import { smoothStroke, stroked, withCommon } from './two-helpers';

/** A freehand stroke: the same smoothed curve shared/geometry's SVG export draws. */
function render(shape: PenShape) {
  const path = stroked(smoothStroke(shape.points), shape.color, strokeWidth(shape));
  const highlighter = shape.cmd === 'highlighter' || shape.type === 'hl';
  return withCommon(path, shape, shapeGeometry.pen.box(shape), highlighter ? HIGHLIGHTER_OPACITY / 100 : 1);
}

export const pen: ShapeModule<PenShape> = {
  kind: 'pen',
  geometry: shapeGeometry.pen,
  render,
  properties: ['color', 'lineWidth', 'opacity'],
  resizable: true,
  rotatable: true,
};

/** Highlighter strokes: 4 × the line width at 75 % opacity (board.md §4). */
export const highlighter: ShapeModule<PenShape> = { ...pen, kind: 'highlighter', geometry: shapeGeometry.highlighter };
