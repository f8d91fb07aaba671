import { POLICY } from '../../shared/policies';
import type { Editor } from '../editor/editor';
import { useEditorTick } from './editor-hooks';
import { BoardIcon } from './icons';

/** The Board history button in the dock: shown with the board history policy (team, teamplus). */
export function HistoryButton({ editor, open, onToggle }: { editor: Editor; open: boolean; onToggle: () => void }) {
  useEditorTick(editor, ['readOnly']);
  if (!editor.hasPolicy(POLICY.boardHistory)) return null;
  return (
    <button
      type="button"
      className="tb-btn tb-panel tb-dock-btn"
      aria-label="Board history"
      title="Board history"
      aria-expanded={open}
      onClick={onToggle}
    >
      <BoardIcon name="history" size={20} />
    </button>
  );
}
