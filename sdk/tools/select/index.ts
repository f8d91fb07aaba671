/**
 * Select (board.md §4 "Selection"): click, Ctrl/Shift-click toggles, drag-box selects the
 * shapes fully inside that are not locked, ghost or private; dragging moves (reposition),
 * handles resize (sizeModifier, only normal shapes) and rotate (propertyModifier rotation);
 * Shift locks aspect ratio, axis or angle; Alt-drag duplicates; a double click on a selected,
 * unlocked, non-private shape opens its editing tool. A single shape's connector handle (right of
 * its box) drags out an arrow attached to it (and to the shape it is dropped on); a single line's
 * end handles move one end (Shift: 5° angles), attaching it to the shape it is dropped on.
 *
 * The tool is a small state machine, one file per state (idle, pointing, translating, resizing,
 * rotating, brushing, draggingHandle, connecting); this module only dispatches the pointer stream
 * to the current state.
 */
import type { Tool } from '../tool';
import type { SelectContext, SelectState, SelectStateName, SelectStateNode } from './context';
import { idle } from './idle';
import { pointing } from './pointing';
import { translating } from './translating';
import { resizing } from './resizing';
import { rotating } from './rotating';
import { brushing } from './brushing';
import { draggingHandle } from './dragging-handle';
import { connecting } from './connecting';
import type { Editor } from '../../editor/editor';
import { enterInGroup, leaveGroupLevel } from '../../editor/group-focus';

const STATES: { [N in SelectStateName]: SelectStateNode<N> } = {
  idle,
  pointing,
  translating,
  resizing,
  rotating,
  brushing,
  draggingHandle,
  connecting,
};

/** The select tool; `state()` names the current state (for tests and debugging). */
export interface SelectTool extends Tool {
  state(): SelectStateName;
}

export function createSelectTool(): SelectTool {
  let editor: Editor | null = null;
  let current: SelectState;
  const ctx: SelectContext = {
    get editor() {
      return editor!;
    },
    transition(name, ...info) {
      current = (STATES[name] as (c: SelectContext, ...i: unknown[]) => SelectState)(ctx, ...info);
      return current;
    },
  };
  const rest = ctx.transition('idle');

  return {
    name: 'select',
    cursor: 'default',
    state: () => current.name,
    pointer(e, ed) {
      editor = ed;
      // a press is read by idle's rules whatever the state (a gesture still in progress, which
      // only a second pointer can leave, is dropped unless the press starts nothing)
      if (e.phase === 'Started') rest.onPointerDown?.(e);
      else if (e.phase === 'Inprogress') current.onPointerMove?.(e);
      else {
        current.onPointerMove?.(e);
        current.onPointerUp?.(e);
      }
    },
    // inside a group: Escape goes up a level (then out), Enter edits the focused shape's words
    key(e, ed) {
      if (ed.textEditor.active || e.ctrlKey || e.metaKey || e.altKey || e.shiftKey) return false;
      if (e.key === 'Escape') return leaveGroupLevel(ed);
      if (e.key === 'Enter') return enterInGroup(ed);
      return false;
    },
    deactivate(ed) {
      ctx.transition('idle');
      ed.scene.clearOverrides();
      ed.scene.setPreview([]);
      ed.scene.setOverlay({ dragBox: null, guides: null });
    },
  };
}

export {
  handlePoint,
  mapBox,
  normalizeAngle,
  resizeBox,
  HANDLE_RADIUS,
  RESIZE_HANDLES,
  ROTATE_OFFSET,
  type Handle,
  type LineEnd,
} from './handles';
export { edgeLines, snapResize } from './snapping';
export type { SelectStateName } from './context';
