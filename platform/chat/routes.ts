import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { requestActor } from '../core/actor';
import { boardCors } from '../core/cors';
import { boardRef } from '../boards/api';
import { optionalAuth, uidFields } from '../core/route-pieces';
import { listMessages } from './service';

export const chatMessageSchema = Joi.object({
  id: Joi.string(),
  message: Joi.string(),
  displayName: Joi.string().allow(''),
  sentDate: Joi.string(),
  sender: Joi.string().valid('self', 'other'),
  uid: Joi.string(),
  profileImage: Joi.string().allow(null),
})
  .prefs({ presence: 'required' })
  .label('ChatMessage');

/** Chat history (board.md §7; sending goes through the hub's sendMessage). */
export const chatRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/boards/{id}/messages',
    options: {
      auth: optionalAuth,
      cors: boardCors,
      tags: ['api', 'chat'],
      description: 'Chat messages of a board (view_chat): the latest page, or the page before From',
      validate: {
        params: Joi.object({ id: boardRef }),
        query: Joi.object({ From: Joi.date().description('only messages sent before this date'), ...uidFields }),
      },
      response: { schema: Joi.array().items(chatMessageSchema).label('ChatMessages') },
    },
    handler: (request) =>
      listMessages(
        request.server.app,
        (request.params as { id: string }).id,
        requestActor(request),
        (request.query as { From?: Date }).From ?? null,
      ),
  },
];
