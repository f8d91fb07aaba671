import { BehaviorSubject } from 'rxjs';
import { PictureCache, type Decoded, type PictureHold } from './picture-cache';
import { IMAGE_PREVIEW_SCALES } from '../../shared/constants';
import { variantForZoom, type ImageVariant } from './rules';

/**
 * The pictures of image shapes (board.md §4 "image loading"): an uploaded picture (`resource`)
 * is fetched with the visitor's credentials from the board that shows it (an <img> could not
 * send the bearer token) and decoded off the main thread into an ImageBitmap at the width its
 * drawing needs (never larger than the picture); a picture by address (`url`) loads as an image
 * first. Drawings hold the pictures they draw (`holdPicture`); decoded pictures no one holds are
 * freed beyond a budget of decoded bytes (sdk/assets/picture-cache.ts). One that fails is
 * reported once (POST /api/logs/clients) and its shape keeps its placeholder — it never stops
 * other shapes from drawing.
 */

/** Where pictures come from: a board on this page (sdk/board.tsx registers its session). */
export interface PictureSource {
  asset(resource: string, variant: ImageVariant, page?: number): Promise<Blob>;
  /** the picture's original (GET /api/media/{resource}/original) and the name it downloads as */
  original(resource: string): Promise<{ blob: Blob; name: string }>;
  /** reports a picture that could not be loaded (once per picture) */
  report(message: string, data: Record<string, unknown>): void;
}

const sources: PictureSource[] = [];

/** Adds a board's source (the newest is asked first); answers its removal. */
export function registerPictureSource(source: PictureSource): () => void {
  sources.unshift(source);
  return () => {
    const i = sources.indexOf(source);
    if (i >= 0) sources.splice(i, 1);
  };
}

/** The variant the board's zoom draws (sdk/editor sets it as the zoom changes). */
export const pictureVariant$ = new BehaviorSubject<ImageVariant>('full');

export function setPictureZoom(scale: number): void {
  const variant = variantForZoom(scale);
  if (variant !== pictureVariant$.value) pictureVariant$.next(variant);
}

export interface PictureRef {
  resource?: string;
  url?: string;
  page?: number;
}

/** A decoded picture: an ImageBitmap (decoded off the main thread), or an <img> where one cannot be made. */
export type Picture = (ImageBitmap | HTMLImageElement) & Decoded;

/**
 * Decoded bytes (w × h × 4) kept for pictures no drawing holds; what is on screen is held and never
 * counted against it (sdk/assets/picture-cache.ts).
 */
export const PICTURE_BUDGET_BYTES = 256 * 1024 * 1024;

/** The picture's own key: one asset's variant and page, or one address. */
export const pictureBase = (ref: PictureRef, variant: ImageVariant): string =>
  ref.resource ? `${ref.resource}|${variant}|${ref.page ?? 1}` : `url|${ref.url ?? ''}`;

/** The decoded picture's key: its base and the width it is decoded at (null: its own size). */
const keyOf = (base: string, width: number | null): string => `${base}@${width ?? 'n'}`;
const baseOfKey = (key: string): string => key.slice(0, key.lastIndexOf('@'));

/** Each picture's own size, once known (a wanted width at or over it decodes it at its own size). */
const naturals = new Map<string, Decoded>();
/** The decoded keys of each base (any of them can stand in while the wanted one decodes). */
const decodedOf = new Map<string, Set<string>>();
const reported = new Set<string>();

function free(picture: Picture): void {
  if ('close' in picture) picture.close();
  else picture.src = '';
}

const cache = new PictureCache<Picture>({
  budget: PICTURE_BUDGET_BYTES,
  free: (picture, key) => {
    const base = baseOfKey(key);
    const keys = decodedOf.get(base);
    keys?.delete(key);
    if (keys && !keys.size) decodedOf.delete(base);
    free(picture);
  },
  ready: (_picture, key) => {
    const base = baseOfKey(key);
    let keys = decodedOf.get(base);
    if (!keys) decodedOf.set(base, (keys = new Set()));
    keys.add(key);
  },
});

const VARIANTS_SMALL_FIRST: readonly ImageVariant[] = ['preview', 's1', 'full'];
/** Each uploaded picture's full size (resource|page), once any of its variants has been read. */
const fullSizes = new Map<string, Decoded>();
const variantShare = (v: ImageVariant): number => (v === 'full' ? 1 : IMAGE_PREVIEW_SCALES[v]);
const fullKey = (resource: string, page: number | string | undefined): string => `${resource}|${page ?? 1}`;

/**
 * The server's variant to fetch for a drawing `width` px wide: the smallest one at least that
 * wide (the server makes s1 and preview at ¼ and 12 % of the full width: platform/assets/
 * variants.ts), never larger than the zoom's variant — a picture drawn 400 px wide decodes a
 * 600 px s1, not a 2400 px full one. Until one of its variants has been read: the preview (small,
 * quick to decode; it tells the picture's size and stands in meanwhile).
 */
export function variantFor(ref: PictureRef, zoomVariant: ImageVariant, width: number): ImageVariant {
  if (!ref.resource) return 'full';
  const full = fullSizes.get(fullKey(ref.resource, ref.page));
  if (!full) return 'preview';
  for (const v of VARIANTS_SMALL_FIRST) {
    if (v === zoomVariant || Math.max(1, Math.round(full.width * variantShare(v))) >= width) return v;
  }
  return zoomVariant;
}

/** A variant's own size: read from it before, or from the picture's full size. */
function naturalOf(base: string): Decoded | undefined {
  const known = naturals.get(base);
  if (known) return known;
  const [resource, variant, page] = base.split('|');
  const full = resource && resource !== 'url' ? fullSizes.get(fullKey(resource, page)) : undefined;
  if (!full) return undefined;
  const share = variantShare(variant as ImageVariant);
  return { width: Math.max(1, Math.round(full.width * share)), height: Math.max(1, Math.round(full.height * share)) };
}

/** The width a picture is decoded at for `width` wanted: null (its own size) when it is not smaller. */
export function decodeWidth(ref: PictureRef, variant: ImageVariant, width: number | null): number | null {
  if (width === null) return null;
  const natural = naturalOf(pictureBase(ref, variant));
  return natural && width >= natural.width ? null : Math.max(1, Math.ceil(width));
}

const resizeTo = (natural: Decoded, width: number | null): ImageBitmapOptions | undefined =>
  width === null || width >= natural.width
    ? undefined
    : { resizeWidth: width, resizeHeight: Math.max(1, Math.round((width * natural.height) / natural.width)), resizeQuality: 'medium' };

/** Pictures decoding at once: the others wait their turn, the newest wanted first (older wants are often gone by then). */
const DECODES_AT_ONCE = 2;
let decoding = 0;
const waiting: Array<() => void> = [];

/** Thrown for a picture nobody wanted any more when its turn came (not a failure to report). */
class NotWanted extends Error {}

/** Runs `work` when a decoding slot is free, unless nobody wants it by then. */
async function inTurn<R>(wanted: () => boolean, work: () => Promise<R>): Promise<R> {
  if (decoding >= DECODES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else decoding++;
  try {
    if (!wanted()) throw new NotWanted('not wanted any more');
    return await work();
  } finally {
    const next = waiting.pop();
    if (next) next();
    else decoding--;
  }
}

/** An uploaded picture, decoded off the main thread at `width` (null: its own size). */
async function fromBlob(blob: Blob, base: string, width: number | null, variant: ImageVariant): Promise<Picture> {
  if (typeof createImageBitmap !== 'function') return fromUrl(URL.createObjectURL(blob), base, width);
  const natural = naturalOf(base);
  if (natural) {
    const options = resizeTo(natural, width);
    return options ? createImageBitmap(blob, options) : createImageBitmap(blob);
  }
  // the first variant read of this picture (a preview, usually): decoded whole, it tells its size
  const whole = await createImageBitmap(blob);
  const size = { width: whole.width, height: whole.height };
  naturals.set(base, size);
  const [resource, , page] = base.split('|');
  const share = variantShare(variant);
  fullSizes.set(fullKey(resource!, page), { width: Math.round(size.width / share), height: Math.round(size.height / share) });
  const options = resizeTo(size, width);
  if (!options) return whole;
  try {
    return await createImageBitmap(whole, options);
  } finally {
    whole.close();
  }
}

/** A picture by address (it may come from another origin without CORS: an <img> loads it). */
async function fromUrl(src: string, base: string, width: number | null): Promise<Picture> {
  const img = new Image();
  img.decoding = 'async';
  img.src = src;
  await img.decode();
  const natural = { width: img.naturalWidth, height: img.naturalHeight };
  naturals.set(base, natural);
  if (typeof createImageBitmap === 'function' && natural.width > 0) {
    try {
      const options = resizeTo(natural, width);
      const bitmap = await (options ? createImageBitmap(img, options) : createImageBitmap(img));
      img.src = '';
      return bitmap;
    } catch {
      /* an SVG without a size: the <img> itself */
    }
  }
  return img as Picture;
}

async function fromSources(
  resource: string,
  variant: ImageVariant,
  page: number | undefined,
  base: string,
  width: number | null,
  wanted: () => boolean,
): Promise<Picture> {
  let last: unknown = new Error('no board shows this picture');
  for (const source of [...sources]) {
    let blob: Blob;
    try {
      blob = await source.asset(resource, variant, page);
    } catch (err) {
      last = err;
      continue;
    }
    return inTurn(wanted, () => fromBlob(blob, base, width, variant));
  }
  throw last;
}

/**
 * Holds a picture decoded at `width` px (null: its own size) — loading it once for every drawing
 * that wants it — until the hold is released; a picture no drawing holds is freed when the decoded
 * pictures pass PICTURE_BUDGET_BYTES. One that cannot be loaded is reported once; its hold fails
 * and a later hold tries again.
 */
export function holdPicture(ref: PictureRef, variant: ImageVariant, width: number | null): PictureHold<Picture> {
  const base = pictureBase(ref, variant);
  const w = decodeWidth(ref, variant, width);
  const key = keyOf(base, w);
  const load = (wanted: () => boolean): Promise<Picture> =>
    ref.resource
      ? fromSources(ref.resource, variant, ref.page, base, w, wanted)
      : ref.url
        ? fromUrl(ref.url, base, w)
        : Promise.reject(new Error('no picture'));
  return cache.hold(key, (wanted) =>
    load(wanted).catch((err: unknown) => {
      if (!(err instanceof NotWanted) && !reported.has(base)) {
        reported.add(base);
        const message = err instanceof Error ? err.message : String(err);
        sources[0]?.report('A picture could not be loaded', {
          resource: ref.resource,
          url: ref.url,
          variant,
          page: ref.page,
          error: message,
        });
      }
      throw err;
    }),
  );
}

/** A decoded picture of `ref` (any variant and width, the largest first) to draw now without holding it, or null. */
export function anyDecodedPicture(ref: PictureRef): Picture | null {
  let best: Picture | null = null;
  for (const variant of ['full', 's1', 'preview'] as const) {
    for (const key of decodedOf.get(pictureBase(ref, variant)) ?? []) {
      const p = cache.peek(key);
      if (p && (!best || p.width > best.width)) best = p;
    }
    if (!ref.resource) break;
  }
  return best;
}

/** The decoded pictures' memory: bytes kept in all, of them held by drawings, and the budget. */
export function pictureMemory(): { bytes: number; held: number; pictures: number; budget: number } {
  return { bytes: cache.bytes, held: cache.heldBytes, pictures: cache.size, budget: cache.budget };
}

/** Sets the budget of decoded bytes no drawing holds (tests and benches; PICTURE_BUDGET_BYTES by default). */
export function setPictureBudget(bytes: number): void {
  cache.budget = bytes;
}

/**
 * Saves a picture's original (board.md §7 "original image download") as the browser's download:
 * a PDF as uploaded, a picture at its full size, named after the upload.
 */
export async function downloadOriginal(resource: string): Promise<void> {
  const source = sources[0];
  if (!source) throw new Error('no board shows this picture');
  const { blob, name } = await source.original(resource);
  const href = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
