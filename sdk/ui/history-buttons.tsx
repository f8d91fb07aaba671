import type { Editor } from '../editor/editor';
import { actionTitle, useEditorTick } from './editor-hooks';
import { BoardIcon } from './icons';

/** Undo and redo (own commands only; need edit_board). */
export function HistoryButtons({ editor }: { editor: Editor }) {
  useEditorTick(editor, ['changes', 'readOnly']);
  return (
    <>
      <button type="button" className="tb-btn" aria-label="Undo" title={actionTitle(editor, 'undo', 'Undo')} disabled={!editor.canUndo()} onClick={() => editor.undo()}>
        <BoardIcon name="undo" />
      </button>
      <button type="button" className="tb-btn" aria-label="Redo" title={actionTitle(editor, 'redo', 'Redo')} disabled={!editor.canRedo()} onClick={() => editor.redo()}>
        <BoardIcon name="redo" />
      </button>
    </>
  );
}
