import Two from 'two.js';
import type { CompositeShape, LinkShape } from '../../shared/model';
import { shapeGeometry } from '../../shared/geometry';
import { shapeModuleOf, type ShapeModule } from './registry';
import { withCommon } from './two-helpers';

/** Composite shapes (and link shapes that group others, ./link.ts) draw their children through the registry. */
function render(shape: CompositeShape | LinkShape) {
  const group = new Two.Group();
  for (const child of shape.shapes) {
    const m = shapeModuleOf(child);
    if (m) group.add(m.render(child));
  }
  return withCommon(group, shape, shapeGeometry.composite.box(shape as CompositeShape));
}

function sketch(ctx: CanvasRenderingContext2D, shape: CompositeShape | LinkShape, scale: number) {
  for (const child of shape.shapes) shapeModuleOf(child)?.sketch(ctx, child, scale);
}

export const composite: ShapeModule<CompositeShape> = {
  kind: 'composite',
  geometry: shapeGeometry.composite,
  render,
  sketch,
  properties: ['opacity'],
  resizable: true,
  rotatable: true,
};
