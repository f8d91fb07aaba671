import Boom from '@hapi/boom';
import type { Server, ServerApplicationState } from '@hapi/hapi';
import { userIdOf, type TokenClaims } from '../core/auth';
import {
  isExpired,
  noteSessionEnded,
  noteTokenVersion,
  revocationOf,
  SESSION_REVOKED,
  TOKEN_EXPIRED,
  tokenVersionOf,
} from '../core/session-guard';
import { onSessionsRevoked } from './bus';
import type { HubSocket } from './session';

/**
 * A socket's bearer token is checked when it connects (nes `direct` auth on the jwt strategy),
 * but a socket lives longer than its token. So every hub method call checks it again
 * (docs/security.md "Sessions and tokens"):
 *  - past its `exp` (with the configured leeway): 401 'Token expired'. The socket stays open;
 *    the client refreshes, hands the socket the new token (nes `client.reauthenticate()`) and
 *    calls again;
 *  - issued before the user's password changed or was reset, or of a session that ended (logout;
 *    core/session-guard), or without `exp`: 401 and the socket is closed;
 *  - a socket that re-authenticated as someone else than the member it joined as: 401 and closed.
 * Guests (no token) have nothing to check.
 */
export async function checkSocketSession(ctx: { socket: HubSocket; app: ServerApplicationState }): Promise<void> {
  const { socket, app } = ctx;
  if (!socket.auth.isAuthenticated || !socket.auth.credentials) return;
  const claims = socket.auth.credentials as unknown as TokenClaims;
  if (isExpired(claims, app.config.accessTokenLeewaySeconds ?? 5)) throw Boom.unauthorized(TOKEN_EXPIRED);
  const userId = userIdOf(claims);
  const refusal = await revocationOf(app.db, userId, claims);
  if (refusal) throw closing(socket, Boom.unauthorized(refusal));
  const session = socket.app.session;
  if (session && session.actor.userId !== userId) throw closing(socket, Boom.unauthorized(SESSION_REVOKED));
}

/** Closes the socket once the answer is on its way. */
function closing(socket: HubSocket, error: Boom.Boom): Boom.Boom {
  setTimeout(() => void Promise.resolve(socket.disconnect()).catch(() => undefined), 0);
  return error;
}

/**
 * When a user's sessions end (accounts: password change or reset, deactivation, delete), every
 * node closes that user's sockets that still carry a token of an older version, and when one
 * session ends (logout), the sockets carrying a token of that session, at once: the bus brings
 * the message to every node (through Redis with REDIS_URL), this one included.
 */
export function installSessionRevocation(server: Server): () => void {
  const app = server.app;
  return onSessionsRevoked(app.bus, async ({ userId, version, sessionId }) => {
    noteTokenVersion(app.db, userId, version);
    if (sessionId) noteSessionEnded(app.db, sessionId, userId);
    const each = (server as unknown as { eachSocket?: (each: (socket: HubSocket) => void, options?: object) => Promise<void> }).eachSocket;
    if (!each) return;
    const stale: HubSocket[] = [];
    // nes walks its sockets asynchronously (one callback per microtask): wait for the walk
    await Promise.resolve(
      each.call(
        server,
        (socket: HubSocket) => {
          if (!socket.auth.isAuthenticated || !socket.auth.credentials) return;
          const claims = socket.auth.credentials as unknown as TokenClaims;
          if (userIdOf(claims) === userId && (tokenVersionOf(claims) < version || (!!sessionId && claims.sid === sessionId)))
            stale.push(socket);
        },
        {},
      ),
    ).catch((err) => app.logger.warn({ err }, 'sessions revoked: walking the sockets failed'));
    for (const socket of stale) void Promise.resolve(socket.disconnect()).catch(() => undefined);
    if (stale.length) app.logger.info({ userId, sockets: stale.length }, 'sessions revoked: sockets closed');
  });
}
