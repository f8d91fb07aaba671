import { useCallback, useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

export interface MenuKeysOptions {
  /** the menu is shown (its first item takes the focus when it opens) */
  open: boolean;
  /** close the menu; `refocus` is true on Escape (focus goes back to the menu's button), false on Tab */
  onClose: (refocus: boolean) => void;
  /** open the menu from its button (ArrowDown on the button) */
  onOpen?: () => void;
  /** other keys on an item, e.g. a submenu's ArrowRight / ArrowLeft; returns true when it handled the key */
  onKey?: (key: string, item: HTMLElement) => boolean;
  /** focus the first item when the menu opens (default true) */
  autoFocus?: boolean;
}

/** The menu button's key: ArrowDown opens its menu (Enter and Space click it). */
export function menuButtonKeys(onOpen: () => void) {
  return (e: KeyboardEvent) => {
    if (e.key !== 'ArrowDown') return;
    e.preventDefault();
    e.stopPropagation();
    onOpen();
  };
}

const ITEMS = '[role="menuitem"], [role="menuitemcheckbox"], [role="menuitemradio"]';

/** The menu's own items in order: its menuitems, not those of a submenu inside it. */
export function menuItems(menu: HTMLElement | null): HTMLElement[] {
  if (!menu) return [];
  return Array.from(menu.querySelectorAll<HTMLElement>(ITEMS)).filter((el) => el.parentElement?.closest('[role="menu"]') === menu);
}

/**
 * The one keyboard mechanism of every menu (WAI-ARIA menu and menu button): on an item
 * ArrowDown / ArrowUp move and wrap, Home / End jump, Escape closes and gives the focus back to
 * the button, Tab closes and lets the focus move on; ArrowDown on the button opens the menu.
 * Handled keys do not reach the board's shortcuts. `menu` is the element with role="menu".
 */
export function useMenuKeys(menu: RefObject<HTMLElement | null>, { open, onClose, onOpen, onKey, autoFocus = true }: MenuKeysOptions) {
  const opts = useRef({ onClose, onOpen, onKey });
  opts.current = { onClose, onOpen, onKey };

  useEffect(() => {
    if (open && autoFocus) menuItems(menu.current)[0]?.focus();
  }, [open, autoFocus, menu]);

  const onMenuKeyDown = useCallback(
    (e: KeyboardEvent) => {
      const list = menuItems(menu.current);
      const at = list.indexOf(e.target as HTMLElement);
      if (at < 0) return;
      const go = (i: number) => list[(i + list.length) % list.length]?.focus();
      if (e.key === 'Tab') {
        opts.current.onClose(false);
        return;
      }
      if (e.key === 'ArrowDown') go(at + 1);
      else if (e.key === 'ArrowUp') go(at - 1);
      else if (e.key === 'Home') go(0);
      else if (e.key === 'End') go(list.length - 1);
      else if (e.key === 'Escape') opts.current.onClose(true);
      else if (!opts.current.onKey?.(e.key, list[at]!)) return;
      e.preventDefault();
      e.stopPropagation();
    },
    [menu],
  );

  const onButtonKeyDown = useCallback((e: KeyboardEvent) => {
    const open = opts.current.onOpen;
    if (open) menuButtonKeys(open)(e);
  }, []);

  return { onMenuKeyDown, onButtonKeyDown };
}
