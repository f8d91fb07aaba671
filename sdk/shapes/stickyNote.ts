import Two from 'two.js';
import type { StickyNoteShape } from '../../shared/model';
import { DEFAULT_FONT, STICKY_DEFAULT_ALIGN, STICKY_FONT, STICKY_LINE_HEIGHT, STICKY_MARGIN } from '../../shared/constants';
import { fitStickyFont, shapeGeometry, wrapText } from '../../shared/geometry';
import type { ShapeModule } from './registry';
import { blurredBars, sketchBlurredBars } from './blurred';
import { greek, rectPath, textLines, withCommon } from './two-helpers';

const layouts = new WeakMap<StickyNoteShape, { fontSize: number; lines: string[] }>();

/** The font size and wrapped lines a note shows (its stored fontSize, else fitted 35 → 5); memoised per shape. */
export function stickyLayout(shape: StickyNoteShape): { fontSize: number; lines: string[] } {
  let layout = layouts.get(shape);
  if (!layout) {
    if (shape.fontSize > 0) {
      const size = Math.min(shape.fontSize, STICKY_FONT.start);
      layout = { fontSize: size, lines: wrapText(shape.text, shape.w - 2 * STICKY_MARGIN, size) };
    } else layout = fitStickyFont(shape.text, shape.w, shape.h);
    layouts.set(shape, layout);
  }
  return layout;
}

function render(shape: StickyNoteShape) {
  const box = shapeGeometry.stickyNote.box(shape);
  const group = new Two.Group();
  const shadow = rectPath({ x: box.x + 2, y: box.y + 3, w: box.w, h: box.h });
  shadow.fill = 'rgba(0,0,0,0.12)';
  shadow.noStroke();
  const note = rectPath(box);
  note.fill = shape.color;
  note.noStroke();
  group.add(shadow, note);
  // another's note in private mode's blurry variant: its colour box and blurred bars, never text
  if (shape.blurred) group.add(blurredBars(box, Math.min(box.h / 6, 24), STICKY_MARGIN));
  else if (shape.text) {
    const { fontSize, lines } = stickyLayout(shape);
    const lh = fontSize * STICKY_LINE_HEIGHT;
    const top = box.y + Math.max(STICKY_MARGIN, (box.h - lines.length * lh) / 2);
    // the lines sit inside the margin, aligned by the note's `align` (default centred)
    group.add(
      textLines(
        lines,
        { x: box.x + STICKY_MARGIN, y: top },
        {
          family: DEFAULT_FONT,
          size: fontSize,
          lineHeight: lh,
          fill: '#000000',
          alignment: shape.align ?? STICKY_DEFAULT_ALIGN,
          width: box.w - 2 * STICKY_MARGIN,
        },
      ),
    );
  }
  return withCommon(group, shape, box);
}

function sketch(ctx: CanvasRenderingContext2D, shape: StickyNoteShape, scale: number) {
  const box = shapeGeometry.stickyNote.box(shape);
  ctx.fillStyle = shape.color;
  ctx.fillRect(box.x, box.y, box.w, box.h);
  if (shape.blurred) return sketchBlurredBars(ctx, box, Math.min(box.h / 6, 24), STICKY_MARGIN);
  if (!shape.text) return;
  const { fontSize, lines } = stickyLayout(shape);
  const lh = fontSize * STICKY_LINE_HEIGHT;
  const top = box.y + Math.max(STICKY_MARGIN, (box.h - lines.length * lh) / 2);
  const inner = { x: box.x + STICKY_MARGIN, y: top, w: box.w - 2 * STICKY_MARGIN, h: box.h };
  greek(ctx, lines, inner, fontSize, lh, '#000000', DEFAULT_FONT, shape.align ?? STICKY_DEFAULT_ALIGN, scale);
}

export const stickyNote: ShapeModule<StickyNoteShape> = {
  kind: 'stickyNote',
  geometry: shapeGeometry.stickyNote,
  render,
  sketch,
  properties: ['stickyColor', 'stickySize', 'opacity', 'align'],
  resizable: true,
  rotatable: true,
  editTool: 'stickyNote',
};
