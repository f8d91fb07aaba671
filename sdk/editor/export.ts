import type { ImageShape, Shape } from '../../shared/model';
import { EXPORT_BACKGROUND, EXPORT_PADDING, TEXT_EXPORT_SUFFIX } from '../../shared/constants';
import { boardToSvg, expandRect, exportSize, innerShapes, isHiddenShape, shapeText, shapesBounds, type Rect } from '../../shared/geometry';
import { pictureKey } from '../../shared/geometry/image';
import { CanvasRenderer } from '../engine/renderer';
import { drawingPictures, holdPicturesFor } from '../shapes/image';

/** Shapes an export draws: resolved comments are left out (as shared boardToSvg does). */
export const exported = (shapes: readonly Shape[]): Shape[] => shapes.filter((s) => !isHiddenShape(s));

/** The exported area: the shapes' bounds plus padding 30. */
export function exportArea(shapes: readonly Shape[]): Rect {
  return expandRect(shapesBounds(shapes) ?? { x: 0, y: 0, w: 0, h: 0 }, EXPORT_PADDING);
}

/**
 * PNG or SVG data URL of the shapes: white (or 'transparent') background, padding 30, at most
 * 10000 px a side (board.md §9). SVG is shared/geometry's boardToSvg (the server's thumbnails use
 * it too); PNG is drawn by the canvas renderer's two.js drawables, the same drawing as the screen.
 */
export async function exportImage(
  shapes: readonly Shape[],
  format: 'png' | 'svg',
  background: string = EXPORT_BACKGROUND,
): Promise<string> {
  const drawn = exported(shapes);
  const held = await holdPictures(drawn);
  try {
    if (format === 'svg') {
      // the pictures go inside the file (an address of this board's would not open anywhere else)
      const svg = boardToSvg(drawn, { background, assetUrl: (resource, page) => held.urls.get(pictureKey(resource, page)) ?? '' });
      return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    }
    if (typeof document === 'undefined') throw new Error('PNG export needs a browser canvas');
    if (document.fonts?.ready) await document.fonts.ready;
    const area = exportArea(drawn);
    const canvas = drawingPictures('full', () =>
      CanvasRenderer.renderShapes(drawn, area, exportSize(area).scale, background === 'transparent' ? null : background),
    );
    return canvas.toDataURL('image/png');
  } finally {
    held.release();
  }
}

/**
 * A small JPEG data URL of the shapes (a template's thumbnail, board.md §9 quality 0.8): the PNG
 * export's drawing (white background, padding 30) scaled to at most `maxSide` px a side.
 */
export async function exportThumbnail(shapes: readonly Shape[], maxSide: number, quality: number): Promise<string> {
  if (typeof document === 'undefined') throw new Error('A thumbnail needs a browser canvas');
  const drawn = exported(shapes);
  const held = await holdPictures(drawn);
  try {
    if (document.fonts?.ready) await document.fonts.ready;
    const area = exportArea(drawn);
    const canvas = drawingPictures('full', () =>
      CanvasRenderer.renderShapes(drawn, area, exportSize(area, maxSide).scale, EXPORT_BACKGROUND),
    );
    return canvas.toDataURL('image/jpeg', quality);
  } finally {
    held.release();
  }
}

/**
 * The full pictures of the exported image shapes, held (decoded at their own size) while the export
 * draws (a picture that cannot be loaded keeps its placeholder); answers each uploaded one as a PNG
 * data URL for the SVG, by pictureKey (each page shown of a PDF is a picture of its own).
 */
export async function holdPictures(shapes: readonly Shape[]): Promise<{ urls: Map<string, string>; release: () => void }> {
  const urls = new Map<string, string>();
  if (typeof document === 'undefined') return { urls, release: () => {} };
  // the SDK image module's own loader (allowed in tests/unit/shared/shape-registry.test.ts)
  const images = shapes.filter((s): s is ImageShape => s.cmd === 'image');
  const { pictures, release } = await holdPicturesFor(images, 'full');
  for (const shape of images) {
    const img = pictures.get(shape.id);
    const key = shape.resource ? pictureKey(shape.resource, shape.page?.current) : null;
    if (!img || !key || urls.has(key)) continue;
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height;
    canvas.getContext('2d')?.drawImage(img, 0, 0);
    urls.set(key, canvas.toDataURL('image/png'));
  }
  return { urls, release };
}

/** The text of one shape for the notes export (its kind's `textField`: text, sticky note, frame title), nested shapes' too. */
function shapeTexts(shape: Shape): string[] {
  const text = shapeText(shape);
  return [...(text === null ? [] : [text]), ...innerShapes(shape).flatMap(shapeTexts)];
}

/**
 * The board's text (board.md §9 '{board name}_notes.txt'): the text of text shapes, sticky
 * notes and frame titles, one per line in board order (bottom to top); blank ones left out.
 */
export function boardNotes(shapes: readonly Shape[]): string {
  return shapes
    .flatMap(shapeTexts)
    .map((t) => t.trim())
    .filter(Boolean)
    .join('\n');
}

/** A file name after the board: characters file systems refuse become '_'; 'board' when unnamed. */
export function exportFileName(boardName: string | null | undefined, kind: 'png' | 'svg' | 'txt' | 'pdf'): string {
  const base = (boardName ?? '').replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').trim() || 'board';
  return kind === 'txt' ? `${base}${TEXT_EXPORT_SUFFIX}` : `${base}.${kind}`;
}

/** A data URL's bytes as a Blob (large images download as object URLs, not as multi-megabyte hrefs). */
export function dataUrlToBlob(dataUrl: string): Blob {
  const comma = dataUrl.indexOf(',');
  const head = dataUrl.slice(5, comma);
  const type = head.split(';')[0] || 'application/octet-stream';
  const body = dataUrl.slice(comma + 1);
  if (!head.endsWith(';base64')) return new Blob([decodeURIComponent(body)], { type });
  const bin = atob(body);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** Saves a data URL or text as a download named `fileName`. */
export function download(content: { dataUrl: string } | { text: string }, fileName: string): void {
  const blob = 'dataUrl' in content ? dataUrlToBlob(content.dataUrl) : new Blob([content.text], { type: 'text/plain;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
