import type { Plugin } from '@hapi/hapi';
import { usageRoutes } from './routes';

/** The back-office's audits (docs/backoffice.md "Audits"): user audit, feature audit, performance logs. */
export const adminUsagePlugin: Plugin<void> = {
  name: 'admin-usage',
  dependencies: ['admin'],
  register(server) {
    server.route(usageRoutes);
  },
};
