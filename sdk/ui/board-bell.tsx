import { useMemo } from 'react';
import { NotificationBell, type FeedPage, type NotificationSource } from '../../ui/notification-bell';
import type { SyncClient } from '../sync/sync-client';

/**
 * The notifications bell of the board's top-right group (board.md §2), for a signed-in visitor:
 * the panel's bell (ui/notification-bell.tsx) reading the feed through the board's session — its
 * server and bearer token, a refresh on an expired token (`sync.request`) — so it works on a host
 * page of another origin and inside <tabula-board>. An item's action opens on the platform.
 */
export function BoardBell({ sync, server }: { sync: SyncClient; server: string }) {
  const source = useMemo<NotificationSource>(
    () => ({
      feed: (skip) => sync.request<FeedPage>('GET', `/api/users/notifications/feed?skip=${skip}`),
      markRead: (id) => sync.request('POST', `/api/users/notifications/${encodeURIComponent(id)}/read`, {}),
    }),
    [sync],
  );
  return (
    <NotificationBell
      source={source}
      buttonClassName="tb-btn"
      iconSize={18}
      onOpen={(target) => location.assign(new URL(target, server).toString())}
    />
  );
}
