import Boom from '@hapi/boom';
import type { Knex } from 'knex';
import { RESELLER } from '../../shared/partners/programs';
import type { Actor } from '../core/actor';
import { workspaceSubscription } from '../billing/api';
import { ensureDefaultWorkspace } from '../workspaces/api';
import { hasActiveProgram, partnerOfCustomer } from './repo';
import type { App } from './self-access';

/**
 * The `customer-plan` claim (panel.md §6; docs/billing.md "Customer-plan claim"): a customer of a
 * partner whose Reseller programme is Active has their plan handled by that partner, so their
 * token carries the partner's name under `customer-plan` — the panel then shows the subscription
 * read-only and the billing routes refuse the customer's own orders. A Referral partner's customers
 * (or those of a suspended reseller) keep their own billing. Registered as an accounts claim source
 * by the partners plugin; it changes at the next token (login, refresh, profile save).
 */
export async function customerPlanClaim(db: Knex | Knex.Transaction, userId: string): Promise<{ 'customer-plan'?: string }> {
  const partner = await partnerOfCustomer(db as never, userId);
  if (!partner || !(await hasActiveProgram(db as never, partner.id, RESELLER))) return {};
  return { 'customer-plan': partner.name ?? 'your partner' };
}

/**
 * GET /api/partners/customer/subscription: a partner's customer reads the subscription the partner
 * handles (their default workspace's), with the partner (panel.md §3 Subscription.partner); 404
 * for anyone whose plan no partner handles.
 */
export async function handledSubscription(app: App, actor: Actor | null) {
  if (!actor?.userId) throw Boom.unauthorized();
  const partner = await partnerOfCustomer(app.db, actor.userId);
  if (!partner || !(await hasActiveProgram(app.db, partner.id, RESELLER))) throw Boom.notFound('No partner handles your subscription.');
  const owner = await app.db('users').where({ id: partner.user_id }).first('username');
  const { view } = await workspaceSubscription(app, (await ensureDefaultWorkspace(app.db, actor.userId)).id);
  return { ...view, partner: { type: RESELLER, name: partner.name ?? '', email: owner?.username ?? '' } };
}
