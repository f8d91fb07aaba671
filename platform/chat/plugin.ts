import type { Plugin } from '@hapi/hapi';
import { chatRoutes } from './routes';

/** Board chat: history over HTTP; messages are sent through the realtime hub (chat/service). */
export const chatPlugin: Plugin<void> = {
  name: 'chat',
  register(server) {
    server.route(chatRoutes);
  },
};
