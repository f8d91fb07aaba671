import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Icon } from '../../ui';
import { logout } from '../login-flow';
import { nameOf, useMe } from '../me';

export function initialsOf(name: string): string {
  const parts = name
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}

/** The profile menu in the header: Profile Setting and Logout (panel.md §2). */
export function ProfileMenu() {
  const me = useMe();
  const name = nameOf(me);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const navigate = useNavigate();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    box.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const signOut = async () => {
    setOpen(false);
    await logout();
    navigate('/accounts/login', { replace: true });
  };

  return (
    <div className="p-menu" ref={box}>
      <button
        type="button"
        className="p-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="p-avatar" aria-hidden="true">
          {me?.avatar ? <img src={me.avatar} alt="" /> : initialsOf(name || 'T')}
        </span>
        <span className="p-menu__name">{name}</span>
        {/* the name is the visible name (WCAG 2.5.3 label in name), then what the button opens */}
        <span className="t-sr-only">{name ? ', profile menu' : 'Profile menu'}</span>
        <Icon name="chevronDown" size={16} />
      </button>
      {open && (
        <div className="p-menu__list" role="menu" id={menuId} aria-label="Profile">
          {me && (
            <div className="p-menu__head">
              <strong>{name}</strong>
              <span>{me.username}</span>
            </div>
          )}
          <Link role="menuitem" className="p-menu__item" to="/panel/profile-setting" onClick={() => setOpen(false)}>
            <Icon name="settings" />
            Profile Setting
          </Link>
          <button role="menuitem" type="button" className="p-menu__item" onClick={signOut}>
            <Icon name="logout" />
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
