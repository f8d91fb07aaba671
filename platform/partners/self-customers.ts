import Boom from '@hapi/boom';
import { BILLING_CYCLES, type BillingCycle } from '../../shared/billing';
import type { PartnerCustomer } from '../../shared/partners/types';
import type { Actor } from '../core/actor';
import type { ListDeclaration } from '../core/list';
import { fieldError } from '../core/errors';
import { partnerMay, setPartnerStatus, settleChange, settleRenewal, workspaceSubscription, type PartnerAction } from '../billing/api';
import { ensureDefaultWorkspace } from '../workspaces/api';
import { customersQuery } from './repo';
import { customerOf, resellerOf, SELF_MESSAGES, type App } from './self-access';

/**
 * A reseller partner's customers and their subscriptions (panel.md §2 Customers, §4 "For partner
 * customers", §7). The subscription a partner handles is the one of the customer's default
 * workspace; the partner's changes are orders it pays, settled at once by the billing engine
 * (platform/billing/settled-order.ts: the same quote, proration and invoices as a checkout).
 */
export const CUSTOMER_LIST: ListDeclaration<{ user_id: string; username: string; created_at: Date }, PartnerCustomer> = {
  name: 'PartnerCustomers',
  fields: { customerId: 'c.user_id', email: 'u.username', createdDate: 'c.created_at' },
  sortable: ['email', 'createdDate'],
  searchable: ['email'],
  defaultOrder: 'createdDate Desc',
  pageSize: 10,
  toItem: (r) => ({ customerId: r.user_id, email: r.username, createdDate: new Date(r.created_at).toISOString() }),
};

export async function customersBase(app: App, actor: Actor | null) {
  const partner = await resellerOf(app, actor);
  // (wrapped: an async function would run a returned query builder)
  return { query: customersQuery(app.db, partner.id).select('c.user_id', 'u.username', 'c.created_at') };
}

/** The customer's default workspace, once the asker is checked (404 for anyone not the partner's customer). */
async function customerWorkspace(app: App, actor: Actor | null, customerId: string) {
  const partner = await resellerOf(app, actor);
  const userId = await customerOf(app, partner, customerId);
  return { partner, userId, workspace: await ensureDefaultWorkspace(app.db, userId) };
}

export async function customerSubscription(app: App, actor: Actor | null, customerId: string) {
  const { workspace } = await customerWorkspace(app, actor, customerId);
  return (await workspaceSubscription(app, workspace.id)).view;
}

export interface SubscriptionChange {
  plan: string;
  quantity: number;
  billingCycle: BillingCycle | 2;
  addons: string[];
  autoRenew: boolean;
}

/** POST …/subscriptions: the plan, seats, add-ons and auto-renew (panel.md §9: Monthly only). */
export async function changeSubscription(app: App, actor: Actor | null, customerId: string, input: SubscriptionChange) {
  const { partner, userId, workspace } = await customerWorkspace(app, actor, customerId);
  const cycle = input.billingCycle === 2 ? 'Monthly' : input.billingCycle;
  if (cycle !== 'Monthly' || !BILLING_CYCLES.includes(cycle)) throw fieldError('billingCycle', SELF_MESSAGES.monthlyOnly);
  const view = await settleChange(app, {
    workspaceId: workspace.id,
    userId,
    plan: input.plan,
    quantity: input.quantity,
    addons: input.addons,
    billingCycle: cycle,
    autoRenew: input.autoRenew,
  });
  app.logger.info(
    { partnerId: partner.id, customerId: userId, plan: input.plan, quantity: input.quantity },
    'partner changed a subscription',
  );
  return view;
}

const REFUSALS: Record<PartnerAction, string> = {
  cancel: SELF_MESSAGES.cancelNotAllowed,
  pause: SELF_MESSAGES.pauseNotAllowed,
  resume: SELF_MESSAGES.resumeNotAllowed,
  renew: SELF_MESSAGES.renewNotAllowed,
};

/**
 * Cancel, pause, resume (by subscription id) and renew (the customer's subscription): 404 unless
 * the id is the customer's subscription; 400 under `status` when §4 does not allow it now.
 */
export async function subscriptionAction(app: App, actor: Actor | null, customerId: string, action: PartnerAction, id?: string) {
  const { partner, userId, workspace } = await customerWorkspace(app, actor, customerId);
  const { row } = await workspaceSubscription(app, workspace.id);
  if (!row || (id !== undefined && row.id !== id)) throw Boom.notFound(SELF_MESSAGES.subscriptionNotFound);
  const next = partnerMay(row, action);
  if (!next) throw fieldError('status', REFUSALS[action]);
  const view = action === 'renew' ? await settleRenewal(app, row.id) : await setPartnerStatus(app, row, next);
  app.logger.info({ partnerId: partner.id, customerId: userId, action, status: view.status }, 'partner subscription action');
  return view;
}
