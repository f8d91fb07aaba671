import type { CircleShape } from '../../shared/model';
import type { Tool } from './tool';
import { dragBox } from './rectangle';

/**
 * Circle and filled circle: the drag box's inscribed circle (Shift keeps the box square, so
 * the circle follows the pointer's corner); added only if the pointer moved.
 */
export function createCircleTool(kind: 'circle' | 'filledCircle'): Tool {
  let start: { x: number; y: number } | null = null;
  let draft: CircleShape | null = null;
  return {
    name: kind,
    cursor: 'crosshair',
    pointer(e, editor) {
      if (e.phase === 'Started') {
        if (e.button !== 0) return;
        start = { x: e.x, y: e.y };
        const style = editor.style;
        draft = {
          ...editor.shapeBase(kind), cmd: kind, x: e.x, y: e.y, r: 0, stroke: style.color, lineWidth: style.lineWidth,
          ...(kind === 'filledCircle' ? { fill: style.color } : {}),
          ...(style.opacity !== 10 ? { opacity: style.opacity } : {}),
        };
        return;
      }
      if (!start || !draft) return;
      const box = dragBox(start, e.x, e.y, e.shift);
      const r = Math.min(box.w, box.h) / 2;
      // the circle sits in the corner of the box that touches the start point
      const cx = e.x >= start.x ? start.x + r : start.x - r;
      const cy = e.y >= start.y ? start.y + r : start.y - r;
      draft = { ...draft, x: cx, y: cy, r };
      if (e.phase === 'Inprogress') {
        editor.scene.setPreview([draft]);
        return;
      }
      const shape = draft;
      start = null;
      draft = null;
      editor.scene.setPreview([]);
      if (shape.r > 0) editor.execute({ cmd: kind, shape });
    },
    deactivate(editor) {
      start = null;
      draft = null;
      editor.scene.setPreview([]);
    },
  };
}
