import Two from 'two.js';
import type { FrameShape } from '../../shared/model';
import { DEFAULT_FONT, FRAME_THICKNESS } from '../../shared/constants';
import { shapeGeometry } from '../../shared/geometry';
import { FRAME_TITLE_SIZE, fitFrameTitle } from '../../shared/geometry/frame';
import type { ShapeModule } from './registry';
import { fontFamily, rectPath, withCommon } from './two-helpers';

function render(shape: FrameShape) {
  const box = shapeGeometry.frame.box(shape);
  const body = rectPath(box);
  body.fill = '#ffffff';
  body.stroke = shape.color;
  body.linewidth = FRAME_THICKNESS;
  const title = new Two.Text(fitFrameTitle(shape.title, box.w), box.x, box.y - 6, {
    family: fontFamily(DEFAULT_FONT),
    size: FRAME_TITLE_SIZE,
    alignment: 'left',
    baseline: 'bottom',
    fill: '#333333',
    stroke: 'transparent',
  });
  return withCommon(new Two.Group(body, title), shape, box);
}

/** Frames stay at the bottom of the z-order and cannot be reordered (board.md §4). */
function sketch(ctx: CanvasRenderingContext2D, shape: FrameShape) {
  const b = shapeGeometry.frame.box(shape);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(b.x, b.y, b.w, b.h);
  ctx.strokeStyle = shape.color;
  ctx.lineWidth = FRAME_THICKNESS;
  ctx.strokeRect(b.x, b.y, b.w, b.h);
}

export const frame: ShapeModule<FrameShape> = {
  kind: 'frame',
  geometry: shapeGeometry.frame,
  render,
  sketch,
  properties: ['color'],
  resizable: true,
  rotatable: false,
};
