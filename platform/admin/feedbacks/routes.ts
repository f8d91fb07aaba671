import Boom from '@hapi/boom';
import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { answer, deletedAnswer, optionalAuth, savedAnswer, uidFields } from '../../core/route-pieces';
import { answerList, listAnswer, listQuery, type ListDeclaration } from '../../core/list';
import type { RateLimiter } from '../../core/ratelimit';
import { auditAs } from '../audit/trail';
import { operatorRoute } from '../operator';
import { budgetOf, senderOf } from '../sender';
import type { DbRow } from '../../db/row';

export const FEEDBACK_TYPES = ['positive', 'neutral', 'negative'] as const;
export const FEEDBACK_NOT_FOUND = 'Feedback not found.';

interface FeedbackRow {
  id: string;
  uid: string | null;
  username: string | null;
  type: string;
  source: string;
  tags: string[];
  description: string;
  createdDate: Date;
}

const tagsSchema = Joi.alternatives(
  Joi.array().items(Joi.string().trim().max(60)).max(20).single(),
  Joi.string().trim().max(1000).allow(''),
);
const tagsOf = (value: unknown): string[] =>
  [
    ...new Set(
      (Array.isArray(value) ? value : [value ?? ''])
        .flatMap((v) => String(v).split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ].slice(0, 20);

/** backoffice.md §2 Feedback: the grid with its tag filter (feedbacks having any of the tags), newest first. */
export const FEEDBACK_LIST: ListDeclaration<FeedbackRow, Record<string, unknown>> = {
  name: 'AdminFeedbacks',
  fields: {
    id: 'f.id',
    uid: 'f.uid',
    username: 'f.email',
    type: 'f.type',
    source: 'f.source',
    tags: 'f.tags',
    description: 'f.description',
    createdDate: 'f.created_at',
  },
  sortable: ['createdDate', 'type'],
  searchable: ['username', 'description'],
  quickFilters: {
    all: null,
    positive: (q) => void q.where('f.type', 'positive'),
    neutral: (q) => void q.where('f.type', 'neutral'),
    negative: (q) => void q.where('f.type', 'negative'),
  },
  filters: {
    Tags: {
      schema: tagsSchema,
      apply: (q, value: unknown) => {
        const tags = tagsOf(value);
        if (tags.length) q.whereRaw(`f.tags && array[${tags.map(() => '?').join(',')}]::text[]`, tags);
      },
    },
  },
  defaultOrder: 'createdDate Desc',
  pageSize: 10,
  csvMax: 3000,
  toItem: (r) => ({
    id: r.id,
    createdDate: new Date(r.createdDate).toISOString(),
    uid: r.uid,
    username: r.username,
    type: r.type,
    source: r.source,
    tags: r.tags ?? [],
    hasDetail: !!r.description?.trim(),
  }),
};

const idParams = Joi.object({ id: Joi.string().guid().required() }).label('FeedbackRef');

/** A row of the grid (FEEDBACK_LIST.toItem); every key is sent. */
const feedbackItem = Joi.object({
  id: Joi.string(),
  createdDate: Joi.string(),
  uid: Joi.string().allow(null),
  username: Joi.string().allow(null),
  type: Joi.string(),
  source: Joi.string(),
  tags: Joi.array().items(Joi.string()),
  hasDetail: Joi.boolean(),
})
  .prefs({ presence: 'required' })
  .label('AdminFeedbackRow');
/** GET /api/admin/feedback/{id}: the row with its text and where it came from. */
const feedbackDetail = feedbackItem
  .keys({
    feedback: Joi.string().allow(null, ''),
    ip: Joi.string().allow(null),
    country: Joi.string().allow(null),
    userAgent: Joi.string().allow(null, ''),
  })
  .label('AdminFeedback');
const app = (request: Request) => request.server.app;

async function feedbackOr404(request: Request) {
  const row = await app(request)
    .db('feedbacks')
    .where({ id: String(request.params.id) })
    .first();
  if (!row) throw Boom.notFound(FEEDBACK_NOT_FOUND);
  return row as DbRow;
}

export function feedbackRoutes(limiter: RateLimiter): ServerRoute[] {
  return [
    {
      method: 'POST',
      path: '/api/feedbacks',
      options: {
        auth: optionalAuth,
        tags: ['api', 'feedbacks'],
        description: 'Send feedback (panel.md §3 Feedback): type, description, email (only when not signed in), source',
        notes:
          'Rate-limited per sender (signed-in user, else client address): 429 with Retry-After. A signed-in sender is known by their account; an e-mail they send is ignored.',
        payload: { maxBytes: 64 * 1024 },
        pre: [budgetOf(limiter)],
        validate: {
          payload: Joi.object({
            type: Joi.string()
              .valid(...FEEDBACK_TYPES)
              .required(),
            description: Joi.string().trim().max(4000).allow('').default(''),
            email: Joi.string().trim().email().max(320).allow('', null),
            source: Joi.string().trim().max(40).allow('').default('app'),
            ...uidFields,
          }).label('FeedbackInput'),
        },
        response: { schema: savedAnswer },
      },
      async handler(request) {
        const input = request.payload as { type: string; description: string; email?: string | null; source: string };
        const sender = senderOf(request);
        const user = sender.userId
          ? ((await app(request).db('users').where({ id: sender.userId }).first('username')) as { username: string } | undefined)
          : undefined;
        const [row] = await app(request)
          .db('feedbacks')
          .insert({
            user_id: sender.userId,
            uid: sender.uid,
            email: user?.username ?? (input.email?.trim().toLowerCase() || null),
            type: input.type,
            description: input.description,
            source: input.source || 'app',
            ip: sender.ip,
            country: sender.country,
            user_agent: sender.userAgent,
          })
          .returning(['id']);
        return { id: (row as { id: string }).id, message: 'data successfully saved.' };
      },
    },
    {
      method: 'GET',
      path: '/api/admin/feedbacks',
      options: operatorRoute('admin-feedbacks', {
        description: 'The feedback grid (list protocol; Tags filter: any of these tags)',
        validate: { query: listQuery(FEEDBACK_LIST) },
        response: { schema: Joi.alternatives(listAnswer('AdminFeedbacksPage', feedbackItem), Joi.string()) },
      }),
      handler: (request, h) => answerList(FEEDBACK_LIST, app(request).db('feedbacks as f'), request, h),
    },
    {
      method: 'GET',
      path: '/api/admin/feedback/tags',
      options: operatorRoute('admin-feedbacks', {
        description: 'Every tag given to a feedback, sorted',
        response: { schema: Joi.array().items(Joi.string()).label('AdminFeedbackTags') },
      }),
      async handler(request) {
        const rows = (await app(request).db.raw('select distinct unnest(tags) as tag from feedbacks order by 1')) as {
          rows: Array<{ tag: string }>;
        };
        return rows.rows.map((r) => r.tag);
      },
    },
    {
      method: 'GET',
      path: '/api/admin/feedback/{id}',
      options: operatorRoute('admin-feedbacks', {
        description: 'A feedback with its text, ip, country and user agent',
        validate: { params: idParams },
        response: { schema: feedbackDetail },
      }),
      async handler(request) {
        const f = await feedbackOr404(request);
        return {
          id: f.id,
          createdDate: new Date(f.created_at).toISOString(),
          uid: f.uid,
          username: f.email,
          type: f.type,
          source: f.source,
          tags: f.tags,
          feedback: f.description,
          ip: f.ip,
          country: f.country,
          userAgent: f.user_agent,
          hasDetail: !!f.description?.trim(),
        };
      },
    },
    {
      method: 'PUT',
      path: '/api/admin/feedback/{id}/tags',
      options: operatorRoute('admin-feedbacks', {
        description: "Replace a feedback's tags (a list, or one comma-separated text)",
        validate: {
          params: idParams,
          payload: Joi.object({ id: Joi.string().guid(), tags: tagsSchema.required() }).unknown(true).label('FeedbackTags'),
        },
        response: {
          schema: answer('AdminFeedbackTagsSaved', { id: Joi.string(), tags: Joi.array().items(Joi.string()), message: Joi.string() }),
        },
      }),
      async handler(request) {
        const f = await feedbackOr404(request);
        const tags = tagsOf((request.payload as { tags: unknown }).tags);
        await app(request).db('feedbacks').where({ id: f.id }).update({ tags });
        auditAs(request, { action: 'feedback.tags', targetType: 'feedback', targetId: f.id, details: { tags } });
        return { id: f.id, tags, message: 'data successfully saved.' };
      },
    },
    {
      method: 'DELETE',
      path: '/api/admin/feedback/{id}',
      options: operatorRoute('admin-feedbacks', {
        description: 'Delete a feedback permanently',
        validate: { params: idParams },
        response: { schema: deletedAnswer },
      }),
      async handler(request) {
        const f = await feedbackOr404(request);
        await app(request).db('feedbacks').where({ id: f.id }).delete();
        auditAs(request, {
          action: 'feedback.delete',
          targetType: 'feedback',
          targetId: f.id,
          details: { type: f.type, username: f.email },
        });
        return { id: f.id, message: 'has been delete' };
      },
    },
  ];
}
