import type { Knex } from 'knex';
import type { BillingCycle, PriceTable } from '../../shared/billing/catalog';
import type { PromoDiscount } from '../../shared/billing/invoice';
import type { Segment } from '../../shared/billing/proration';
import type { SubscriptionStatus } from '../../shared/billing/status';
import type { Db } from '../db/index';

/** Billing tables (012_billing). Amounts are integer minor units. */
type Conn = Db | Knex.Transaction;

export interface SubscriptionRow {
  id: string;
  workspace_id: string;
  user_id: string | null;
  plan: string;
  quantity: number;
  addons: string[];
  billing_cycle: BillingCycle;
  next_billing_cycle: BillingCycle | null;
  auto_renew: boolean;
  status: SubscriptionStatus;
  currency: string;
  period_start: Date | null;
  period_end: Date | null;
  segments: Segment[];
  credit: number;
  paused_at: Date | null;
  payment_method_ref: string | null;
  gateway: string | null;
  created_at: Date;
}

export interface OrderRow {
  id: string;
  reference: string;
  workspace_id: string;
  user_id: string | null;
  type: 'new' | 'change' | 'renewal';
  plan: string;
  quantity: number;
  addons: string[];
  billing_cycle: BillingCycle;
  payment_method: string;
  currency: string;
  amount: number;
  figures: Record<string, unknown>;
  status: 'Pending' | 'Paid' | 'Failed';
  gateway: string;
  gateway_ref: string | null;
  /** what the gateway answered when the payment started (the Ether quote) */
  payment_params: Record<string, unknown> | null;
  invoice_id: string | null;
  created_at: Date;
  paid_at: Date | null;
}

export interface InvoiceRow {
  id: string;
  number: string;
  type: 'Charge' | 'Credit Note';
  workspace_id: string;
  subscription_id: string | null;
  order_id: string | null;
  user_id: string | null;
  status: string;
  currency: string;
  subtotal: number;
  discount: number;
  total: number;
  paid: number;
  balance: number;
  items: Array<{ description: string; price: number }>;
  discounts: Array<{ name: string; amount: number }>;
  created_at: Date;
  due_at: Date;
}

export interface PromoRow {
  id: string;
  code: string;
  name: string;
  type: 'Fixed' | 'Percent' | 'Subscription';
  amount: number | null;
  percent: string | number | null;
  percent_duration: 'Once' | 'Forever' | null;
  duration: number | null;
  expires_in_days: number;
  redeem_by: Date | null;
  max_redemptions: number;
  max_redemptions_per_customer: number;
  redeemed_times: number;
  status: 'Active' | 'Disabled' | 'Archived';
  plan: string;
}

export async function priceTable(db: Conn, currency = 'USD'): Promise<PriceTable> {
  const rows: Array<{ code: string; cycle: BillingCycle; amount: number }> = await db('billing_prices')
    .where({ currency, active: true })
    .select('code', 'cycle', 'amount');
  const table: PriceTable = {};
  for (const r of rows) (table[r.code] ??= {} as PriceTable[string])[r.cycle] = Number(r.amount);
  return table;
}

export async function subscriptionOfWorkspace(db: Conn, workspaceId: string, lock = false): Promise<SubscriptionRow | undefined> {
  const q = db<SubscriptionRow>('subscriptions').where({ workspace_id: workspaceId }).first();
  return lock ? q.forUpdate() : q;
}

export async function subscriptionById(db: Conn, id: string): Promise<SubscriptionRow | undefined> {
  return db<SubscriptionRow>('subscriptions').where({ id }).first();
}

type SubscriptionWrite = Partial<Omit<SubscriptionRow, 'id' | 'created_at' | 'addons' | 'segments'>> & {
  addons?: string[];
  segments?: Segment[];
};
const jsonCols = (w: SubscriptionWrite) => ({
  ...w,
  ...(w.addons ? { addons: JSON.stringify(w.addons) } : {}),
  ...(w.segments ? { segments: JSON.stringify(w.segments) } : {}),
});

/** Writes the workspace's subscription (one per workspace), creating it when missing. */
export async function saveSubscription(trx: Conn, workspaceId: string, values: SubscriptionWrite): Promise<SubscriptionRow> {
  const row = { ...jsonCols(values), workspace_id: workspaceId, updated_at: trx.fn.now() };
  const [saved] = await trx('subscriptions').insert(row).onConflict('workspace_id').merge().returning('*');
  return saved as SubscriptionRow;
}

export async function updateSubscription(trx: Conn, id: string, values: SubscriptionWrite): Promise<SubscriptionRow> {
  const [saved] = await trx('subscriptions')
    .where({ id })
    .update({ ...jsonCols(values), updated_at: trx.fn.now() })
    .returning('*');
  return saved as SubscriptionRow;
}

/** The promos a workspace's invoices use now: its redemptions not yet expired. */
export async function promosOf(
  db: Conn,
  workspaceId: string,
): Promise<Array<PromoDiscount & { redemptionId: string; promoType: PromoRow['type'] }>> {
  const rows = await db('promo_redemptions as r')
    .join('promos as p', 'p.id', 'r.promo_id')
    .where('r.workspace_id', workspaceId)
    .where((w) => void w.whereNull('r.expires_at').orWhereRaw('r.expires_at > now()'))
    .orderBy('r.redeemed_at')
    .select('r.id as redemptionId', 'r.used', 'p.name', 'p.type', 'p.amount', 'p.percent', 'p.percent_duration');
  return rows.map(
    (r: {
      redemptionId: string;
      used: boolean;
      name: string;
      type: PromoRow['type'];
      amount: number | null;
      percent: string | null;
      percent_duration: 'Once' | 'Forever' | null;
    }) => ({
      redemptionId: r.redemptionId,
      promoType: r.type,
      name: r.name,
      type: r.type,
      amount: r.amount ?? undefined,
      percent: r.percent == null ? undefined : Number(r.percent),
      percentDuration: r.percent_duration ?? undefined,
      used: r.used,
    }),
  );
}

export async function markPromosUsed(trx: Conn, redemptionIds: string[]): Promise<void> {
  if (redemptionIds.length) await trx('promo_redemptions').whereIn('id', redemptionIds).update({ used: true });
}

export async function insertOrder(
  db: Conn,
  order: Omit<OrderRow, 'id' | 'created_at' | 'paid_at' | 'invoice_id' | 'status' | 'gateway_ref' | 'payment_params'> & {
    status?: OrderRow['status'];
  },
): Promise<OrderRow> {
  const [row] = await db('billing_orders')
    .insert({ ...order, addons: JSON.stringify(order.addons), figures: JSON.stringify(order.figures) })
    .returning('*');
  return row as OrderRow;
}

export async function orderByReference(db: Conn, reference: string, lock = false): Promise<OrderRow | undefined> {
  const q = db<OrderRow>('billing_orders').where({ reference }).first();
  return lock ? q.forUpdate() : q;
}

export async function updateOrder(
  db: Conn,
  id: string,
  changes: Partial<Pick<OrderRow, 'status' | 'gateway_ref' | 'invoice_id' | 'paid_at' | 'payment_params'>>,
): Promise<void> {
  const { payment_params, ...rest } = changes;
  await db('billing_orders')
    .where({ id })
    .update({
      ...rest,
      ...(payment_params !== undefined ? { payment_params: payment_params === null ? null : JSON.stringify(payment_params) } : {}),
    });
}

/** The order a settlement proof (an Ether transaction hash) already paid, if any. */
export async function settledOrderOf(db: Conn, gateway: string, ref: string): Promise<string | undefined> {
  return (await db('billing_settlements').where({ gateway, ref: ref.toLowerCase() }).first('order_id'))?.order_id;
}

/** Stores the proof that paid an order; false when it already paid another one. */
export async function insertSettlement(
  trx: Conn,
  row: { gateway: string; ref: string; order_id: string; payer?: string | null; amount?: string | null },
): Promise<boolean> {
  const saved = await trx('billing_settlements')
    .insert({ ...row, ref: row.ref.toLowerCase() })
    .onConflict(['gateway', 'ref'])
    .ignore()
    .returning('order_id');
  return saved.length > 0;
}

/** The next number of an invoice (INV-000001) or a credit note (CN-000001): one counter row, updated in the caller's transaction. */
export async function nextNumber(trx: Conn, type: InvoiceRow['type']): Promise<string> {
  const name = type === 'Charge' ? 'invoice' : 'credit-note';
  const [row] = await trx('billing_counters').where({ name }).increment('value', 1).returning('value');
  return `${type === 'Charge' ? 'INV' : 'CN'}-${String(Number((row as { value: number }).value)).padStart(6, '0')}`;
}

export async function insertInvoice(trx: Conn, invoice: Omit<InvoiceRow, 'id' | 'number' | 'created_at' | 'due_at'>): Promise<InvoiceRow> {
  const number = await nextNumber(trx, invoice.type);
  const [row] = await trx('invoices')
    .insert({
      ...invoice,
      number,
      items: JSON.stringify(invoice.items),
      discounts: JSON.stringify(invoice.discounts),
      // distinct even within one transaction: the history orders by it
      created_at: trx.raw('clock_timestamp()'),
      due_at: trx.raw('clock_timestamp()'),
    })
    .returning('*');
  return row as InvoiceRow;
}

export async function invoiceById(db: Conn, id: string): Promise<InvoiceRow | undefined> {
  return db<InvoiceRow>('invoices').where({ id }).first();
}

/** The workspaces whose billing the user manages: owned, or where they are Admin. */
export function billingWorkspaces(db: Conn, userId: string): Knex.QueryBuilder {
  return db('workspaces as w')
    .where('w.owner_id', userId)
    .orWhereExists(db('workspace_members as m').whereRaw('m.workspace_id = w.id').where({ 'm.user_id': userId, 'm.role': 'Admin' }))
    .select('w.id');
}

export async function customerRefOf(db: Conn, userId: string, gateway: string): Promise<string | undefined> {
  return (await db('billing_customers').where({ user_id: userId, gateway }).first('customer_ref'))?.customer_ref;
}

export async function saveCustomerRef(db: Conn, userId: string, gateway: string, customerRef: string): Promise<void> {
  await db('billing_customers').insert({ user_id: userId, gateway, customer_ref: customerRef }).onConflict(['user_id', 'gateway']).ignore();
}

/** Records a provider event; false when it was already handled (a replay). */
export async function firstSeenEvent(db: Conn, id: string, type: string): Promise<boolean> {
  const rows = await db('billing_webhook_events').insert({ id, type }).onConflict('id').ignore().returning('id');
  return rows.length > 0;
}

export async function promoByCode(trx: Conn, code: string): Promise<PromoRow | undefined> {
  return trx<PromoRow>('promos').whereRaw('code = upper(?)', [code]).forUpdate().first();
}

export async function redemptionsBy(trx: Conn, promoId: string, userId: string): Promise<number> {
  const [{ count }] = (await trx('promo_redemptions').where({ promo_id: promoId, user_id: userId }).count({ count: '*' })) as Array<{
    count: string | number;
  }>;
  return Number(count);
}
