import { useSyncExternalStore, type ReactNode } from 'react';
import { BehaviorSubject } from 'rxjs';
import { Button } from './button';
import { MESSAGES } from './messages';
import { Modal } from './modal';

export interface ConfirmOptions {
  /** default 'Are you sure?' */
  title?: ReactNode;
  message?: ReactNode;
  /** default 'Confirm' */
  confirmText?: string;
  /** default 'Close' */
  closeText?: string;
  danger?: boolean;
  /** px; default 420 */
  width?: number;
}

export interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** disables the buttons while the confirmed action runs */
  busy?: boolean;
}

/** A yes/no dialog: 'Are you sure?' with 'Confirm' and 'Close' unless told otherwise. */
export function ConfirmDialog({
  open,
  onConfirm,
  onClose,
  busy,
  title = MESSAGES.confirmTitle,
  message,
  confirmText = MESSAGES.confirm,
  closeText = MESSAGES.close,
  danger,
  width = 420,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      width={width}
      role="alertdialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {closeText}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} busy={busy}>
            {confirmText}
          </Button>
        </>
      }
    >
      {message}
    </Modal>
  );
}

interface Pending extends ConfirmOptions {
  id: number;
  resolve: (ok: boolean) => void;
}

const pending$ = new BehaviorSubject<Pending[]>([]);
let nextId = 1;

/** Asks in a dialog; resolves true on Confirm, false on Close/Escape/backdrop. Needs <UiRoot/> mounted. */
export function confirm(options: ConfirmOptions = {}): Promise<boolean> {
  return new Promise((resolve) => {
    pending$.next([...pending$.getValue(), { ...options, id: nextId++, resolve }]);
  });
}

function settle(id: number, ok: boolean): void {
  const item = pending$.getValue().find((p) => p.id === id);
  pending$.next(pending$.getValue().filter((p) => p.id !== id));
  item?.resolve(ok);
}

/** Renders the dialogs opened with confirm(); mounted by UiRoot. */
export function ConfirmHost() {
  const list = useSyncExternalStore(
    (onChange) => {
      const sub = pending$.subscribe(onChange);
      return () => sub.unsubscribe();
    },
    () => pending$.getValue(),
    () => pending$.getValue(),
  );
  const top = list[0];
  if (!top) return null;
  const { id, resolve: _resolve, ...options } = top;
  return <ConfirmDialog key={id} open {...options} onConfirm={() => settle(id, true)} onClose={() => settle(id, false)} />;
}
