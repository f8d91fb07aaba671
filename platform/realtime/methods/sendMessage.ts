import Joi from 'joi';
import { sendMessage as sendChatMessage } from '../../chat/api';
import { boardRef } from '../../boards/api';
import { abuseOf } from '../../core/abuse';
import { sessionOn } from '../session';
import { sendEvent } from '../wire';
import { defineMethod } from './define';

/**
 * sendMessage(board, {id, message}): chat; the chat service checks view_chat, stores the message
 * once per id and sends onMessageReceived to the others; the caller gets onMessageSent.
 */
export const sendMessage = defineMethod<{ board: string; message: { id: string; message: string } }>({
  name: 'sendMessage',
  params: [
    ['board', boardRef],
    [
      'message',
      Joi.object({
        id: Joi.string().max(100).required(),
        message: Joi.string().max(10_000).allow('').required(),
      }).required(),
    ],
  ],
  async run({ socket, app }, { board, message }) {
    const session = sessionOn(socket, board);
    // this socket's and this user's chat budgets (docs/security.md "Abuse limits")
    await abuseOf(app).hub('chat', session.connectionId, session.actor.uid);
    const sent = await sendChatMessage(app, board, session.actor, message, {
      connectionId: session.connectionId,
      displayName: session.member.name,
    });
    sendEvent(socket, 'onMessageSent', sent);
    return sent;
  },
});
