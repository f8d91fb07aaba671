import type { FrameShape } from '../../shared/model';
import { POLICY } from '../../shared/policies';
import { boundsOf } from '../../shared/geometry';
import type { Editor } from '../editor/editor';
import type { Insets } from '../engine/viewport';
import { FLOATING_MENU_MARGINS } from '../../shared/constants';
import { useEditorTick } from './editor-hooks';
import { BoardIcon } from './icons';
import { SidePanel } from './side-panel';

/** The empty panel's text (board.md §2). */
export const FRAMES_EMPTY = 'Use frame tool in the toolbox to add frames';

/** The board's frames in their order (the order a new frame takes is the highest plus 1). */
export function framesInOrder(editor: Editor): FrameShape[] {
  return (editor.doc.shapesOfKind('frame') as FrameShape[]).sort((a, b) => a.order - b.order);
}

/** What the top bars, the toolbox and this panel cover of the board: a chosen frame is fitted into the rest. */
function coveredInsets(panel: HTMLElement): Insets {
  const board = panel.offsetParent as HTMLElement | null;
  if (!board) return {};
  const b = board.getBoundingClientRect();
  const tools = board.querySelector('.tb-toolbox')?.getBoundingClientRect();
  return {
    top: FLOATING_MENU_MARGINS[1],
    right: Math.max(0, b.right - panel.getBoundingClientRect().left),
    left: tools ? Math.max(0, tools.right - b.left) : 0,
  };
}

/**
 * The frames panel (board.md §2: right side, 450 px): the board's frames in order with their
 * titles; choosing one zooms to it. Escape or the close button closes it, focus goes to the
 * first frame (or the close button) on open and back to what opened it on close.
 */
export function FramesPanel({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  useEditorTick(editor, ['changes']);
  const frames = framesInOrder(editor);
  return (
    <SidePanel label="Frames panel" title="Frames" closeLabel="Close frames panel" focusFirst=".tb-side__item" onClose={onClose}>
      {frames.length === 0 ? (
        <p className="tb-side__empty">{FRAMES_EMPTY}</p>
      ) : (
        <ul className="tb-side__list">
          {frames.map((f) => (
            <li key={f.id}>
              <button
                type="button"
                className="tb-side__item"
                data-frame={f.id}
                onClick={(e) => {
                  const panel = e.currentTarget.closest<HTMLElement>('.tb-side');
                  editor.zoomToRect(boundsOf(f), panel ? coveredInsets(panel) : undefined);
                }}
              >
                <span className="tb-side__text">{f.title || 'Untitled frame'}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </SidePanel>
  );
}

/** The frames panel's button in the dock: shown with the frames policy, or when the board has frames. */
export function FramesButton({ editor, open, onToggle }: { editor: Editor; open: boolean; onToggle: () => void }) {
  useEditorTick(editor, ['changes']);
  if (!editor.hasPolicy(POLICY.frames) && editor.doc.shapesOfKind('frame').length === 0) return null;
  return (
    <button
      type="button"
      className="tb-btn tb-panel tb-dock-btn"
      aria-label="Frames"
      title="Frames"
      aria-expanded={open}
      onClick={onToggle}
    >
      <BoardIcon name="frame" size={20} />
    </button>
  );
}
