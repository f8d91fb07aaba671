import crypto from 'node:crypto';
import Boom from '@hapi/boom';
import { can } from '../../shared/permissions';
import type { Actor } from '../core/actor';
import { badRequest } from '../core/errors';
import { getBoardAccess, UNAUTHORIZED_ACCESS, type BoardApp, displayNameOf, profileImageOf, type MemberRow } from '../boards/api';
import { cleanChatMessage, type ChatMessage } from '../../shared/collab';
import { insertMessage, messagesBefore, type ChatMessageRow } from './repo';

export type { ChatMessage };

export const CHAT_MESSAGE_MAX = 4000;
export const CHAT_PAGE_SIZE = 50;
export const EMPTY_MESSAGE = 'Message is empty.';

function toMessage(row: ChatMessageRow, reader: string | null): ChatMessage {
  return {
    id: row.client_id,
    message: row.message,
    displayName: row.display_name,
    sentDate: new Date(row.created_at).toISOString(),
    sender: row.uid === reader ? 'self' : 'other',
    uid: row.uid,
    profileImage: row.user_id ? (row.avatar ?? null) : null,
  };
}

/**
 * The sender's name: the one chosen on the board (renameMember), else the one they joined the
 * hub with (a returning guest's remembered name), else their profile name or 'Guest'.
 */
export async function nameOnBoard(db: BoardApp['db'], member: MemberRow | undefined, actor: Actor, joinedAs?: string): Promise<string> {
  return member?.name || joinedAs?.trim() || displayNameOf(db, member, actor);
}

async function chatAccess(app: BoardApp, code: string, actor: Actor | null) {
  const access = await getBoardAccess(app, code, actor);
  if (!can(access.role, 'view_chat')) throw Boom.forbidden(UNAUTHORIZED_ACCESS);
  return access;
}

/**
 * Hub `sendMessage(board, {id, message})`: stores the message once per id, tells the other
 * sockets (onMessageReceived) and returns the stored message for the sender's onMessageSent.
 */
export async function sendMessage(
  app: BoardApp,
  code: string,
  actor: Actor | null,
  input: { id?: string; message: string },
  opts: { connectionId?: string; displayName?: string } = {},
): Promise<ChatMessage> {
  const access = await chatAccess(app, code, actor);
  const text = cleanChatMessage(String(input.message ?? ''));
  if (!text) throw badRequest(EMPTY_MESSAGE, { message: [EMPTY_MESSAGE] });
  if (text.length > CHAT_MESSAGE_MAX)
    throw badRequest(`Message must be at most ${CHAT_MESSAGE_MAX} characters.`, {
      message: [`Message must be at most ${CHAT_MESSAGE_MAX} characters.`],
    });
  const clientId = typeof input.id === 'string' && input.id.length > 0 && input.id.length <= 100 ? input.id : crypto.randomUUID();
  const { row, created } = await insertMessage(app.db, {
    boardId: access.board.id,
    clientId,
    uid: actor!.uid,
    userId: actor!.userId,
    displayName: await nameOnBoard(app.db, access.member, actor!, opts.displayName),
    message: text,
  });
  // a message id is answered only to the sender who stored it (docs/security.md "Idempotency after authorization")
  if (!created && row.uid !== actor!.uid) throw Boom.forbidden(UNAUTHORIZED_ACCESS);
  row.avatar = await profileImageOf(app.db, actor!);
  if (created) {
    await app.bus.publish(access.board.code, { event: 'onMessageReceived', data: toMessage(row, null), except: opts.connectionId });
  }
  return toMessage(row, actor!.uid);
}

/** GET /api/boards/{code}/messages?From: the page of messages sent before From (latest when absent). */
export async function listMessages(app: BoardApp, code: string, actor: Actor | null, from: Date | null): Promise<ChatMessage[]> {
  const access = await chatAccess(app, code, actor);
  const rows = await messagesBefore(app.db, access.board.id, from, CHAT_PAGE_SIZE);
  return rows.map((row) => toMessage(row, actor!.uid));
}
