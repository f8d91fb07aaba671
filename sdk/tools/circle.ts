import type { CircleShape } from '../../shared/model';
import type { Tool } from './tool';
import { dragBox } from './rectangle';
import { createDragTool } from './drag-create';

/**
 * Circle and filled circle: the drag box's inscribed circle (Shift keeps the box square, so
 * the circle follows the pointer's corner); added only if the pointer moved.
 */
export function createCircleTool(kind: 'circle' | 'filledCircle'): Tool {
  return createDragTool({
    name: kind,
    begin(e, editor): CircleShape {
      const style = editor.style;
      return {
        ...editor.shapeBase(kind),
        cmd: kind,
        x: e.x,
        y: e.y,
        r: 0,
        stroke: style.color,
        lineWidth: style.lineWidth,
        ...(kind === 'filledCircle' ? { fill: style.color } : {}),
        ...(style.opacity !== 10 ? { opacity: style.opacity } : {}),
      };
    },
    update(draft, start, e) {
      const box = dragBox(start, e.x, e.y, e.shift);
      const r = Math.min(box.w, box.h) / 2;
      // the circle sits in the corner of the box that touches the start point
      const cx = e.x >= start.x ? start.x + r : start.x - r;
      const cy = e.y >= start.y ? start.y + r : start.y - r;
      return { ...draft, x: cx, y: cy, r };
    },
    keep: (shape) => shape.r > 0,
  });
}
