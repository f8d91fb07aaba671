import type { Plugin } from '@hapi/hapi';
import { exposeApi } from '../core/plugin-api';
import * as api from './api';
import { drainPush } from './push';
import { notificationRoutes } from './routes';

declare module '@hapi/hapi' {
  interface PluginProperties {
    notifications: typeof api;
  }
}

/** Notifications: preferences, the feed, Web Push (docs/panel.md "Notifications and integrations"). */
export const notificationsPlugin: Plugin<void> = {
  name: 'notifications',
  dependencies: ['mail', 'users'],
  register(server) {
    exposeApi(server, api);
    server.route(notificationRoutes);
    server.ext('onPreStop', () => drainPush(server.app));
  },
};
