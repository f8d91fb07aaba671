import Boom from '@hapi/boom';
import type { ServerApplicationState } from '@hapi/hapi';
import { BILLING_MESSAGES, computeInvoice, redemptionRefusal } from '../../../shared/billing';
import * as billing from '../../billing/api';
import { fieldError } from '../../core/errors';

type App = Pick<ServerApplicationState, 'config' | 'db' | 'logger' | 'bus'>;
const DAY = 86_400_000;

export const CREDIT_TEXTS = {
  /** backoffice.md §8, as the spec spells it */
  added: 'creadit addedd',
  item: 'Credit added by an operator',
  notTheirs: "This subscription is not one of the user's.",
} as const;

/**
 * An operator attaches a promo (by code or name) to a workspace's subscription, under the promo's
 * own limits (shared/billing/promo redemptionRefusal: status, redeem-by, total and per-customer
 * redemptions): its discount applies to the next invoices (platform/billing/repo promosOf); a
 * Subscription promo adds its days to a running period, as a customer's redemption does.
 */
export async function attachPromo(app: App, workspaceId: string, userId: string, name: string, field: string) {
  await app.db.transaction(async (trx) => {
    const promo = (await trx('promos')
      .whereRaw('code = upper(?) or lower(name) = lower(?)', [name.trim(), name.trim()])
      .orderByRaw('(code = upper(?)) desc', [name.trim()])
      .forUpdate()
      .first()) as billing.PromoRow | undefined;
    const [{ count }] = promo
      ? ((await trx('promo_redemptions').where({ promo_id: promo.id, user_id: userId }).count({ count: '*' })) as Array<{ count: string }>)
      : [{ count: '0' }];
    const now = Date.now();
    const refusal = redemptionRefusal(
      promo
        ? {
            status: promo.status,
            type: promo.type,
            percent: promo.percent == null ? null : Number(promo.percent),
            percentDuration: promo.percent_duration,
            redeemBy: promo.redeem_by ? new Date(promo.redeem_by).getTime() : null,
            maxRedemptions: promo.max_redemptions,
            maxRedemptionsPerCustomer: promo.max_redemptions_per_customer,
            redeemedTimes: promo.redeemed_times,
          }
        : null,
      Number(count),
      now,
    );
    if (refusal || !promo) throw fieldError(field, refusal ?? BILLING_MESSAGES.promoInvalid);
    const sub = await billing.subscriptionOfWorkspace(trx, workspaceId, true);
    if (promo.type === 'Subscription') {
      const running = billing.runningPeriod(sub, now);
      if (!running || !sub) throw fieldError(field, 'A subscription promo extends a running period: assign the plan first.');
      await billing.updateSubscription(trx, sub.id, { period_end: new Date(running.end + (promo.duration || 30) * DAY) });
    }
    await trx('promos').where({ id: promo.id }).increment('redeemed_times', 1);
    await trx('promo_redemptions').insert({
      promo_id: promo.id,
      user_id: userId,
      workspace_id: workspaceId,
      subscription_id: sub?.id ?? null,
      expires_at: promo.expires_in_days > 0 ? new Date(now + promo.expires_in_days * DAY) : null,
    });
  });
}

/** DELETE …/promos/{promoId}: the redemption stops applying now (it stays listed, expired). */
export async function detachPromo(app: App, workspaceId: string, redemptionId: string) {
  const changed = await app
    .db('promo_redemptions')
    .where({ id: redemptionId, workspace_id: workspaceId })
    .where((w) => void w.whereNull('expires_at').orWhereRaw('expires_at > now()'))
    .update({ expires_at: app.db.fn.now() });
  if (!changed) throw Boom.notFound('Promo not found.');
}

/**
 * POST /api/admin/users/{id}/credit {credit, subscription}: credit (minor units) for the user's
 * subscription. It is written as the engine writes credit: a credit note of the amount (one line
 * of minus the credit through shared/billing computeInvoice), and the subscription's credit grows
 * by it; the next invoices use it before anything is charged.
 */
export async function addCredit(app: App, userId: string, subscriptionId: string, credit: number) {
  return app.db.transaction(async (trx) => {
    const found = await billing.subscriptionById(trx, subscriptionId);
    if (!found) throw fieldError('subscription', BILLING_MESSAGES.notFound);
    // locked: two credits at once both count
    const sub = (await billing.subscriptionOfWorkspace(trx, found.workspace_id, true))!;
    const owner = (await trx('workspaces').where({ id: sub.workspace_id }).first('owner_id')) as { owner_id: string };
    if (sub.user_id !== userId && owner.owner_id !== userId) throw fieldError('subscription', CREDIT_TEXTS.notTheirs);
    const figures = computeInvoice({
      lines: [{ description: CREDIT_TEXTS.item, price: -credit }],
      credit: sub.credit,
      currency: sub.currency,
    });
    const saved = await billing.updateSubscription(trx, sub.id, { credit: figures.creditAfter });
    const note = await billing.writeInvoice(trx, figures, { workspaceId: sub.workspace_id, subscriptionId: sub.id, orderId: null, userId });
    return { message: CREDIT_TEXTS.added, credit: Number(saved.credit), invoice: note.number };
  });
}
