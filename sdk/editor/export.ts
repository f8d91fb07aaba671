import type { Shape } from '../../shared/model';
import { EXPORT_BACKGROUND, EXPORT_PADDING } from '../../shared/constants';
import { boardToSvg, expandRect, exportSize, shapesBounds, type Rect } from '../../shared/geometry';
import { CanvasRenderer } from '../engine/renderer';

/** Shapes an export draws: resolved comments are left out (as shared boardToSvg does). */
export const exported = (shapes: readonly Shape[]): Shape[] => shapes.filter((s) => !(s.cmd === 'comment' && s.resolved));

/** The exported area: the shapes' bounds plus padding 30. */
export function exportArea(shapes: readonly Shape[]): Rect {
  return expandRect(shapesBounds(shapes) ?? { x: 0, y: 0, w: 0, h: 0 }, EXPORT_PADDING);
}

/**
 * PNG or SVG data URL of the shapes: white background, padding 30, at most 10000 px a side
 * (board.md §9). SVG is shared/geometry's boardToSvg; PNG is drawn by two.js like the screen.
 */
export async function exportImage(shapes: readonly Shape[], format: 'png' | 'svg', background: string = EXPORT_BACKGROUND): Promise<string> {
  const drawn = exported(shapes);
  if (format === 'svg') return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(boardToSvg(drawn, { background }))}`;
  if (typeof document === 'undefined') throw new Error('PNG export needs a browser canvas');
  if (document.fonts?.ready) await document.fonts.ready;
  const area = exportArea(drawn);
  const canvas = CanvasRenderer.renderShapes(drawn, area, exportSize(area).scale, background === 'transparent' ? null : background);
  return canvas.toDataURL('image/png');
}
