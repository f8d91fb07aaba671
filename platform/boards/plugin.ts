import type { Plugin } from '@hapi/hapi';
import { boardRoutes } from './routes';
import { disposeExpiredBoards } from './service';
import { activityIdle } from './activity';
import { snapshotsIdle } from './snapshots';

/** How often the disposal job looks for boards past their dispose time. */
export const DISPOSAL_INTERVAL_MS = 10 * 60_000;

/**
 * Boards: creation, the command log (append, join), sharing and members, dispose timer and
 * deletion, guest merge. With `config.jobs` the disposal job runs every 10 minutes.
 */
export const boardsPlugin: Plugin<void> = {
  name: 'boards',
  register(server) {
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
