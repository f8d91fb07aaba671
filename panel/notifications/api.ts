import type * as Wire from '../../shared/wire';
import { http } from '../../ui';
import type { FeedItem, FeedPage } from '../../ui/notification-bell';

/** panel.md §3 Feed item and Notification preference, §3 Integration; the calls of §7. */
export type { FeedItem, FeedPage };

export type Channel = 'Email' | 'Desktop';

export interface Preference {
  id: string;
  type: string;
  name: string;
  description: string;
  channels: Array<{ channel: Channel; active: boolean }>;
}

export interface PushParameters {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** GET /api/integrations's items (panel.md §3 Integration), as the route declares them. */
export type Integration = Wire.Integration;

export const notificationsApi = {
  /** the bell polls it: failures stay quiet */
  feed: (skip = 0) => http.get<FeedPage>('/api/users/notifications/feed', { skip }, { silent: true }),
  markRead: (id: string) => http.post<FeedItem>(`/api/users/notifications/${encodeURIComponent(id)}/read`, {}),
  preferences: () => http.get<Preference[]>('/api/users/notifications'),
  setPreference: (body: { type: string; channel: Channel; active: boolean; parameters?: PushParameters }) =>
    http.post<Preference[]>('/api/users/notifications', body),
  publicKey: () => http.get<{ publicKey: string }>('/api/notifications/data'),
};

export const integrationsApi = {
  list: () => http.get<Integration[]>('/api/integrations'),
  disconnect: (key: string) => http.post<Integration[]>('/api/intergrations/disconnect', { key }),
};
