import { useState } from 'react';
import { ActionDialog, Field, SelectField } from '../../ui';
import type { Workspace } from '../workspace/api';
import { parseTags, type BoardItem } from './api';

/** panel.md §2 'Tags' dialog: the tags typed, a space or comma ending each; Save replaces the board's tags. */
export function TagsDialog({
  board,
  onSave,
  onClose,
}: {
  board: BoardItem;
  onSave: (tags: string[]) => Promise<void>;
  onClose: () => void;
}) {
  const [text, setText] = useState(board.tags.join(' '));
  const tags = parseTags(text.replace(/\s+/g, ','));
  return (
    <ActionDialog title="Tags" actionLabel="Save" onAction={() => onSave(tags)} onClose={onClose}>
      <Field
        label={`Tags of ${board.name}`}
        hint="input a tag and hit space-bar"
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoComplete="off"
      />
      {tags.length > 0 && (
        <div className="p-board__tags" aria-label="Tags to save">
          {tags.map((t) => (
            <span key={t} className="p-tag p-tag--static">
              {t}
            </span>
          ))}
        </div>
      )}
    </ActionDialog>
  );
}

/** panel.md §2 'Duplicate board' dialog (Duplicate, Close). */
export function DuplicateDialog({
  board,
  onDuplicate,
  onClose,
}: {
  board: BoardItem;
  onDuplicate: () => Promise<void>;
  onClose: () => void;
}) {
  return (
    <ActionDialog title="Duplicate board" actionLabel="Duplicate" onAction={onDuplicate} onClose={onClose}>
      <p style={{ margin: 0 }}>
        A copy of “{board.name}” as it is now (its shapes and settings, not its history) is made in this workspace.
      </p>
    </ActionDialog>
  );
}

/** panel.md §2 Move board dialog: 'Choose a workspace:' (Move, Close), 350 px wide. */
export function MoveDialog({
  board,
  targets,
  onMove,
  onClose,
}: {
  board: BoardItem;
  targets: Workspace[];
  onMove: (workspace: string) => Promise<void>;
  onClose: () => void;
}) {
  const [target, setTarget] = useState(targets[0]?.id ?? '');
  return (
    <ActionDialog title="Move board" actionLabel="Move" width={350} disabled={!target} onAction={() => onMove(target)} onClose={onClose}>
      <SelectField
        label="Choose a workspace:"
        value={target}
        onChange={(e) => setTarget(e.target.value)}
        options={targets.map((w) => ({ value: w.id, label: w.name }))}
      />
      <p className="p-muted" style={{ margin: 0 }}>
        “{board.name}” keeps its members and link; it gets the new workspace's members and settings.
      </p>
    </ActionDialog>
  );
}
