import Boom from '@hapi/boom';
import type { HubEventMessage } from '../../shared/hub';
import type { Actor } from '../core/actor';
import { tokenKey, userIdOf, type TokenClaims } from '../core/auth';
import { fieldError } from '../core/errors';
import { guestKey } from '../core/identity';
import type { CursorMove } from './cursor-batch';
import type { NesSocket } from './nes/socket';
import type { OnlineMember } from './presence';

/** One socket on one board (a socket is on at most one board at a time). */
export interface Session {
  socket: HubSocket;
  /** = socket.id, the connectionId handed to the board service */
  connectionId: string;
  board: string;
  actor: Actor;
  member: OnlineMember;
  /** highest command seq sent to this socket: a command is never sent twice */
  lastSeq: number;
  /** while the missed commands are being sent, live events wait here (in order) */
  held: HubEventMessage[] | null;
  /** last cursor broadcast (ms), for the 50 ms throttle */
  lastCursorAt: number;
  /** others' latest cursors kept while this socket skipped cursor batches (cursor-batch.ts) */
  cursorBacklog?: Map<string, CursorMove>;
  /**
   * ids of commands this socket sent whose onCommand it has not been spared yet: the answer
   * already gave it their seq, so a copy read back from the log (gap fill) is not sent to it
   */
  sent: Set<string>;
  /** this stay on the board as a usage fact (platform/admin/usage): ended when the socket leaves */
  usage?: { end(): void };
}

/** How many sent command ids a session remembers (older ones have long been delivered). */
export const SENT_MEMORY = 1000;

/** Remembers a command this socket sent (see Session.sent). */
export function rememberSent(session: Session, id: string): void {
  session.sent.add(id);
  if (session.sent.size > SENT_MEMORY) session.sent.delete(session.sent.values().next().value as string);
}

/** A hub websocket (the hub's fork of nes: ./nes). */
export type HubSocket = NesSocket<{ session?: Session | null }>;

/** Text of the invalid-uid failure (board.md §2: clientid without uid, or a guest without uid). */
export const INVALID_UID = 'invalid-uid';

/**
 * Who is on this socket: the holder of the bearer token it connected with, or a roaming guest
 * keyed by the digest of the secret `uid` it passes to joinBoard / reconnect (core/identity).
 * A clientid needs a uid.
 */
export function socketActor(socket: HubSocket, options: { uid?: string | null; clientid?: string | null }): Actor {
  const clientId = options.clientid || null;
  if (clientId && !options.uid) throw fieldError('uid', INVALID_UID);
  if (socket.auth.isAuthenticated && socket.auth.credentials) {
    const claims = socket.auth.credentials as unknown as TokenClaims;
    // a developer app's participant token names no Tabula user (core/auth userIdOf)
    return { userId: userIdOf(claims), uid: tokenKey(claims), claims, clientId: clientId ?? claims.client ?? null };
  }
  if (!options.uid) throw fieldError('uid', INVALID_UID);
  return { userId: null, uid: guestKey(options.uid), claims: null, clientId };
}

/** The session of a socket on `board`, or a 400 when the socket has not joined it. */
export function sessionOn(socket: HubSocket, board: string): Session {
  const session = socket.app.session;
  if (!session || session.board !== board) throw Boom.badRequest('Join the board first.');
  return session;
}
