import Two from 'two.js';
import type { Shape } from '../../shared/model';
import { boundsOf, boxOf } from '../../shared/geometry';
import { shapeModuleOf, type TwoObject } from '../shapes';
import type { Scene } from './scene';
import { themedShape, type BoardTheme } from './theme';

/** Shapes smaller than this on screen (px) are skipped: they would not cover a pixel. */
export const MIN_SCREEN_SIZE = 0.35;
/** Shapes whose larger side is under this many screen px are drawn as sketches (level of detail). */
export const LOD_PX = 16;
/** Objects kept beyond this many are evicted (least recently drawn first). */
const CACHE_LIMIT = 60_000;

/**
 * A sketch proxy: a plain object the two.js canvas renderer draws through the 'tabula-sketch'
 * renderer type registered below, in the same child list (and so the same z-order) as the
 * two.js objects. One per shape, cached.
 */
export interface SketchProxy {
  _renderer: { type: 'tabula-sketch' };
  shape: Shape;
}
export type Drawable = TwoObject | SketchProxy;

let sketchScale = 1;

function drawSketch(ctx: CanvasRenderingContext2D, shape: Shape): void {
  const module = shapeModuleOf(shape);
  if (!module) return;
  if (shape.rotation) {
    const b = boxOf(shape);
    ctx.save();
    ctx.translate(b.x + b.w / 2, b.y + b.h / 2);
    ctx.rotate((shape.rotation * Math.PI) / 180);
    ctx.translate(-(b.x + b.w / 2), -(b.y + b.h / 2));
  }
  ctx.globalAlpha = shape.opacity !== undefined ? shape.opacity / 10 : 1;
  module.sketch(ctx, shape, sketchScale);
  if (shape.rotation) ctx.restore();
  ctx.globalAlpha = 1;
}

// two.js' canvas renderer looks up renderers by `_renderer.type` in its public Utils table
(Two.CanvasRenderer.Utils as unknown as Record<string, unknown>)['tabula-sketch'] = {
  render(this: SketchProxy, ctx: CanvasRenderingContext2D) {
    drawSketch(ctx, this.shape);
  },
};

export interface DrawList {
  list: Drawable[];
  sketched: number;
  incomplete: boolean;
}

/**
 * The drawables of the shapes: two.js objects built lazily per shape (they are costly, about
 * 0.1–0.4 ms each) and cached until the shape changes, and cheap sketch proxies for shapes only
 * a few pixels big or not built yet.
 */
export class Drawables {
  private readonly cache = new Map<string, { shape: Shape; object?: TwoObject; proxy?: SketchProxy }>();

  /** The theme shapes are drawn in (./theme.ts); forget('all') after changing it. */
  theme: BoardTheme = 'light';

  constructor(private readonly scene: Scene) {}

  get size(): number {
    return this.cache.size;
  }

  forget(ids: readonly string[] | 'all'): void {
    if (ids === 'all') this.cache.clear();
    else for (const id of ids) this.cache.delete(id);
  }

  /**
   * Drawables for `ids` (bottom to top) at `scale`. With `lod`, tiny shapes are skipped or
   * sketched; with `deadline` (a performance.now() value), objects not built by then are
   * sketched for now and `incomplete` is set so the caller draws again.
   */
  list(ids: readonly string[], scale: number, options: { lod: boolean; deadline?: number }): DrawList {
    const list: Drawable[] = [];
    let sketched = 0;
    let incomplete = false;
    sketchScale = scale;
    for (const id of ids) {
      const shape = this.scene.shape(id);
      if (!shape) continue;
      if (options.lod) {
        const b = this.scene.index.bounds(id);
        const size = b ? Math.max(b.w, b.h) * scale : Infinity;
        if (size < MIN_SCREEN_SIZE) continue;
        if (size < LOD_PX) {
          list.push(this.proxy(shape));
          sketched++;
          continue;
        }
      }
      const built = this.object(shape, options.deadline === undefined || performance.now() < options.deadline);
      if (built) list.push(built);
      else {
        list.push(this.proxy(shape));
        sketched++;
        incomplete = true;
      }
    }
    if (this.cache.size > CACHE_LIMIT) this.evict(new Set(ids));
    return { list, sketched, incomplete };
  }

  /** The shape's two.js object: cached, or built now when `build` allows. */
  object(shape: Shape, build = true): TwoObject | undefined {
    const hit = this.cache.get(shape.id);
    if (hit && hit.shape === shape && hit.object) return hit.object;
    if (!build) return undefined;
    const module = shapeModuleOf(shape);
    if (!module) return undefined;
    let object: TwoObject;
    try {
      object = module.render(themedShape(shape, this.theme));
    } catch {
      return undefined;
    }
    if (hit && hit.shape === shape) hit.object = object;
    else this.cache.set(shape.id, { shape, object });
    return object;
  }

  private proxy(shape: Shape): SketchProxy {
    const hit = this.cache.get(shape.id);
    if (hit && hit.shape === shape) return (hit.proxy ??= { _renderer: { type: 'tabula-sketch' }, shape: themedShape(shape, this.theme) });
    const proxy: SketchProxy = { _renderer: { type: 'tabula-sketch' }, shape: themedShape(shape, this.theme) };
    this.cache.set(shape.id, { shape, proxy });
    return proxy;
  }

  private evict(keep: Set<string>): void {
    for (const id of this.cache.keys()) {
      if (this.cache.size <= CACHE_LIMIT / 2) break;
      if (!keep.has(id)) this.cache.delete(id);
    }
  }
}

/**
 * Drawables for a one-off render (export) at `scale`: full two.js objects, sketches for shapes
 * too small to tell apart, nothing for sub-pixel ones. Draw them before another frame renders.
 */
export function drawablesAt(shapes: readonly Shape[], scale: number): Drawable[] {
  sketchScale = scale;
  const out: Drawable[] = [];
  for (const shape of shapes) {
    let size = Infinity;
    try {
      const b = boundsOf(shape);
      size = Math.max(b.w, b.h) * scale;
    } catch {
      /* measured as big: drawn in full */
    }
    if (size < MIN_SCREEN_SIZE) continue;
    if (size < LOD_PX) {
      out.push({ _renderer: { type: 'tabula-sketch' }, shape });
      continue;
    }
    const o = shapeModuleOf(shape)?.render(shape);
    if (o) out.push(o);
  }
  return out;
}

/**
 * Replaces a group's children for one render without two.js' Children collection events
 * (which cost O(n) per insert). The canvas renderer only iterates `children`, so a plain
 * array of drawables is all a render needs.
 */
export function setChildren(group: InstanceType<typeof Two.Group>, drawables: readonly Drawable[]): void {
  (group as unknown as { _children: readonly Drawable[] })._children = drawables;
}
