import type { TextShape } from '../../shared/model';
import { LINE_HEIGHT } from '../../shared/constants';
import { measureText, shapeGeometry } from '../../shared/geometry';
import type { ShapeModule } from './registry';
import { blurredBars, sketchBlurredBars } from './blurred';
import { greek, textLines, withCommon } from './two-helpers';

/** Multi-line text from its top-left, aligned inside the measured box. */
function render(shape: TextShape) {
  const box = shapeGeometry.text.box(shape);
  // another's text in private mode's blurry variant: a grey blurred bar of its box, never text
  if (shape.blurred) return withCommon(blurredBars(box, box.h), shape, box);
  const { lines } = measureText(shape.value, shape.size);
  const group = textLines(
    lines,
    { x: box.x, y: box.y },
    {
      family: shape.font,
      size: shape.size,
      lineHeight: shape.size * LINE_HEIGHT,
      fill: shape.color,
      alignment: shape.align,
      width: box.w,
    },
  );
  return withCommon(group, shape, box);
}

function sketch(ctx: CanvasRenderingContext2D, shape: TextShape, scale: number) {
  const box = shapeGeometry.text.box(shape);
  if (shape.blurred) return sketchBlurredBars(ctx, box, box.h);
  greek(
    ctx,
    measureText(shape.value, shape.size).lines,
    box,
    shape.size,
    shape.size * LINE_HEIGHT,
    shape.color,
    shape.font,
    shape.align,
    scale,
  );
}

export const text: ShapeModule<TextShape> = {
  kind: 'text',
  geometry: shapeGeometry.text,
  render,
  sketch,
  properties: ['color', 'opacity', 'font', 'fontSize', 'align'],
  resizable: true,
  rotatable: true,
  editTool: 'text',
};
