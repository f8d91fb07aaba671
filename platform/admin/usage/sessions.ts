import type { ServerApplicationState } from '@hapi/hapi';
import type { Actor } from '../../core/actor';
import { countryOf } from '../sender';
import { socketAddress, type SocketInfo } from './record';
import { usageWriterOf, type SessionHandle } from './writer';

/**
 * Board sessions (docs/backoffice.md "Usage facts"): the hub calls `startBoardSession` when a
 * socket has entered a board (joinBoard; reconnect with `resume`) and ends the handle when the
 * socket leaves it (leave, another board, disconnect). Who (account, local user id, developer
 * app), the client address (X-Forwarded-For only from TRUSTED_PROXIES), its country from the
 * offline geoip-country database and the socket's User-Agent are kept; the row is written by the
 * batched writer (./writer.ts), never on the join's path. Without a writer (no admin-usage
 * plugin) nothing is recorded.
 */
export interface BoardSessionStart {
  actor: Actor;
  boardId: string;
  /** the hub socket's info (address, X-Forwarded-For, User-Agent) */
  socket: (SocketInfo & { 'user-agent'?: string }) | undefined;
  /** a reconnect: continues the member's session this node ended moments ago */
  resume?: boolean;
}

export function startBoardSession(app: ServerApplicationState, start: BoardSessionStart): SessionHandle | undefined {
  const writer = usageWriterOf(app);
  if (!writer) return undefined;
  try {
    const ip = socketAddress(start.socket, app.config.trustedProxies ?? []).slice(0, 64) || null;
    return writer.startSession(
      {
        boardId: start.boardId,
        uid: start.actor.uid,
        userId: start.actor.userId,
        clientId: start.actor.clientId ?? null,
        ip,
        country: countryOf(ip),
        userAgent: start.socket?.['user-agent'] || null,
      },
      { resume: start.resume },
    );
  } catch (err) {
    app.logger.warn({ err }, 'usage: board session not recorded');
    return undefined;
  }
}
