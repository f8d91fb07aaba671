import type { Request } from '@hapi/hapi';
import { actorOf, claimsOf, type TokenClaims } from './auth';

/**
 * Who is acting, over HTTP or a socket: a signed-in user (bearer token) or a guest (roaming
 * user id `uid`). Every domain service takes an Actor and checks access itself, so the HTTP
 * route and the hub method of the same action share one rule.
 */
export interface Actor {
  /** users.id when signed in */
  userId: string | null;
  /** the local user id: the user's id when signed in, else the guest's roaming uid */
  uid: string;
  claims: TokenClaims | null;
  /** developer app client id when the board is embedded through an app (board.md §2 clientid) */
  clientId?: string | null;
}

/** The Actor of an HTTP request, or null when it has neither a token nor a Uid. */
export function requestActor(request: Request): Actor | null {
  const { userId, uid } = actorOf(request);
  if (!uid) return null;
  const claims = claimsOf(request);
  return { userId, uid, claims, clientId: claims?.client ?? null };
}
