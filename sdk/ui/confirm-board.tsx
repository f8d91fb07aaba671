import { useState } from 'react';
import { ConfirmDialog } from '../../ui/confirm';
import { toast } from '../../ui/toast';
import { MESSAGES } from '../../shared/messages';
import { disposeSentence } from './dispose';

const errorText = (error: unknown) => (error instanceof Error && error.message) || MESSAGES.somethingWentWrong;

/** Runs `action` with the buttons busy; a failure is a toast and the dialog stays. */
function useRun(action: () => Promise<unknown> | void, onDone: () => void) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await action();
      onDone();
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** 'Are you sure?' before clearing the board for everyone (board.md §2 clear; Owner or Facilitator). */
export function ClearConfirm({ onClear, onClose }: { onClear: () => void; onClose: () => void }) {
  const { busy, run } = useRun(onClear, onClose);
  return (
    <ConfirmDialog
      open
      busy={busy}
      danger
      confirmText="Clear board"
      message="Everything on the board is removed for everyone. You can undo it afterwards."
      onConfirm={() => void run()}
      onClose={onClose}
    />
  );
}

/**
 * 'Are you sure?' before deleting the board (board.md §2 delete, Owner only), with the dispose
 * timer's remaining-time text (§4).
 */
export function DeleteConfirm({ disposeAt, onDelete, onClose }: { disposeAt: string | null | undefined; onDelete: () => Promise<unknown>; onClose: () => void }) {
  const { busy, run } = useRun(onDelete, onClose);
  return (
    <ConfirmDialog
      open
      busy={busy}
      danger
      confirmText="Delete board"
      message={
        <>
          <p style={{ marginTop: 0 }}>The board and everything on it is deleted for everyone. This cannot be undone.</p>
          <p style={{ marginBottom: 0 }} data-testid="delete-dispose">{disposeSentence(disposeAt)}</p>
        </>
      }
      onConfirm={() => void run()}
      onClose={onClose}
    />
  );
}
