/**
 * Select tool, idle: nothing pressed. A press decides the gesture (board.md §4 "Selection"):
 * right button selects what is under it; a double click on a selected shape opens its editing
 * tool; a handle starts resizing, rotating, connecting or dragging a line end; a shape is
 * selected (Ctrl/Shift/Cmd toggles it) and pointing begins; empty board starts brushing.
 */
import type { LineShape, Shape } from '../../../shared/model';
import { rectCenter } from '../../../shared/geometry';
import type { BoardPointer } from '../../editor/types';
import { shapeModuleOf } from '../../shapes';
import { clickInGroup, doubleClickInGroup } from '../../editor/group-focus';
import { connectorBase } from '../line';
import { HIT_TOLERANCE, type SelectContext, type SelectStateNode } from './context';
import { handleAt } from './handles';

export const idle: SelectStateNode<'idle'> = (ctx) => ({
  name: 'idle',
  onPointerDown: (e) => pressed(ctx, e),
});

function pressed(ctx: SelectContext, e: BoardPointer): void {
  const { editor } = ctx;
  const selection = editor.selection;
  const tol = HIT_TOLERANCE / editor.viewport.scale;
  const selectable = (s: Shape) => editor.selectionType(s) !== 'private';
  const outline = editor.scene.hit({ x: e.x, y: e.y }, tol, selectable);
  // inside a hollow rectangle or circle: a click selects it; a drag from there box-selects,
  // unless it is already selected (then it moves) or the click toggles it
  const inside = outline ? undefined : editor.scene.enclosing({ x: e.x, y: e.y }, selectable);
  const hit = outline ?? (inside && (selection.includes(inside.id) || e.ctrl || e.shift || e.meta || e.button === 2) ? inside : undefined);

  if (e.button === 2) {
    if (hit && !selection.includes(hit.id)) editor.select([hit.id]);
    return;
  }
  if (e.button !== 0) return;

  // inside a group (../../editor/group-focus.ts): a double click enters, goes deeper or edits words
  if (e.clicks >= 2 && hit && doubleClickInGroup(editor, hit, e, tol)) return;
  if (e.clicks >= 2 && hit && selection.includes(hit.id) && editor.selectionType(hit) === 'normal') {
    const tool = shapeModuleOf(hit)?.editTool;
    if (tool && editor.canEdit()) {
      editor.setTool(tool, { edit: hit.id, at: { x: e.x, y: e.y } });
      return;
    }
  }

  // Shift stays free for aspect/angle locks on handles; Ctrl-click always toggles
  const handle = editor.canEdit() && !(e.ctrl || e.meta) ? handleAt(editor, e) : null;
  const box = editor.scene.overlay$.value.handles?.box;
  if (handle === 'start' || handle === 'end') {
    const line = editor.doc.get(selection[0]) as LineShape | undefined;
    if (line) ctx.transition('draggingHandle', { start: e, which: handle, line });
    return;
  }
  if (handle === 'connector') {
    ctx.transition('connecting', { start: e, draft: connectorBase(editor, selection[0]) });
    return;
  }
  if (handle && box) {
    if (handle === 'rotate') ctx.transition('rotating', { start: e, centre: rectCenter(box), ids: [...selection] });
    else ctx.transition('resizing', { start: e, handle, box, ids: [...selection] });
    return;
  }

  if (!(e.ctrl || e.shift || e.meta) && clickInGroup(editor, hit?.id ?? null, e, tol)) {
    ctx.transition('pointing', { start: e, hitId: hit!.id, toggled: false });
    return;
  }
  if (hit) {
    if (e.ctrl || e.shift || e.meta) {
      editor.select(selection.includes(hit.id) ? selection.filter((id) => id !== hit.id) : [...selection, hit.id]);
      ctx.transition('pointing', { start: e, hitId: null, toggled: true });
      return;
    }
    if (!selection.includes(hit.id)) editor.select([hit.id]);
    ctx.transition('pointing', { start: e, hitId: hit.id, toggled: false });
    return;
  }
  if (!(e.ctrl || e.shift || e.meta)) editor.select([]);
  ctx.transition('brushing', { start: e, additive: e.ctrl || e.shift || e.meta, inside: inside?.id ?? null });
}
