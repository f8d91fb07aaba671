import Boom from '@hapi/boom';
import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { ANNOUNCEMENT_MESSAGE_MAX, ANNOUNCEMENT_TYPES, type AnnouncementType } from '../../../shared/announcements';
import {
  publishAnnouncement,
  announcementSchema,
  deleteAnnouncement,
  insertAnnouncement,
  toAnnouncement,
  type AnnouncementRow,
} from '../../announcements/api';
import { answerList, listAnswer, listQuery, type ListDeclaration } from '../../core/list';
import { auditAs } from '../audit/trail';
import { operatorOf, operatorRoute } from '../operator';

export const ANNOUNCEMENT_NOT_FOUND = 'Announcement not found.';

type ListRow = AnnouncementRow & { publishedBy: string | null };

/** The back-office's announcements grid (list protocol): all, or only those not ended yet. */
export const ANNOUNCEMENT_LIST: ListDeclaration<ListRow, Record<string, unknown>> = {
  name: 'AdminAnnouncements',
  fields: {
    id: 'a.id',
    type: 'a.type',
    message: 'a.message',
    start: 'a.starts_at',
    end: 'a.ends_at',
    publishedAt: 'a.published_at',
    publishedBy: 'u.username',
  },
  sortable: ['start', 'end', 'publishedAt', 'type'],
  searchable: ['message'],
  quickFilters: { all: null, current: (q) => void q.where('a.ends_at', '>', new Date()) },
  defaultOrder: 'publishedAt Desc',
  pageSize: 10,
  csvMax: 3000,
  toItem: (r) => {
    const row = r as unknown as Record<string, unknown>;
    const a = toAnnouncement({
      id: String(row.id),
      type: row.type as AnnouncementType,
      message: String(row.message),
      starts_at: row.start as Date,
      ends_at: row.end as Date,
    });
    return { ...a, publishedAt: new Date(row.publishedAt as Date).toISOString(), publishedBy: (row.publishedBy as string | null) ?? null };
  },
};

const app = (request: Request) => request.server.app;

/** A row of the grid (ANNOUNCEMENT_LIST.toItem): the announcement, when and by whom it was published. */
const announcementItem = announcementSchema
  .keys({ publishedAt: Joi.string(), publishedBy: Joi.string().allow(null) })
  .label('AdminAnnouncementRow');

/**
 * backoffice.md §7 "Dashboard and reports": GET /api/admin/announcements; POST
 * /api/admin/announcements {message, type, start, end}; and DELETE …/{id} to withdraw one.
 * Operators only, audited. Publishing sends the `announcement` hub event to every open board on
 * every node (platform/announcements/fanout.ts); deleting sends its withdrawal.
 */
export const adminAnnouncementRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/admin/announcements',
    options: operatorRoute('admin-announcements', {
      description: 'The announcements (type, message, start, end, duration, publishedAt, publishedBy), newest first (list protocol)',
      validate: { query: listQuery(ANNOUNCEMENT_LIST) },
      response: { schema: Joi.alternatives(listAnswer('AdminAnnouncementsPage', announcementItem), Joi.string()) },
    }),
    handler: (request, h) =>
      answerList(ANNOUNCEMENT_LIST, app(request).db('announcements as a').leftJoin('users as u', 'u.id', 'a.created_by'), request, h),
  },
  {
    method: 'POST',
    path: '/api/admin/announcements',
    options: operatorRoute('admin-announcements', {
      description: 'Publish an announcement to every open board (ScheduledMaintenance or News, from start to end)',
      validate: {
        payload: Joi.object({
          message: Joi.string().trim().min(1).max(ANNOUNCEMENT_MESSAGE_MAX).required(),
          type: Joi.string()
            .valid(...ANNOUNCEMENT_TYPES)
            .required(),
          start: Joi.date().iso().required(),
          end: Joi.date().iso().greater(Joi.ref('start')).required().messages({ 'date.greater': 'end must be after start' }),
          // the panel's HTTP layer adds its roaming Uid to every body (the dashboard's form)
          Uid: Joi.string().max(200).strip(),
        }).label('AnnouncementInput'),
      },
      response: { status: { 201: announcementSchema } },
    }),
    async handler(request, h) {
      const operator = operatorOf(request);
      const input = request.payload as { message: string; type: AnnouncementType; start: Date; end: Date };
      const row = await insertAnnouncement(app(request).db, { ...input, createdBy: operator.userId });
      const announcement = toAnnouncement(row);
      await publishAnnouncement(app(request).bus, announcement);
      auditAs(request, {
        action: 'announcement.publish',
        targetType: 'announcement',
        targetId: row.id,
        details: { type: row.type, start: announcement.start, end: announcement.end },
      });
      return h.response(announcement).code(201);
    },
  },
  {
    method: 'DELETE',
    path: '/api/admin/announcements/{id}',
    options: operatorRoute('admin-announcements', {
      description: 'Withdraw an announcement (open boards stop showing it)',
      validate: { params: Joi.object({ id: Joi.string().guid().required() }) },
      response: {
        schema: Joi.object({ id: Joi.string().required(), removed: Joi.boolean().valid(true).required() }).label('AnnouncementWithdrawn'),
      },
    }),
    async handler(request) {
      const row = await deleteAnnouncement(app(request).db, String(request.params.id));
      if (!row) throw Boom.notFound(ANNOUNCEMENT_NOT_FOUND);
      await publishAnnouncement(app(request).bus, { id: row.id, removed: true });
      auditAs(request, { action: 'announcement.delete', targetType: 'announcement', targetId: row.id, details: { type: row.type } });
      return { id: row.id, removed: true };
    },
  },
];
