import Joi from 'joi';
import { boardRef } from '../../boards/api';
import { abuseOf } from '../../core/abuse';
import { sessionOn } from '../session';
import { sendEvent } from '../wire';
import { defineMethod } from './define';

/**
 * addComment(board, text, threadId?): the comments service (`server.plugins.comments`) checks
 * write_comment, stores and publishes commentAdded; the caller also gets addCommentSucceeded
 * (createdThreadId, id, date).
 */
export const addComment = defineMethod<{ board: string; text: string; threadId?: string }>({
  name: 'addComment',
  params: [
    ['board', boardRef],
    ['text', Joi.string().max(10_000).allow('').required()],
    ['threadId', Joi.string().max(100).allow('')],
  ],
  async run({ socket, app, plugins }, { board, text, threadId }) {
    const session = sessionOn(socket, board);
    // this socket's and this user's comment budgets (docs/security.md "Abuse limits")
    await abuseOf(app).hub('comments', session.connectionId, session.actor.uid);
    const result = await plugins.comments.addComment(app, board, session.actor, text, threadId || undefined, {
      connectionId: session.connectionId,
      displayName: session.member.name,
    });
    sendEvent(socket, 'addCommentSucceeded', result);
    return result;
  },
});
