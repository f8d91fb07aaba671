import { BehaviorSubject } from 'rxjs';
import { variantForZoom, type ImageVariant } from './rules';

/**
 * The pictures of image shapes (board.md §4 "image loading"): an uploaded picture (`resource`)
 * is fetched with the visitor's credentials from the board that shows it (an <img> could not
 * send the bearer token) and kept as an object URL; a picture by address (`url`) loads as an
 * image. Each picture is loaded once per variant and page; one that fails is reported once
 * (POST /api/logs/clients) and its shape keeps its placeholder — it never stops other shapes
 * from drawing.
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

const loaded = new Map<string, Promise<HTMLImageElement | null>>();
const ready = new Map<string, HTMLImageElement>();
const reported = new Set<string>();

const keyOf = (ref: PictureRef, variant: ImageVariant): string =>
  ref.resource ? `${ref.resource}|${variant}|${ref.page ?? 1}` : `url|${ref.url ?? ''}`;

/** The picture if it is loaded already (a render draws it at once). */
export function readyPicture(ref: PictureRef, variant: ImageVariant): HTMLImageElement | null {
  return ready.get(keyOf(ref, variant)) ?? null;
}

function decode(src: string): Promise<HTMLImageElement> {
  const img = new Image();
  img.decoding = 'async';
  img.src = src;
  return img.decode().then(() => img);
}

async function fromSources(resource: string, variant: ImageVariant, page?: number): Promise<HTMLImageElement> {
  let last: unknown = new Error('no board shows this picture');
  for (const source of [...sources]) {
    try {
      const blob = await source.asset(resource, variant, page);
      return await decode(URL.createObjectURL(blob));
    } catch (err) {
      last = err;
    }
  }
  throw last;
}

/** Loads a picture once (later calls share it); null when it cannot be loaded. */
export function loadPicture(ref: PictureRef, variant: ImageVariant): Promise<HTMLImageElement | null> {
  const key = keyOf(ref, variant);
  let pending = loaded.get(key);
  if (!pending) {
    const load = ref.resource
      ? fromSources(ref.resource, variant, ref.page)
      : ref.url
        ? decode(ref.url)
        : Promise.reject(new Error('no picture'));
    pending = load.then(
      (img) => {
        ready.set(key, img);
        return img;
      },
      (err: unknown) => {
        if (!reported.has(key)) {
          reported.add(key);
          const message = err instanceof Error ? err.message : String(err);
          sources[0]?.report('A picture could not be loaded', {
            resource: ref.resource,
            url: ref.url,
            variant,
            page: ref.page,
            error: message,
          });
        }
        // a later render may try again (the board may not have been joined yet)
        loaded.delete(key);
        return null;
      },
    );
    loaded.set(key, pending);
  }
  return pending;
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
