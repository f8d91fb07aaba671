import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Icon } from './icons';
import { activeElementOf, usePortalTarget } from './portal';
import { useUiStyles } from './styles';

export const MODAL_WIDTH = 600;

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children?: ReactNode;
  footer?: ReactNode;
  /** px; default 600 */
  width?: number;
  /** close when the backdrop is clicked (default true) */
  closeOnBackdrop?: boolean;
  /** accessible name of the close button (default 'Close') */
  closeLabel?: string;
  role?: 'dialog' | 'alertdialog';
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A centred dialog over a backdrop: header with title and close button, body, optional footer.
 * Escape and the close button call onClose; focus moves into the dialog, stays there (Tab
 * wraps) and returns to where it was when the dialog closes.
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  footer,
  width = MODAL_WIDTH,
  closeOnBackdrop = true,
  closeLabel = 'Close',
  role = 'dialog',
}: ModalProps) {
  useUiStyles();
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const target = usePortalTarget();

  useEffect(() => {
    if (!open) return;
    const before = activeElementOf(box.current) as HTMLElement | null;
    const first =
      box.current?.querySelector<HTMLElement>('.t-modal__body ' + FOCUSABLE) ?? box.current?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        closeRef.current();
      } else if (e.key === 'Tab' && box.current) {
        const items = Array.from(box.current.querySelectorAll<HTMLElement>(FOCUSABLE));
        if (items.length === 0) return;
        const [head, tail] = [items[0], items[items.length - 1]];
        const active = activeElementOf(box.current);
        if (e.shiftKey && active === head) {
          e.preventDefault();
          tail.focus();
        } else if (!e.shiftKey && active === tail) {
          e.preventDefault();
          head.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      before?.focus?.();
    };
  }, [open, target]);

  if (!open || !target) return null;
  return createPortal(
    <div
      className="t-backdrop"
      onMouseDown={(e) => {
        if (closeOnBackdrop && e.target === e.currentTarget) onClose();
      }}
    >
      <div ref={box} className="t-modal" role={role} aria-modal="true" aria-labelledby={titleId} style={{ width }}>
        <div className="t-modal__header">
          <h2 className="t-modal__title" id={titleId}>
            {title}
          </h2>
          <button type="button" className="t-modal__close" aria-label={closeLabel} onClick={onClose}>
            <Icon name="close" />
          </button>
        </div>
        {children !== undefined && <div className="t-modal__body">{children}</div>}
        {footer && <div className="t-modal__footer">{footer}</div>}
      </div>
    </div>,
    target,
  );
}
