/**
 * Select tool, resizing: dragging one of the box's eight handles (one sizeModifier per shape on
 * release, mapped from the selection box onto the new box). Shift keeps the aspect ratio (frees
 * it when the selection holds a picture, which keeps it by default); the
 * dragged edges snap to the other shapes unless Shift or Ctrl/Cmd is held.
 */
import { boxOf, kindGeometry, resizeShape, type Rect } from '../../../shared/geometry';
import { connectorPreview } from '../line';
import { executeAll, type SelectStateNode } from './context';
import { mapBox, resizeBox } from './handles';
import { edgeLines, snapResize, snapTargets, unionBox } from './snapping';

export const resizing: SelectStateNode<'resizing'> = (ctx, { handle, box, ids }) => {
  const { editor } = ctx;
  const others = snapTargets(editor, ids);
  const inner = others ? unionBox(editor, ids) : null;
  const keepsAspect = ids.some((id) => {
    const s = editor.doc.get(id);
    return !!s && kindGeometry(s.cmd)?.keepsAspect === true;
  });
  let next: Rect | null = null;
  return {
    name: 'resizing',
    onPointerMove(e) {
      // a picture keeps its aspect ratio unless Shift frees it; other shapes keep it with Shift
      const aspect = keepsAspect ? !e.shift : e.shift;
      let to = resizeBox(box, handle, e, aspect);
      let guides: number[] | null = null;
      if (others && inner && !aspect && !e.shift && !(e.ctrl || e.meta)) {
        const snapped = snapResize(box, inner, to, edgeLines(handle, box, to), others, editor.viewport.scale);
        to = snapped.next;
        guides = snapped.guides.length ? snapped.guides : null;
      }
      editor.scene.setOverlay({ guides });
      next = to;
      editor.scene.setOverrides(
        ids.map((id) => {
          const s = editor.doc.get(id)!;
          return [id, resizeShape(s, mapBox(boxOf(s), box, to))];
        }),
      );
      editor.scene.setOverrides(connectorPreview(editor, ids));
      editor.refreshSelectionOverlay();
    },
    onPointerUp() {
      ctx.transition('idle');
      editor.scene.setOverlay({ guides: null });
      editor.scene.clearOverrides();
      const to = next;
      if (!to) return;
      executeAll(
        editor,
        ids.map((id) => {
          const b = mapBox(boxOf(editor.doc.get(id)!), box, to);
          return editor.build({ cmd: 'sizeModifier', shapes: [id], w: b.w, h: b.h, x: b.x, y: b.y });
        }),
      );
    },
  };
};
