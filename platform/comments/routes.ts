import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { requestActor } from '../core/actor';
import { boardCors } from '../core/cors';
import { boardRef } from '../boards/api';
import { optionalAuth, uidFields } from '../core/route-pieces';
import { listThreads, markThreadSeen } from './service';

const commentSchema = Joi.object({
  id: Joi.string(),
  message: Joi.string(),
  createdDate: Joi.string(),
  name: Joi.string().allow(''),
  profileImage: Joi.string().allow(null),
  seen: Joi.boolean(),
  uid: Joi.string(),
})
  .prefs({ presence: 'required' })
  .label('Comment');

const threadSchema = Joi.object({
  threadId: Joi.string(),
  shapeId: Joi.string().allow(null),
  comments: Joi.array().items(commentSchema),
  resolved: Joi.boolean(),
  deleted: Joi.boolean(),
})
  .prefs({ presence: 'required' })
  .label('CommentThread');

/** Comment threads (board.md §7; adding and deleting go through the hub). */
export const commentRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/boards/{id}/comments',
    options: {
      auth: optionalAuth,
      cors: boardCors,
      tags: ['api', 'comments'],
      description: 'Comment threads of a board with their comments and seen flags',
      validate: { params: Joi.object({ id: boardRef }), query: Joi.object(uidFields) },
      response: { schema: Joi.array().items(threadSchema).label('CommentThreads') },
    },
    handler: (request) => listThreads(request.server.app, (request.params as { id: string }).id, requestActor(request)),
  },
  {
    method: 'POST',
    path: '/api/boards/{id}/comments/{threadId}/mark',
    options: {
      auth: optionalAuth,
      cors: boardCors,
      tags: ['api', 'comments'],
      description: 'Mark a comment thread seen by the caller',
      validate: {
        params: Joi.object({ id: boardRef, threadId: Joi.string().max(100).required() }),
        payload: Joi.object(uidFields).allow(null),
      },
    },
    async handler(request, h) {
      const { id, threadId } = request.params as { id: string; threadId: string };
      await markThreadSeen(request.server.app, id, requestActor(request), threadId);
      return h.response().code(204);
    },
  },
];
