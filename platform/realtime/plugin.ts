import type { Plugin } from '@hapi/hapi';
import { exposeApi } from '../core/plugin-api';
import * as api from './api';
import { PAYLOAD_MAX_BYTES } from '../../shared/constants';
import { HUB_HEARTBEAT } from '../../shared/hub';
import { MESSAGES } from '../../shared/messages';
import { installAbuse } from '../core/abuse';
import { isBlurryOn, isPrivateModeOn, commandsSince, getBoardAccess, logSince } from '../boards/api';
import { clientAddressOf } from '../core/client-ip';
import { createDispatcher } from './dispatch';
import { createFrameGuard } from './frame-guard';
import { nesPlugin, type NesOptions } from './nes/plugin';
import { installSessionRevocation } from './reauth';
import { Hub } from './hub';
import { hubMethods } from './methods/index';
import { createMemoryPresence, createRedisPresence } from './presence';
import type { HubSocket } from './session';
import { setFlushSpacing } from './wire';

declare module '@hapi/hapi' {
  interface PluginProperties {
    realtime: { hub: Hub } & typeof api;
  }
}

/**
 * The realtime hub (board.md §7) over the hub's fork of @hapi/nes (./nes: nes's protocol, which
 * the browser's nes client speaks): websockets on the platform's own port,
 * bearer auth through nes `direct` auth on the 'jwt' strategy (optional: roaming guests connect
 * without a token and name themselves by `uid` when they join), the spec's keepalive, and
 * `client.message({ method, args })` dispatched to the hub methods in ./methods.
 */
export const realtimePlugin: Plugin<void> = {
  name: 'realtime',
  dependencies: ['admin', 'boards', 'chat', 'comments', 'templates'],
  async register(server) {
    exposeApi(server, api);
    const app = server.app;
    const presence = app.config.redisUrl
      ? createRedisPresence(app.config.redisUrl, { prefix: app.config.redisPrefix, logger: app.logger })
      : createMemoryPresence();
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

    // every frame is checked before it is read (the frame guard), frames over the HTTP body cap are
    // refused by ws from their header, and each socket has a frame budget (docs/security.md "The hub's frames")
    const abuse = installAbuse(server);
    const onFrame = createFrameGuard({ admit: (socket) => abuse.frame(socket), tooMany: MESSAGES.tooManyRequests, logger: app.logger });
    const proxies = app.config.trustedProxies ?? [];

    await server.register({
      plugin: nesPlugin,
      options: {
        // 'optional': no token = a guest; a bad or expired token is refused (the client refreshes)
        auth: { route: { strategy: 'jwt', mode: 'optional' } },
        heartbeat: { ...HUB_HEARTBEAT },
        maxPayload: PAYLOAD_MAX_BYTES,
        addressOf: (req) => clientAddressOf(req, proxies),
        // sockets opened per minute and open at once per client address, before the upgrade is read
        admitUpgrade: (address) => abuse.openSocket(address),
        onFrame,
        onSystemError: (err, socket, request) =>
          app.logger.error({ err, connectionId: socket.id, type: request.type }, 'hub: a frame failed'),
        onConnection: (socket: HubSocket) => {
          socket.app.session = null;
          counted.add(socket);
          app.metrics?.hubConnected();
        },
        onDisconnection: (socket: HubSocket) => {
          // sockets that never said hello (or failed auth) are reported too: only connected ones count
          if (counted.delete(socket)) app.metrics?.hubDisconnected();
          const session = socket.app.session;
          if (session) hub.leave(session).catch((err) => app.logger.warn({ err }, 'hub: leave on disconnect failed'));
        },
        onMessage: (socket: HubSocket, message: unknown) => dispatch({ hub, socket, app, plugins: server.plugins }, message),
      } satisfies NesOptions<HubSocket['app']>,
    });
    server.expose('hub', hub);
    // a password change or reset closes the user's sockets on every node (realtime/reauth.ts)
    const stopRevocation = installSessionRevocation(server);
    server.ext('onPreStop', () => stopRevocation());
    server.ext('onPostStop', async () => {
      await hub.stop();
    });
  },
};
