import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Where the toast stack goes so that it covers neither an open menu nor a dialog's content
 * (panel.md §9, board.md §2: toasts top-right). The stack's own place is the top-right corner
 * (below the board's top bar); when that covers something open — a menu, a popover, a dialog —
 * the stack narrows into the gutter beside it, or else moves down below it. One mechanism for
 * the panel, the back-office and the board (inside its shadow root).
 */

/** What the stack keeps clear of: open menus, dialogs and anything marked `data-toast-avoid`. */
export const AVOID_SELECTOR = '[role="menu"], [role="dialog"], [role="alertdialog"], [role="listbox"], [data-toast-avoid]';
const GAP = 8;
/** Narrower than this, a toast's text and buttons no longer read well: move down instead. */
export const MIN_TOAST_WIDTH = 240;

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}
export interface Placement {
  /** pixels the stack moves down from its own place */
  shift: number;
  /** the stack's width when it narrows into a gutter (null: its own width) */
  width: number | null;
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The placement of a stack whose own box is `stack` (right-aligned) among the `avoid` boxes, in a
 * viewport `view` high. Pure: tested without a browser (tests/unit/ui/toast-place.test.ts).
 */
export function placeToasts(stack: Box, avoid: readonly Box[], viewHeight: number): Placement {
  const hit = avoid.filter((box) => overlaps(stack, box));
  if (hit.length === 0) return { shift: 0, width: null };
  // narrow into the gutter right of what it covers
  const width = Math.floor(stack.right - Math.max(...hit.map((b) => b.right)) - GAP);
  const height = stack.bottom - stack.top;
  if (width >= MIN_TOAST_WIDTH && width < stack.right - stack.left) {
    const narrowed = { ...stack, left: stack.right - width };
    if (!avoid.some((box) => overlaps(narrowed, box))) return { shift: 0, width };
  }
  // else move down below everything it would cover on the way
  let top = stack.top;
  for (let i = 0; i < avoid.length + 1; i++) {
    const moved = { ...stack, top, bottom: top + height };
    const blocking = avoid.filter((box) => overlaps(moved, box));
    if (blocking.length === 0) break;
    top = Math.max(...blocking.map((b) => b.bottom)) + GAP;
  }
  if (top + height <= viewHeight - GAP) return { shift: Math.round(top - stack.top), width: null };
  return { shift: 0, width: null };
}

const boxOf = (r: DOMRect): Box => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });

/** The boxes of what is open now under `root`; a full-screen overlay counts by its content. */
function openBoxes(root: Document | ShadowRoot, stack: Element): Box[] {
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const boxes: Box[] = [];
  for (const el of root.querySelectorAll(AVOID_SELECTOR)) {
    if (stack.contains(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (r.width >= vw * 0.8 && r.height >= vh * 0.8) {
      for (const child of el.children) {
        const c = child.getBoundingClientRect();
        if (c.width > 0 && c.height > 0 && !(c.width >= vw * 0.8 && c.height >= vh * 0.8)) boxes.push(boxOf(c));
      }
    } else boxes.push(boxOf(r));
  }
  return boxes;
}

/**
 * Keeps the stack at `ref` clear of open menus and dialogs while it shows toasts: watches its
 * root (the document, or the board's shadow root) for what opens and closes, and the window size.
 */
export function useToastPlacement(ref: RefObject<HTMLElement | null>, count: number): Placement {
  const [placement, setPlacement] = useState<Placement>({ shift: 0, width: null });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || count === 0) {
      setPlacement((p) => (p.shift === 0 && p.width === null ? p : { shift: 0, width: null }));
      return;
    }
    const root = el.getRootNode() as Document | ShadowRoot;
    let frame = 0;
    const measure = () => {
      frame = 0;
      // the stack's own place: undo the current shift and width
      const r = el.getBoundingClientRect();
      const shift = Number(el.dataset.shift ?? 0);
      if (!el.style.width) el.dataset.ownWidth = String(r.width);
      const own = Number(el.dataset.ownWidth ?? r.width);
      const stack = { left: r.right - own, right: r.right, top: r.top - shift, bottom: r.bottom - shift };
      const next = placeToasts(stack, openBoxes(root, el), window.innerHeight);
      setPlacement((p) => (p.shift === next.shift && p.width === next.width ? p : next));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    const observer = new MutationObserver(schedule);
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['open', 'hidden', 'aria-expanded'] });
    window.addEventListener('resize', schedule);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [ref, count]);
  return placement;
}
