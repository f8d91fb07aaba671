import Boom from '@hapi/boom';
import type { ServerApplicationState } from '@hapi/hapi';
import { BILLING_CYCLES, BILLING_MESSAGES, PARTNER_CYCLE_CODES, type BillingCycle } from '../../../shared/billing';
import * as billing from '../../billing/api';
import { fieldError } from '../../core/errors';
import { findUserById, findUserByUsername } from '../../users/api';
import { ensureDefaultWorkspace } from '../../workspaces/api';
import { attachPromo } from './promos';
import { adminSubscriptionView } from './view';

type App = Pick<ServerApplicationState, 'config' | 'db' | 'logger' | 'bus'>;

/**
 * Operators' subscriptions (backoffice.md §2, §7; docs/backoffice.md "Subscriptions"). Every
 * change of plan, seats, add-ons or cycle is an order of the billing engine (platform/billing:
 * quoteOrder → insertOrder → applyPaidOrder), paid by the operator: it settles at once, without
 * a gateway, and writes its invoice or credit note as a customer's checkout does. The plan claims
 * follow at once (claims read the subscription).
 */
export const ADMIN_SUBSCRIPTION_MESSAGES = {
  userNotFound: 'User not found',
  workspaceNotManaged: 'This workspace is not one the user owns or administers.',
  subscriptionNotFound: BILLING_MESSAGES.notFound,
} as const;

/** 'Monthly' | 2 | '2' → 'Monthly' (backoffice.md §9 codes: 2 Monthly, 3 Quarterly). */
export const cycleOf = (value: string | number | undefined): BillingCycle | undefined =>
  value === undefined
    ? undefined
    : (BILLING_CYCLES as readonly string[]).includes(String(value))
      ? (value as BillingCycle)
      : PARTNER_CYCLE_CODES[Number(value)];

/** The workspaces whose billing a user manages (owner or Admin), the default one made if missing. */
export async function managedWorkspaces(app: App, userId: string) {
  await ensureDefaultWorkspace(app.db, userId);
  const rows: Array<{ id: string; name: string; owner_id: string; plan: string | null }> = await app
    .db('workspaces as w')
    .leftJoin('subscriptions as s', 's.workspace_id', 'w.id')
    .where('w.owner_id', userId)
    .orWhereExists(app.db('workspace_members as m').whereRaw('m.workspace_id = w.id').where({ 'm.user_id': userId, 'm.role': 'Admin' }))
    .orderBy('w.created_at')
    .select('w.id', 'w.name', 'w.owner_id', 's.plan');
  return rows.map((r) => ({ id: r.id, name: r.name, plan: r.plan ?? 'essential', role: r.owner_id === userId ? 'Owner' : 'Admin' }));
}

/** GET /api/admin/subscriptions/user-workspaces?username=: 400 'User not found' under username. */
export async function userWorkspaces(app: App, username: string) {
  const user = username ? await findUserByUsername(app.db, username) : undefined;
  if (!user) throw fieldError('username', ADMIN_SUBSCRIPTION_MESSAGES.userNotFound);
  return { userId: user.id, username: user.username, workspaces: await managedWorkspaces(app, user.id) };
}

export async function subscriptionOr404(app: App, id: string) {
  const sub = await billing.subscriptionById(app.db, id);
  if (!sub) throw Boom.notFound(ADMIN_SUBSCRIPTION_MESSAGES.subscriptionNotFound);
  return sub;
}

interface Configuration {
  plan?: string;
  quantity?: number;
  addons?: string[];
  billingCycle?: string | number;
}

/** The operator pays its orders: payment method 'Operator', gateway 'operator', references `op_…`. */
export const OPERATOR_PAYER: billing.SettledPayer = { paymentMethod: 'Operator', gateway: 'operator', referencePrefix: 'op' };

/**
 * One order of the engine, settled by the operator (billing.settleOrder): quoted against the
 * workspace's subscription (a change within a running period is prorated; a downgrade writes a
 * credit note), then applied. Undefined when the configuration is the running one already
 * (nothing to order).
 */
async function operatorOrder(app: App, workspaceId: string, userId: string, input: Configuration): Promise<string | undefined> {
  const sub = await billing.subscriptionOfWorkspace(app.db, workspaceId);
  const request = billing.orderRequestOf(input.plan ?? sub?.plan ?? 'team', { ...input, billingCycle: cycleOf(input.billingCycle) }, sub);
  if (billing.runningPeriod(sub, Date.now()) && sub) {
    const same =
      sub.plan === request.plan &&
      sub.quantity === request.quantity &&
      sub.billing_cycle === request.cycle &&
      [...sub.addons].sort().join() === [...request.addons].sort().join();
    if (same) return undefined;
  }
  return billing.settleOrder(app, sub, { workspaceId, userId, request, payer: OPERATOR_PAYER });
}

export interface CreateInput extends Configuration {
  autoRenew: boolean;
  promo?: string | null;
  userId: string;
  currency: string;
  workspaces: string[];
}

/** POST /api/subscriptions (operators): the plan for each chosen workspace of the user. */
export async function createSubscriptions(app: App, input: CreateInput) {
  const user = await findUserById(app.db, input.userId);
  if (!user) throw fieldError('userId', ADMIN_SUBSCRIPTION_MESSAGES.userNotFound);
  const managed = new Set((await managedWorkspaces(app, user.id)).map((w) => w.id));
  const foreign = input.workspaces.filter((id) => !managed.has(id));
  if (foreign.length) throw fieldError('workspaces', ADMIN_SUBSCRIPTION_MESSAGES.workspaceNotManaged);
  const references: string[] = [];
  const subscriptions: string[] = [];
  for (const workspaceId of input.workspaces) {
    if (input.promo) await attachPromo(app, workspaceId, user.id, input.promo, 'promo');
    const reference = await operatorOrder(app, workspaceId, user.id, input);
    const sub = (await billing.subscriptionOfWorkspace(app.db, workspaceId))!;
    await billing.updateSubscription(app.db, sub.id, { auto_renew: input.autoRenew, user_id: user.id });
    if (reference) references.push(reference);
    subscriptions.push(sub.id);
  }
  if (!references.length) throw fieldError('plan', BILLING_MESSAGES.sameConfiguration);
  app.logger.info({ userId: user.id, workspaces: input.workspaces, plan: input.plan }, 'subscription assigned by an operator');
  return { reference: references[0]!, references, subscriptions };
}

export interface ChangeInput extends Configuration {
  autoRenew?: boolean;
  promo?: string | null;
  userId?: string;
}

/** POST /api/subscriptions/{id} (operators): any of autoRenew, quantity, addons, plan, billingCycle; promo; userId. */
export async function changeSubscription(app: App, id: string, input: ChangeInput) {
  let sub = await subscriptionOr404(app, id);
  if (input.userId && input.userId !== sub.user_id) {
    if (!(await managedWorkspaces(app, input.userId)).some((w) => w.id === sub.workspace_id))
      throw fieldError('userId', ADMIN_SUBSCRIPTION_MESSAGES.workspaceNotManaged);
    sub = await billing.updateSubscription(app.db, sub.id, { user_id: input.userId });
  }
  const payer = sub.user_id ?? (await app.db('workspaces').where({ id: sub.workspace_id }).first('owner_id')).owner_id;
  if (input.promo) await attachPromo(app, sub.workspace_id, payer, input.promo, 'promo');
  let reference: string | undefined;
  if (input.plan !== undefined || input.quantity !== undefined || input.addons !== undefined || input.billingCycle !== undefined)
    reference = await operatorOrder(app, sub.workspace_id, payer, {
      plan: input.plan ?? sub.plan,
      quantity: input.quantity ?? sub.quantity,
      addons: input.addons ?? sub.addons,
      billingCycle: input.billingCycle ?? sub.billing_cycle,
    });
  if (input.autoRenew !== undefined) await billing.updateSubscription(app.db, sub.id, { auto_renew: input.autoRenew });
  app.logger.info({ subscriptionId: sub.id, reference }, 'subscription changed by an operator');
  return { reference: reference ?? null, subscription: await adminSubscriptionView(app, sub.id) };
}
