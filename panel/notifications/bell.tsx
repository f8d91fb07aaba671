import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { NotificationBell as Bell, type NotificationSource } from '../../ui/notification-bell';
import { notificationsApi } from './api';

export { LOAD_MORE_FROM } from '../../ui/notification-bell';

/**
 * The shell's notification bell (panel.md §2): the shared bell of ui/notification-bell.tsx on the
 * panel's HTTP layer; an item's /panel/ action opens in the panel's router, any other by address.
 */
export function NotificationBell() {
  const navigate = useNavigate();
  const source = useMemo<NotificationSource>(
    () => ({ feed: (skip) => notificationsApi.feed(skip), markRead: notificationsApi.markRead }),
    [],
  );
  return (
    <Bell
      source={source}
      onOpen={(target) => {
        if (target.startsWith('/panel/')) navigate(target);
        else window.location.assign(target);
      }}
    />
  );
}
