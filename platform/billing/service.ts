import Boom from '@hapi/boom';
import {
  BILLING_MESSAGES,
  CATALOG,
  DEFAULT_CURRENCY,
  formatMoney,
  nextStatus,
  PLAN_CODES,
  ADDON_CODES,
  BILLING_CYCLES,
  type BillingCycle,
  type PlanCode,
} from '../../shared/billing';
import { isOperator } from '../admin/api';
import type { Actor } from '../core/actor';
import { fieldError } from '../core/errors';
import {
  billingWorkspace,
  billingWorkspaceOf,
  cardEntryOf,
  graceDaysOf,
  hasCustomerPlanClaim,
  paymentMethodsOf,
  paymentsEnabled,
  type App,
} from './access';
import { quoteOrder, quoteRenewal, type OrderRequest } from './quote';
import * as repo from './repo';
import { invoiceView, subscriptionView } from './views';

/**
 * Billing reads and the subscription's own actions (docs/billing.md): plans, a workspace's
 * subscription, the invoice preview, the billing history's base query, an invoice, pause and
 * resume, the billing cycle. Checkout is in checkout.ts, promos in promos.ts, renewals in renewal.ts.
 */

/** GET /api/plans: the plans and add-ons with their prices per cycle. */
export async function listPlans(app: App) {
  const prices = await repo.priceTable(app.db, DEFAULT_CURRENCY);
  const item = (code: string) => ({
    code,
    name: CATALOG[code as PlanCode].name,
    features: [...CATALOG[code as PlanCode].features],
    perSeat: CATALOG[code as PlanCode].perSeat,
    prices: BILLING_CYCLES.map((cycle) => ({
      cycle,
      amount: prices[code]?.[cycle] ?? 0,
      formatted: formatMoney(prices[code]?.[cycle] ?? 0, DEFAULT_CURRENCY),
    })),
    price: { amount: prices[code]?.Monthly ?? 0, formatted: formatMoney(prices[code]?.Monthly ?? 0, DEFAULT_CURRENCY) },
  });
  return {
    plans: PLAN_CODES.map(item),
    addons: ADDON_CODES.map(item),
    billingCycles: [...BILLING_CYCLES],
    paymentMethods: paymentMethodsOf(app),
    cardEntry: cardEntryOf(app),
    paymentsEnabled: paymentsEnabled(app),
    currency: DEFAULT_CURRENCY,
  };
}

export async function viewOf(app: App, workspaceId: string, sub: repo.SubscriptionRow | undefined) {
  const promos = await repo.promosOf(app.db, workspaceId);
  let renewalAmount: number | null = null;
  if (sub?.period_end && sub.plan !== 'essential')
    renewalAmount = quoteRenewal(sub, await repo.priceTable(app.db, sub.currency), promos).figures.total;
  return subscriptionView(sub, workspaceId, {
    now: Date.now(),
    graceDays: graceDaysOf(app),
    paymentsEnabled: paymentsEnabled(app),
    promos,
    renewalAmount,
  });
}

/** GET /api/subscriptions/for/{id}: the workspace's subscription (the free plan when it has none). */
export async function subscriptionFor(app: App, actor: Actor | null, ref: string) {
  const { workspace } = await billingWorkspace(app, actor, ref);
  return viewOf(app, workspace.id, await repo.subscriptionOfWorkspace(app.db, workspace.id));
}

export interface UpcomingQuery {
  Plan?: string;
  Addons?: string[];
  BillingCycle?: BillingCycle;
  Quantity?: number;
  Workspace?: string;
  subscriptionId?: string;
}

/** GET /api/invoices/upcoming: an order's invoice (Plan, Addons, BillingCycle), or a subscription's next renewal (subscriptionId). */
export async function upcomingInvoice(app: App, actor: Actor | null, query: UpcomingQuery) {
  if (query.subscriptionId) {
    const sub = await repo.subscriptionById(app.db, query.subscriptionId);
    await billingWorkspaceOf(app, actor, sub?.workspace_id, BILLING_MESSAGES.notFound);
    const promos = await repo.promosOf(app.db, sub!.workspace_id);
    const { figures } = quoteRenewal(sub!, await repo.priceTable(app.db, sub!.currency), promos);
    return {
      ...figures,
      type: 'renewal',
      nextPayment: sub!.period_end ? { date: new Date(sub!.period_end).toISOString(), amount: figures.total } : null,
    };
  }
  if (!query.Plan) throw fieldError('Plan', '"Plan" is required');
  const { workspace } = await billingWorkspace(app, actor, query.Workspace ?? 'default');
  const sub = await repo.subscriptionOfWorkspace(app.db, workspace.id);
  const quote = quoteOrder(
    sub,
    orderRequestOf(query.Plan, query, sub),
    await repo.priceTable(app.db, sub?.currency ?? DEFAULT_CURRENCY),
    await repo.promosOf(app.db, workspace.id),
    Date.now(),
    sub?.currency ?? DEFAULT_CURRENCY,
  );
  return { ...quote.figures, type: quote.type, nextPayment: quote.nextPayment };
}

/** An order's configuration: seats default to the current subscription's, the cycle to its cycle or Monthly. */
export function orderRequestOf(
  plan: string,
  input: {
    Addons?: string[];
    addons?: string[];
    BillingCycle?: BillingCycle;
    billingCycle?: BillingCycle;
    Quantity?: number;
    quantity?: number;
  },
  sub: repo.SubscriptionRow | undefined,
): OrderRequest {
  return {
    plan,
    quantity: input.Quantity ?? input.quantity ?? sub?.quantity ?? 1,
    addons: [...new Set(input.Addons ?? input.addons ?? [])],
    cycle: input.BillingCycle ?? input.billingCycle ?? sub?.billing_cycle ?? 'Monthly',
  };
}

/** GET /api/users/subscriptions/history: the invoices of the workspaces the user manages (optionally one of them). */
export async function historyBase(app: App, actor: Actor | null, workspaceRef?: string) {
  if (workspaceRef) {
    const { workspace } = await billingWorkspace(app, actor, workspaceRef);
    return { query: app.db('invoices as i').where('i.workspace_id', workspace.id) };
  }
  if (!actor?.userId) throw Boom.forbidden('Unauthorized access');
  if (hasCustomerPlanClaim(actor)) throw Boom.forbidden(BILLING_MESSAGES.customerPlan);
  // (wrapped: an async function would run a returned query builder)
  return { query: app.db('invoices as i').whereIn('i.workspace_id', repo.billingWorkspaces(app.db, actor.userId)) };
}

/** GET /api/subscriptions/invoices/{id}: the workspace's Owner and Admins, and operators. */
export async function invoiceDetail(app: App, actor: Actor | null, id: string) {
  const row = /^[0-9a-f-]{36}$/i.test(id) ? await repo.invoiceById(app.db, id) : undefined;
  // an operator reads any invoice (the back-office's Invoices panel); everyone else only their workspaces'
  if (!row || !(await isOperator(app.db, actor?.userId ?? null)))
    await billingWorkspaceOf(app, actor, row?.workspace_id, BILLING_MESSAGES.invoiceNotFound);
  return invoiceView(row!);
}

/** POST /api/users/self/subscriptions/pause {pause}: pause (Active, paid, payments enabled) or resume (Paused). */
export async function pauseSubscription(app: App, actor: Actor | null, input: { pause: boolean; workspace?: string }) {
  const { workspace, userId } = await billingWorkspace(app, actor, input.workspace ?? 'default');
  const saved = await app.db.transaction(async (trx) => {
    const sub = await repo.subscriptionOfWorkspace(trx, workspace.id, true);
    const state = {
      status: sub?.status ?? 'Active',
      plan: sub?.plan ?? 'essential',
      periodEnd: sub?.period_end ? new Date(sub.period_end).getTime() : null,
    } as const;
    const next = nextStatus(state, input.pause ? 'pause' : 'resume', paymentsEnabled(app));
    if (!sub || !next) throw fieldError('pause', input.pause ? BILLING_MESSAGES.pauseNotAllowed : BILLING_MESSAGES.resumeNotAllowed);
    return repo.updateSubscription(trx, sub.id, { status: next, paused_at: input.pause ? new Date() : null });
  });
  app.logger.info(
    { userId, workspaceId: workspace.id, status: saved.status },
    input.pause ? 'subscription paused' : 'subscription resumed',
  );
  return viewOf(app, workspace.id, saved);
}

/** POST /api/subscriptions/{id}/billing-cycle {cycle}: the cycle of the next renewal (the running period is paid for). */
export async function changeBillingCycle(app: App, actor: Actor | null, id: string, cycle: BillingCycle) {
  const sub = /^[0-9a-f-]{36}$/i.test(id) ? await repo.subscriptionById(app.db, id) : undefined;
  const { workspace } = await billingWorkspaceOf(app, actor, sub?.workspace_id, BILLING_MESSAGES.notFound);
  if (sub!.plan === 'essential') throw fieldError('cycle', BILLING_MESSAGES.freeCycle);
  if ((sub!.next_billing_cycle ?? sub!.billing_cycle) === cycle) throw fieldError('cycle', BILLING_MESSAGES.cycleUnchanged);
  const saved = await repo.updateSubscription(app.db, sub!.id, { next_billing_cycle: cycle === sub!.billing_cycle ? null : cycle });
  return viewOf(app, workspace.id, saved);
}
