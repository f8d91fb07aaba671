import type { Knex } from 'knex';
import { countsAsActive, isPaidPlan, PLAN_RANK, type PlanCode } from '../../shared/billing';
import type { PolicyClaims } from '../../shared/policies';
import type { Config } from '../config';
import { planOf, qtyOf } from '../users/api';

/**
 * Claims follow the subscription (issue 16): the plan and qty of an access token come from the
 * best subscription that counts as active (valid, within grace; not Canceled, Expired or Pending)
 * among the workspaces the user owns; without one, from users.plan, then DEFAULT_PLAN
 * (platform/users/plan.ts planOf). Expiry removes the plan at the next token refresh.
 */
export async function subscriptionPlanOf(
  db: Knex,
  userId: string,
  now: number,
  graceDays: number,
): Promise<{ plan: string; qty: number } | null> {
  const rows: Array<{ plan: string; quantity: number; period_end: Date | null; status: string }> = await db('subscriptions as s')
    .join('workspaces as w', 'w.id', 's.workspace_id')
    .where('w.owner_id', userId)
    .whereNotIn('s.status', ['Canceled', 'Expired', 'Pending'])
    .select('s.plan', 's.quantity', 's.period_end', 's.status');
  const live = rows.filter(
    (r) =>
      isPaidPlan(r.plan) &&
      r.period_end &&
      countsAsActive({ status: r.status as never, plan: r.plan, periodEnd: new Date(r.period_end).getTime() }, now, graceDays),
  );
  live.sort((a, b) => PLAN_RANK[b.plan as PlanCode] - PLAN_RANK[a.plan as PlanCode] || b.quantity - a.quantity);
  return live[0] ? { plan: live[0].plan, qty: live[0].quantity } : null;
}

/** The user with the plan and qty of their subscriptions, when they have one (else as they are). */
export async function withSubscriptionPlan<U extends { id: string; plan: string; qty: number }>(
  db: Knex,
  config: Pick<Config, 'billing'>,
  user: U,
): Promise<U> {
  const best = await subscriptionPlanOf(db, user.id, Date.now(), config.billing?.graceDays ?? 3);
  return best ? { ...user, plan: best.plan, qty: best.qty } : user;
}

/**
 * The claims an account's policies follow right now (shared/policies): its subscriptions' plan and
 * qty, else its own, else the operator's DEFAULT_PLAN and DEFAULT_WORKSPACES. Server-side policy
 * checks read this rather than a token that may predate a purchase.
 */
export async function accountClaims(
  db: Knex,
  config: Pick<Config, 'billing' | 'defaultPlan' | 'defaultWorkspaces'>,
  user: { id: string; plan: string; qty: number; roles?: string[] | null },
): Promise<PolicyClaims> {
  const effective = await withSubscriptionPlan(db, config, user);
  return { plan: planOf(effective, config.defaultPlan), role: user.roles ?? [], qty: qtyOf(effective, config.defaultWorkspaces) };
}
