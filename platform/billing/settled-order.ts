import crypto from 'node:crypto';
import { addCycle, DEFAULT_CURRENCY, periodPrice, type BillingCycle } from '../../shared/billing';
import type { App } from './access';
import { applyPaidOrder, writeInvoice } from './checkout';
import { configOf, quoteOrder, quoteRenewal, type OrderRequest } from './quote';
import * as repo from './repo';
import { viewOf } from './service';

/**
 * Orders paid by someone other than the customer, settled at once (docs/billing.md "Orders a
 * partner pays", "Operator-assigned subscriptions"): a reseller partner or an operator changes a
 * workspace's subscription and pays for it. The same quote as checkout (proration, promos, credit,
 * credit notes), stored as an order with the payer's payment method and gateway and applied by
 * applyPaidOrder, so the invoice, the subscription and the plan claims follow exactly as after a
 * customer's own payment. No payment gateway is involved.
 */
export const SETTLED_GATEWAY = 'partner';

/** Who pays a settled order: the order's payment method, gateway and reference prefix. */
export interface SettledPayer {
  paymentMethod: string;
  gateway: string;
  /** the reference is `<prefix>_<random>` */
  referencePrefix: string;
}

/** A reseller partner (renewal.ts renews what it pays for without a card). */
export const PARTNER_PAYER: SettledPayer = { paymentMethod: 'Partner', gateway: SETTLED_GATEWAY, referencePrefix: 'ptn' };

const newReference = (payer: SettledPayer) => `${payer.referencePrefix}_${crypto.randomBytes(16).toString('base64url')}`;

/**
 * One order, quoted against the workspace's subscription `sub` (a change within a running period
 * is prorated; a downgrade writes a credit note; a configuration equal to the running one is a 400
 * 'sameConfiguration') and applied at once; answers its reference.
 */
export async function settleOrder(
  app: App,
  sub: repo.SubscriptionRow | undefined,
  order: { workspaceId: string; userId: string; request: OrderRequest; payer: SettledPayer },
): Promise<string> {
  const { workspaceId, request, payer } = order;
  const currency = sub?.currency ?? DEFAULT_CURRENCY;
  const quote = quoteOrder(
    sub,
    request,
    await repo.priceTable(app.db, currency),
    await repo.promosOf(app.db, workspaceId),
    Date.now(),
    currency,
  );
  const reference = newReference(payer);
  await repo.insertOrder(app.db, {
    reference,
    workspace_id: workspaceId,
    user_id: order.userId,
    type: quote.type,
    plan: request.plan,
    quantity: request.quantity,
    addons: [...request.addons],
    billing_cycle: request.cycle,
    payment_method: payer.paymentMethod,
    currency,
    amount: quote.figures.total,
    figures: {
      figures: quote.figures,
      period: quote.period,
      segments: quote.segments,
      usedRedemptions: quote.usedRedemptions,
      nextPayment: quote.nextPayment,
    },
    gateway: payer.gateway,
  });
  await applyPaidOrder(app, reference, null);
  return reference;
}

export interface SettledChange {
  workspaceId: string;
  /** the customer (the subscription's user) */
  userId: string;
  plan: string;
  quantity: number;
  addons: string[];
  billingCycle: BillingCycle;
  autoRenew: boolean;
}

/** A partner's change (or new subscription), paid by the partner at once; answers the subscription view. */
export async function settleChange(app: App, change: SettledChange) {
  const sub = await repo.subscriptionOfWorkspace(app.db, change.workspaceId);
  const request = { plan: change.plan, quantity: change.quantity, addons: [...new Set(change.addons)], cycle: change.billingCycle };
  const same =
    sub &&
    sub.plan === request.plan &&
    sub.quantity === request.quantity &&
    sub.billing_cycle === request.cycle &&
    [...(sub.addons ?? [])].sort().join() === [...request.addons].sort().join();
  // only auto-renew changes: nothing to invoice
  if (same && sub.auto_renew !== change.autoRenew) {
    const saved = await repo.updateSubscription(app.db, sub.id, { auto_renew: change.autoRenew });
    return viewOf(app, change.workspaceId, saved);
  }
  await settleOrder(app, sub, { workspaceId: change.workspaceId, userId: change.userId, request, payer: PARTNER_PAYER });
  const saved = await repo.updateSubscription(app.db, (await repo.subscriptionOfWorkspace(app.db, change.workspaceId))!.id, {
    auto_renew: change.autoRenew,
  });
  return viewOf(app, change.workspaceId, saved);
}

/**
 * Renews a subscription now for its next period (panel.md §4: a partner's Renew), paid at once:
 * the renewal's invoice (quoteRenewal, as the renewal job), the new period from the current end.
 */
export async function settleRenewal(app: App, subscriptionId: string) {
  const saved = await app.db.transaction(async (trx) => {
    const sub = (await trx<repo.SubscriptionRow>('subscriptions').where({ id: subscriptionId }).forUpdate().first())!;
    const { figures, cycle, usedRedemptions } = quoteRenewal(
      sub,
      await repo.priceTable(trx, sub.currency),
      await repo.promosOf(trx, sub.workspace_id),
    );
    const start = sub.period_end ? new Date(sub.period_end).getTime() : Date.now();
    const order = await repo.insertOrder(trx, {
      reference: newReference(PARTNER_PAYER),
      workspace_id: sub.workspace_id,
      user_id: sub.user_id,
      type: 'renewal',
      plan: sub.plan,
      quantity: sub.quantity,
      addons: sub.addons ?? [],
      billing_cycle: cycle,
      payment_method: PARTNER_PAYER.paymentMethod,
      currency: sub.currency,
      amount: figures.total,
      figures: { figures },
      gateway: PARTNER_PAYER.gateway,
      status: 'Paid',
    });
    const next = await repo.updateSubscription(trx, sub.id, {
      status: 'Active',
      billing_cycle: cycle,
      next_billing_cycle: null,
      period_start: new Date(start),
      period_end: addCycle(new Date(start), cycle),
      segments: [{ from: start, price: periodPrice({ ...configOf(sub), cycle }, await repo.priceTable(trx, sub.currency)) }],
      credit: Math.max(0, sub.credit - figures.balance),
    });
    const invoice = await writeInvoice(trx, figures, {
      workspaceId: sub.workspace_id,
      subscriptionId: sub.id,
      orderId: order.id,
      userId: sub.user_id,
    });
    await repo.updateOrder(trx, order.id, { paid_at: new Date(), invoice_id: invoice.id });
    await repo.markPromosUsed(trx, usedRedemptions);
    return next;
  });
  return viewOf(app, saved.workspace_id, saved);
}
