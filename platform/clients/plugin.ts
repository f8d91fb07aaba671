import type { Plugin } from '@hapi/hapi';
import { exposeApi } from '../core/plugin-api';
import * as api from './api';
import { clientRoutes } from './routes';

declare module '@hapi/hapi' {
  interface PluginProperties {
    clients: typeof api;
  }
}

/** Developer apps: client apps, their secrets, participant tokens and embedding origins (docs/embedding.md). */
export const clientsPlugin: Plugin<void> = {
  name: 'clients',
  dependencies: ['users'],
  register(server) {
    exposeApi(server, api);
    server.route(clientRoutes);
  },
};
