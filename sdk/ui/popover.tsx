import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';

export type PopoverPlacement = 'below' | 'below-right' | 'above-right' | 'right';

/** Room kept between a popover and the edge of the board. */
const EDGE = 8;

interface Box { left: number; top: number; right: number; bottom: number }

/**
 * Where a popover panel goes so it stays on the board (docs/board-screen.md "Pointer and wheel"):
 * it opens on its side; when it does not fit there it flips to the other side if that has more
 * room, slides along the edge it is attached to, and when it still does not fit it scrolls
 * (max-height). Pure: the panel's and its button's rectangles in, the style corrections out.
 */
export function placePopover(placement: PopoverPlacement, panel: Box, anchor: Box, bounds: Box): CSSProperties {
  const style: CSSProperties = {};
  const height = panel.bottom - panel.top;
  const width = panel.right - panel.left;
  const room = { above: anchor.top - bounds.top - EDGE, below: bounds.bottom - anchor.bottom - EDGE };
  if (placement === 'right') {
    // beside the button: flip to its left when the right has no room; slide up to stay on screen
    if (panel.right > bounds.right - EDGE && anchor.left - bounds.left > bounds.right - anchor.right) {
      style.left = 'auto';
      style.right = 'calc(100% + 8px)';
    }
    const overflow = panel.bottom - (bounds.bottom - EDGE);
    if (overflow > 0) style.top = -Math.min(overflow, anchor.top - bounds.top - EDGE);
    const available = bounds.bottom - bounds.top - 2 * EDGE;
    if (height > available) style.maxHeight = available;
  } else {
    const below = placement !== 'above-right';
    const fitsBelow = height <= room.below;
    const fitsAbove = height <= room.above;
    let side = below ? 'below' : 'above';
    if (below && !fitsBelow && (fitsAbove || room.above > room.below)) side = 'above';
    if (!below && !fitsAbove && (fitsBelow || room.below > room.above)) side = 'below';
    if (side === 'above') {
      style.top = 'auto';
      style.bottom = 'calc(100% + 6px)';
    } else {
      style.bottom = 'auto';
      style.top = 'calc(100% + 6px)';
    }
    const space = side === 'above' ? room.above - 6 : room.below - 6;
    if (height > space) style.maxHeight = Math.max(80, space);
    // slide sideways to stay on the board
    if (panel.right > bounds.right - EDGE) style.transform = `translateX(${-(panel.right - (bounds.right - EDGE))}px)`;
    else if (panel.left < bounds.left + EDGE) style.transform = `translateX(${bounds.left + EDGE - panel.left}px)`;
    if (width > bounds.right - bounds.left - 2 * EDGE) style.maxWidth = bounds.right - bounds.left - 2 * EDGE;
  }
  if (style.maxHeight !== undefined) style.overflowY = 'auto';
  return style;
}

const boxOf = (r: DOMRect): Box => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });

/** The board's rectangle on the page (or the window's), where popovers must stay. */
function boundsOf(el: HTMLElement): Box {
  const win = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
  const board = el.closest('[data-tabula-board]');
  if (!board) return win;
  const b = board.getBoundingClientRect();
  return { left: Math.max(win.left, b.left), top: Math.max(win.top, b.top), right: Math.min(win.right, b.right), bottom: Math.min(win.bottom, b.bottom) };
}

/**
 * A button that opens a floating panel; closes on outside click, Escape, or when an item asks.
 * Works inside a shadow root (outside clicks are read from the event's composed path). The
 * panel stays on the board: it flips, slides or scrolls when its side has no room.
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
  placement?: PopoverPlacement;
  className?: string;
  buttonClassName?: string;
  title?: string;
}) {
  const [open, setOpen] = useState(false);
  const [fit, setFit] = useState<CSSProperties | null>(null);
  const wrap = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
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
  // measured once per opening, before the browser paints: the panel at its natural place first
  useLayoutEffect(() => {
    if (!open) {
      setFit(null);
      return;
    }
    const el = panel.current;
    const anchor = wrap.current;
    if (!el || !anchor || fit) return;
    setFit(placePopover(placement, boxOf(el.getBoundingClientRect()), boxOf(anchor.getBoundingClientRect()), boundsOf(anchor)));
  }, [open, fit, placement]);
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
        <div ref={panel} className={`tb-panel tb-pop tb-pop--${placement} ${className}`} role="menu" aria-label={label} style={fit ?? undefined}>
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}
