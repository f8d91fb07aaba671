/**
 * Scaling a shape about a point (templates placed to fit the viewer's screen, docs/templates.md
 * "Placing"): its geometry through its kind's `resize` (pen and line points, boxes, a circle's
 * radius, a text's font size, a sticky note's fitted font, a group's members), and its stroke
 * width (`lineWidth`, rounded, within LINE_WIDTH) — the style a kind's resize keeps as it is.
 * Nested shapes (a group's) have their strokes scaled too. Pure.
 */
import { LINE_WIDTH } from '../constants';
import type { Shape } from '../model';
import type { Point } from './rect';
import { geometryOf, mapShapeTree } from './registry';

/** A stroke width scaled by k: rounded, kept within LINE_WIDTH (the model's integer range). */
export function scaleLineWidth(width: number, k: number): number {
  return Math.min(LINE_WIDTH.max, Math.max(LINE_WIDTH.min, Math.round(width * k)));
}

/** The shape scaled by `k` (> 0) about `origin`: a point p of it goes to origin + (p − origin) × k. */
export function scaleShape<S extends Shape>(shape: S, k: number, origin: Point = { x: 0, y: 0 }): S {
  if (!(k > 0) || !Number.isFinite(k)) throw new Error(`scale must be a positive number: ${k}`);
  if (k === 1) return shape;
  const g = geometryOf(shape);
  const box = g.box(shape);
  const resized = g.resize(shape, {
    x: origin.x + (box.x - origin.x) * k,
    y: origin.y + (box.y - origin.y) * k,
    w: box.w * k,
    h: box.h * k,
  });
  return mapShapeTree(resized, (s) => {
    const width = (s as { lineWidth?: unknown }).lineWidth;
    return typeof width === 'number' ? ({ ...s, lineWidth: scaleLineWidth(width, k) } as Shape) : s;
  }) as S;
}
