import type { Plugin } from '@hapi/hapi';
import { exposeApi } from '../core/plugin-api';
import * as api from './api';
import { userConfigRoutes } from './configs';
import { userRoutes } from './routes';

declare module '@hapi/hapi' {
  interface PluginProperties {
    users: typeof api;
  }
}

/** Users: the signed-in user's profile, profile images, security stamp and board preferences (configs). */
export const usersPlugin: Plugin<void> = {
  name: 'users',
  dependencies: ['accounts', 'billing'],
  register(server) {
    exposeApi(server, api);
    server.route(userRoutes);
    server.route(userConfigRoutes);
  },
};
