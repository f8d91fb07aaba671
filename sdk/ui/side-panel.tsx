import { useEffect, useRef, type ReactNode } from 'react';
import { BoardIcon } from './icons';

/**
 * A right-side panel's frame (board.md §2 "Right-side panels": frames, board history, automation):
 * the landmark with its name, its heading and close button, Escape to close, pointer events kept
 * from the board, and the focus — on `focusFirst` (a selector inside the panel; else the first
 * button) when it opens, back to what opened it when it closes. One panel at a time: right-panel.tsx.
 */
export function SidePanel({
  label,
  title,
  closeLabel,
  className,
  focusFirst,
  onClose,
  children,
}: {
  /** the landmark's name ('Frames panel') */
  label: string;
  /** the heading's content */
  title: ReactNode;
  closeLabel: string;
  /** extra classes beside tb-panel tb-side */
  className?: string;
  focusFirst?: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const panel = ref.current;
    if (!panel) return;
    const opener = (panel.getRootNode() as Document | ShadowRoot).activeElement as HTMLElement | null;
    ((focusFirst && panel.querySelector<HTMLElement>(focusFirst)) || panel.querySelector<HTMLElement>('button'))?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
    // focus moves once, when the panel opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <aside
      ref={ref}
      className={`tb-panel tb-side${className ? ` ${className}` : ''}`}
      aria-label={label}
      onPointerDown={(e) => e.stopPropagation()}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        onClose();
      }}
    >
      <header className="tb-side__head">
        <h2>{title}</h2>
        <span className="tb-grow" />
        <button type="button" className="tb-btn tb-side__close" aria-label={closeLabel} title="Close" onClick={onClose}>
          <BoardIcon name="close" size={18} />
        </button>
      </header>
      {children}
    </aside>
  );
}
