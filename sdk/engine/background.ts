import { BACKGROUNDS } from '../../shared/constants';
import type { ViewState } from './viewport';
import { CANVAS_COLORS } from './theme';

/**
 * Background patterns (board.md §3 "Backgrounds"): None, Dot, Graph paper, Large/Medium/Small
 * grid, Line, or a custom http(s) url. The pattern lives in board space (it pans and zooms with
 * the board); when its cells get smaller than MIN_CELL_PX on screen the spacing multiplies by 5
 * so zooming out never turns the background into noise.
 */
export type Pattern =
  | { kind: 'none' }
  | { kind: 'dot'; spacing: number }
  | { kind: 'grid'; spacing: number; major?: number }
  | { kind: 'lines'; spacing: number }
  | { kind: 'image'; url: string };

const MIN_CELL_PX = 8;

/** The pattern of a background name or label ('Dot', 'dot', 'Graph paper', 'graph-paper', url). */
export function patternOf(background: string | null | undefined): Pattern {
  if (!background) return { kind: 'none' };
  if (/^https?:\/\//i.test(background)) return { kind: 'image', url: background };
  const entry = BACKGROUNDS.find((b) => b.name === background || b.label.toLowerCase() === background.toLowerCase());
  switch (entry?.name) {
    case 'dot':
      return { kind: 'dot', spacing: 20 };
    case 'graph-paper':
      return { kind: 'grid', spacing: 10, major: 5 };
    case 'large-grid':
      return { kind: 'grid', spacing: 100 };
    case 'medium-grid':
      return { kind: 'grid', spacing: 50 };
    case 'small-grid':
      return { kind: 'grid', spacing: 20 };
    case 'line':
      return { kind: 'lines', spacing: 30 };
    default:
      return { kind: 'none' };
  }
}

/** Board spacing that stays at least MIN_CELL_PX on screen at `scale`. */
export function effectiveSpacing(spacing: number, scale: number): number {
  let s = spacing;
  while (s * scale < MIN_CELL_PX) s *= 5;
  return s;
}

/** Screen positions of pattern lines along one axis: offset + k × step within [0, length]. */
export function gridPositions(translate: number, scale: number, spacing: number, length: number): number[] {
  const step = spacing * scale;
  const first = ((translate % step) + step) % step;
  const out: number[] = [];
  for (let p = first; p <= length; p += step) out.push(p);
  return out;
}

/** Index (in board cells) of the first grid line on screen, to find major lines. */
function firstIndex(translate: number, scale: number, spacing: number): number {
  return Math.ceil(-translate / (spacing * scale) - 1e-9);
}

/** Draws the pattern onto a 2D context sized width × height (CSS px) with the view's transform. */
export function drawPattern(
  ctx: CanvasRenderingContext2D,
  pattern: Pattern,
  view: ViewState,
  width: number,
  height: number,
  colors: { dot: string; line: string; grid: string; gridMajor: string } = CANVAS_COLORS.light,
): void {
  ctx.clearRect(0, 0, width, height);
  if (pattern.kind === 'none' || pattern.kind === 'image') return;
  const spacing = effectiveSpacing(pattern.spacing, view.scale);
  const xs = gridPositions(view.tx, view.scale, spacing, width);
  const ys = gridPositions(view.ty, view.scale, spacing, height);
  if (pattern.kind === 'dot') {
    ctx.fillStyle = colors.dot;
    const r = Math.max(0.75, Math.min(1.5, 1.2 * view.scale));
    for (const x of xs) for (const y of ys) ctx.fillRect(x - r, y - r, 2 * r, 2 * r);
    return;
  }
  if (pattern.kind === 'lines') {
    ctx.strokeStyle = colors.line;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (const y of ys) {
      ctx.moveTo(0, Math.round(y) + 0.5);
      ctx.lineTo(width, Math.round(y) + 0.5);
    }
    ctx.stroke();
    return;
  }
  const major = pattern.kind === 'grid' && pattern.major && spacing === pattern.spacing ? pattern.major : 0;
  const ix = firstIndex(view.tx, view.scale, spacing);
  const iy = firstIndex(view.ty, view.scale, spacing);
  const stroke = (color: string, isMajor: boolean) => {
    ctx.strokeStyle = color;
    ctx.lineWidth = 1;
    ctx.beginPath();
    xs.forEach((x, i) => {
      if (major && ((ix + i) % major === 0) !== isMajor) return;
      ctx.moveTo(Math.round(x) + 0.5, 0);
      ctx.lineTo(Math.round(x) + 0.5, height);
    });
    ys.forEach((y, i) => {
      if (major && ((iy + i) % major === 0) !== isMajor) return;
      ctx.moveTo(0, Math.round(y) + 0.5);
      ctx.lineTo(width, Math.round(y) + 0.5);
    });
    ctx.stroke();
  };
  stroke(colors.grid, false);
  if (major) stroke(colors.gridMajor, true);
}
