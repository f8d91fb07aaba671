import Boom from '@hapi/boom';
import type { Nes } from '@hapi/nes';
import type { HubEvent, HubEventMessage } from '../../shared/hub';
import type { Actor } from '../core/actor';
import { userIdOf, type TokenClaims } from '../core/auth';
import { fieldError } from '../core/errors';
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
  /**
   * ids of commands this socket sent whose onCommand it has not been spared yet: the answer
   * already gave it their seq, so a copy read back from the log (gap fill) is not sent to it
   */
  sent: Set<string>;
}

/** How many sent command ids a session remembers (older ones have long been delivered). */
export const SENT_MEMORY = 1000;

/** Remembers a command this socket sent (see Session.sent). */
export function rememberSent(session: Session, id: string): void {
  session.sent.add(id);
  if (session.sent.size > SENT_MEMORY) session.sent.delete(session.sent.values().next().value as string);
}

export type HubSocket = Nes.Socket<{ session?: Session | null }>;

/** Text of the invalid-uid failure (board.md §2: clientid without uid, or a guest without uid). */
export const INVALID_UID = 'invalid-uid';

/**
 * Who is on this socket: the user of the bearer token it connected with, or a roaming guest by
 * the `uid` it passes to joinBoard / reconnect. A clientid needs a uid.
 */
export function socketActor(socket: HubSocket, options: { uid?: string | null; clientid?: string | null }): Actor {
  const clientId = options.clientid || null;
  if (clientId && !options.uid) throw fieldError('uid', INVALID_UID);
  if (socket.auth.isAuthenticated && socket.auth.credentials) {
    const claims = socket.auth.credentials as unknown as TokenClaims;
    // a developer app's participant token names no Tabula user (core/auth userIdOf)
    return { userId: userIdOf(claims), uid: claims.id ?? claims.sub, claims, clientId: clientId ?? claims.client ?? null };
  }
  if (!options.uid) throw fieldError('uid', INVALID_UID);
  return { userId: null, uid: options.uid, claims: null, clientId };
}

/** The session of a socket on `board`, or a 400 when the socket has not joined it. */
export function sessionOn(socket: HubSocket, board: string): Session {
  const session = socket.app.session;
  if (!session || session.board !== board) throw Boom.badRequest('Join the board first.');
  return session;
}

/** Sends one event to a socket; a closed socket is not an error. */
export function sendEvent(socket: HubSocket, event: HubEvent, data: unknown): void {
  sendPrepared(socket, prepareEvent(event, data), event, data);
}

/**
 * The nes `update` frame of an event (`{ type: 'update', message: { event, data } }`) as UTF-8
 * bytes, made once per broadcast and sent to many sockets (sendPrepared).
 */
export const prepareEvent = (event: HubEvent, data: unknown): Buffer =>
  Buffer.from(`{"type":"update","message":${JSON.stringify({ event, data } satisfies HubEventMessage)}}`);

/** What of nes's socket and ws's WebSocket the event writer uses (checked at run time). */
interface Wire {
  _ws?: {
    readyState: number;
    send(data: Buffer, options: { binary: boolean }, cb?: (err?: Error) => void): void;
    _socket?: { cork(): void; uncork(): void; destroyed?: boolean };
  };
}
type RawSocket = NonNullable<NonNullable<Wire['_ws']>['_socket']>;

const corked = new Set<RawSocket>();
let uncorkScheduled = false;

/** Releases every corked TCP socket once per event-loop turn: the turn's frames leave in one write each. */
function scheduleUncork(): void {
  if (uncorkScheduled) return;
  uncorkScheduled = true;
  setImmediate(() => {
    uncorkScheduled = false;
    for (const raw of corked) if (!raw.destroyed) raw.uncork();
    corked.clear();
  });
}

/**
 * Sends an event frame (nes `update`) made once per broadcast (prepareEvent), so fan-out to N
 * sockets serialises and encodes a command once, not N times (sent as a text frame). Events are written straight
 * to the socket's websocket rather than through nes's per-socket queue (which waits for each
 * write to complete before the next and so sends at most one frame per socket per turn); the
 * TCP socket is corked until the end of the event-loop turn, so a busy board's frames to one
 * socket leave in one system call instead of one each. Events keep their order (they all take
 * this path); method answers and pings still go through nes. Without those internals (another
 * nes version) it falls back to nes's `socket.send`.
 */
export function sendPrepared(socket: HubSocket, frame: Buffer, event: HubEvent, data: unknown): void {
  const ws = (socket as unknown as Wire)._ws;
  if (!ws || typeof ws.send !== 'function') {
    if (socket.isOpen()) socket.send({ event, data } satisfies HubEventMessage).catch(() => {});
    return;
  }
  if (ws.readyState !== 1) return;
  const raw = ws._socket;
  if (raw && typeof raw.cork === 'function' && !corked.has(raw)) {
    raw.cork();
    corked.add(raw);
    scheduleUncork();
  }
  ws.send(frame, { binary: false }, () => {});
}
