/**
 * Select tool, translating: dragging the selection (a reposition on release). Shift locks the
 * axis, shapes snap to the others on screen unless Ctrl/Cmd is held, and Alt (held at the press)
 * drags copies instead (one add per copy, selected afterwards).
 */
import type { Shape } from '../../../shared/model';
import { translateShape } from '../../../shared/geometry';
import { ALL_LINES, snap, type SnapLines } from '../../../shared/geometry/snap';
import type { Editor } from '../../editor/editor';
import { copyShapes } from '../../editor/copies';
import { groupFocus, movedInGroup } from '../../editor/group-focus';
import { connectorPreview } from '../line';
import { stripBase, type SelectStateNode } from './context';
import { snapTargets, unionBox } from './snapping';

export const translating: SelectStateNode<'translating'> = (ctx, { start, ids }) => {
  const { editor } = ctx;
  // inside a group only the focused shape moves (one replace of the group), without snapping
  const inside = groupFocus(editor) ? ids[0]! : null;
  const others = inside ? null : snapTargets(editor, ids);
  const box = others ? unionBox(editor, ids) : null;
  const duplicate = start.alt && !inside;
  const copies: Shape[] = duplicate ? copyShapes(ids.map((id) => editor.scene.shape(id)!).filter(Boolean), (s) => editor.copyShape(s)) : [];
  let dx = 0,
    dy = 0;
  return {
    name: 'translating',
    onPointerMove(e) {
      let x = e.x - start.x,
        y = e.y - start.y;
      let lines: SnapLines = ALL_LINES;
      if (e.shift) {
        if (Math.abs(x) > Math.abs(y)) y = 0;
        else x = 0;
        lines = y === 0 ? { x: ALL_LINES.x, y: [] } : { x: [], y: ALL_LINES.y };
      }
      let guides: number[] | null = null;
      // snap to objects; Ctrl/Cmd held suspends it for this move
      if (others && box && !(e.ctrl || e.meta)) {
        const s = snap({ ...box, x: box.x + x, y: box.y + y }, others, editor.viewport.scale, lines);
        x += s.dx;
        y += s.dy;
        guides = s.guides.length ? s.guides : null;
      }
      editor.scene.setOverlay({ guides });
      dx = x;
      dy = y;
      const within = inside && movedInGroup(editor, dx, dy);
      if (within) editor.scene.setOverrides([[inside, within]]);
      else if (duplicate) editor.scene.setPreview(copies.map((s) => translateShape(s, dx, dy)));
      else {
        editor.scene.setOverrides(ids.map((id) => [id, translateShape(editor.doc.get(id)!, dx, dy)]));
        editor.scene.setOverrides(connectorPreview(editor, ids));
      }
      editor.refreshSelectionOverlay();
    },
    onPointerUp() {
      ctx.transition('idle');
      editor.scene.setOverlay({ guides: null });
      editor.scene.clearOverrides();
      editor.scene.setPreview([]);
      if (dx === 0 && dy === 0) return;
      const within = inside && movedInGroup(editor, dx, dy);
      if (within) editor.execute({ cmd: 'replace', shape: within });
      else if (duplicate) {
        const moved = copies.map((s) => translateShape(s, dx, dy));
        const adds = moved.map((s) => editor.build({ cmd: s.cmd, shape: s } as Parameters<Editor['build']>[0]));
        editor.execute(adds.length === 1 ? stripBase(adds[0]) : { cmd: 'commandSet', commands: adds });
        editor.select(moved.map((s) => s.id));
      } else {
        editor.execute({ cmd: 'reposition', shapePositions: ids.map((shape) => ({ shape, x: dx, y: dy })) });
      }
    },
  };
};
