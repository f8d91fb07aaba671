import type { Plugin } from '@hapi/hapi';
import { clientRoutes } from './routes';

/** Developer apps: client apps, their secrets, participant tokens and embedding origins (docs/embedding.md). */
export const clientsPlugin: Plugin<void> = {
  name: 'clients',
  register(server) {
    server.route(clientRoutes);
  },
};
