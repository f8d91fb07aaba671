import Joi from 'joi';
import type { Knex } from 'knex';
import { NO_STATUS, STATUS_PRECEDENCE } from '../../shared/partners/programs';
import type { PartnerCustomer, PartnerRow as PartnerGridRow, PayoutInvoice } from '../../shared/partners/types';
import type { ListDeclaration } from '../core/list';
import type { DbRow } from '../db/row';

/** The operators' partner lists (backoffice.md §2 "Partners"; the one list protocol, 10 a page). */

/** The partner's overall status in SQL (shared/partners/programs partnerStatus). */
const statusSql = (knex: Knex) =>
  knex.raw(
    `case ${STATUS_PRECEDENCE.map(() => 'when exists (select 1 from partner_programs pp where pp.partner_id = p.id and pp.status = ?) then ?').join(' ')} else ? end`,
    [...STATUS_PRECEDENCE.flatMap((s) => [s, s]), NO_STATUS],
  );

const iso = (d: Date | string) => new Date(d).toISOString();

/** The spec's lower-case `filter` is taken as well as the protocol's `Filter`. */
const textFilter = {
  schema: Joi.string().trim().max(200).allow(''),
  apply(q: Knex.QueryBuilder, value: string) {
    if (!value) return;
    const like = `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q.where((w) => void w.whereILike('p.name', like).orWhereILike('u.username', like));
  },
};

/** The partner grid without its fields (they need the connection): what the query schema reads. */
export const PARTNER_LIST: ListDeclaration<DbRow, PartnerGridRow> = {
  name: 'AdminPartners',
  fields: {},
  sortable: ['name', 'email', 'status', 'createdDate'],
  searchable: ['name', 'email'],
  quickFilters: { All: null },
  filters: { filter: textFilter as never },
  defaultOrder: 'createdDate Desc',
  pageSize: 10,
  toItem: (r) => ({ id: r.id, name: r.name ?? null, email: r.email, status: r.status, createdDate: iso(r.createdDate) }),
};

export function partnerList(knex: Knex): ListDeclaration<DbRow, PartnerGridRow> {
  return {
    ...PARTNER_LIST,
    fields: { id: 'p.id', name: 'p.name', email: 'u.username', status: statusSql(knex), createdDate: 'p.created_at' },
  };
}

export const PARTNER_CUSTOMER_LIST: ListDeclaration<DbRow, PartnerCustomer> = {
  name: 'AdminPartnerCustomers',
  fields: { customerId: 'u.id', email: 'u.username', createdDate: 'c.created_at' },
  sortable: ['email', 'createdDate'],
  searchable: ['email'],
  defaultOrder: 'createdDate Desc',
  pageSize: 10,
  toItem: (r) => ({ customerId: r.customerId, email: r.email, createdDate: iso(r.createdDate) }),
};

export const PARTNER_PAYOUT_LIST: ListDeclaration<DbRow, PayoutInvoice> = {
  name: 'AdminPartnerPayouts',
  fields: {
    id: 'o.id',
    number: 'o.number',
    status: 'o.status',
    program: 'o.program',
    subtotal: 'o.subtotal',
    total: 'o.total',
    currency: 'o.currency',
    periodStart: 'o.period_start',
    periodEnd: 'o.period_end',
    createdDate: 'o.created_at',
    paidDate: 'o.paid_at',
  },
  sortable: ['number', 'status', 'total', 'createdDate'],
  searchable: ['number'],
  defaultOrder: 'createdDate Desc',
  pageSize: 10,
  toItem: (r) => ({
    id: r.id,
    number: r.number,
    status: r.status,
    program: r.program,
    subtotal: Number(r.subtotal),
    total: Number(r.total),
    currency: r.currency,
    periodStart: iso(r.periodStart),
    periodEnd: iso(r.periodEnd),
    createdDate: iso(r.createdDate),
    paidDate: r.paidDate ? iso(r.paidDate) : null,
  }),
};
