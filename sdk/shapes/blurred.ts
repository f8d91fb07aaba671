import Two from 'two.js';
import type { Rect } from '../../shared/geometry/rect';
import { polyline } from './two-helpers';

/**
 * How a blurred shape looks (private mode's blurry variant, board.md §4): the server sent another
 * member's text or sticky note without its words (`blurred: true`, shared/permissions
 * blurredShape), so the board draws soft grey bars where the words would be — never text.
 * Each bar is two round-capped strokes, a wide faint one around a narrower darker one (a blur
 * the canvas renderer can draw without filters).
 */
const SOFT = 'rgba(60,60,60,0.14)';
const CORE = 'rgba(60,60,60,0.22)';

/** The bars' centre lines inside `box`: one per `lineHeight`, between margins. */
function barLines(box: Rect, lineHeight: number, margin: number): Array<{ x0: number; x1: number; y: number }> {
  const out: Array<{ x0: number; x1: number; y: number }> = [];
  const n = Math.max(1, Math.min(4, Math.floor((box.h - 2 * margin) / lineHeight)));
  const top = box.y + (box.h - n * lineHeight) / 2 + lineHeight / 2;
  for (let i = 0; i < n; i++) {
    // the last bar is shorter, like the end of a paragraph (the same for every note: it tells nothing)
    const w = Math.max(0, box.w - 2 * margin - lineHeight) * (i === n - 1 && n > 1 ? 0.6 : 1);
    // round caps reach half a line beyond each end: the bars stay inside the box
    const x0 = box.x + (box.w - w) / 2;
    out.push({ x0, x1: x0 + w, y: top + i * lineHeight });
  }
  return out;
}

/** two.js bars for a blurred block. */
export function blurredBars(box: Rect, lineHeight: number, margin = 0) {
  const group = new Two.Group();
  for (const { x0, x1, y } of barLines(box, lineHeight, margin)) {
    for (const [color, width] of [
      [SOFT, lineHeight * 0.8],
      [CORE, lineHeight * 0.4],
    ] as const) {
      const bar = polyline([x0, y, x1, y]);
      bar.noFill();
      bar.stroke = color;
      bar.linewidth = width;
      bar.cap = 'round';
      group.add(bar);
    }
  }
  return group;
}

/** The same bars on a 2D context (the low-detail sketch path). */
export function sketchBlurredBars(ctx: CanvasRenderingContext2D, box: Rect, lineHeight: number, margin = 0): void {
  ctx.save();
  ctx.lineCap = 'round';
  for (const { x0, x1, y } of barLines(box, lineHeight, margin)) {
    for (const [color, width] of [
      [SOFT, lineHeight * 0.8],
      [CORE, lineHeight * 0.4],
    ] as const) {
      ctx.strokeStyle = color;
      ctx.lineWidth = width;
      ctx.beginPath();
      ctx.moveTo(x0, y);
      ctx.lineTo(x1, y);
      ctx.stroke();
    }
  }
  ctx.restore();
}
