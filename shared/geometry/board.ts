/**
 * A whole board as one SVG document: server thumbnails and exports, and the SDK's
 * exportImage (board.md §9: padding 30, white or transparent background, at most
 * 10000 px a side — larger boards are scaled down).
 */
import type { Shape } from '../model';
import { BACKGROUNDS, EXPORT_BACKGROUND, EXPORT_MAX_SIZE, EXPORT_PADDING, type BackgroundName } from '../constants';
import { expandRect, unionRects, type Rect } from './rect';
import { attrs, num } from './svg';
import type { SvgOptions } from './types';
import { boundsOf, isHiddenShape, shapeToSvg } from './registry';

export interface BoardSvgOptions extends SvgOptions {
  /** space around the shapes, board units (default 30) */
  padding?: number;
  /** a #RRGGBB colour, or 'transparent' (default white) */
  background?: string;
  /** the board's background pattern (None, Dot, grids, Line) */
  pattern?: BackgroundName | string;
  /** which shapes to draw (default: all but resolved comments) */
  filter?: (shape: Shape) => boolean;
  /** longest side of the output in px (default 10000) */
  maxSize?: number;
}

/** Output size of an export: the content box scaled down so no side exceeds `maxSize`. */
export function exportSize(box: Rect, maxSize = EXPORT_MAX_SIZE): { width: number; height: number; scale: number } {
  const scale = Math.min(1, maxSize / Math.max(box.w, 1), maxSize / Math.max(box.h, 1));
  return { width: Math.max(1, Math.round(box.w * scale)), height: Math.max(1, Math.round(box.h * scale)), scale };
}

/** Bounds of a list of shapes (undefined when empty). */
export function shapesBounds(shapes: Iterable<Shape>): Rect | undefined {
  const rects: Rect[] = [];
  for (const s of shapes) rects.push(boundsOf(s));
  return unionRects(rects);
}

const PATTERN_SPACING: Record<string, number> = {
  dot: 20,
  'graph-paper': 10,
  'large-grid': 50,
  'medium-grid': 25,
  'small-grid': 10,
  line: 30,
};

function patternDefs(pattern: string | undefined): string {
  const name = BACKGROUNDS.find((b) => b.name === pattern || b.label === pattern)?.name;
  if (!name || name === 'none') return '';
  const k = PATTERN_SPACING[name];
  const stroke = { stroke: '#dddddd', 'stroke-width': 1, fill: 'none' };
  const body =
    name === 'dot'
      ? `<circle ${attrs({ cx: 1, cy: 1, r: 1, fill: '#cccccc' })}/>`
      : name === 'line'
        ? `<path ${attrs({ d: `M0 ${k}H${k}`, ...stroke })}/>`
        : `<path ${attrs({ d: `M${k} 0V${k}H0`, ...stroke })}/>`;
  return `<defs><pattern ${attrs({ id: 'bg', width: k, height: k, patternUnits: 'userSpaceOnUse' })}>${body}</pattern></defs>`;
}

/** The board (shapes in z-order) as a standalone SVG document string. */
export function boardToSvg(shapes: readonly Shape[], options: BoardSvgOptions = {}): string {
  const filter = options.filter ?? ((s: Shape) => !isHiddenShape(s));
  const drawn = shapes.filter(filter);
  const padding = options.padding ?? EXPORT_PADDING;
  const content = shapesBounds(drawn) ?? { x: 0, y: 0, w: 0, h: 0 };
  const box = expandRect(content, padding);
  const { width, height } = exportSize(box, options.maxSize);
  const background = options.background ?? EXPORT_BACKGROUND;
  const defs = patternDefs(options.pattern);
  const rect = (fill: string) => `<rect ${attrs({ x: box.x, y: box.y, width: box.w, height: box.h, fill })}/>`;
  const layers = (background !== 'transparent' ? rect(background) : '') + (defs ? rect('url(#bg)') : '');
  const body = drawn.map((s) => shapeToSvg(s, options)).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" ${attrs({
    width,
    height,
    viewBox: `${num(box.x)} ${num(box.y)} ${num(box.w)} ${num(box.h)}`,
  })}>${defs}${layers}${body}</svg>`;
}
