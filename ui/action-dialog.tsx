import { useState, type ReactNode } from 'react';
import { Button } from './button';
import { MESSAGES } from './messages';
import { Modal } from './modal';

export interface ActionDialogProps {
  title: ReactNode;
  /** the action button's text, e.g. 'Duplicate' */
  actionLabel: string;
  /** runs the action; the button shows busy until it settles (the caller closes the dialog on success) */
  onAction: () => Promise<unknown> | void;
  onClose: () => void;
  children?: ReactNode;
  /** px; default 420 */
  width?: number;
  disabled?: boolean;
  danger?: boolean;
}

/** A dialog with one action: its body, then Close and the action button (busy while it runs). */
export function ActionDialog({ title, actionLabel, onAction, onClose, children, width = 420, disabled, danger }: ActionDialogProps) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await onAction();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      width={width}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {MESSAGES.close}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} busy={busy} disabled={disabled} onClick={() => void run()}>
            {actionLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
