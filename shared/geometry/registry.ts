/**
 * The shape registry: `shapeGeometry[kind]` gives the pure geometry of every shape kind
 * (board.md §3) and its behaviour hooks (./types.ts ShapeBehaviour: layer, kind-specific
 * modifiers, children, hidden, commenter, blurry private mode, snapping). Adding a kind means
 * adding one module and one line here; nothing else switches on the kind.
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
  pen,
  highlighter: pen,
  line,
  arrow: line,
  rectangle,
  filledRectangle: rectangle,
  circle,
  filledCircle: circle,
  text,
  stickyNote,
  image,
  frame,
  comment,
  table,
  composite: groupGeometry<CompositeShape>((s) => geometryOf(s)),
  link: groupGeometry<LinkShape>((s) => geometryOf(s)),
};

/** Kinds registered at run time (registerShapeGeometry), beside the built-in table above. */
const added = new Map<string, ShapeGeometry>();

/**
 * Registers a further kind's geometry and behaviour at run time: from then on the reducer folds
 * its adds and asks it what `shapeGeometry` kinds are asked. A registered kind cannot be
 * replaced. Returns the function that unregisters it.
 */
export function registerShapeGeometry<S extends Shape>(kind: string, geometry: ShapeGeometry<S>): () => void {
  if (kindGeometry(kind)) throw new Error(`shape kind already registered: ${kind}`);
  const g = geometry as unknown as ShapeGeometry;
  added.set(kind, g);
  return () => {
    if (added.get(kind) === g) added.delete(kind);
  };
}

/** The geometry and behaviour of a kind, or undefined when no shape has that kind. */
export function kindGeometry(kind: string): ShapeGeometry | undefined {
  return Object.hasOwn(shapeGeometry, kind) ? (shapeGeometry[kind as ShapeKind] as ShapeGeometry) : added.get(kind);
}

/** Whether `kind` is a shape kind (an add command of that name adds a shape). */
export const isShapeKind = (kind: string): boolean => kindGeometry(kind) !== undefined;

/** The geometry of a shape's kind, typed for the generic Shape. */
export function geometryOf(shape: Shape): ShapeGeometry {
  const g = kindGeometry(shape.cmd);
  if (!g) throw new Error(`unknown shape kind: ${String((shape as { cmd?: unknown }).cmd)}`);
  return g;
}

export const boxOf = (shape: Shape): Rect => geometryOf(shape).box(shape);
export const boundsOf = (shape: Shape): Rect => geometryOf(shape).bounds(shape);
export const hitTest = (shape: Shape, p: Point, tolerance = 0): boolean => geometryOf(shape).hitTest(shape, p, tolerance);
export const translateShape = <S extends Shape>(shape: S, dx: number, dy: number): S => geometryOf(shape).translate(shape, dx, dy) as S;
export const resizeShape = <S extends Shape>(shape: S, box: Rect): S => geometryOf(shape).resize(shape, box) as S;
export const shapeToSvg = (shape: Shape, options?: SvgOptions): string => geometryOf(shape).toSvg(shape, options);

/** Rendering layer of a shape (board.md §4 "Layering"): its kind's `layer`, else 1. */
export const shapeLayer = (shape: Shape): number => kindGeometry(shape.cmd)?.layer ?? 1;
/** Whether changeOrder and the arrange actions may move the shape within its layer. */
export const reorderableKind = (shape: Shape): boolean => !kindGeometry(shape.cmd)?.fixedLayer;
/** The shapes a shape carries along (a frame's children), none for most kinds. */
export const childrenOf = (shape: Shape): readonly string[] => kindGeometry(shape.cmd)?.childrenOf?.(shape) ?? [];
/** Whether the shape is left off the canvas and out of exports (a resolved comment). */
export const isHiddenShape = (shape: Shape): boolean => !!kindGeometry(shape.cmd)?.hidden?.(shape);
