import type { RectangleShape } from '../../shared/model';
import { normalizeRect } from '../../shared/geometry';
import type { Tool } from './tool';
import { createDragTool } from './drag-create';

/** Drag box from a start point to the pointer; Shift keeps a square. */
export function dragBox(start: { x: number; y: number }, x: number, y: number, square: boolean) {
  let w = x - start.x,
    h = y - start.y;
  if (square) {
    const side = Math.max(Math.abs(w), Math.abs(h));
    w = Math.sign(w || 1) * side;
    h = Math.sign(h || 1) * side;
  }
  return normalizeRect({ x: start.x, y: start.y, w, h });
}

/** Rectangle and filled rectangle: added only if the pointer moved (board.md §4). */
export function createRectangleTool(kind: 'rectangle' | 'filledRectangle'): Tool {
  return createDragTool({
    name: kind,
    begin(e, editor): RectangleShape {
      const style = editor.style;
      return {
        ...editor.shapeBase(kind),
        cmd: kind,
        x: e.x,
        y: e.y,
        w: 0,
        h: 0,
        stroke: style.color,
        lineWidth: style.lineWidth,
        ...(kind === 'filledRectangle' ? { fill: style.color } : {}),
        ...(style.opacity !== 10 ? { opacity: style.opacity } : {}),
      };
    },
    update: (draft, start, e) => ({ ...draft, ...dragBox(start, e.x, e.y, e.shift) }),
    keep: (shape) => shape.w > 0 || shape.h > 0,
  });
}
