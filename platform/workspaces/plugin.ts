import type { Plugin } from '@hapi/hapi';
import { exposeApi } from '../core/plugin-api';
import * as api from './api';
import { workspaceRoutes } from './routes';

declare module '@hapi/hapi' {
  interface PluginProperties {
    workspaces: typeof api;
  }
}

/** Workspaces: settings, members, invitations and extensions (docs/architecture.md "Workspaces"). */
export const workspacesPlugin: Plugin<void> = {
  name: 'workspaces',
  dependencies: ['billing', 'boards', 'mail', 'notifications', 'users'],
  register(server) {
    exposeApi(server, api);
    server.route(workspaceRoutes);
  },
};
