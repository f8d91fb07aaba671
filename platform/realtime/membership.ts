import Boom from '@hapi/boom';
import { getBoardAccess } from '../boards/api';
import type { Actor } from '../core/actor';
import type { MethodContext } from './methods/define';
import type { OnlineMember } from './presence';
import { socketActor, type HubSocket, type Session } from './session';
import { sendEvent } from './wire';

export interface EnterOptions {
  uid?: string;
  name?: string;
  clientid?: string;
}

/**
 * The part joinBoard and reconnect share: who the socket is, whether they may open the board
 * (`load` throws 404 / 403 from the board service), then the socket moves onto the board (off
 * any other), onMeJoined to it and onUserJoined to everyone else. With `afterSeq` the socket
 * first gets onReconnected with the commands after that seq.
 */
export async function enterBoard<T>(
  ctx: MethodContext,
  code: string,
  options: EnterOptions,
  afterSeq: number | null,
  load: (actor: Actor) => Promise<T>,
): Promise<{ info: T; session: Session; online: OnlineMember[]; lastSeq: number; boardId: string }> {
  const { hub, socket, app } = ctx;
  const actor = sameGuest(socket, code, options) ?? socketActor(socket, options);
  let info: T;
  let access: Awaited<ReturnType<typeof getBoardAccess>>;
  const previous = socket.app.session;
  try {
    info = await load(actor);
    access = await getBoardAccess(app, code, actor);
  } catch (err) {
    announceFailure(socket, code, err);
    throw err;
  }
  // the same member re-entering the same board is not a leave for the others
  if (previous) await hub.leave(previous, { quiet: previous.board === code && previous.actor.uid === actor.uid });
  const member: OnlineMember = {
    uid: actor.uid,
    name: options.name || nameIn(info) || access.member?.name || previous?.member.name || 'Guest',
    role: access.role,
    timestamp: Date.now(),
    isOnline: true,
  };
  const session: Session = {
    socket,
    connectionId: socket.id,
    board: code,
    actor,
    member,
    lastSeq: 0,
    held: null,
    lastCursorAt: 0,
    sent: new Set(),
  };
  if (!(await hub.enter(session, afterSeq))) throw Boom.badRequest('The connection closed.');
  const online = await hub.presence.online(code);
  sendEvent(socket, 'onMeJoined', { ...member, isSelf: true, connectionId: session.connectionId, online });
  await hub.publish(code, { event: 'onUserJoined', data: member, except: session.connectionId });
  return { info, session, online, lastSeq: access.board.last_seq, boardId: access.board.id };
}

/**
 * A guest's socket already on this board that re-enters without identity options
 * (reconnect(boardCode, lastSeq) after joinBoard) stays the guest it is: the session's actor. (Its
 * uid is the guest's key; deriving a guest from it again would give the identity anyone holding
 * the published key can assume.) A socket with a token is always its token's holder.
 */
function sameGuest(socket: HubSocket, code: string, options: EnterOptions): Actor | null {
  const current = socket.app.session;
  if (options.uid || options.clientid || !current || current.board !== code || socket.auth.isAuthenticated) return null;
  return current.actor;
}

/** The visitor's display name in a BoardInfo (describeBoard), when the load returned one. */
function nameIn(info: unknown): string | undefined {
  const name = (info as { displayName?: unknown } | null)?.displayName;
  return typeof name === 'string' && name ? name : undefined;
}

/** onBoardNotFound / onAccessDenied for a join that failed (board.md §4 "Server events"). */
function announceFailure(socket: HubSocket, code: string, err: unknown): void {
  if (!Boom.isBoom(err)) return;
  const status = err.output.statusCode;
  if (status === 404) sendEvent(socket, 'onBoardNotFound', { boardCode: code, message: err.message });
  else if (status === 401 || status === 403) sendEvent(socket, 'onAccessDenied', { boardCode: code, message: err.message });
}
