import Joi from 'joi';
import { boardRef } from '../../boards/api';
import { sessionOn } from '../session';
import { defineMethod } from './define';

/** deleteComment(board, threadId, commentId): the comments service (`server.plugins.comments`) checks and publishes commentRemoved. */
export const deleteComment = defineMethod<{ board: string; threadId: string; commentId: string }>({
  name: 'deleteComment',
  params: [
    ['board', boardRef],
    ['threadId', Joi.string().max(100).required()],
    ['commentId', Joi.string().max(100).required()],
  ],
  async run({ socket, app, plugins }, { board, threadId, commentId }) {
    const session = sessionOn(socket, board);
    return plugins.comments.deleteComment(app, board, session.actor, threadId, commentId, { connectionId: session.connectionId });
  },
});
