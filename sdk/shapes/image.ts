import Two from 'two.js';
import type { ImageShape } from '../../shared/model';
import { imageHref, shapeGeometry } from '../../shared/geometry';
import { redraw$, type ShapeModule } from './registry';
import { rectPath, withCommon } from './two-helpers';

/** An image: its picture scaled into the box once loaded, a grey placeholder until then. */
function render(shape: ImageShape) {
  const box = shapeGeometry.image.box(shape);
  const group = new Two.Group();
  const frame = rectPath(box);
  frame.fill = '#eeeeee';
  frame.stroke = '#cccccc';
  frame.linewidth = 1;
  group.add(frame);
  const href = imageHref(shape);
  if (href && typeof document !== 'undefined') {
    const sprite = new Two.Sprite(href, box.x + box.w / 2, box.y + box.h / 2);
    const texture = sprite.texture;
    const fit = () => {
      const img = texture.image as HTMLImageElement | undefined;
      if (!img || !img.naturalWidth) return;
      sprite.scale = new Two.Vector(box.w / img.naturalWidth, box.h / img.naturalHeight);
      redraw$.next(shape.id);
    };
    if (texture.loaded) fit();
    else texture.bind('load', fit);
    group.add(sprite);
  }
  return withCommon(group, shape, box);
}

function sketch(ctx: CanvasRenderingContext2D, shape: ImageShape) {
  const b = shapeGeometry.image.box(shape);
  ctx.fillStyle = '#e4e4e4';
  ctx.fillRect(b.x, b.y, b.w, b.h);
}

export const image: ShapeModule<ImageShape> = {
  kind: 'image',
  geometry: shapeGeometry.image,
  render,
  sketch,
  properties: ['opacity'],
  resizable: true,
  rotatable: true,
};
