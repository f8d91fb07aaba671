import type { Knex } from 'knex';
import { PROGRAMS, nextStatuses, partnerStatus } from '../../shared/partners/programs';
import type { Partner, PartnerType, PayoutInvoice } from '../../shared/partners/types';
import type { Db } from '../db/index';

/** Partner tables (028_partners; docs/billing.md "Partners"). Amounts are integer minor units. */
type Conn = Db | Knex.Transaction;

export interface PartnerRow {
  id: string;
  user_id: string;
  name: string | null;
  icon: string | null;
  origins: string[];
  created_at: Date;
}

export interface ProgramRow {
  partner_id: string;
  program: string;
  status: string;
  reason: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface PayoutRow {
  id: string;
  number: string;
  partner_id: string;
  program: string;
  status: 'Open' | 'Paid';
  subtotal: number;
  total: number;
  currency: string;
  period_start: Date;
  period_end: Date;
  created_at: Date;
  paid_at: Date | null;
}

export interface IconWrite {
  contentType: string;
  bytes: Buffer;
  width: number;
  height: number;
}

export async function partnerById(db: Conn, id: string): Promise<PartnerRow | undefined> {
  return db<PartnerRow>('partners').where({ id }).first();
}

/** The partner an account is (undefined: the account is no partner). */
export async function partnerOfUser(db: Conn, userId: string): Promise<PartnerRow | undefined> {
  return db<PartnerRow>('partners').where({ user_id: userId }).first();
}

export async function insertPartner(trx: Conn, userId: string, name: string | null = null): Promise<PartnerRow> {
  const [row] = await trx('partners').insert({ user_id: userId, name }).returning('*');
  return row as PartnerRow;
}

/** Saves the profile fields given (undefined keeps a field). */
export async function updatePartner(
  db: Conn,
  id: string,
  values: { name?: string | null; icon?: string | null; origins?: string[] },
): Promise<PartnerRow> {
  const changes = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  if (Object.keys(changes).length === 0) return (await partnerById(db, id))!;
  const [row] = await db('partners').where({ id }).update(changes).returning('*');
  return row as PartnerRow;
}

export async function savePartnerIcon(db: Conn, partnerId: string, icon: IconWrite): Promise<void> {
  const row = { content_type: icon.contentType, bytes: icon.bytes, width: icon.width, height: icon.height, updated_at: db.fn.now() };
  await db('partner_icons')
    .insert({ partner_id: partnerId, ...row })
    .onConflict('partner_id')
    .merge(row);
}

export async function partnerIcon(
  db: Conn,
  partnerId: string,
): Promise<{ content_type: string; bytes: Buffer; updated_at: Date } | undefined> {
  return db('partner_icons').where({ partner_id: partnerId }).first('content_type', 'bytes', 'updated_at');
}

export async function deletePartnerIcon(db: Conn, partnerId: string): Promise<void> {
  await db('partner_icons').where({ partner_id: partnerId }).delete();
}

export async function programsOf(db: Conn, partnerId: string): Promise<ProgramRow[]> {
  return db<ProgramRow>('partner_programs').where({ partner_id: partnerId });
}

export async function programOfPartner(db: Conn, partnerId: string, program: string, lock = false): Promise<ProgramRow | undefined> {
  const q = db<ProgramRow>('partner_programs').where({ partner_id: partnerId, program }).first();
  return lock ? q.forUpdate() : q;
}

/** Inserts or moves a programme's status (the caller checked the transition). */
export async function setProgramStatus(
  trx: Conn,
  partnerId: string,
  program: string,
  status: string,
  reason: string | null,
): Promise<ProgramRow> {
  const [row] = await trx('partner_programs')
    .insert({ partner_id: partnerId, program, status, reason })
    .onConflict(['partner_id', 'program'])
    .merge({ status, reason, updated_at: trx.fn.now() })
    .returning('*');
  return row as ProgramRow;
}

/** Whether the partner's programme (default Reseller) is Active (panel.md §4). */
export async function hasActiveProgram(db: Conn, partnerId: string, program = 'Reseller'): Promise<boolean> {
  return (await programOfPartner(db, partnerId, program))?.status === 'Active';
}

/** One PartnerType per programme of shared/partners/programs (status null where not enrolled). */
export function typesOf(rows: readonly ProgramRow[]): PartnerType[] {
  return PROGRAMS.map((p) => {
    const row = rows.find((r) => r.program === p.code);
    return {
      code: p.code,
      name: p.name,
      status: row?.status ?? null,
      nextStatuses: nextStatuses(p, row?.status),
      reason: row?.reason ?? null,
    };
  });
}

/** The Partner answer (panel.md §3, backoffice.md §3) of a row. */
export async function partnerView(db: Conn, partner: PartnerRow): Promise<Partner> {
  const [user, programs] = await Promise.all([
    db('users').where({ id: partner.user_id }).first('username') as Promise<{ username: string } | undefined>,
    programsOf(db, partner.id),
  ]);
  const types = typesOf(programs);
  return {
    id: partner.id,
    partnerId: partner.id,
    name: partner.name,
    icon: partner.icon,
    email: user?.username ?? '',
    status: partnerStatus(types.map((t) => t.status)),
    createdDate: new Date(partner.created_at).toISOString(),
    types,
    origins: partner.origins ?? [],
  };
}

/** The partner a user is the customer of (undefined: none). */
export async function partnerOfCustomer(db: Conn, userId: string): Promise<PartnerRow | undefined> {
  return db<PartnerRow>('partners as p').join('partner_customers as c', 'c.partner_id', 'p.id').where('c.user_id', userId).first('p.*');
}

/** Makes the user the partner's customer; false when the user already is a customer of a partner (this one or another). */
export async function addCustomer(db: Conn, partnerId: string, userId: string): Promise<boolean> {
  const rows = await db('partner_customers')
    .insert({ partner_id: partnerId, user_id: userId })
    .onConflict('user_id')
    .ignore()
    .returning('user_id');
  return rows.length > 0;
}

/** The partner's customers as a query: alias c (partner_customers) joined to u (users). */
export function customersQuery(db: Conn, partnerId: string): Knex.QueryBuilder {
  return db('partner_customers as c').join('users as u', 'u.id', 'c.user_id').where('c.partner_id', partnerId);
}

/** Whether the user is this partner's customer. */
export async function isCustomerOf(db: Conn, partnerId: string, userId: string): Promise<boolean> {
  return !!(await db('partner_customers').where({ partner_id: partnerId, user_id: userId }).first('user_id'));
}

/**
 * The partner's customers' invoices and credit notes (alias i, users u, partner_customers c): those
 * billed to the customer (invoices.user_id) since the customer joined the partner.
 */
export function customerInvoicesQuery(db: Conn, partnerId: string): Knex.QueryBuilder {
  return db('invoices as i')
    .join('partner_customers as c', 'c.user_id', 'i.user_id')
    .join('users as u', 'u.id', 'i.user_id')
    .where('c.partner_id', partnerId)
    .whereRaw('i.created_at >= c.created_at');
}

export async function payoutsOf(db: Conn, partnerId: string): Promise<PayoutRow[]> {
  return db<PayoutRow>('partner_payouts').where({ partner_id: partnerId }).orderBy('created_at', 'desc').orderBy('number', 'desc');
}

/** A payout of this partner (undefined: none, or another partner's). */
export async function payoutOf(db: Conn, partnerId: string, payoutId: string, lock = false): Promise<PayoutRow | undefined> {
  const q = db<PayoutRow>('partner_payouts').where({ id: payoutId, partner_id: partnerId }).first();
  return lock ? q.forUpdate() : q;
}

/** The customer invoices a payout covers, with the customer's e-mail. */
export async function payoutItems(
  db: Conn,
  payoutId: string,
): Promise<Array<{ invoice_number: string; invoice_type: string; amount: number; email: string | null }>> {
  return db('partner_payout_items as it')
    .leftJoin('users as u', 'u.id', 'it.customer_id')
    .where('it.payout_id', payoutId)
    .orderBy('it.invoice_number')
    .select('it.invoice_number', 'it.invoice_type', 'it.amount', 'u.username as email');
}

/** The PayoutInvoice answer of a row. */
export function payoutView(row: PayoutRow): PayoutInvoice {
  return {
    id: row.id,
    number: row.number,
    createdDate: new Date(row.created_at).toISOString(),
    status: row.status,
    program: row.program,
    subtotal: row.subtotal,
    total: row.total,
    currency: row.currency,
    periodStart: new Date(row.period_start).toISOString(),
    periodEnd: new Date(row.period_end).toISOString(),
    paidDate: row.paid_at ? new Date(row.paid_at).toISOString() : null,
  };
}
