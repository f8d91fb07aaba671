/**
 * Select tool, brushing: the drag box from empty board (or from inside a hollow shape) selects
 * the normal shapes fully inside it, added to the selection when Ctrl/Shift/Cmd was held. A
 * press inside a hollow shape that does not move selects that shape.
 */
import { normalizeRect, type Rect } from '../../../shared/geometry';
import { moved } from '../tool';
import { DRAG_THRESHOLD, type SelectStateNode } from './context';

export const brushing: SelectStateNode<'brushing'> = (ctx, { start, additive, inside }) => {
  const { editor } = ctx;
  let rect: Rect | null = null;
  return {
    name: 'brushing',
    onPointerMove(e) {
      rect = normalizeRect({ x: start.x, y: start.y, w: e.x - start.x, h: e.y - start.y });
      editor.scene.setOverlay({ dragBox: rect });
    },
    onPointerUp(e) {
      ctx.transition('idle');
      editor.scene.setOverlay({ dragBox: null });
      if (inside && !moved(start, e, DRAG_THRESHOLD)) {
        editor.select([inside]);
        return;
      }
      if (!rect) return;
      const within = editor.scene
        .inside(rect)
        .filter((s) => editor.selectionType(s) === 'normal')
        .map((s) => s.id);
      editor.select(additive ? [...new Set([...editor.selection, ...within])] : within);
    },
  };
};
