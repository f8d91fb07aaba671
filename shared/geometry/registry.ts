/**
 * The shape registry: `shapeGeometry[kind]` gives the pure geometry of every shape kind
 * (board.md §3) and its behaviour hooks (./types.ts ShapeBehaviour: layer, kind-specific
 * modifiers, children, hidden, commenter, blurry private mode and words, snapping, plan policies,
 * arranging, annotations, uploaded assets, nested shapes). Adding a kind means adding one module
 * and one line here; nothing else switches on the kind (tests/unit/shared/shape-registry.test.ts
 * greps for `cmd === '<kind>'` outside the kinds' modules).
 */
import type { CompositeShape, Shape, ShapeKind, TextAlign } from '../model';
import { DEFAULT_TEXT_ALIGN } from '../constants';
import type { Point, Rect } from './rect';
import type { ShapeAsset, ShapeGeometry, SvgOptions } from './types';
import type { PolicyRequirement } from '../policy-names';
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
import { linkGeometry } from './link';

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
  link: linkGeometry((s) => geometryOf(s)),
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
/**
 * The words of a shape (the property its kind's `textField` names), or null for a kind without words.
 * A grid of cells (a table's) reads as its rows, one per line, cells separated by tabs.
 */
export function shapeText(shape: Shape): string | null {
  const field = kindGeometry(shape.cmd)?.textField;
  const value = field ? (shape as unknown as Record<string, unknown>)[field] : undefined;
  if (Array.isArray(value)) return value.map((row) => (Array.isArray(row) ? row.join('\t') : '')).join('\n');
  return typeof value === 'string' ? value : null;
}
/** A shape's text alignment: its `align`, else its kind's default (a sticky note centred), else left (board.md §9). */
export const alignOf = (shape: Shape): TextAlign =>
  (shape as { align?: TextAlign }).align ?? kindGeometry(shape.cmd)?.defaultAlign ?? DEFAULT_TEXT_ALIGN;
/** Whether the arrange actions lay the shape out (not a comment pin, not an attached connector). */
export const isArrangeable = (shape: Shape): boolean => kindGeometry(shape.cmd)?.arrangeable?.(shape) ?? true;
/** Whether the shape is an annotation about the board, not its content (a comment pin): left out of copies, backups, thumbnails. */
export const isAnnotation = (shape: Shape): boolean => !!kindGeometry(shape.cmd)?.annotation;
/** The uploaded asset the shape shows (a picture's resource and page), or null. */
export const shapeAsset = (shape: Shape): ShapeAsset | null => kindGeometry(shape.cmd)?.assetOf?.(shape) ?? null;
/** The same shape showing uploaded asset `resource` instead (undefined: none); a kind showing no asset: the shape itself. */
export function withShapeAsset<S extends Shape>(shape: S, resource: string | undefined): S {
  const g = kindGeometry(shape.cmd);
  return g?.withAsset ? (g.withAsset(shape, resource) as S) : shape;
}
/** The shapes nested in a shape (a composite's, a link's), none for most kinds. */
export const innerShapes = (shape: Shape): readonly Shape[] => kindGeometry(shape.cmd)?.innerShapes?.(shape) ?? [];
/** The same shape with `f` applied to each nested shape (one level; `f` may recurse); a kind without nested shapes: the shape itself. */
export function mapInnerShapes<S extends Shape>(shape: S, f: (inner: Shape) => Shape): S {
  const g = kindGeometry(shape.cmd);
  return g?.innerShapes && g.withInnerShapes ? (g.withInnerShapes(shape, g.innerShapes(shape).map(f)) as S) : shape;
}
/** The shape and every shape nested in it, at any depth (a picture inside a group counts). */
export const shapeTree = (shape: Shape): Shape[] => [shape, ...innerShapes(shape).flatMap(shapeTree)];
/**
 * The shape with `f` applied to it and to every shape nested in it, at any depth; `f` answering
 * null leaves that shape out (a nested one out of its group; the shape itself: the answer is null).
 */
export function mapShapeTree(shape: Shape, f: (s: Shape) => Shape | null): Shape | null {
  const own = f(shape);
  const g = own ? kindGeometry(own.cmd) : undefined;
  if (!own || !g?.innerShapes || !g.withInnerShapes) return own;
  return g.withInnerShapes(
    own,
    g.innerShapes(own).flatMap((inner) => mapShapeTree(inner, f) ?? []),
  );
}
/** The plan features of its kind that the shape uses (its kind's `policies` rows that hold). */
export function kindPolicyNeeds(shape: Shape): Array<{ feature: string; needs: PolicyRequirement }> {
  const rules = kindGeometry(shape.cmd)?.policies ?? [];
  return rules.filter((r) => !r.when || r.when(shape)).map((r) => ({ feature: r.feature, needs: r.needs }));
}
