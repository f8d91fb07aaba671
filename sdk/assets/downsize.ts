import { COMPRESSION, DOWNSIZE_OPTIONS } from '../../shared/constants';
import type { Size } from './rules';

/**
 * Downsizing pictures before they are sent (board.md §2 "Downsize images dialog", §5 "Downsize
 * options: Original Size, 50% of Original, Current View"; compression quality 1–100, default 75,
 * under 100 the server turns the picture into JPEG). Pictures larger than the view in screen
 * pixels are the ones worth asking about; GIF and SVG (animation, vectors) and PDFs are sent as
 * they are.
 */
export type DownsizeOption = 'original' | 'half' | 'view';
export const DOWNSIZE_LABELS: Record<DownsizeOption, string> = {
  original: DOWNSIZE_OPTIONS[0],
  half: DOWNSIZE_OPTIONS[1],
  view: DOWNSIZE_OPTIONS[2],
};

export interface DownsizeChoice {
  option: DownsizeOption;
  /** 1–100; absent: no compression (the format is kept) */
  quality?: number;
}

/** The types a browser canvas can redraw faithfully (one frame, raster). */
const RESIZABLE = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);
export const isResizable = (type: string): boolean => RESIZABLE.has(type);

/** The size a picture is sent at for an option (never enlarged; aspect kept; at least 1 px). */
export function downsizeTarget(picture: Size, option: DownsizeOption, view: Size): Size {
  const k = option === 'half' ? 0.5 : option === 'view' ? Math.min(1, view.w / picture.w, view.h / picture.h) : 1;
  return { w: Math.max(1, Math.round(picture.w * k)), h: Math.max(1, Math.round(picture.h * k)) };
}

/** Whether a picture is larger than the view (the dialog asks only then). */
export const largerThanView = (picture: Size, view: Size): boolean => picture.w > view.w || picture.h > view.h;

/** A quality typed by a person: a whole number 1–100, else null. */
export function typedQuality(text: string): number | null {
  const n = Number(text.trim());
  return Number.isInteger(n) && n >= COMPRESSION.min && n <= COMPRESSION.max ? n : null;
}

/** The picture's pixel size (decoded by the browser). */
export async function pictureSize(file: Blob): Promise<Size | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { w: bitmap.width, h: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

/** The formats a canvas writes, by type; others are written as PNG (the server encodes again anyway). */
const WRITTEN: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** The picture redrawn at `target`, in its own format where the canvas writes it (a photo stays JPEG). */
export async function resizePicture(file: File, target: Size): Promise<File> {
  const bitmap = await createImageBitmap(file, { resizeWidth: target.w, resizeHeight: target.h, resizeQuality: 'high' });
  const canvas = document.createElement('canvas');
  canvas.width = target.w;
  canvas.height = target.h;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
  bitmap.close();
  const type = WRITTEN[file.type] ? file.type : 'image/png';
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.92));
  if (!blob || blob.type !== type) return file;
  const name = `${file.name.replace(/\.[^.]*$/, '')}.${WRITTEN[type]}`;
  return new File([blob], name, { type });
}
