/**
 * Select tool, rotating: dragging the rotate handle turns the selection about the box centre
 * (one propertyModifier rotation per shape on release); Shift snaps to 15° steps.
 */
import { connectorPreview } from '../line';
import { executeAll, type SelectStateNode } from './context';
import { normalizeAngle } from './handles';

export const rotating: SelectStateNode<'rotating'> = (ctx, { start, centre: c, ids }) => {
  const { editor } = ctx;
  let delta = 0;
  return {
    name: 'rotating',
    onPointerMove(e) {
      const a0 = Math.atan2(start.y - c.y, start.x - c.x);
      const a1 = Math.atan2(e.y - c.y, e.x - c.x);
      delta = ((a1 - a0) * 180) / Math.PI;
      if (e.shift) delta = Math.round(delta / 15) * 15;
      editor.scene.setOverrides(
        ids.map((id) => {
          const s = editor.doc.get(id)!;
          return [id, { ...s, rotation: normalizeAngle((s.rotation ?? 0) + delta) }];
        }),
      );
      editor.scene.setOverrides(connectorPreview(editor, ids));
      editor.refreshSelectionOverlay();
    },
    onPointerUp() {
      ctx.transition('idle');
      editor.scene.clearOverrides();
      if (!delta) return;
      executeAll(
        editor,
        ids.map((id) =>
          editor.build({
            cmd: 'propertyModifier',
            shapes: [id],
            props: [{ name: 'rotation', value: normalizeAngle((editor.doc.get(id)!.rotation ?? 0) + delta) }],
          }),
        ),
      );
    },
  };
};
