import { IMAGE_PREVIEW_SCALES, UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES } from '../../shared/constants';
import { fileTooLarge, fileTypeNotSupported, notAnImage } from '../../shared/messages';

/**
 * The pure rules of pictures on the board (board.md §5, §9): what may be uploaded, which of the
 * server's variants a zoom draws, and where uploaded pictures land.
 */

/** The largest file the board takes: the workspace's maxUploadSize, never over the product's cap. */
export const uploadLimit = (maxUploadSize: number): number => Math.min(maxUploadSize || UPLOAD_MAX_BYTES, UPLOAD_MAX_BYTES);

/** Why a file cannot be uploaded (the spec's message), or null when it may be sent. The server checks it again, by its bytes. */
export function uploadProblem(file: { name: string; size: number }, maxUploadSize: number): string | null {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(extension)) return fileTypeNotSupported(file.name);
  const limit = uploadLimit(maxUploadSize);
  if (file.size > limit) return fileTooLarge(file.name, Math.floor(limit / 1_000_000));
  return null;
}

/** The extensions of pictures (a PDF is a document: it cannot replace a picture). */
export const PICTURE_EXTENSIONS: readonly string[] = UPLOAD_EXTENSIONS.filter((e) => e !== 'pdf');

/**
 * Why a file cannot replace a picture (board.md §5 "Replace image"): not a picture by its name or
 * type — '"{file name}" is not an image' — or any reason it could not be uploaded.
 */
export function replaceProblem(file: { name: string; size: number; type?: string }, maxUploadSize: number): string | null {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const typed = file.type ? file.type.startsWith('image/') : true;
  if (!PICTURE_EXTENSIONS.includes(extension) || !typed) return notAnImage(file.name);
  return uploadProblem(file, maxUploadSize);
}

/** The size a replaced picture takes: the shape's width kept, its height from the new picture's aspect. */
export function replacedSize(shape: Size, picture: Size): Size {
  return { w: shape.w, h: Math.max(1, Math.round((shape.w * Math.max(1, picture.h)) / Math.max(1, picture.w))) };
}

export type ImageVariant = 'full' | 's1' | 'preview';

/** The server's picture a zoom draws: full; s1 below 0.25; preview below 0.12 (§9). */
export function variantForZoom(scale: number): ImageVariant {
  if (scale < IMAGE_PREVIEW_SCALES.preview) return 'preview';
  if (scale < IMAGE_PREVIEW_SCALES.s1) return 's1';
  return 'full';
}

export interface Size {
  w: number;
  h: number;
}

/** A picture's size on the board: its own pixels, scaled down (never up) to fit `max`, aspect kept. */
export function fitSize(size: Size, max: Size): Size {
  const w = Math.max(1, size.w);
  const h = Math.max(1, size.h);
  const k = Math.min(1, max.w / w, max.h / h);
  return { w: Math.max(1, Math.round(w * k)), h: Math.max(1, Math.round(h * k)) };
}

/** The gap between pictures uploaded together, board units. */
export const UPLOAD_GAP = 20;

/**
 * Where several pictures uploaded together land: a grid of near-square shape (3 files: 2 + 1),
 * row by row in the files' order, each cell as large as the largest picture, the whole grid
 * centred on `center`. Answers each picture's top-left corner.
 */
export function gridPlacement(sizes: readonly Size[], center: { x: number; y: number }): Array<{ x: number; y: number }> {
  if (sizes.length === 0) return [];
  const columns = Math.ceil(Math.sqrt(sizes.length));
  const rows = Math.ceil(sizes.length / columns);
  const cellW = Math.max(...sizes.map((s) => s.w));
  const cellH = Math.max(...sizes.map((s) => s.h));
  const totalW = columns * cellW + (columns - 1) * UPLOAD_GAP;
  const totalH = rows * cellH + (rows - 1) * UPLOAD_GAP;
  const left = center.x - totalW / 2;
  const top = center.y - totalH / 2;
  return sizes.map((s, i) => {
    const col = i % columns;
    const row = Math.floor(i / columns);
    return {
      x: Math.round(left + col * (cellW + UPLOAD_GAP) + (cellW - s.w) / 2),
      y: Math.round(top + row * (cellH + UPLOAD_GAP) + (cellH - s.h) / 2),
    };
  });
}

/** The page a typed text names, or null when it is not a whole page between 1 and `total` (board.md §5: the field reverts). */
export function typedPage(text: string, total: number): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const page = Number(text);
  return page >= 1 && page <= total ? page : null;
}
