import { plugin as nesPlugin, type Nes } from '@hapi/nes';
import type { Plugin } from '@hapi/hapi';
import { PAYLOAD_MAX_BYTES } from '../../shared/constants';
import { HUB_HEARTBEAT } from '../../shared/hub';
import { MESSAGES } from '../../shared/messages';
import { installAbuse } from '../core/abuse';
import { isBlurryOn, isPrivateModeOn } from '../boards/config';
import { commandsSince, getBoardAccess, logSince } from '../boards/service';
import { createDispatcher } from './dispatch';
import { installFrameGuard } from './frame-guard';
import { installSessionRevocation } from './reauth';
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
    const presence = app.config.redisUrl ? createRedisPresence(app.config.redisUrl, { prefix: app.config.redisPrefix, logger: app.logger }) : createMemoryPresence();
    const hub = new Hub(
      app.bus,
      presence,
      {
        commandsSince: (code, actor, afterSeq) => commandsSince(app, code, actor, afterSeq),
        logSince: (code, actor, afterSeq) => logSince(app, code, actor, afterSeq),
        roomState: async (code, actor) => {
          const { board } = await getBoardAccess(app, code, actor);
          return { lastSeq: board.last_seq, privateMode: isPrivateModeOn(board.board_config), blurry: isBlurryOn(board.board_config) };
        },
      },
      app.logger,
    );
    const dispatch = createDispatcher(hubMethods);
    /** sockets counted in the hub connections gauge (platform/metrics) */
    const counted = new WeakSet<HubSocket>();
    setFlushSpacing(app.config.hubFlushMs);

    await server.register({
      plugin: nesPlugin,
      options: {
        // 'optional': no token = a guest; a bad or expired token is refused (the client refreshes)
        auth: { type: 'direct', route: { strategy: 'jwt', mode: 'optional' } },
        heartbeat: { ...HUB_HEARTBEAT },
        onConnection: (socket: HubSocket) => {
          socket.app.session = null;
          counted.add(socket);
          app.metrics?.hubConnected();
        },
        onDisconnection: (socket: HubSocket) => {
          // nes also reports sockets that never said hello (or failed auth): only connected ones count
          if (counted.delete(socket)) app.metrics?.hubDisconnected();
          const session = socket.app.session;
          if (session) hub.leave(session).catch((err) => app.logger.warn({ err }, 'hub: leave on disconnect failed'));
        },
        onMessage: (socket: HubSocket, message: unknown) => dispatch({ hub, socket, app }, message),
      } satisfies Nes.PluginOptions<HubSocket['app']>,
    });
    // every frame is checked before nes reads it, frames over the HTTP body cap are refused by
    // ws from their header, and each socket has a frame budget (docs/security.md "The hub's frames")
    const abuse = installAbuse(server);
    installFrameGuard(server, { maxFrameBytes: PAYLOAD_MAX_BYTES, admit: (socket) => abuse.frame(socket), tooMany: MESSAGES.tooManyRequests, logger: app.logger });
    server.expose('hub', hub);
    // a password change or reset closes the user's sockets on every node (realtime/reauth.ts)
    const stopRevocation = installSessionRevocation(server);
    server.ext('onPreStop', () => stopRevocation());
    server.ext('onPostStop', async () => {
      await hub.stop();
    });
  },
};
