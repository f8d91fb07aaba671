import Joi from 'joi';
import { PAID_PLANS, SUBSCRIPTION_STATUSES } from '../../../shared/billing';
import { invoiceView, type InvoiceRow } from '../../billing/api';
import type { ListDeclaration } from '../../core/list';
import type { Db } from '../../db/index';

/**
 * The operators' grids (backoffice.md §2 Subscriptions, Invoices panel; §7): the list protocol
 * with the spec's typed filters (statusFilter, planFilter; email, from, to).
 */
const iso = (value: unknown) => (value == null ? null : new Date(value as string).toISOString());

export interface AdminSubscriptionListRow {
  id: string;
  CreatedDate: Date;
  LastSession: Date | null;
  username: string | null;
  userId: string | null;
  status: string;
  plan: string;
  quantity: number;
  assignedTo: string | null;
  workspaceId: string;
  haPayer: boolean;
}

/** statusFilter / planFilter: 'all' or one value (backoffice.md §2 filters). */
export const STATUS_FILTERS = ['all', ...SUBSCRIPTION_STATUSES] as const;
export const PLAN_FILTERS = ['all', ...PAID_PLANS] as const;

export function adminSubscriptionsList(db: Db): ListDeclaration<AdminSubscriptionListRow, Record<string, unknown>> {
  return {
    name: 'AdminSubscriptions',
    fields: {
      id: 's.id',
      CreatedDate: 's.created_at',
      LastSession: 'u.last_online_at',
      username: 'u.username',
      userId: 'u.id',
      status: 's.status',
      plan: 's.plan',
      quantity: 's.quantity',
      assignedTo: 'w.name',
      workspaceId: 's.workspace_id',
      haPayer: db.raw('(s.payment_method_ref is not null)'),
    },
    sortable: ['CreatedDate', 'LastSession'],
    searchable: ['username', 'assignedTo'],
    filters: {
      statusFilter: {
        schema: Joi.string().valid(...STATUS_FILTERS),
        apply: (q, value: string) => void (value !== 'all' && q.where('s.status', value)),
      },
      planFilter: {
        schema: Joi.string().valid(...PLAN_FILTERS),
        apply: (q, value: string) => void (value !== 'all' && q.where('s.plan', value)),
      },
    },
    defaultOrder: 'CreatedDate Desc',
    pageSize: 10,
    toItem: (r) => ({
      id: r.id,
      created: iso(r.CreatedDate),
      username: r.username,
      userId: r.userId,
      status: r.status,
      plan: r.plan,
      quantity: Number(r.quantity),
      assignedTo: r.assignedTo,
      workspaceId: r.workspaceId,
      haPayer: !!r.haPayer,
      lastSession: iso(r.LastSession),
    }),
  };
}

/** Every subscription with its buyer (or, without one, the workspace's owner) and workspace. */
export const adminSubscriptionsBase = (db: Db) =>
  db('subscriptions as s')
    .join('workspaces as w', 'w.id', 's.workspace_id')
    .leftJoin('users as u', 'u.id', db.raw('coalesce(s.user_id, w.owner_id)'));

type InvoiceListRow = InvoiceRow & { userEmail: string | null };
const day = Joi.date().iso();

/** The invoices of a subscription's workspace (the Invoices side panel). */
export const ADMIN_INVOICES_LIST: ListDeclaration<InvoiceListRow, Record<string, unknown>> = {
  name: 'AdminInvoices',
  fields: {
    id: 'i.id',
    number: 'i.number',
    CreatedDate: 'i.created_at',
    created_at: 'i.created_at',
    due_at: 'i.due_at',
    type: 'i.type',
    status: 'i.status',
    subtotal: 'i.subtotal',
    discount: 'i.discount',
    total: 'i.total',
    paid: 'i.paid',
    balance: 'i.balance',
    currency: 'i.currency',
    items: 'i.items',
    discounts: 'i.discounts',
    userEmail: 'u.username',
  },
  sortable: ['CreatedDate', 'number'],
  searchable: ['number', 'userEmail'],
  filters: {
    email: {
      schema: Joi.string().trim().max(320).allow(''),
      apply: (q, value: string) => void (value && q.whereRaw("u.username ilike ? escape '\\'", [`%${value.replace(/[%_\\]/g, '\\$&')}%`])),
    },
    from: { schema: day, apply: (q, value: Date) => void q.where('i.created_at', '>=', value) },
    // `to` is a day: the whole of it counts
    to: { schema: day, apply: (q, value: Date) => void q.where('i.created_at', '<', new Date(new Date(value).getTime() + 86_400_000)) },
  },
  defaultOrder: 'CreatedDate Desc',
  pageSize: 10,
  toItem: (r) => ({ ...invoiceView(r), userEmail: r.userEmail }),
};

export const adminInvoicesBase = (db: Db, workspaceId: string) =>
  db('invoices as i').leftJoin('users as u', 'u.id', 'i.user_id').where('i.workspace_id', workspaceId);
