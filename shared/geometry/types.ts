import type { Shape } from '../model';
import type { Point, Rect } from './rect';

/**
 * The pure geometry of one shape kind (the tldraw ShapeUtil idea, minus rendering to a
 * canvas): the SDK adds `render(two)` on top; the server uses `bounds` and `toSvg`.
 */
export interface ShapeGeometry<S extends Shape = Shape> {
  /** The unrotated geometric box: what sizeModifier's x, y, w, h describe. */
  box(shape: S): Rect;
  /** Axis-aligned bounds on the board, rotation and stroke included. */
  bounds(shape: S): Rect;
  /** True when point p (board units) is on the shape, within `tolerance`. */
  hitTest(shape: S, p: Point, tolerance: number): boolean;
  /** A copy moved by (dx, dy). */
  translate(shape: S, dx: number, dy: number): S;
  /** A copy whose unrotated box becomes `box` (how sizeModifier maps onto the kind). */
  resize(shape: S, box: Rect): S;
  /** One SVG element (string) drawing the shape in board coordinates. */
  toSvg(shape: S, options?: SvgOptions): string;
}

export interface SvgOptions {
  /** URL of an uploaded asset (image `resource`); default `/api/assets/{id}/full`. */
  assetUrl?: (resource: string) => string;
}
