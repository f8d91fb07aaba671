import type { Plugin } from '@hapi/hapi';
import { registerJob } from '../core/jobs/index';
import { exposeApi } from '../core/plugin-api';
import * as api from './api';
import { boardRoutes } from './routes';
import { disposeExpiredBoards, DISPOSAL_INTERVAL_MS } from './service';
import { activityIdle } from './activity';
import { snapshotsIdle } from './snapshots';

declare module '@hapi/hapi' {
  interface PluginProperties {
    boards: typeof api;
  }
}

/**
 * Boards: creation, the command log (append, join), sharing and members, dispose timer and
 * deletion, guest merge. The disposal job runs every 10 minutes (platform/core/jobs: on the nodes
 * with `config.jobs`, once across them).
 */
export const boardsPlugin: Plugin<void> = {
  name: 'boards',
  dependencies: ['billing', 'comments', 'mail', 'notifications', 'users', 'workspaces'],
  register(server) {
    exposeApi(server, api);
    server.route(boardRoutes);
    const app = server.app;
    registerJob(server, {
      name: 'board-disposal',
      everyMs: DISPOSAL_INTERVAL_MS,
      run: async (jobApp) => ({ disposed: await disposeExpiredBoards(jobApp) }),
    });
    server.ext('onPreStop', async () => {
      await Promise.all([snapshotsIdle(app), activityIdle(app)]);
    });
  },
};
