import type { Plugin } from '@hapi/hapi';
import { integrationRoutes } from './routes';

/** Integrations: the Google link of an account (docs/panel.md "Notifications and integrations"). */
export const integrationsPlugin: Plugin<void> = {
  name: 'integrations',
  dependencies: ['users'],
  register(server) {
    server.route(integrationRoutes);
  },
};
