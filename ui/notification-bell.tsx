import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from './button';
import { formatRelative } from './format';
import { Icon } from './icons';
import { activeElementOf } from './portal';

/** panel.md §3 Feed item: one notification of the signed-in user's feed. */
export interface FeedItem {
  id: string;
  type: string;
  message: string;
  isRead: boolean;
  actions: Array<{ name: string; action: string }>;
  createdAt: string;
}

/** GET /api/users/notifications/feed: a page of the feed with the unread count. */
export interface FeedPage {
  totalCount: number;
  unreadCount: number;
  data: FeedItem[];
}

/** Where the bell reads the feed: the panel's HTTP layer, or the board's session (its server and token). */
export interface NotificationSource {
  /** GET /api/users/notifications/feed?skip= (the bell polls it: failures stay quiet) */
  feed(skip: number): Promise<FeedPage>;
  /** POST /api/users/notifications/{id}/read */
  markRead(id: string): Promise<unknown>;
}

export interface NotificationBellProps {
  source: NotificationSource;
  /** opens an item's first action (a path such as /panel/invitation, or an address) */
  onOpen(target: string): void;
  /** the bell button's class: the panel's icon button, the board's bar button */
  buttonClassName?: string;
  iconSize?: number;
}

/** panel.md §4/§9: the feed offers 'Load more' once 5 or more items are loaded (and more exist). */
export const LOAD_MORE_FROM = 5;
const POLL_MS = 60_000;
const FOCUSABLE = 'button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

/**
 * The notification bell (panel.md §2, board.md §2 top-right), one component for the panel's shell
 * and the board's top bar: the unread count on a badge; a popover (role=dialog) listing the feed,
 * newest first; clicking an item marks it read (false → true) and opens its first action; 'Load
 * more' from 5 loaded items. Focus moves into the popover and stays there (Tab wraps); Escape, the
 * close button or a click outside closes it and focus returns to the bell. Works inside the
 * <tabula-board> shadow root (focus and clicks are read from the bell's own root).
 */
export function NotificationBell({ source, onOpen, buttonClassName = 'p-iconbtn', iconSize = 20 }: NotificationBellProps) {
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<FeedItem[]>([]);
  const [total, setTotal] = useState(0);
  const [unread, setUnread] = useState(0);
  const [loading, setLoading] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const popId = useId();
  const sourceRef = useRef(source);
  sourceRef.current = source;

  const refresh = useCallback(async () => {
    try {
      const page = await sourceRef.current.feed(0);
      setItems(page.data);
      setTotal(page.totalCount);
      setUnread(page.unreadCount);
    } catch {
      // the bell stays as it was (it never shows a failure)
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
      } else if (e.key === 'Tab' && box.current) {
        const focusable = Array.from(box.current.querySelectorAll<HTMLElement>(FOCUSABLE));
        if (focusable.length === 0) return;
        const [head, tail] = [focusable[0], focusable[focusable.length - 1]];
        const active = activeElementOf(box.current);
        if (!box.current.contains(active)) {
          e.preventDefault();
          head.focus();
        } else if (e.shiftKey && active === head) {
          e.preventDefault();
          tail.focus();
        } else if (!e.shiftKey && active === tail) {
          e.preventDefault();
          head.focus();
        }
      }
    };
    // the event's path, not its target: inside a shadow root the document sees only the host; a
    // pointerdown in the capture phase, as the board's canvas handles (and cancels) its own
    const onDown = (e: PointerEvent) => {
      const path = e.composedPath();
      if (!path.includes(box.current as EventTarget) && !path.includes(button.current as EventTarget)) setOpen(false);
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', onDown, true);
    // the newest notification takes the focus (the close button when there is none)
    (box.current?.querySelector<HTMLElement>('.t-bell-item__main') ?? box.current?.querySelector<HTMLElement>('button'))?.focus();
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('pointerdown', onDown, true);
    };
  }, [open, close]);

  async function loadMore() {
    setLoading(true);
    try {
      const page = await sourceRef.current.feed(items.length);
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
      await sourceRef.current.markRead(item.id).catch(() => undefined);
    }
    const target = item.actions[0]?.action;
    if (!target) return;
    setOpen(false);
    onOpen(target);
  }

  return (
    <div className="t-bell">
      <button
        ref={button}
        type="button"
        className={buttonClassName}
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
        <Icon name="bell" size={iconSize} />
        {unread > 0 && (
          <span className="t-bell__badge" id={`${popId}-count`} data-testid="notification-count">
            {unread > 99 ? '99+' : unread}
            <span className="t-sr-only"> unread</span>
          </span>
        )}
      </button>
      {open && (
        <div ref={box} id={popId} className="t-bell-pop" role="dialog" aria-label="Notifications">
          <div className="t-bell-pop__head">
            <span>Notifications</span>
            <button type="button" className="t-bell-pop__close" aria-label="Close notifications" onClick={close}>
              <Icon name="close" size={16} />
            </button>
          </div>
          {items.length === 0 ? (
            <p className="t-bell-empty">No notifications yet.</p>
          ) : (
            <ul className="t-bell-feed" aria-label="Notification feed">
              {items.map((item) => (
                <li key={item.id} className={`t-bell-item${item.isRead ? '' : ' t-bell-item--unread'}`}>
                  <button type="button" className="t-bell-item__main" onClick={() => void openItem(item)}>
                    <span className="t-bell-item__msg">
                      {!item.isRead && <span className="t-sr-only">Unread: </span>}
                      {item.message}
                    </span>
                    <span className="t-bell-item__time">
                      {formatRelative(item.createdAt)}
                      {item.actions[0] ? ` · ${item.actions[0].name}` : ''}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {items.length >= LOAD_MORE_FROM && items.length < total && (
            <Button variant="secondary" className="t-bell-more" busy={loading} onClick={() => void loadMore()}>
              Load more
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
