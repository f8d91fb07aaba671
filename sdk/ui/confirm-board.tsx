import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../ui/confirm';
import { toast } from '../../ui/toast';
import { MESSAGES } from '../../shared/messages';
import { disposeSentence } from './dispose';

const errorText = (error: unknown) => (error instanceof Error && error.message) || MESSAGES.somethingWentWrong;

/**
 * A danger confirmation whose action runs with the buttons busy; it closes when the action is
 * done, and a failure is a toast while the dialog stays.
 */
function BoardConfirm({
  confirmText,
  message,
  action,
  onClose,
}: {
  confirmText: string;
  message: ReactNode;
  action: () => Promise<unknown> | void;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await action();
      onClose();
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog open busy={busy} danger confirmText={confirmText} message={message} onConfirm={() => void run()} onClose={onClose} />
  );
}

/** 'Are you sure?' before clearing the board for everyone (board.md §2 clear; Owner or Facilitator). */
export function ClearConfirm({ onClear, onClose }: { onClear: () => void; onClose: () => void }) {
  return (
    <BoardConfirm
      confirmText="Clear board"
      message="Everything on the board is removed for everyone. You can undo it afterwards."
      action={onClear}
      onClose={onClose}
    />
  );
}

/**
 * 'Are you sure?' before deleting the board (board.md §2 delete, Owner only), with the dispose
 * timer's remaining-time text (§4).
 */
export function DeleteConfirm({
  disposeAt,
  onDelete,
  onClose,
}: {
  disposeAt: string | null | undefined;
  onDelete: () => Promise<unknown>;
  onClose: () => void;
}) {
  return (
    <BoardConfirm
      confirmText="Delete board"
      message={
        <>
          <p style={{ marginTop: 0 }}>The board and everything on it is deleted for everyone. This cannot be undone.</p>
          <p style={{ marginBottom: 0 }} data-testid="delete-dispose">
            {disposeSentence(disposeAt)}
          </p>
        </>
      }
      action={onDelete}
      onClose={onClose}
    />
  );
}
