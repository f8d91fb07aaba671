import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
  type RefObject,
} from 'react';
import { useMenuKeys } from '../../ui/use-menu-keys';

export type PopoverPlacement = 'below' | 'below-right' | 'above-right' | 'right';

/** Room kept between a popover and the edge of the board. */
const EDGE = 8;
/** The smallest height a popover scrolls in rather than flip. */
const MIN_HEIGHT = 80;

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * An area of the page the popovers inside must not cover (the floating menu gives its selection,
 * handles included): it bounds the room above or below the button like the board's edge does.
 */
export const AvoidAreaContext = createContext<Box | null>(null);

/**
 * Where a popover panel goes so it stays on the board (docs/board-screen.md "Pointer and wheel"):
 * it opens on its side; when it does not fit there it flips to the other side if that has more
 * room, slides along the edge it is attached to, and when it still does not fit it scrolls
 * (max-height). An `avoid` area beside the panel's columns limits the room on its side as the edge
 * does, so the panel opens on the other side (a menu above a selection drops its panels upwards);
 * when no side off the area holds the whole panel, the area is covered rather than the panel squeezed.
 * Pure: the panel's and its button's rectangles in, the style corrections out.
 */
export function placePopover(placement: PopoverPlacement, panel: Box, anchor: Box, bounds: Box, avoid?: Box | null): CSSProperties {
  const style: CSSProperties = {};
  const height = panel.bottom - panel.top;
  const width = panel.right - panel.left;
  const room = { above: anchor.top - bounds.top - EDGE, below: bounds.bottom - anchor.bottom - EDGE };
  if (avoid && placement !== 'right' && avoid.left < panel.right && avoid.right > panel.left) {
    const off = { ...room };
    if (avoid.top >= anchor.bottom) off.below = Math.min(room.below, avoid.top - anchor.bottom - EDGE);
    if (avoid.bottom <= anchor.top) off.above = Math.min(room.above, anchor.top - avoid.bottom - EDGE);
    // kept off the area when a side has room for the whole panel; else the edges alone decide (a
    // panel over the selection reads better than one squeezed into a scrolling strip)
    if (Math.max(off.above, off.below) >= height + 6) Object.assign(room, off);
  }
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
    if (height > space) style.maxHeight = Math.max(MIN_HEIGHT, space);
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
  return {
    left: Math.max(win.left, b.left),
    top: Math.max(win.top, b.top),
    right: Math.min(win.right, b.right),
    bottom: Math.min(win.bottom, b.bottom),
  };
}

/**
 * The style that keeps an open panel on the board and off the area to avoid (placePopover),
 * measured once per opening before the browser paints: the panel at its natural place first.
 */
export function usePopoverFit(
  open: boolean,
  placement: PopoverPlacement,
  panel: RefObject<HTMLElement | null>,
  anchor: RefObject<HTMLElement | null>,
): CSSProperties | null {
  const [fit, setFit] = useState<CSSProperties | null>(null);
  const avoid = useContext(AvoidAreaContext);
  useLayoutEffect(() => {
    if (!open) {
      setFit(null);
      return;
    }
    const el = panel.current;
    const at = anchor.current;
    if (!el || !at || fit) return;
    setFit(placePopover(placement, boxOf(el.getBoundingClientRect()), boxOf(at.getBoundingClientRect()), boundsOf(at), avoid));
  }, [open, fit, placement, panel, anchor, avoid]);
  return fit;
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
  const wrap = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // a panel of menuitems is a WAI-ARIA menu: its first item takes the focus, arrows move, Escape gives the focus back
  const { onMenuKeyDown, onButtonKeyDown } = useMenuKeys(panel, {
    open,
    onOpen: () => setOpen(true),
    onClose: (refocus) => {
      setOpen(false);
      if (refocus) buttonRef.current?.focus();
    },
  });
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
  const fit = usePopoverFit(open, placement, panel, wrap);
  return (
    <div className="tb-wrap" ref={wrap}>
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName}
        aria-label={label}
        title={title ?? label}
        aria-haspopup="true"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={onButtonKeyDown}
      >
        {button}
      </button>
      {open && (
        <div
          ref={panel}
          className={`tb-panel tb-pop tb-pop--${placement} ${className}`}
          role="menu"
          aria-label={label}
          style={fit ?? undefined}
          onKeyDown={onMenuKeyDown}
        >
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}
