import {
  addCycle,
  BILLING_MESSAGES,
  CATALOG,
  computeInvoice,
  periodLines,
  promoGrant,
  redemptionRefusal,
  type PlanCode,
  type PromoRules,
} from '../../shared/billing';
import type { Actor } from '../core/actor';
import { TOO_MANY_ATTEMPTS } from '../core/ratelimit';
import { billingWorkspace, redeemLimiterOf, type App } from './access';
import { writeInvoice } from './checkout';
import { runningPeriod } from './quote';
import * as repo from './repo';
import { viewOf } from './service';

const DAY = 86_400_000;

export interface RedeemInput {
  code: string;
  /** a workspace id (or 'default') when assignedToType is 'Workspace'; otherwise the caller's default workspace */
  assignedTo?: string | null;
  assignedToType?: string | null;
}

const rulesOf = (p: repo.PromoRow): PromoRules => ({
  status: p.status,
  type: p.type,
  percent: p.percent == null ? null : Number(p.percent),
  percentDuration: p.percent_duration,
  redeemBy: p.redeem_by ? new Date(p.redeem_by).getTime() : null,
  maxRedemptions: p.max_redemptions,
  maxRedemptionsPerCustomer: p.max_redemptions_per_customer,
  redeemedTimes: p.redeemed_times,
  duration: p.duration,
  expiresInDays: p.expires_in_days,
});

/**
 * POST /api/admin/promos/redeem (a USER route despite its path; the redeem page): the code is
 * trimmed and matched case-insensitively, under the promo's limits (shared/billing/promo; the
 * promo row is locked, so the limits hold under concurrent redemptions). A promo that grants the
 * plan (Subscription type, or 100 % off) gives a workspace without a running paid period the
 * promo's plan as `promoGrant` says (Subscription: its duration; 100 % Forever: expiresInDays, or
 * without expiry monthly periods renewing at no cost; 100 % Once: one monthly period, the
 * redemption spent); on a running period a Subscription promo adds its days.
 * Any other promo discounts the workspace's next invoices. Answers {result, succeed}.
 */
export async function redeemPromo(app: App, actor: Actor | null, input: RedeemInput) {
  const code = input.code.trim();
  const ref = input.assignedToType === 'Workspace' && input.assignedTo ? input.assignedTo : 'default';
  const { workspace, userId } = await billingWorkspace(app, actor, ref);
  if (!code) return { result: BILLING_MESSAGES.promoInvalid, succeed: false };
  if (!(await redeemLimiterOf(app).hit(userId)).allowed) return { result: TOO_MANY_ATTEMPTS, succeed: false };
  const outcome = await app.db.transaction(async (trx) => {
    const promo = await repo.promoByCode(trx, code);
    const refusal = redemptionRefusal(
      promo ? rulesOf(promo) : null,
      promo ? await repo.redemptionsBy(trx, promo.id, userId) : 0,
      Date.now(),
    );
    if (refusal || !promo) return { result: refusal ?? BILLING_MESSAGES.promoInvalid, succeed: false };
    const now = Date.now();
    const sub = await repo.subscriptionOfWorkspace(trx, workspace.id, true);
    const running = runningPeriod(sub, now);
    const expiresAt = promo.expires_in_days > 0 ? new Date(now + promo.expires_in_days * DAY) : null;
    await trx('promos').where({ id: promo.id }).increment('redeemed_times', 1);
    let result: string = BILLING_MESSAGES.promoRedeemed;
    let subscriptionId = sub?.id ?? null;
    let spent = false;
    const planName = CATALOG[promo.plan as PlanCode]?.name ?? promo.plan;
    const grant = promoGrant(rulesOf(promo));
    if (grant && !running) {
      const end = grant.days === null ? addCycle(new Date(now), 'Monthly').getTime() : now + grant.days * DAY;
      const days = grant.days ?? Math.round((end - now) / DAY);
      const saved = await repo.saveSubscription(trx, workspace.id, {
        user_id: userId,
        plan: promo.plan,
        quantity: sub?.quantity ?? 1,
        addons: [],
        billing_cycle: 'Monthly',
        next_billing_cycle: null,
        status: 'Active',
        currency: sub?.currency ?? 'USD',
        period_start: new Date(now),
        period_end: new Date(end),
        segments: [{ from: now, price: 0 }],
        paused_at: null,
        auto_renew: grant.renews,
        credit: sub?.credit ?? 0,
      });
      subscriptionId = saved.id;
      spent = grant.spent;
      const lines = periodLines(
        { plan: promo.plan, quantity: saved.quantity, addons: [], cycle: 'Monthly' },
        await repo.priceTable(trx, saved.currency),
      ).map((l) => ({ description: l.description, price: l.amount }));
      const figures = computeInvoice({
        lines,
        promos: [{ name: promo.name, type: 'Percent', percent: 100, percentDuration: 'Forever' }],
        currency: saved.currency,
      });
      await writeInvoice(trx, figures, { workspaceId: workspace.id, subscriptionId: saved.id, orderId: null, userId });
      result = grant.renews ? BILLING_MESSAGES.promoRedeemed : BILLING_MESSAGES.promoGranted(planName, days);
    } else if (promo.type === 'Subscription' && running && sub) {
      const days = promo.duration || 30;
      await repo.updateSubscription(trx, sub.id, { period_end: new Date(running.end + days * DAY) });
      result = BILLING_MESSAGES.promoGranted(CATALOG[sub.plan as PlanCode]?.name ?? sub.plan, days);
    }
    await trx('promo_redemptions').insert({
      promo_id: promo.id,
      user_id: userId,
      workspace_id: workspace.id,
      subscription_id: subscriptionId,
      expires_at: expiresAt,
      used: spent,
    });
    return { result, succeed: true };
  });
  if (outcome.succeed) app.logger.info({ userId, workspaceId: workspace.id }, 'promo redeemed');
  return {
    ...outcome,
    subscription: outcome.succeed ? await viewOf(app, workspace.id, await repo.subscriptionOfWorkspace(app.db, workspace.id)) : undefined,
  };
}
