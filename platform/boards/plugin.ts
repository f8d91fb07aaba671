import type { Plugin } from '@hapi/hapi';
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
 * deletion, guest merge. With `config.jobs` the disposal job runs every 10 minutes.
 */
export const boardsPlugin: Plugin<void> = {
  name: 'boards',
  dependencies: ['billing', 'comments', 'mail', 'notifications', 'users', 'workspaces'],
  register(server) {
    exposeApi(server, api);
    server.route(boardRoutes);
    const app = server.app;
    let timer: NodeJS.Timeout | undefined;
    if (app.config.jobs) {
      server.ext('onPostStart', () => {
        timer = setInterval(() => {
          disposeExpiredBoards(app).catch((err) => app.logger.error({ err }, 'board disposal failed'));
        }, DISPOSAL_INTERVAL_MS);
        timer.unref();
      });
    }
    server.ext('onPreStop', async () => {
      if (timer) clearInterval(timer);
      await Promise.all([snapshotsIdle(app), activityIdle(app)]);
    });
  },
};
