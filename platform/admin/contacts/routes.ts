import Boom from '@hapi/boom';
import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { optionalAuth, savedAnswer, uidFields } from '../../core/route-pieces';
import { answerList, listAnswer, listQuery, type ListDeclaration } from '../../core/list';
import type { RateLimiter } from '../../core/ratelimit';
import { operatorRoute } from '../operator';
import { budgetOf, senderOf } from '../sender';

/** What a contact message is about (the public contact form; docs/backoffice.md). */
export const CONTACT_TYPES = ['general', 'sales', 'support', 'partnership', 'press'] as const;

interface ContactRow {
  id: string;
  name: string;
  email: string;
  type: string;
  createdDate: Date;
}

/** backoffice.md §2 Contacts: createdDate, name, email, type; newest first. */
export const CONTACT_LIST: ListDeclaration<ContactRow, Record<string, unknown>> = {
  name: 'AdminContacts',
  fields: { id: 'c.id', name: 'c.name', email: 'c.email', type: 'c.type', createdDate: 'c.created_at' },
  sortable: ['createdDate', 'name', 'email'],
  searchable: ['name', 'email'],
  quickFilters: {
    all: null,
    ...Object.fromEntries(
      CONTACT_TYPES.map((t) => [
        t,
        (q: Parameters<NonNullable<NonNullable<ListDeclaration['quickFilters']>[string]>>[0]) => void q.where('c.type', t),
      ]),
    ),
  },
  defaultOrder: 'createdDate Desc',
  pageSize: 10,
  csvMax: 3000,
  toItem: (r) => ({ id: r.id, createdDate: new Date(r.createdDate).toISOString(), name: r.name, email: r.email, type: r.type }),
};

const app = (request: Request) => request.server.app;

/** A row of the grid (CONTACT_LIST.toItem); every key is sent. */
const contactItem = Joi.object({ id: Joi.string(), createdDate: Joi.string(), name: Joi.string(), email: Joi.string(), type: Joi.string() })
  .prefs({ presence: 'required' })
  .label('AdminContactRow');
/** GET /api/admin/contacts/{id}: the row with its message and where it came from. */
const contactDetail = contactItem
  .keys({ message: Joi.string(), ip: Joi.string().allow(null), country: Joi.string().allow(null), userAgent: Joi.string().allow(null, '') })
  .label('AdminContact');

export function contactRoutes(limiter: RateLimiter): ServerRoute[] {
  return [
    {
      method: 'POST',
      path: '/api/contacts',
      options: {
        auth: optionalAuth,
        tags: ['api', 'contacts'],
        description: 'The public contact form: name, email, type, message',
        notes: `type: ${CONTACT_TYPES.join(', ')} (default general). Rate-limited per sender (signed-in user, else client address): 429 with Retry-After.`,
        payload: { maxBytes: 64 * 1024 },
        pre: [budgetOf(limiter)],
        validate: {
          payload: Joi.object({
            name: Joi.string().trim().min(1).max(100).required(),
            email: Joi.string().trim().email().max(320).required(),
            type: Joi.string()
              .valid(...CONTACT_TYPES)
              .default('general'),
            message: Joi.string().trim().min(1).max(4000).required(),
            ...uidFields,
          }).label('ContactInput'),
        },
        response: { schema: savedAnswer },
      },
      async handler(request) {
        const input = request.payload as { name: string; email: string; type: string; message: string };
        const sender = senderOf(request);
        const [row] = await app(request)
          .db('contacts')
          .insert({
            name: input.name,
            email: input.email.toLowerCase(),
            type: input.type,
            message: input.message,
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
      path: '/api/admin/contacts',
      options: operatorRoute('admin-contacts', {
        description: 'The contact messages grid (list protocol)',
        validate: { query: listQuery(CONTACT_LIST) },
        response: { schema: Joi.alternatives(listAnswer('AdminContactsPage', contactItem), Joi.string()) },
      }),
      handler: (request, h) => answerList(CONTACT_LIST, app(request).db('contacts as c'), request, h),
    },
    {
      method: 'GET',
      path: '/api/admin/contacts/{id}',
      options: operatorRoute('admin-contacts', {
        description: 'A contact message with its ip and user agent',
        validate: { params: Joi.object({ id: Joi.string().guid().required() }) },
        response: { schema: contactDetail },
      }),
      async handler(request) {
        const c = await app(request)
          .db('contacts')
          .where({ id: String(request.params.id) })
          .first();
        if (!c) throw Boom.notFound('Contact not found.');
        return {
          id: c.id,
          createdDate: new Date(c.created_at).toISOString(),
          name: c.name,
          email: c.email,
          type: c.type,
          message: c.message,
          ip: c.ip,
          country: c.country,
          userAgent: c.user_agent,
        };
      },
    },
  ];
}
