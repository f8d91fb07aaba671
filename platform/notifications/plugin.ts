import type { Plugin } from '@hapi/hapi';
import { drainPush } from './push';
import { notificationRoutes } from './routes';

/** Notifications: preferences, the feed, Web Push (docs/panel.md "Notifications and integrations"). */
export const notificationsPlugin: Plugin<void> = {
  name: 'notifications',
  register(server) {
    server.route(notificationRoutes);
    server.ext('onPreStop', () => drainPush(server.app));
  },
};
