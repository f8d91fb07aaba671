import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { boardCors } from '../core/cors';
import { currentAnnouncements, toAnnouncement } from './repo';

/**
 * GET /api/announcements: the announcements that have not ended, for a board that opens after
 * they were published (boards open without signing in, so no token is needed: an announcement
 * is for everyone). The SDK's announcement bar reads it once a board is joined.
 */
export const announcementRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/announcements',
    options: {
      auth: false,
      cors: boardCors,
      tags: ['api', 'announcements'],
      description: 'The current announcements (type, message, start, end, duration, untilStart)',
      validate: { query: Joi.object({ Uid: Joi.string().max(200) }).unknown(false) },
      cache: { privacy: 'public', expiresIn: 30_000 },
    },
    handler: async (request) => {
      const now = Date.now();
      return (await currentAnnouncements(request.server.app.db, new Date(now))).map((row) => toAnnouncement(row, now));
    },
  },
];
