/**
 * The shape registry: `shapeGeometry[kind]` gives the pure geometry of every shape kind
 * (board.md §3). Adding a kind means adding one module and one line here.
 */
import type { CompositeShape, LinkShape, Shape, ShapeKind } from '../model';
import type { Point, Rect } from './rect';
import type { ShapeGeometry, SvgOptions } from './types';
import { pen } from './pen';
import { line } from './line';
import { rectangle } from './rectangle';
import { circle } from './circle';
import { text } from './text';
import { stickyNote } from './stickyNote';
import { image } from './image';
import { frame } from './frame';
import { comment } from './comment';
import { table } from './table';
import { groupGeometry } from './group';

/** The shape type whose `cmd` admits kind K (PenShape for 'pen' and 'highlighter', …). */
export type ShapeOfKind<K extends ShapeKind> = Shape extends infer S ? (S extends Shape ? (K extends S['cmd'] ? S : never) : never) : never;

export const shapeGeometry: { [K in ShapeKind]: ShapeGeometry<ShapeOfKind<K>> } = {
  pen, highlighter: pen,
  line, arrow: line,
  rectangle, filledRectangle: rectangle,
  circle, filledCircle: circle,
  text,
  stickyNote,
  image,
  frame,
  comment,
  table,
  composite: groupGeometry<CompositeShape>((s) => geometryOf(s)),
  link: groupGeometry<LinkShape>((s) => geometryOf(s)),
};

/** The geometry of a shape's kind, typed for the generic Shape. */
export function geometryOf(shape: Shape): ShapeGeometry {
  const g = shapeGeometry[shape.cmd] as ShapeGeometry | undefined;
  if (!g) throw new Error(`unknown shape kind: ${String((shape as { cmd?: unknown }).cmd)}`);
  return g;
}

export const boxOf = (shape: Shape): Rect => geometryOf(shape).box(shape);
export const boundsOf = (shape: Shape): Rect => geometryOf(shape).bounds(shape);
export const hitTest = (shape: Shape, p: Point, tolerance = 0): boolean => geometryOf(shape).hitTest(shape, p, tolerance);
export const translateShape = <S extends Shape>(shape: S, dx: number, dy: number): S => geometryOf(shape).translate(shape, dx, dy) as S;
export const resizeShape = <S extends Shape>(shape: S, box: Rect): S => geometryOf(shape).resize(shape, box) as S;
export const shapeToSvg = (shape: Shape, options?: SvgOptions): string => geometryOf(shape).toSvg(shape, options);
