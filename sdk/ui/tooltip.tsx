import { forwardRef, useId, useLayoutEffect, useRef, useState, type ButtonHTMLAttributes, type CSSProperties, type ReactNode } from 'react';
import type { Editor } from '../editor/editor';

export type TipPlacement = 'below' | 'above' | 'right';

export interface TipButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'title'> {
  /** the button's accessible name and the tooltip's text */
  label: string;
  /** the shortcut shown in the tooltip ('Ctrl+Z') */
  shortcut?: string | null;
  placement?: TipPlacement;
  children: ReactNode;
}

const GAP = 8;
const EDGE = 4;

/**
 * An icon button with a labelled tooltip (as tldraw and Excalidraw show them): the label and the
 * shortcut appear on hover and on keyboard focus, in a role=tooltip element the button points to
 * with aria-describedby; Escape hides it. The tooltip is fixed-positioned next to the button and
 * kept on screen, so it never changes the bar's layout.
 */
export const TipButton = forwardRef<HTMLButtonElement, TipButtonProps>(function TipButton(
  { label, shortcut, placement = 'below', children, onMouseEnter, onMouseLeave, onFocus, onBlur, onKeyDown, className = 'tb-btn', ...rest },
  ref,
) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const own = useRef<HTMLButtonElement | null>(null);
  const tip = useRef<HTMLSpanElement>(null);
  const [style, setStyle] = useState<CSSProperties>({ visibility: 'hidden' });

  useLayoutEffect(() => {
    if (!shown || !own.current || !tip.current) return;
    const b = own.current.getBoundingClientRect();
    const t = tip.current.getBoundingClientRect();
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    let left = placement === 'right' ? b.right + GAP : b.left + b.width / 2 - t.width / 2;
    let top = placement === 'right' ? b.top + b.height / 2 - t.height / 2 : placement === 'above' ? b.top - GAP - t.height : b.bottom + GAP;
    // flip when there is no room, then keep it on screen
    if (placement === 'below' && top + t.height > vh - EDGE) top = b.top - GAP - t.height;
    if (placement === 'above' && top < EDGE) top = b.bottom + GAP;
    if (placement === 'right' && left + t.width > vw - EDGE) left = b.left - GAP - t.width;
    left = Math.max(EDGE, Math.min(left, vw - t.width - EDGE));
    top = Math.max(EDGE, Math.min(top, vh - t.height - EDGE));
    setStyle({ left, top });
  }, [shown, placement, label, shortcut]);

  const show = () => {
    setStyle({ visibility: 'hidden' });
    setShown(true);
  };
  return (
    <>
      <button
        type="button"
        {...rest}
        ref={(node) => {
          own.current = node;
          if (typeof ref === 'function') ref(node);
          else if (ref) ref.current = node;
        }}
        className={className}
        aria-label={label}
        aria-describedby={shown ? id : undefined}
        onMouseEnter={(e) => (show(), onMouseEnter?.(e))}
        onMouseLeave={(e) => (setShown(false), onMouseLeave?.(e))}
        onFocus={(e) => (focusVisible(e.currentTarget) && show(), onFocus?.(e))}
        onBlur={(e) => (setShown(false), onBlur?.(e))}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && shown) setShown(false);
          onKeyDown?.(e);
        }}
        onClick={(e) => (setShown(false), rest.onClick?.(e))}
      >
        {children}
      </button>
      {shown && (
        <span ref={tip} id={id} role="tooltip" className="tb-tooltip" style={style}>
          {label}
          {shortcut && <kbd className="tb-tooltip__keys">{shortcut}</kbd>}
        </span>
      )}
    </>
  );
});

/** Keyboard focus (not a click): only then does focus show the tooltip. */
function focusVisible(el: HTMLElement): boolean {
  try {
    return el.matches(':focus-visible');
  } catch {
    return true;
  }
}

/** The first key bound to a registry action ('Ctrl+Z'), for a tooltip. */
export function shortcutOf(editor: Editor | null | undefined, actionId: string): string | null {
  return editor?.actions.keysOf(actionId)[0] ?? null;
}
