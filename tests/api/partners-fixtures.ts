import { insertInvoice } from '../../platform/billing/repo';
import type { TestPlatform } from '../helpers/platform';
import { customer } from './billing-fixtures';
import type { Who } from './boards-fixtures';

/** Partner fixtures: a customer of a partner, and paid invoices billed to a user (rows, as checkout writes them). */
export async function partnerCustomer(p: TestPlatform, partnerId: string, name = 'Cody Customer') {
  const who = await customer(p, name);
  await p.db('partner_customers').insert({ partner_id: partnerId, user_id: who.user!.id, created_at: new Date(Date.now() - 60_000) });
  return who;
}

export async function paidInvoice(
  p: TestPlatform,
  who: Who & { workspace: { id: string } },
  values: { total: number; balance?: number; type?: 'Charge' | 'Credit Note'; currency?: string; status?: string },
) {
  const type = values.type ?? 'Charge';
  return p.db.transaction((trx) =>
    insertInvoice(trx, {
      type,
      workspace_id: who.workspace.id,
      subscription_id: null,
      order_id: null,
      user_id: who.user!.id,
      status: values.status ?? 'Paid',
      currency: values.currency ?? 'USD',
      subtotal: type === 'Charge' ? values.total + (values.balance ?? 0) : -values.total,
      discount: 0,
      total: values.total,
      paid: type === 'Charge' ? values.total : 0,
      balance: values.balance ?? (type === 'Credit Note' ? values.total : 0),
      items: [],
      discounts: [],
    }),
  );
}
