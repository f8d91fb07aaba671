import Boom from '@hapi/boom';
import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { answerList, listAnswer, listQuery, type ListDeclaration } from '../../core/list';
import { outboxMail, resendMail, type OutboxStatus } from '../../mail/api';
import { auditAs } from '../audit/trail';
import { operatorRoute } from '../operator';

/**
 * The outbox screen (docs/backoffice.md "Outbox"): every mail the platform wrote (platform/mail:
 * each mail goes to the `outbox` table first, then over SMTP when SMTP_URL is set). Without SMTP
 * this is where an operator reads a password-reset or invitation link and passes it on.
 */
export const OUTBOX_STATUSES = ['stored', 'sending', 'sent', 'failed'] as const satisfies readonly OutboxStatus[];
export const OUTBOX_TEXTS = {
  notFound: 'Mail not found.',
  noSmtp: 'This server has no SMTP server configured (SMTP_URL), so it cannot send mail. Open the mail and pass its link on yourself.',
  sending: 'This mail is being sent right now.',
  sent: 'mail sent',
  failed: 'The mail could not be sent',
} as const;

interface OutboxListRow {
  id: string;
  to: string;
  subject: string;
  status: OutboxStatus;
  created: Date;
  sentAt: Date | null;
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** The grid: to, subject, created, status (+ sentAt); newest first; quick filters by status; text filter over to and subject. */
export const OUTBOX_LIST: ListDeclaration<OutboxListRow, Record<string, unknown>> = {
  name: 'AdminOutbox',
  fields: { id: 'o.id', to: 'o.to', subject: 'o.subject', status: 'o.status', created: 'o.created_at', sentAt: 'o.sent_at' },
  sortable: ['created', 'to', 'subject', 'status'],
  searchable: ['to', 'subject'],
  quickFilters: {
    all: null,
    ...Object.fromEntries(
      OUTBOX_STATUSES.map((s) => [
        s,
        (q: Parameters<NonNullable<NonNullable<ListDeclaration['quickFilters']>[string]>>[0]) => void q.where('o.status', s),
      ]),
    ),
  },
  defaultOrder: 'created Desc',
  pageSize: 10,
  csvMax: 3000,
  toItem: (r) => ({ id: r.id, to: r.to, subject: r.subject, created: iso(r.created), status: r.status, sentAt: iso(r.sentAt) }),
};

const idParams = Joi.object({ id: Joi.string().guid().required() }).label('OutboxRef');
const status = Joi.string().description(OUTBOX_STATUSES.join(' | '));
const mailItem = Joi.object({
  id: Joi.string().guid(),
  to: Joi.string(),
  subject: Joi.string(),
  created: Joi.string().isoDate(),
  status,
  sentAt: Joi.string().isoDate().allow(null),
})
  .prefs({ presence: 'required' })
  .label('OutboxItem');
const mailDetail = mailItem
  .keys({
    text: Joi.string().allow('').description('the plain-text body'),
    html: Joi.string().allow('', null).description('the HTML body as sent (clients must not inject it as markup)'),
    error: Joi.string().allow('', null).description('why the last SMTP attempt failed'),
    smtp: Joi.boolean().description('whether this server sends mail (SMTP_URL): Resend is possible'),
  })
  .label('OutboxMail');
const resendAnswer = Joi.object({ id: Joi.string().guid(), status, error: Joi.string().allow('').optional(), message: Joi.string() })
  .prefs({ presence: 'required' })
  .label('OutboxResend');
const app = (request: Request) => request.server.app;

export const outboxRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/admin/outbox',
    options: operatorRoute('admin-outbox', {
      description: 'The outbox grid: every mail the platform wrote (list protocol)',
      notes: `QuickFilter: all, ${OUTBOX_STATUSES.join(', ')}. Orders: created, to, subject, status. Filter: text in to or subject.`,
      validate: { query: listQuery(OUTBOX_LIST) },
      response: { schema: Joi.alternatives(listAnswer('AdminOutboxPage', mailItem), Joi.string()) },
    }),
    handler: (request, h) => answerList(OUTBOX_LIST, app(request).db('outbox as o'), request, h),
  },
  {
    method: 'GET',
    path: '/api/admin/outbox/{id}',
    options: operatorRoute('admin-outbox', {
      description: 'One mail of the outbox with its text and HTML bodies',
      notes: 'Reading a mail is written to the operator audit (outbox.read): it may hold a sign-in or recovery link.',
      validate: { params: idParams },
      response: { schema: mailDetail },
    }),
    async handler(request) {
      const row = await outboxMail(app(request), String(request.params.id));
      if (!row) throw Boom.notFound(OUTBOX_TEXTS.notFound);
      auditAs(request, { action: 'outbox.read', targetType: 'outbox', targetId: row.id, details: { to: row.to, subject: row.subject } });
      return {
        id: row.id,
        to: row.to,
        subject: row.subject,
        created: iso(row.created_at),
        status: row.status,
        sentAt: iso(row.sent_at),
        text: row.text,
        html: row.html,
        error: row.error,
        smtp: Boolean(app(request).config.smtpUrl),
      };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/outbox/{id}/resend',
    options: operatorRoute('admin-outbox', {
      description: 'Send a mail of the outbox again over SMTP',
      notes:
        "Without SMTP_URL: 409 with a message (nothing can be sent). A mail being sent: 409. Otherwise the attempt's outcome: " +
        "{ status: 'sent', message: 'mail sent' } or { status: 'failed', error, message } (the row records it too).",
      validate: { params: idParams, payload: Joi.object({}).allow(null).label('OutboxResendInput') },
      response: { schema: resendAnswer },
    }),
    async handler(request) {
      const { config } = app(request);
      const row = await outboxMail(app(request), String(request.params.id));
      if (!row) throw Boom.notFound(OUTBOX_TEXTS.notFound);
      if (!config.smtpUrl) throw Boom.conflict(OUTBOX_TEXTS.noSmtp);
      if (row.status === 'sending') throw Boom.conflict(OUTBOX_TEXTS.sending);
      const result = (await resendMail(app(request), row.id))!;
      auditAs(request, {
        action: 'outbox.resend',
        targetType: 'outbox',
        targetId: row.id,
        details: { to: row.to, subject: row.subject, status: result.status },
      });
      return result.status === 'failed'
        ? {
            id: row.id,
            status: result.status,
            error: result.error ?? '',
            message: `${OUTBOX_TEXTS.failed}: ${result.error ?? 'unknown error'}`,
          }
        : { id: row.id, status: result.status, message: OUTBOX_TEXTS.sent };
    },
  },
];
