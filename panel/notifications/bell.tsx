import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, formatRelative, Icon, injectStyles } from '../../ui';
import { notificationsApi, type FeedItem } from './api';

/** panel.md §4/§9: the feed offers 'Load more' once 5 or more items are loaded (and more exist). */
export const LOAD_MORE_FROM = 5;
const POLL_MS = 60_000;

const CSS = `
.n-bell { position: relative; }
.n-bell__badge { position: absolute; top: 2px; right: 2px; min-width: 18px; height: 18px; padding: 0 5px; border-radius: 9px; background: #d32f2f; color: #fff; font-size: 11px; font-weight: 600; line-height: 18px; text-align: center; pointer-events: none; }
.n-pop { position: absolute; right: 0; top: calc(100% + 8px); width: 360px; max-width: calc(100vw - 24px); max-height: min(70vh, 520px); overflow: auto; background: #fff; border: 1px solid var(--t-border, #dde3ea); border-radius: 12px; box-shadow: 0 12px 32px rgba(15,23,42,.18); z-index: 50; }
.n-pop__head { display: flex; justify-content: space-between; align-items: center; padding: 12px 16px; border-bottom: 1px solid var(--t-border-soft, #eef1f5); font-weight: 600; }
.n-feed { list-style: none; margin: 0; padding: 0; }
.n-item { border-bottom: 1px solid var(--t-border-soft, #eef1f5); }
.n-item__main { display: block; width: 100%; text-align: left; padding: 12px 16px; background: none; border: none; cursor: pointer; font: inherit; color: inherit; }
.n-item__main:hover, .n-item__main:focus-visible { background: #f5f8fc; outline: none; }
.n-item--unread .n-item__main { background: #eef5ff; }
.n-item--unread .n-item__msg::before { content: ''; display: inline-block; width: 8px; height: 8px; margin-right: 6px; border-radius: 50%; background: #1e88e5; vertical-align: middle; }
.n-item__time { display: block; margin-top: 4px; font-size: 12px; color: var(--t-muted, #6b7785); }
.n-empty { padding: 24px 16px; color: var(--t-muted, #6b7785); text-align: center; }
.n-more { display: block; width: calc(100% - 32px); margin: 12px 16px; }
`;

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
