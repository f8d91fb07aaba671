import Two from 'two.js';
import type { CommentShape } from '../../shared/model';
import { COMMENT_MARKER_SIZE } from '../../shared/constants';
import { commentColor } from '../../shared/geometry';
import { shapeGeometry } from '../../shared/geometry';
import type { ShapeModule } from './registry';

/** A speech-bubble marker: a circle with its tail square at the bottom-left. */
function render(shape: CommentShape) {
  const k = COMMENT_MARKER_SIZE;
  const bubble = new Two.Circle(shape.x + k / 2, shape.y + k / 2, k / 2);
  const tail = new Two.Rectangle(shape.x + k / 4, shape.y + (3 * k) / 4, k / 2, k / 2);
  for (const p of [bubble, tail]) {
    p.fill = commentColor(shape.color);
    p.noStroke();
  }
  const group = new Two.Group(tail, bubble);
  if (shape.unreadCount) {
    group.add(
      new Two.Text(String(shape.unreadCount), shape.x + k / 2, shape.y + k / 2, {
        size: 14,
        fill: '#ffffff',
        alignment: 'center',
        baseline: 'middle',
        stroke: 'transparent',
      }),
    );
  }
  return group;
}

/** Comments stay on top and cannot be reordered or resized (board.md §4). */
function sketch(ctx: CanvasRenderingContext2D, shape: CommentShape) {
  const k = COMMENT_MARKER_SIZE;
  ctx.fillStyle = commentColor(shape.color);
  ctx.beginPath();
  ctx.arc(shape.x + k / 2, shape.y + k / 2, k / 2, 0, Math.PI * 2);
  ctx.fill();
}

export const comment: ShapeModule<CommentShape> = {
  kind: 'comment',
  geometry: shapeGeometry.comment,
  render,
  sketch,
  properties: [],
  resizable: false,
  rotatable: false,
};
