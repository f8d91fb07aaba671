import type { RectangleShape } from '../../shared/model';
import { normalizeRect } from '../../shared/geometry';
import type { Tool } from './tool';

/** Drag box from a start point to the pointer; Shift keeps a square. */
export function dragBox(start: { x: number; y: number }, x: number, y: number, square: boolean) {
  let w = x - start.x, h = y - start.y;
  if (square) {
    const side = Math.max(Math.abs(w), Math.abs(h));
    w = Math.sign(w || 1) * side;
    h = Math.sign(h || 1) * side;
  }
  return normalizeRect({ x: start.x, y: start.y, w, h });
}

/** Rectangle and filled rectangle: added only if the pointer moved (board.md §4). */
export function createRectangleTool(kind: 'rectangle' | 'filledRectangle'): Tool {
  let start: { x: number; y: number } | null = null;
  let draft: RectangleShape | null = null;
  return {
    name: kind,
    cursor: 'crosshair',
    pointer(e, editor) {
      if (e.phase === 'Started') {
        if (e.button !== 0) return;
        start = { x: e.x, y: e.y };
        const style = editor.style;
        draft = {
          ...editor.shapeBase(kind), cmd: kind, x: e.x, y: e.y, w: 0, h: 0, stroke: style.color, lineWidth: style.lineWidth,
          ...(kind === 'filledRectangle' ? { fill: style.color } : {}),
          ...(style.opacity !== 10 ? { opacity: style.opacity } : {}),
        };
        return;
      }
      if (!start || !draft) return;
      draft = { ...draft, ...dragBox(start, e.x, e.y, e.shift) };
      if (e.phase === 'Inprogress') {
        editor.scene.setPreview([draft]);
        return;
      }
      const shape = draft;
      start = null;
      draft = null;
      editor.scene.setPreview([]);
      if (shape.w > 0 || shape.h > 0) editor.execute({ cmd: kind, shape });
    },
    deactivate(editor) {
      start = null;
      draft = null;
      editor.scene.setPreview([]);
    },
  };
}
