import Two from 'two.js';
import type { ImageShape } from '../../shared/model';
import { shapeGeometry, type Rect } from '../../shared/geometry';
import {
  anyDecodedPicture,
  holdPicture,
  pictureBase,
  pictureVariant$,
  variantFor,
  type Picture,
  type PictureRef,
} from '../assets/pictures';
import type { PictureHold } from '../assets/picture-cache';
import type { ImageVariant } from '../assets/rules';
import { redraw$, type ShapeModule } from './registry';
import { rectPath, withCommon } from './two-helpers';

/**
 * An image (or a PDF's page): a grey placeholder, and the picture drawn over it once it has
 * decoded (sdk/assets/pictures.ts) — the server's variant the zoom needs (full; s1 below 0.25;
 * preview below 0.12), decoded off the main thread at the width the drawing needs (the tile level's
 * power of two: never much larger than the screen shows it). When the zoom wants a wider picture,
 * or one more than twice narrower, the drawing keeps its current picture (scaled) until the new
 * one has decoded, then swaps — a few drawings a frame (SWAPS_PER_FRAME). A drawing holds the picture it draws while it
 * is on screen and lets go when it leaves the view (`sweepPictures`, run after the renderer's
 * frames) or swaps; pictures nobody holds are freed beyond the budget of decoded bytes
 * (sdk/assets/picture-cache.ts), and a shape coming back asks again, showing its placeholder or
 * any smaller picture still decoded meanwhile. A picture that fails keeps the placeholder; a
 * picture is only ever drawn once decoded, so a broken one cannot stop the other shapes of a tile
 * from drawing.
 */

export const pictureRef = (shape: ImageShape): PictureRef | null =>
  shape.resource ? { resource: shape.resource, page: shape.page?.current } : shape.url ? { url: shape.url } : null;

/** Drawings that swap to their newly decoded picture in one frame; the others keep theirs until the next frames. */
export const SWAPS_PER_FRAME = 12;
/** Screen px around the view whose drawings keep their pictures (a tile's width: what a pan uncovers first). */
const KEEP_MARGIN_PX = 256;

interface Want {
  variant: ImageVariant;
  /** decoded width wanted (board width × the drawing's power-of-two pixel scale) */
  width: number;
}

/** One drawing of an image shape: what it draws, and what it waits for. */
interface PictureView {
  shape: ImageShape;
  ref: PictureRef;
  box: Rect;
  group: InstanceType<typeof Two.Group>;
  /** the picture drawn (held) */
  drawn: { hold: PictureHold<Picture>; variant: ImageVariant } | null;
  /** the picture wanted, decoding (held) */
  next: { hold: PictureHold<Picture>; variant: ImageVariant; width: number } | null;
  /** what its last draw wanted */
  want: Want | null;
}

/** The newest drawing of each image shape that holds a picture (swept when it leaves the view). */
const views = new Map<string, PictureView>();

/**
 * Whether the drawn picture serves `want`: at least as wide (or the largest variant at its own
 * size) and at most twice as wide, whichever variant it came from — the variant decides what is
 * fetched when a picture must be decoded again, and a full picture decoded small is as good as a
 * preview.
 */
function serves(drawn: PictureView['drawn'], want: Want): boolean {
  const p = drawn?.hold.picture;
  if (!p) return false;
  const whole = drawn.hold.key.endsWith('@n') && drawn.variant === want.variant;
  return (p.width >= want.width || whole) && p.width <= want.width * 2 + 1;
}

function hold(v: PictureView, want: Want): void {
  if (v.next && v.next.variant === want.variant && v.next.width === want.width) return;
  v.next?.hold.release();
  const h = holdPicture(v.ref, want.variant, want.width);
  v.next = { hold: h, variant: want.variant, width: want.width };
  register(v);
  if (h.picture) {
    swap(v);
    return;
  }
  void h.ready.then((p) => {
    if (p && v.next?.hold === h) queueSwap(v);
  });
}

/** Makes `v` the shape's drawing that holds pictures; another one drawn before lets go of its own (nothing is held twice). */
function register(v: PictureView): void {
  const other = views.get(v.shape.id);
  if (other === v) return;
  if (other) drop(other);
  views.set(v.shape.id, v);
}

function swap(v: PictureView): void {
  if (!v.next?.hold.picture) return;
  v.drawn?.hold.release();
  v.drawn = { hold: v.next.hold, variant: v.next.variant };
  v.next = null;
}

const swaps = new Set<PictureView>();
let swapFrame = 0;

function queueSwap(v: PictureView): void {
  swaps.add(v);
  if (!swapFrame) swapFrame = requestAnimationFrame(flushSwaps);
}

/** Swaps up to SWAPS_PER_FRAME drawings to their decoded pictures and redraws them; the rest next frame. */
function flushSwaps(): void {
  swapFrame = 0;
  let n = 0;
  for (const v of swaps) {
    if (n >= SWAPS_PER_FRAME) break;
    swaps.delete(v);
    if (!v.next?.hold.picture || views.get(v.shape.id) !== v) continue;
    swap(v);
    n++;
    redraw$.next(v.shape.id);
  }
  if (swaps.size) swapFrame = requestAnimationFrame(flushSwaps);
}

/** Lets go of what a drawing holds. */
function drop(v: PictureView): void {
  v.drawn?.hold.release();
  v.next?.hold.release();
  v.drawn = v.next = null;
  swaps.delete(v);
  if (views.get(v.shape.id) === v) views.delete(v.shape.id);
}

/** The shape's picture, drawn by the two.js canvas renderer (a proxy like the sketches of sdk/engine/drawables). */
interface PictureProxy {
  _renderer: { type: 'tabula-picture' };
  view: PictureView;
  parent: InstanceType<typeof Two.Group>;
}

/** The variant and width a drawing at `px` device pixels per board unit wants. */
function wantAt(v: PictureView, px: number): Want {
  const level = 2 ** Math.ceil(Math.log2(Math.max(px, 1e-6)) - 1e-9);
  const width = Math.max(1, Math.ceil(v.box.w * level));
  return { variant: variantFor(v.ref, pictureVariant$.value, width), width };
}

function drawPicture(this: PictureProxy, ctx: CanvasRenderingContext2D): void {
  const v = this.view;
  let picture: Picture | null;
  if (exporting) picture = v.drawn?.hold.picture ?? null;
  else {
    const m = ctx.getTransform();
    const want = (v.want = wantAt(v, Math.hypot(m.a, m.b)));
    if (!serves(v.drawn, want)) hold(v, want);
    else register(v);
    picture = v.drawn?.hold.picture ?? anyDecodedPicture(v.ref);
  }
  if (!picture) return;
  const { x, y, w, h } = v.box;
  const alpha = ctx.globalAlpha;
  ctx.globalAlpha = (this.parent as unknown as { _renderer: { opacity?: number } })._renderer.opacity ?? 1;
  ctx.drawImage(picture, x, y, w, h);
  ctx.globalAlpha = alpha;
}

// two.js' canvas renderer looks up renderers by `_renderer.type` in its public Utils table
(Two.CanvasRenderer.Utils as unknown as Record<string, unknown>)['tabula-picture'] = { render: drawPicture };

let sweepTimer: ReturnType<typeof setTimeout> | null = null;
/** What each renderer shows: the ids on (or near) its screen. */
const screens = new Set<() => Iterable<string>>();

/** A renderer tells which shape ids are on (or near) its screen; answers the removal. */
export function watchPictures(onScreen: () => Iterable<string>): () => void {
  screens.add(onScreen);
  return () => {
    screens.delete(onScreen);
    sweepPicturesSoon();
  };
}

/** Screen px around the view a renderer's `onScreen` should cover. */
export const PICTURE_KEEP_MARGIN_PX = KEEP_MARGIN_PX;

/** After the view moved: drawings off every screen let go of their pictures (once the view rests a moment). */
export function sweepPicturesSoon(delay = 200): void {
  if (sweepTimer || !views.size) return;
  sweepTimer = setTimeout(() => {
    sweepTimer = null;
    sweepPictures();
  }, delay);
}

/** Drawings of shapes no screen shows any more (moved away, deleted, replaced) let go of their pictures now. */
export function sweepPictures(): void {
  const shown = new Set<string>();
  for (const onScreen of screens) for (const id of onScreen()) shown.add(id);
  for (const [id, v] of views) if (!shown.has(id)) drop(v);
}

/** The variant an image shape's on-screen drawing draws now (benches and tests), or null. */
export function pictureShown(id: string): { variant: ImageVariant; width: number } | null {
  const d = views.get(id)?.drawn;
  const p = d?.hold.picture;
  return d && p ? { variant: d.variant, width: p.width } : null;
}

/** Whether a shape's on-screen drawing draws what its last draw wanted (nothing left to decode or swap). */
export function pictureSettled(id: string): boolean {
  const v = views.get(id);
  return !!v?.want && serves(v.drawn, v.want) && (!v.next || v.next.hold.failed);
}

/** While an export draws (`drawingPictures`): the variant it draws, loaded and held beforehand; its drawings are not the screen's. */
let exporting: ImageVariant | null = null;
const exportHolds = new Map<string, PictureHold<Picture>>();

/**
 * Holds the pictures of `shapes` at their own size in `variant` for an export, until the returned
 * release; `drawingPictures` then draws them.
 */
export async function holdPicturesFor(
  shapes: readonly ImageShape[],
  variant: ImageVariant,
): Promise<{ pictures: Map<string, Picture>; release: () => void }> {
  const holds: PictureHold<Picture>[] = [];
  const pictures = new Map<string, Picture>();
  await Promise.all(
    shapes.map(async (shape) => {
      const ref = pictureRef(shape);
      if (!ref) return;
      const v = ref.resource ? variant : 'full';
      const h = holdPicture(ref, v, null);
      holds.push(h);
      const p = await h.ready;
      if (!p) return;
      pictures.set(shape.id, p);
      exportHolds.set(pictureBase(ref, v), h);
    }),
  );
  return {
    pictures,
    release: () => {
      for (const h of holds) {
        h.release();
        for (const [k, e] of exportHolds) if (e === h) exportHolds.delete(k);
      }
    },
  };
}

/** Runs `draw` (an export's synchronous render) with image shapes drawing `variant` from what is held, apart from the screen's drawings. */
export function drawingPictures<T>(variant: ImageVariant, draw: () => T): T {
  exporting = variant;
  try {
    return draw();
  } finally {
    exporting = null;
  }
}

function render(shape: ImageShape) {
  const box = shapeGeometry.image.box(shape);
  const group = new Two.Group();
  const frame = rectPath(box);
  frame.fill = '#eeeeee';
  frame.stroke = '#cccccc';
  frame.linewidth = 1;
  group.add(frame);
  const ref = pictureRef(shape);
  if (ref && exporting) {
    const variant = ref.resource ? exporting : 'full';
    const held = exportHolds.get(pictureBase(ref, variant));
    const view: PictureView = { shape, ref, box, group, drawn: held ? { hold: held, variant } : null, next: null, want: null };
    addProxy(group, view);
  } else if (ref && typeof document !== 'undefined') {
    const view: PictureView = { shape, ref, box, group, drawn: null, next: null, want: null };
    // a newer drawing of the shape (moved, resized) starts from what the older one drew
    const older = views.get(shape.id);
    if (older) {
      if (older.drawn && pictureBase(older.ref, older.drawn.variant) === pictureBase(ref, older.drawn.variant)) {
        view.drawn = older.drawn;
        older.drawn = null;
      }
      drop(older);
      if (view.drawn) views.set(shape.id, view);
    }
    addProxy(group, view);
  }
  return withCommon(group, shape, box);
}

function addProxy(group: InstanceType<typeof Two.Group>, view: PictureView): void {
  const proxy: PictureProxy = { _renderer: { type: 'tabula-picture' }, view, parent: group };
  // drawn after the placeholder, in the group's child list (no two.js collection events: the canvas renderer only iterates it)
  Array.prototype.push.call(group.children, proxy);
}

/** Far out: the picture if one is decoded (any variant or width), else the placeholder. */
function sketch(ctx: CanvasRenderingContext2D, shape: ImageShape) {
  const b = shapeGeometry.image.box(shape);
  const ref = pictureRef(shape);
  const img = ref && anyDecodedPicture(ref);
  if (img) {
    ctx.drawImage(img, b.x, b.y, b.w, b.h);
    return;
  }
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
