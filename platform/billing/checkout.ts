import crypto from 'node:crypto';
import Boom from '@hapi/boom';
import type { Knex } from 'knex';
import {
  BILLING_MESSAGES,
  DEFAULT_CURRENCY,
  ETHER_MESSAGES,
  isPaidPlan,
  type BillingCycle,
  type InvoiceFigures,
  type PaymentMethod,
  type Segment,
} from '../../shared/billing';
import type { Actor } from '../core/actor';
import { badRequest, fieldError } from '../core/errors';
import { findUserById } from '../users/api';
import { billingWorkspace, billingWorkspaceOf, gatewayForMethod, gatewayNamed, gatewayOf, paymentsEnabled, type App } from './access';
import { GatewayError, type PaymentCheck, type PaymentParams } from './gateway/types';
import { quoteOrder, type Quote } from './quote';
import * as repo from './repo';
import { orderRequestOf, viewOf } from './service';
import { invoiceView } from './views';

/**
 * Checkout (panel.md §7): place-order quotes the order, stores it under a new reference and starts
 * the payment at the gateway; finalize-order (the browser, after paying) and the gateway's signed
 * webhook both end in applyPaidOrder, which locks the order row and applies it once: replaying a
 * finalize or a webhook, or two clicks at once, find the order Paid and change nothing.
 */
export interface PlaceOrderInput {
  plan: string;
  billingCycle?: BillingCycle;
  addons?: string[];
  PaymentMethod: PaymentMethod;
  quantity?: number;
  workspace?: string;
}

/** What an order stores of its quote. */
type StoredQuote = Pick<Quote, 'figures' | 'period' | 'segments' | 'usedRedemptions' | 'nextPayment'>;

const unavailable = () => Boom.serverUnavailable('The payment service is unavailable. Try again later.');

export async function placeOrder(app: App, actor: Actor | null, input: PlaceOrderInput) {
  const { workspace, userId } = await billingWorkspace(app, actor, input.workspace ?? 'default');
  if (!paymentsEnabled(app)) throw badRequest(BILLING_MESSAGES.paymentsNotConfigured, { '*': [BILLING_MESSAGES.paymentsNotConfigured] });
  const gateway = gatewayForMethod(app, input.PaymentMethod);
  if (!gateway) throw fieldError('PaymentMethod', BILLING_MESSAGES.methodNotSupported);
  const sub = await repo.subscriptionOfWorkspace(app.db, workspace.id);
  const currency = sub?.currency ?? DEFAULT_CURRENCY;
  const request = orderRequestOf(input.plan, input, sub);
  const quote = quoteOrder(
    sub,
    request,
    await repo.priceTable(app.db, currency),
    await repo.promosOf(app.db, workspace.id),
    Date.now(),
    currency,
  );
  const reference = `ord_${crypto.randomBytes(16).toString('base64url')}`;
  const stored: StoredQuote = {
    figures: quote.figures,
    period: quote.period,
    segments: quote.segments,
    usedRedemptions: quote.usedRedemptions,
    nextPayment: quote.nextPayment,
  };
  const order = await repo.insertOrder(app.db, {
    reference,
    workspace_id: workspace.id,
    user_id: userId,
    type: quote.type,
    plan: request.plan,
    quantity: request.quantity,
    addons: [...request.addons],
    billing_cycle: request.cycle,
    payment_method: input.PaymentMethod,
    currency,
    amount: quote.figures.total,
    figures: stored as never,
    gateway: gateway.name,
  });
  let params: Record<string, unknown> = { amount: order.amount, currency };
  if (order.amount > 0) {
    try {
      let customerRef = (await repo.customerRefOf(app.db, userId, gateway.name)) ?? null;
      if (!customerRef && gateway.createCustomer) {
        const user = await findUserById(app.db, userId);
        customerRef = await gateway.createCustomer({ id: userId, email: user?.username ?? '' });
        await repo.saveCustomerRef(app.db, userId, gateway.name, customerRef);
      }
      const started = await gateway.start({
        reference,
        amount: order.amount,
        currency,
        description: `Tabula ${request.plan} (${request.cycle})`,
        customerRef,
        method: input.PaymentMethod,
        returnUrl: `${app.config.publicUrl}/panel/checkout`,
      });
      await repo.updateOrder(app.db, order.id, { gateway_ref: started.gatewayRef, payment_params: { ...started.params } });
      params = { ...started.params };
    } catch (err) {
      app.logger.error({ err, reference }, 'billing: the gateway could not start a payment');
      await repo.updateOrder(app.db, order.id, { status: 'Failed' });
      throw unavailable();
    }
  }
  app.logger.info({ userId, workspaceId: workspace.id, reference, type: quote.type, amount: order.amount }, 'order placed');
  return { reference, type: quote.type, paymentResult: { params }, invoice: { ...quote.figures, nextPayment: quote.nextPayment } };
}

/** Writes the invoice of paid figures: a Charge, or a Credit Note when they create credit. */
export async function writeInvoice(
  trx: Knex.Transaction,
  figures: InvoiceFigures,
  ids: { workspaceId: string; subscriptionId: string; orderId: string | null; userId: string | null },
) {
  const credit = figures.creditCreated > 0;
  return repo.insertInvoice(trx, {
    type: credit ? 'Credit Note' : 'Charge',
    workspace_id: ids.workspaceId,
    subscription_id: ids.subscriptionId,
    order_id: ids.orderId,
    user_id: ids.userId,
    status: 'Paid',
    currency: figures.currency,
    subtotal: figures.subtotal,
    discount: figures.discount.totalAmount,
    total: credit ? figures.creditCreated : figures.total,
    paid: credit ? 0 : figures.total,
    balance: credit ? figures.creditCreated : figures.balance,
    items: figures.items,
    discounts: figures.discount.items,
  });
}

/**
 * Applies a paid order once (the order row is locked; a Paid order is answered as it is). A
 * `settlement` (an Ether transaction hash) is stored unique in the same transaction: a proof that
 * already paid another order refuses this one and nothing is applied.
 */
export async function applyPaidOrder(
  app: App,
  reference: string,
  paymentMethodRef: string | null,
  settlement?: PaymentCheck['settlement'],
): Promise<repo.OrderRow> {
  return app.db.transaction(async (trx) => {
    const order = await repo.orderByReference(trx, reference, true);
    if (!order) throw Boom.notFound(BILLING_MESSAGES.orderNotFound);
    if (order.status === 'Paid') return order;
    if (
      settlement &&
      !(await repo.insertSettlement(trx, {
        gateway: order.gateway,
        ref: settlement.ref,
        order_id: order.id,
        payer: settlement.payer,
        amount: settlement.amount,
      }))
    ) {
      throw fieldError('transactionHash', ETHER_MESSAGES.txUsed);
    }
    const q = order.figures as unknown as StoredQuote;
    const sub = await repo.subscriptionOfWorkspace(trx, order.workspace_id, true);
    const paid = isPaidPlan(order.plan);
    const saved = await repo.saveSubscription(trx, order.workspace_id, {
      user_id: order.user_id,
      plan: order.plan,
      quantity: order.quantity,
      addons: order.addons,
      billing_cycle: order.billing_cycle,
      next_billing_cycle: null,
      status: 'Active',
      currency: order.currency,
      period_start: paid && q.period ? new Date(q.period.start) : null,
      period_end: paid && q.period ? new Date(q.period.end) : null,
      segments: (paid ? q.segments : []) as Segment[],
      // the credit as it is now, minus what this order used, plus what it creates
      credit: Math.max(0, (sub?.credit ?? 0) - q.figures.balance + q.figures.creditCreated),
      paused_at: null,
      // an Ether payment saves no method to charge: it does not auto-renew (unless a card was saved before)
      auto_renew: paid && (order.payment_method !== 'Ether' || !!sub?.payment_method_ref) ? (sub?.auto_renew ?? true) : false,
      payment_method_ref: paymentMethodRef ?? sub?.payment_method_ref ?? null,
      gateway: order.gateway,
    });
    const invoice = await writeInvoice(trx, q.figures, {
      workspaceId: order.workspace_id,
      subscriptionId: saved.id,
      orderId: order.id,
      userId: order.user_id,
    });
    await repo.markPromosUsed(trx, q.usedRedemptions ?? []);
    await trx('promo_redemptions')
      .where({ workspace_id: order.workspace_id })
      .whereNull('subscription_id')
      .update({ subscription_id: saved.id });
    await repo.updateOrder(trx, order.id, { status: 'Paid', paid_at: new Date(), invoice_id: invoice.id });
    app.logger.info({ reference, workspaceId: order.workspace_id, plan: order.plan, invoice: invoice.number }, 'order paid');
    return { ...order, status: 'Paid' as const, invoice_id: invoice.id };
  });
}

/**
 * POST /api/subscriptions/finalize-order {referenceId, paymentMethod?, transactionHash?}: idempotent;
 * 400 while unpaid or when declined. With `paymentMethod` (a provider payment method id, e.g.
 * Stripe's `pm_…`) a payment still pending is confirmed on the server first (docs/billing.md "Card
 * in the browser"). An Ether order needs `transactionHash`, verified on chain (docs/billing.md
 * "Ether"); a transaction that does not pay the order is a 400 under transactionHash and the order
 * stays open for the right one.
 */
export async function finalizeOrder(app: App, actor: Actor | null, reference: string, paymentMethod?: string, transactionHash?: string) {
  const order = await repo.orderByReference(app.db, reference);
  await billingWorkspaceOf(app, actor, order?.workspace_id, BILLING_MESSAGES.orderNotFound);
  let done = order!;
  if (done.status === 'Failed') throw fieldError('referenceId', BILLING_MESSAGES.paymentFailed);
  if (done.status !== 'Paid') {
    let paymentMethodRef: string | null = null;
    let settlement: PaymentCheck['settlement'];
    if (done.amount > 0) {
      const gateway = gatewayNamed(app, done.gateway);
      if (transactionHash) {
        const settled = await repo.settledOrderOf(app.db, gateway.name, transactionHash);
        if (settled && settled !== done.id) throw fieldError('transactionHash', ETHER_MESSAGES.txUsed);
      }
      let check;
      try {
        const payment = {
          gatewayRef: done.gateway_ref ?? '',
          amount: done.amount,
          currency: done.currency,
          reference,
          params: done.payment_params as PaymentParams | null,
          proof: transactionHash,
        };
        check = await gateway.check(payment);
        if (check.state === 'pending' && paymentMethod && gateway.confirm)
          check = await gateway.confirm({ gatewayRef: done.gateway_ref ?? '', reference, paymentMethodRef: paymentMethod });
      } catch (err) {
        if (err instanceof GatewayError && err.userMessage) throw fieldError('transactionHash', err.userMessage);
        if (!(err instanceof GatewayError)) app.logger.error({ err, reference }, 'billing: payment check failed');
        throw err instanceof GatewayError ? fieldError('referenceId', BILLING_MESSAGES.paymentFailed) : unavailable();
      }
      if (check.state === 'pending') throw fieldError('referenceId', BILLING_MESSAGES.paymentPending);
      if (check.state === 'failed') {
        await app.db('billing_orders').where({ id: done.id, status: 'Pending' }).update({ status: 'Failed' });
        throw fieldError('referenceId', BILLING_MESSAGES.paymentFailed);
      }
      paymentMethodRef = check.paymentMethodRef ?? null;
      settlement = check.settlement;
    }
    done = await applyPaidOrder(app, reference, paymentMethodRef, settlement);
  }
  const invoice = done.invoice_id ? await repo.invoiceById(app.db, done.invoice_id) : undefined;
  return {
    reference,
    status: done.status,
    invoice: invoice ? invoiceView(invoice) : null,
    subscription: await viewOf(app, done.workspace_id, await repo.subscriptionOfWorkspace(app.db, done.workspace_id)),
  };
}

/**
 * The card a paid order saved, for renewals, when its event does not name it (a Checkout Session's
 * event carries the PaymentIntent's id only): the gateway's check reads it. null when it cannot.
 */
async function savedMethodOf(app: App, order: repo.OrderRow): Promise<string | null> {
  try {
    const check = await gatewayNamed(app, order.gateway).check({
      gatewayRef: order.gateway_ref ?? '',
      amount: order.amount,
      currency: order.currency,
      reference: order.reference,
    });
    return check.paymentMethodRef ?? null;
  } catch (err) {
    app.logger.warn({ err, reference: order.reference }, 'billing: could not read the saved payment method');
    return null;
  }
}

/** POST /api/billing/stripe/webhook: the gateway's signed events (a bad signature is a 400; a replay changes nothing). */
export async function handleWebhook(app: App, rawBody: Buffer, headers: Record<string, string | string[] | undefined>) {
  let event;
  try {
    event = gatewayOf(app).parseWebhook(rawBody, headers);
  } catch {
    throw badRequest('Invalid webhook signature.', { signature: ['Invalid webhook signature.'] });
  }
  const order = event.reference ? await repo.orderByReference(app.db, event.reference) : undefined;
  const ours = !!order && !!event.gatewayRef && order.gateway_ref === event.gatewayRef;
  if (ours && event.kind === 'paid')
    await applyPaidOrder(
      app,
      order!.reference,
      event.paymentMethodRef ?? (order!.status === 'Paid' ? null : await savedMethodOf(app, order!)),
    );
  if (ours && event.kind === 'failed')
    await app.db('billing_orders').where({ id: order!.id, status: 'Pending' }).update({ status: 'Failed' });
  const first = await repo.firstSeenEvent(app.db, event.id, event.providerType);
  return { received: true, replay: !first };
}
