/**
 * Select tool, pointing: pressed on a shape, not yet dragged. Moving past the drag threshold
 * starts translating the selection (with the children of selected frames); releasing is a click:
 * on a frame's title strip it edits the title, on a shape of a multi-selection it selects just
 * that shape. A Ctrl/Shift toggle press never moves.
 */
import { moved } from '../tool';
import { withFrameChildren, frameTitleClick } from '../frame';
import { DRAG_THRESHOLD, movable, type SelectStateNode } from './context';

export const pointing: SelectStateNode<'pointing'> = (ctx, { start, hitId, toggled }) => {
  const { editor } = ctx;
  return {
    name: 'pointing',
    onPointerMove(e) {
      if (toggled || !moved(start, e, DRAG_THRESHOLD) || !editor.canEdit()) return;
      const ids = movable(editor, withFrameChildren(editor, editor.selection));
      if (!ids.length) return;
      // the move that started the drag is the first move of the translation
      ctx.transition('translating', { start, ids }).onPointerMove?.(e);
    },
    onPointerUp() {
      ctx.transition('idle');
      // a click on a frame's title strip (or a double click on a frame) edits its title
      if (hitId && frameTitleClick(editor, hitId, start)) return;
      // a plain click on a shape of a multi-selection selects just that shape
      if (hitId && editor.selection.length > 1) editor.select([hitId]);
    },
  };
};
