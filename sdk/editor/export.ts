import type { Shape } from '../../shared/model';
import { EXPORT_BACKGROUND, EXPORT_MAX_SIZE, EXPORT_PADDING } from '../../shared/constants';
import { boundsOf, expandRect, shapeToSvg, unionRects, type Rect } from '../../shared/geometry';
import { CanvasRenderer } from '../engine/renderer';

/** The exported area: all shapes' bounds plus padding 30 (a small blank square for an empty board). */
export function exportArea(shapes: readonly Shape[]): Rect {
  const content = unionRects(shapes.map(boundsOf)) ?? { x: 0, y: 0, w: 1, h: 1 };
  return expandRect(content, EXPORT_PADDING);
}

/** Scale that keeps both sides within 10000 px (board.md §5: scaled down, never up). */
export function exportScale(area: Rect): number {
  return Math.min(1, EXPORT_MAX_SIZE / Math.max(area.w, 1), EXPORT_MAX_SIZE / Math.max(area.h, 1));
}

/** The board as one SVG document (white background), using shared/geometry's toSvg per kind. */
export function boardSvg(shapes: readonly Shape[], background: string | null = EXPORT_BACKGROUND): string {
  const area = exportArea(shapes);
  const k = exportScale(area);
  const w = Math.round(area.w * k), h = Math.round(area.h * k);
  const bg = background ? `<rect x="${area.x}" y="${area.y}" width="${area.w}" height="${area.h}" fill="${background}"/>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${w}" height="${h}" viewBox="${area.x} ${area.y} ${area.w} ${area.h}">${bg}${shapes.map((s) => shapeToSvg(s)).join('')}</svg>`;
}

/** PNG or SVG data URL of the shapes: white background, padding 30, at most 10000 px a side. */
export async function exportImage(shapes: readonly Shape[], format: 'png' | 'svg', background: string | null = EXPORT_BACKGROUND): Promise<string> {
  if (format === 'svg') return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(boardSvg(shapes, background))}`;
  if (typeof document === 'undefined') throw new Error('PNG export needs a browser canvas');
  if (document.fonts?.ready) await document.fonts.ready;
  const area = exportArea(shapes);
  const canvas = CanvasRenderer.renderShapes(shapes, area, exportScale(area), background);
  return canvas.toDataURL('image/png');
}
