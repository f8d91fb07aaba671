import type { Plugin } from '@hapi/hapi';
import { observeAppends } from '../../boards/api';
import { registerJob } from '../../core/jobs/index';
import { rollUpUsage } from './rollup';
import { usageRoutes } from './routes';
import { commandType } from './commands';
import { createUsageWriter, userTypeOf } from './writer';

/**
 * The back-office's audits (docs/backoffice.md "Audits"): user audit, feature audit, performance
 * logs; and the usage facts ("Usage facts"): this node's batched writer of board sessions and
 * command counts (./writer.ts), fed by the hub (./sessions.ts) and by every appended command,
 * flushed and stopped when the server stops.
 */
export const adminUsagePlugin: Plugin<void> = {
  name: 'admin-usage',
  dependencies: ['admin', 'boards'],
  register(server) {
    server.route(usageRoutes);
    // the daily and monthly roll-ups (./rollup.ts), hourly, once across the nodes with jobs (platform/core/jobs)
    registerJob(server, { name: 'usage-rollup', everyMs: 3_600_000, run: async (app) => ({ ...(await rollUpUsage(app)) }) });
    const writer = createUsageWriter(server.app);
    const unobserve = observeAppends(server.app, (command, actor) => writer.countCommand(commandType(command), userTypeOf(actor.userId)));
    // the open sessions end when the node begins stopping; commands of requests still draining
    // are counted and written once the server has stopped (the database closes after that)
    server.ext('onPreStop', () => writer.stop());
    server.ext('onPostStop', async () => {
      unobserve();
      await writer.flush();
    });
  },
};
