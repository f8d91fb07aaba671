import { plugin as nesPlugin, type Nes } from '@hapi/nes';
import type { Plugin } from '@hapi/hapi';
import { HUB_HEARTBEAT } from '../../shared/hub';
import { commandsSince, getBoardAccess } from '../boards/service';
import { createDispatcher } from './dispatch';
import { Hub } from './hub';
import { hubMethods } from './methods/index';
import { createMemoryPresence, createRedisPresence } from './presence';
import type { HubSocket } from './session';
import { setFlushSpacing } from './wire';

declare module '@hapi/hapi' {
  interface PluginProperties {
    realtime: { hub: Hub };
  }
}

/**
 * The realtime hub (board.md §7) over @hapi/nes: websockets on the platform's own port,
 * bearer auth through nes `direct` auth on the 'jwt' strategy (optional: roaming guests connect
 * without a token and name themselves by `uid` when they join), the spec's keepalive, and
 * `client.message({ method, args })` dispatched to the hub methods in ./methods.
 */
export const realtimePlugin: Plugin<void> = {
  name: 'realtime',
  async register(server) {
    const app = server.app;
    const presence = app.config.redisUrl ? createRedisPresence(app.config.redisUrl, { logger: app.logger }) : createMemoryPresence();
    const hub = new Hub(
      app.bus,
      presence,
      {
        commandsSince: (code, actor, afterSeq) => commandsSince(app, code, actor, afterSeq),
        latestSeq: async (code, actor) => (await getBoardAccess(app, code, actor)).board.last_seq,
      },
      app.logger,
    );
    const dispatch = createDispatcher(hubMethods);
    setFlushSpacing(app.config.hubFlushMs);

    await server.register({
      plugin: nesPlugin,
      options: {
        // 'optional': no token = a guest; a bad or expired token is refused (the client refreshes)
        auth: { type: 'direct', route: { strategy: 'jwt', mode: 'optional' } },
        heartbeat: { ...HUB_HEARTBEAT },
        onConnection: (socket: HubSocket) => {
          socket.app.session = null;
        },
        onDisconnection: (socket: HubSocket) => {
          const session = socket.app.session;
          if (session) hub.leave(session).catch((err) => app.logger.warn({ err }, 'hub: leave on disconnect failed'));
        },
        onMessage: (socket: HubSocket, message: unknown) => dispatch({ hub, socket, app }, message),
      } satisfies Nes.PluginOptions<HubSocket['app']>,
    });
    server.expose('hub', hub);
    server.ext('onPostStop', async () => {
      await hub.stop();
    });
  },
};
