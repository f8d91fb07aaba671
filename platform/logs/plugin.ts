import type { Plugin } from '@hapi/hapi';
import { logRoutes } from './routes';

/** Client, usage and performance records sent by the browser apps (board.md §7). */
export const logsPlugin: Plugin<void> = {
  name: 'logs',
  register(server) {
    server.route(logRoutes);
  },
};
