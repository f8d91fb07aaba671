import Two from 'two.js';
import type { LineShape } from '../../shared/model';
import { arrowHeads, shapeGeometry } from '../../shared/geometry';
import { headLength } from '../../shared/geometry/line';
import type { ShapeModule } from './registry';
import { polyline, stroked, withCommon } from './two-helpers';

/** Dash pattern of a line type (the same numbers as the SVG export). */
export function dashesOf(type: LineShape['type'], width: number): number[] {
  if (type === 'dashed') return [width * 4, width * 3];
  if (type === 'dotted') return [width, width * 2];
  return [];
}

function head(tipX: number, tipY: number, fromX: number, fromY: number, length: number): number[] {
  const angle = Math.atan2(tipY - fromY, tipX - fromX);
  const spread = Math.PI / 7;
  return [
    tipX - length * Math.cos(angle - spread),
    tipY - length * Math.sin(angle - spread),
    tipX,
    tipY,
    tipX - length * Math.cos(angle + spread),
    tipY - length * Math.sin(angle + spread),
  ];
}

/** A straight line or arrow with every line type: line, dashed, dotted, arrow, rarrow, double. */
function render(shape: LineShape) {
  const pts = shape.points;
  const group = new Two.Group();
  const body = stroked(polyline(pts), shape.color, shape.lineWidth);
  const dashes = dashesOf(shape.type, shape.lineWidth);
  if (dashes.length) body.dashes = Object.assign(dashes, { offset: 0 });
  group.add(body);
  const n = pts.length >> 1;
  if (n >= 2) {
    const heads = arrowHeads(shape);
    const len = headLength(shape.lineWidth);
    if (heads.end)
      group.add(stroked(polyline(head(pts[n * 2 - 2], pts[n * 2 - 1], pts[n * 2 - 4], pts[n * 2 - 3], len)), shape.color, shape.lineWidth));
    if (heads.start) group.add(stroked(polyline(head(pts[0], pts[1], pts[2], pts[3], len)), shape.color, shape.lineWidth));
  }
  return withCommon(group, shape, shapeGeometry.line.box(shape));
}

function sketch(ctx: CanvasRenderingContext2D, shape: LineShape) {
  const p = shape.points;
  if (p.length < 4) return;
  ctx.strokeStyle = shape.color;
  ctx.lineWidth = shape.lineWidth;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(p[0], p[1]);
  for (let i = 2; i + 1 < p.length; i += 2) ctx.lineTo(p[i], p[i + 1]);
  ctx.stroke();
}

export const line: ShapeModule<LineShape> = {
  kind: 'line',
  geometry: shapeGeometry.line,
  render,
  sketch,
  properties: ['color', 'lineWidth', 'opacity', 'lineType'],
  resizable: true,
  rotatable: false,
};

export const arrow: ShapeModule<LineShape> = { ...line, kind: 'arrow', geometry: shapeGeometry.arrow };
