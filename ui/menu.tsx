import { useEffect, useId, useRef, useState } from 'react';
import { Icon, type IconName } from './icons';
import { useUiStyles } from './styles';
import { useMenuKeys } from './use-menu-keys';

export interface MenuItem {
  label: string;
  onSelect: () => void;
  icon?: IconName;
  danger?: boolean;
}

/**
 * A button that opens a menu of actions (WAI-ARIA menu button): Enter/Space/ArrowDown open it on
 * the first item, arrows move, Home/End jump, Escape closes and gives focus back, a click outside
 * closes it. `label` is the button's accessible name.
 */
export function MenuButton({ label, items, icon = 'more' }: { label: string; items: MenuItem[]; icon?: IconName }) {
  useUiStyles();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const { onMenuKeyDown, onButtonKeyDown } = useMenuKeys(list, {
    open,
    onOpen: () => setOpen(true),
    onClose: (refocus) => {
      setOpen(false);
      if (refocus) button.current?.focus();
    },
  });

  if (items.length === 0) return null;
  return (
    <div className="t-menu" ref={box}>
      <button
        ref={button}
        type="button"
        className="t-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        title={label}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKeyDown}
      >
        <Icon name={icon} size={18} />
      </button>
      {open && (
        <div ref={list} className="t-menu__list" role="menu" id={menuId} aria-label={label} onKeyDown={onMenuKeyDown}>
          {items.map((item) => (
            <button
              key={item.label}
              role="menuitem"
              type="button"
              tabIndex={-1}
              className={['t-menu__item', item.danger && 't-menu__item--danger'].filter(Boolean).join(' ')}
              onClick={() => {
                setOpen(false);
                item.onSelect();
              }}
            >
              {item.icon && <Icon name={item.icon} size={16} />}
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
