import { Subject } from 'rxjs';
import type { Shape, ShapeKind } from '../../shared/model';
import type { ShapeGeometry } from '../../shared/geometry/types';
import type { ToolName } from '../editor/types';
import type { TwoObject } from './two-helpers';

/**
 * The property menus a selection can show (the sdk/ui property menu reads `properties`).
 */
export type PropertyMenu =
  'color' | 'fill' | 'lineWidth' | 'opacity' | 'lineType' | 'font' | 'fontSize' | 'align' | 'stickyColor' | 'stickySize';

/**
 * One shape kind of the board (tldraw's ShapeUtil idea): the editor never switches on kinds,
 * it asks the module. The pure geometry (box, bounds, hitTest, translate, resize, toSvg) is
 * shared/geometry's, so server thumbnails and the canvas agree.
 */
export interface ShapeModule<S extends Shape = Shape> {
  kind: S['cmd'];
  geometry: ShapeGeometry<S>;
  /** A new two.js object drawing the shape in board coordinates (not added to any scene). */
  render(shape: S): TwoObject;
  /**
   * A cheap immediate-mode sketch for when the shape is only a few pixels on screen (level of
   * detail) or its two.js object is not built yet: `ctx` is already in board coordinates,
   * `scale` is the zoom. Opacity and rotation are applied by the caller.
   */
  sketch(ctx: CanvasRenderingContext2D, shape: S, scale: number): void;
  /** Property menus that apply to a selection of this kind. */
  properties: readonly PropertyMenu[];
  /** Whether the select tool offers resize handles (only for 'normal' selections). */
  resizable: boolean;
  /** Whether the rotate handle applies. */
  rotatable: boolean;
  /** The tool a double click opens to edit the shape in place. */
  editTool?: ToolName;
}

const modules = new Map<ShapeKind, ShapeModule>();

/**
 * A shape whose drawing changed on its own (an image finished loading): the renderer redraws
 * its area. Modules emit the shape id.
 */
export const redraw$ = new Subject<string>();

export function registerShape<S extends Shape>(module: ShapeModule<S>): void {
  modules.set(module.kind, module as unknown as ShapeModule);
}

/** The module of a kind (undefined for kinds nothing registered). */
export function shapeModule(kind: ShapeKind): ShapeModule | undefined {
  return modules.get(kind);
}

export function shapeModuleOf<S extends Shape>(shape: S): ShapeModule<S> | undefined {
  return modules.get(shape.cmd) as ShapeModule<S> | undefined;
}

export function registeredKinds(): ShapeKind[] {
  return [...modules.keys()];
}

/** The property menus common to every shape of a selection (intersection). */
export function propertiesOf(shapes: readonly Shape[]): PropertyMenu[] {
  let out: PropertyMenu[] | null = null;
  for (const s of shapes) {
    const props = shapeModuleOf(s)?.properties ?? [];
    out = out === null ? [...props] : out.filter((p) => props.includes(p));
  }
  return out ?? [];
}
