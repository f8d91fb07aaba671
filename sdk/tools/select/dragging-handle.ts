/**
 * Select tool, dragging a handle: a single selected line's start or end handle moves that end
 * (Shift: 5° angles), attaching it to the shape it is dropped on (a propertyModifier of points,
 * and start/end when the attachment changed).
 */
import type { LineShape } from '../../../shared/model';
import { moved } from '../tool';
import { lineWithEnd } from '../line';
import { DRAG_THRESHOLD, type SelectStateNode } from './context';

export const draggingHandle: SelectStateNode<'draggingHandle'> = (ctx, { start, which, line }) => {
  const { editor } = ctx;
  let next: LineShape | null = null;
  return {
    name: 'draggingHandle',
    onPointerMove(e) {
      if (!next && !moved(start, e, DRAG_THRESHOLD)) return;
      next = lineWithEnd(editor, line, which, e);
      editor.scene.setOverrides([[line.id, next]]);
      editor.refreshSelectionOverlay();
    },
    onPointerUp() {
      ctx.transition('idle');
      editor.scene.clearOverrides();
      if (!next) return;
      const props: Array<{ name: string; value: unknown }> = [{ name: 'points', value: next.points }];
      if (next.start !== line.start) props.push({ name: 'start', value: next.start ?? null });
      if (next.end !== line.end) props.push({ name: 'end', value: next.end ?? null });
      editor.execute({ cmd: 'propertyModifier', shapes: [line.id], props });
    },
  };
};
