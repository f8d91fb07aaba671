import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { boardCors } from '../core/cors';
import { ANNOUNCEMENT_TYPES } from '../../shared/announcements';
import { currentAnnouncements, toAnnouncement } from './repo';

/** An announcement as boards and the back-office receive it (shared/announcements.ts Announcement; repo.ts toAnnouncement). */
export const announcementSchema = Joi.object({
  id: Joi.string(),
  type: Joi.string().valid(...ANNOUNCEMENT_TYPES),
  message: Joi.string(),
  start: Joi.string().description('ISO start'),
  end: Joi.string().description('ISO end'),
  duration: Joi.number().integer().description('minutes from start to end'),
  untilStart: Joi.number().integer().description('seconds from now (when sent) until the start; 0 once started'),
})
  .prefs({ presence: 'required' })
  .label('Announcement');

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
      response: { schema: Joi.array().items(announcementSchema).label('Announcements') },
    },
    handler: async (request) => {
      const now = Date.now();
      return (await currentAnnouncements(request.server.app.db, new Date(now))).map((row) => toAnnouncement(row, now));
    },
  },
];
