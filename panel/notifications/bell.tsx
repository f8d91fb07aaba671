import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, formatRelative, Icon, injectStyles } from '../../ui';
import { notificationsApi, type FeedItem } from './api';
import CSS from './bell.css?raw';

/** panel.md §4/§9: the feed offers 'Load more' once 5 or more items are loaded (and more exist). */
export const LOAD_MORE_FROM = 5;
const POLL_MS = 60_000;

/**
 * The shell's notification bell (panel.md §2): the unread count on a badge; a popover listing
 * the feed, newest first; clicking an item marks it read (false → true) and opens its first
 * action; 'Load more' from 5 loaded items. Escape or a click outside closes it and focus
 * returns to the bell.
 */
export function NotificationBell() {
  injectStyles('n-bell-styles', CSS);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<FeedItem[]>([]);
  const [total, setTotal] = useState(0);
  const [unread, setUnread] = useState(0);
  const [loading, setLoading] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const popId = useId();

  const refresh = useCallback(async () => {
    try {
      const page = await notificationsApi.feed(0);
      setItems(page.data);
      setTotal(page.totalCount);
      setUnread(page.unreadCount);
    } catch {
      // the bell stays as it was (the shell never shows a failure for it)
    }
  }, []);

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        close();
      }
    };
    const onDown = (e: MouseEvent) => {
      if (!box.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onDown);
    box.current?.querySelector<HTMLElement>('button')?.focus();
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onDown);
    };
  }, [open, close]);

  async function loadMore() {
    setLoading(true);
    try {
      const page = await notificationsApi.feed(items.length);
      const known = new Set(items.map((i) => i.id));
      setItems([...items, ...page.data.filter((i) => !known.has(i.id))]);
      setTotal(page.totalCount);
      setUnread(page.unreadCount);
    } catch {
      // nothing more to show
    } finally {
      setLoading(false);
    }
  }

  async function openItem(item: FeedItem) {
    if (!item.isRead) {
      setItems((list) => list.map((i) => (i.id === item.id ? { ...i, isRead: true } : i)));
      setUnread((n) => Math.max(0, n - 1));
      await notificationsApi.markRead(item.id).catch(() => undefined);
    }
    const target = item.actions[0]?.action;
    if (!target) return;
    setOpen(false);
    if (target.startsWith('/panel/')) navigate(target);
    else window.location.assign(target);
  }

  return (
    <div className="n-bell">
      <button
        ref={button}
        type="button"
        className="p-iconbtn"
        aria-label="Notifications"
        aria-expanded={open}
        aria-controls={open ? popId : undefined}
        aria-describedby={unread ? `${popId}-count` : undefined}
        title="Notifications"
        onClick={() => {
          if (open) return close();
          setOpen(true);
          void refresh();
        }}
      >
        <Icon name="bell" size={20} />
        {unread > 0 && (
          <span className="n-bell__badge" id={`${popId}-count`} data-testid="notification-count">
            {unread > 99 ? '99+' : unread}
            <span className="t-sr-only"> unread</span>
          </span>
        )}
      </button>
      {open && (
        <div ref={box} id={popId} className="n-pop" role="dialog" aria-label="Notifications">
          <div className="n-pop__head">
            <span>Notifications</span>
            <button type="button" className="p-iconbtn" aria-label="Close notifications" onClick={close}>
              <Icon name="close" size={16} />
            </button>
          </div>
          {items.length === 0 ? (
            <p className="n-empty">No notifications yet.</p>
          ) : (
            <ul className="n-feed" aria-label="Notification feed">
              {items.map((item) => (
                <li key={item.id} className={`n-item${item.isRead ? '' : ' n-item--unread'}`}>
                  <button type="button" className="n-item__main" onClick={() => void openItem(item)}>
                    <span className="n-item__msg">
                      {!item.isRead && <span className="t-sr-only">Unread: </span>}
                      {item.message}
                    </span>
                    <span className="n-item__time">
                      {formatRelative(item.createdAt)}
                      {item.actions[0] ? ` · ${item.actions[0].name}` : ''}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {items.length >= LOAD_MORE_FROM && items.length < total && (
            <Button variant="secondary" className="n-more" busy={loading} onClick={() => void loadMore()}>
              Load more
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
