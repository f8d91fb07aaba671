import type { Plugin } from '@hapi/hapi';
import { dashboardRoutes } from './routes';

/** The dashboard's figures (routes.ts): this node's connections, the next scheduled task of any node. */
export const adminDashboardPlugin: Plugin<void> = {
  name: 'admin-dashboard',
  dependencies: ['realtime'],
  register(server) {
    server.route(dashboardRoutes());
  },
};
