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

function sketch(ctx: CanvasRenderingContext2D, shape: PenShape) {
  const p = shape.points;
  if (p.length < 2) return;
  ctx.strokeStyle = shape.color;
  ctx.lineWidth = strokeWidth(shape);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  if (shape.cmd === 'highlighter' || shape.type === 'hl') ctx.globalAlpha *= HIGHLIGHTER_OPACITY / 100;
  ctx.beginPath();
  ctx.moveTo(p[0], p[1]);
  for (let i = 2; i + 1 < p.length; i += 2) ctx.lineTo(p[i], p[i + 1]);
  if (p.length === 2) ctx.lineTo(p[0], p[1]);
  ctx.stroke();
}

export const pen: ShapeModule<PenShape> = {
  kind: 'pen',
  geometry: shapeGeometry.pen,
  render,
  sketch,
  properties: ['color', 'lineWidth', 'opacity'],
  resizable: true,
  rotatable: true,
};

/** Highlighter strokes: 4 × the line width at 75 % opacity (board.md §4). */
export const highlighter: ShapeModule<PenShape> = { ...pen, kind: 'highlighter', geometry: shapeGeometry.highlighter };
