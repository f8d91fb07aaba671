import type { Plugin } from '@hapi/hapi';
import { dashboardRoutes } from './routes';

/** The dashboard's node figures (routes.ts); remembers when this node's job timers started. */
export const adminDashboardPlugin: Plugin<void> = {
  name: 'admin-dashboard',
  dependencies: ['realtime', 'boards', 'billing'],
  register(server) {
    let startedAt: number | null = null;
    server.ext('onPostStart', () => void (startedAt = Date.now()));
    server.route(dashboardRoutes(() => startedAt));
  },
};
