import type { Plugin, Request, Server } from '@hapi/hapi';
import { Listener, type NesSettings } from './listener';
import type { NesSocket } from './socket';

/**
 * The hub's websocket server as a hapi plugin: @hapi/nes 14.0.1's lib/index.js (BSD-3-Clause,
 * ./LICENSE.md) reduced to what the platform uses (./README.md): `direct` auth through an internal
 * route, heartbeats, `onConnection` / `onDisconnection` / `onMessage`, `server.eachSocket` and
 * `request.socket` (the socket of a request a client sent over its websocket).
 */

export type NesOptions<App extends object> = Omit<NesSettings<App>, 'auth'> & {
  auth: { route: object; timeout?: number | false; minAuthVerifyInterval?: number | false };
};

declare module '@hapi/hapi' {
  interface Server {
    /** calls `each` for every hub socket of this node, one after the other */
    eachSocket(each: (socket: NesSocket<object>) => unknown, options?: object): Promise<void>;
  }
}

export const nesPlugin: Plugin<NesOptions<object>> = {
  name: 'hub-websocket',
  register(server, options) {
    const heartbeat = options.heartbeat;
    const settings: NesSettings<object> = {
      ...options,
      auth: {
        endpoint: '/nes/auth',
        id: 'nes.auth',
        route: options.auth.route,
        timeout: options.auth.timeout ?? 5000,
        minAuthVerifyInterval: options.auth.minAuthVerifyInterval ?? (heartbeat ? heartbeat.interval : 15000),
      },
    };
    if (heartbeat && !(heartbeat.timeout < heartbeat.interval))
      throw new Error('hub websocket: heartbeat timeout must be less than its interval');

    server.route({
      method: 'auth' as 'GET',
      path: settings.auth.endpoint,
      options: {
        id: settings.auth.id,
        isInternal: true,
        auth: settings.auth.route as never,
        handler: (request: Request) => {
          if (!request.auth.isAuthenticated) return { status: 'unauthenticated' };
          return { credentials: request.auth.credentials, artifacts: request.auth.artifacts, strategy: request.auth.strategy };
        },
      },
    });

    const listener = new Listener(server, settings);
    server.ext('onPreStart', () => listener.start());
    server.ext('onPreStop', () => listener.stop());
    server.decorate('server', 'eachSocket', function (this: Server, each: (socket: NesSocket<object>) => unknown) {
      return listener.eachSocket(each);
    });
    server.decorate('request', 'socket', (request: Request) => (request.plugins as { nes?: { socket?: NesSocket } }).nes?.socket ?? null, {
      apply: true,
    });
  },
};
