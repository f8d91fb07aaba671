import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A button that opens a floating panel; closes on outside click, Escape, or when an item asks.
 * Works inside a shadow root (outside clicks are read from the event's composed path).
 */
export function Popover({
  label,
  button,
  children,
  placement = 'below',
  className = '',
  buttonClassName = 'tb-btn',
  title,
}: {
  label: string;
  button: ReactNode;
  children: (close: () => void) => ReactNode;
  placement?: 'below' | 'below-right' | 'above-right' | 'right';
  className?: string;
  buttonClassName?: string;
  title?: string;
}) {
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (wrap.current && !e.composedPath().includes(wrap.current)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    window.addEventListener('pointerdown', onDown, true);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('pointerdown', onDown, true);
      window.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div className="tb-wrap" ref={wrap}>
      <button
        type="button"
        className={buttonClassName}
        aria-label={label}
        title={title ?? label}
        aria-haspopup="true"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
      >
        {button}
      </button>
      {open && (
        <div className={`tb-panel tb-pop tb-pop--${placement} ${className}`} role="menu" aria-label={label}>
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}
