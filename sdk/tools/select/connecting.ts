/**
 * Select tool, connecting: the connector handle (right of a single shape's box) drags out an
 * arrow attached to that shape and to the shape it is dropped on, outlined while dragging; on
 * release the arrow is added and selected. A click without a drag adds nothing.
 */
import { boundsOf } from '../../../shared/geometry';
import { moved } from '../tool';
import { connectorTo } from '../line';
import { DRAG_THRESHOLD, type SelectStateNode } from './context';

export const connecting: SelectStateNode<'connecting'> = (ctx, { start, draft: base }) => {
  const { editor } = ctx;
  let draft = base;
  let dragging = false;
  return {
    name: 'connecting',
    onPointerMove(e) {
      if (!dragging && !moved(start, e, DRAG_THRESHOLD)) return;
      dragging = true;
      draft = connectorTo(editor, draft, e);
      editor.scene.setPreview([draft]);
      // the shape the arrow would attach to is outlined
      const target = draft.end ? editor.scene.shape(draft.end) : undefined;
      editor.scene.setOverlay({ selected: target ? [boundsOf(target)] : [] });
    },
    onPointerUp() {
      ctx.transition('idle');
      editor.scene.setPreview([]);
      editor.refreshSelectionOverlay();
      if (!dragging) return;
      editor.execute({ cmd: 'arrow', shape: draft });
      editor.select([draft.id]);
    },
  };
};
