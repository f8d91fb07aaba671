import Joi from 'joi';
import { deleteComment as deleteThreadComment } from '../../comments/service';
import { boardRef } from '../../boards/schemas';
import { sessionOn } from '../session';
import { defineMethod } from './define';

/** deleteComment(board, threadId, commentId): the comments service checks and publishes commentRemoved. */
export const deleteComment = defineMethod<{ board: string; threadId: string; commentId: string }>({
  name: 'deleteComment',
  params: [
    ['board', boardRef],
    ['threadId', Joi.string().max(100).required()],
    ['commentId', Joi.string().max(100).required()],
  ],
  async run({ socket, app }, { board, threadId, commentId }) {
    const session = sessionOn(socket, board);
    return deleteThreadComment(app, board, session.actor, threadId, commentId, { connectionId: session.connectionId });
  },
});
