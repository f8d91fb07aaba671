import type { Editor } from '../editor/editor';
import { useEditorTick } from './editor-hooks';
import { BoardIcon } from './icons';
import { shortcutOf, TipButton } from './tooltip';

/** Undo and redo (own commands only; need edit_board), with labelled tooltips and their keys. */
export function HistoryButtons({ editor }: { editor: Editor }) {
  useEditorTick(editor, ['changes', 'readOnly']);
  return (
    <>
      <TipButton label="Undo" shortcut={shortcutOf(editor, 'undo')} disabled={!editor.canUndo()} onClick={() => editor.undo()}>
        <BoardIcon name="undo" />
      </TipButton>
      <TipButton label="Redo" shortcut={shortcutOf(editor, 'redo')} disabled={!editor.canRedo()} onClick={() => editor.redo()}>
        <BoardIcon name="redo" />
      </TipButton>
    </>
  );
}
