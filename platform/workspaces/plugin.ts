import type { Plugin } from '@hapi/hapi';
import { workspaceRoutes } from './routes';

/** Workspaces: settings, members, invitations and extensions (docs/architecture.md "Workspaces"). */
export const workspacesPlugin: Plugin<void> = {
  name: 'workspaces',
  register(server) {
    server.route(workspaceRoutes);
  },
};
