import Boom from '@hapi/boom';
import Joi from 'joi';
import type { PartnerInvoice, PayoutInvoice, PayoutInvoiceDetail } from '../../shared/partners/types';
import type { Actor } from '../core/actor';
import type { ListDeclaration } from '../core/list';
import { invoiceView, type InvoiceRow } from '../billing/api';
import { isUuid } from '../users/api';
import { customerInvoicesQuery, payoutItems, payoutOf, payoutView, type PayoutRow } from './repo';
import { resellerOf, SELF_MESSAGES, type App } from './self-access';

/**
 * The partner's Invoices (its customers' invoices and credit notes, panel.md §2: filters email,
 * from, to) and Payout & Invoices (what the platform owes the partner). Only the calling
 * partner's customers' rows, ever: the base queries start from its partner_customers rows.
 */
const day = Joi.date().iso().description('a day, YYYY-MM-DD');
const ilike = (value: string) => `%${value.replace(/[%_\\]/g, '\\$&')}%`;

type InvoiceListRow = InvoiceRow & { userEmail: string };

export const INVOICE_LIST: ListDeclaration<InvoiceListRow, PartnerInvoice> = {
  name: 'PartnerInvoices',
  fields: {
    id: 'i.id',
    number: 'i.number',
    createdAt: 'i.created_at',
    CreatedDate: 'i.created_at',
    created_at: 'i.created_at',
    type: 'i.type',
    status: 'i.status',
    subtotal: 'i.subtotal',
    discount: 'i.discount',
    total: 'i.total',
    currency: 'i.currency',
    userEmail: 'u.username',
  },
  sortable: ['createdAt', 'CreatedDate', 'number', 'total', 'userEmail'],
  searchable: ['number', 'userEmail'],
  filters: {
    email: {
      schema: Joi.string().trim().max(320).allow(''),
      apply: (q, v: string) => void (v && q.whereRaw("u.username ilike ? escape '\\'", [ilike(v)])),
    },
    from: { schema: day, apply: (q, v: Date) => void q.where('i.created_at', '>=', v) },
    // `to` is a day: the whole of it counts
    to: { schema: day, apply: (q, v: Date) => void q.where('i.created_at', '<', new Date(new Date(v).getTime() + 86_400_000)) },
  },
  defaultOrder: 'createdAt Desc',
  pageSize: 10,
  toItem: (r) => ({
    id: r.id,
    number: r.number,
    createdAt: new Date(r.created_at).toISOString(),
    type: r.type,
    userEmail: r.userEmail,
    status: r.status,
    subtotal: Number(r.subtotal),
    discount: Number(r.discount),
    total: Number(r.total),
    currency: r.currency,
  }),
};

export async function invoicesBase(app: App, actor: Actor | null) {
  const partner = await resellerOf(app, actor);
  return { query: customerInvoicesQuery(app.db, partner.id) };
}

/** GET /api/partners/invoices/{id}: the invoice (items, subtotal, discount, total…) with the customer's e-mail. */
export async function invoiceDetail(app: App, actor: Actor | null, id: string) {
  const partner = await resellerOf(app, actor);
  const row: InvoiceListRow | undefined = isUuid(id)
    ? await customerInvoicesQuery(app.db, partner.id).where('i.id', id).first('i.*', 'u.username as userEmail')
    : undefined;
  if (!row) throw Boom.notFound(SELF_MESSAGES.invoiceNotFound);
  return { ...invoiceView(row), userEmail: row.userEmail };
}

export const PAYOUT_LIST: ListDeclaration<PayoutRow, PayoutInvoice> = {
  name: 'PartnerPayouts',
  fields: {
    id: 'p.id',
    number: 'p.number',
    partner_id: 'p.partner_id',
    program: 'p.program',
    status: 'p.status',
    subtotal: 'p.subtotal',
    total: 'p.total',
    currency: 'p.currency',
    period_start: 'p.period_start',
    period_end: 'p.period_end',
    createdDate: 'p.created_at',
    created_at: 'p.created_at',
    paid_at: 'p.paid_at',
  },
  sortable: ['createdDate', 'number', 'total'],
  searchable: ['number'],
  defaultOrder: 'createdDate Desc',
  pageSize: 10,
  toItem: payoutView,
};

export async function payoutsBase(app: App, actor: Actor | null) {
  const partner = await resellerOf(app, actor);
  return { query: app.db('partner_payouts as p').where('p.partner_id', partner.id) };
}

export async function payoutDetail(app: App, actor: Actor | null, id: string): Promise<PayoutInvoiceDetail> {
  const partner = await resellerOf(app, actor);
  const row = isUuid(id) ? await payoutOf(app.db, partner.id, id) : undefined;
  if (!row) throw Boom.notFound(SELF_MESSAGES.payoutNotFound);
  const items = await payoutItems(app.db, row.id);
  return {
    ...payoutView(row),
    items: items.map((i) => ({ invoiceNumber: i.invoice_number, type: i.invoice_type, customerEmail: i.email, amount: Number(i.amount) })),
  };
}
