import type { Plugin } from '@hapi/hapi';
import { exposeApi } from '../core/plugin-api';
import * as api from './api';
import { chatRoutes } from './routes';

declare module '@hapi/hapi' {
  interface PluginProperties {
    chat: typeof api;
  }
}

/** Board chat: history over HTTP; messages are sent through the realtime hub (chat/service). */
export const chatPlugin: Plugin<void> = {
  name: 'chat',
  dependencies: ['boards'],
  register(server) {
    exposeApi(server, api);
    server.route(chatRoutes);
  },
};
