import { addCycle, isPaidPlan, periodPrice } from '../../shared/billing';
import { gatewayOf, graceDaysOf, type App } from './access';
import { writeInvoice } from './checkout';
import { configOf, quoteRenewal } from './quote';
import * as repo from './repo';
import { SETTLED_GATEWAY } from './settled-order';

const DAY = 86_400_000;

export interface RenewalRun {
  renewed: number;
  expired: number;
  failed: number;
}

/**
 * The renewal job (docs/billing.md "Renewals"): subscriptions whose period has ended are renewed
 * when auto-renew is on (a new invoice, the saved payment method charged through the gateway with
 * the order reference as idempotency key), or expire once the grace days are over. A failed
 * payment suspends the subscription (still valid in its grace days; retried each run) and expires
 * it after them. Paused subscriptions are not renewed. One run at a time across nodes: it runs as
 * the job 'billing-renewal' (platform/core/jobs, registered by ./plugin.ts); a call beside it (a
 * test) still cannot renew twice: the due rows are locked (FOR UPDATE) and each renewal's order
 * reference is unique.
 */
export async function runRenewals(app: App, now = Date.now()): Promise<RenewalRun> {
  const gateway = gatewayOf(app);
  const graceMs = graceDaysOf(app) * DAY;
  return app.db.transaction(async (trx) => {
    const run: RenewalRun = { renewed: 0, expired: 0, failed: 0 };
    const due: repo.SubscriptionRow[] = await trx('subscriptions')
      .whereIn('status', ['Active', 'Suspended', 'Paused'])
      .whereNotNull('period_end')
      .where('period_end', '<=', new Date(now))
      .forUpdate();
    for (const sub of due) {
      const end = new Date(sub.period_end!).getTime();
      const pastGrace = now >= end + graceMs;
      if (sub.status === 'Paused' || !sub.auto_renew || !isPaidPlan(sub.plan)) {
        if (pastGrace) {
          await repo.updateSubscription(trx, sub.id, { status: 'Expired' });
          run.expired++;
        }
        continue;
      }
      const { figures, cycle, usedRedemptions } = quoteRenewal(
        sub,
        await repo.priceTable(trx, sub.currency),
        await repo.promosOf(trx, sub.workspace_id),
      );
      const reference = `renewal-${sub.id}-${end}`;
      let state: 'paid' | 'failed' = 'paid';
      let gatewayRef: string | null = null;
      // a partner-paid subscription (settled-order.ts) renews invoiced to its partner, without a gateway
      const partnerPaid = sub.gateway === SETTLED_GATEWAY;
      if (figures.total > 0 && !partnerPaid) {
        const customerRef = sub.user_id ? await repo.customerRefOf(trx, sub.user_id, gateway.name) : undefined;
        state = 'failed';
        if (gateway.enabled && customerRef && sub.payment_method_ref) {
          try {
            ({ state, gatewayRef } = await gateway.chargeSaved({
              reference,
              amount: figures.total,
              currency: sub.currency,
              customerRef,
              paymentMethodRef: sub.payment_method_ref,
            }));
          } catch (err) {
            app.logger.error({ err, subscriptionId: sub.id }, 'renewal: the gateway failed');
          }
        }
      }
      if (state === 'failed') {
        await repo.updateSubscription(trx, sub.id, { status: pastGrace ? 'Expired' : 'Suspended' });
        run.failed++;
        if (pastGrace) run.expired++;
        continue;
      }
      const start = pastGrace ? now : end;
      const next = { ...configOf(sub), cycle };
      const [order] = await trx('billing_orders')
        .insert({
          reference,
          workspace_id: sub.workspace_id,
          user_id: sub.user_id,
          type: 'renewal',
          plan: sub.plan,
          quantity: sub.quantity,
          addons: JSON.stringify(sub.addons ?? []),
          billing_cycle: cycle,
          payment_method: partnerPaid ? 'Partner' : 'Card',
          currency: sub.currency,
          amount: figures.total,
          figures: JSON.stringify({ figures }),
          status: 'Paid',
          gateway: partnerPaid ? SETTLED_GATEWAY : gateway.name,
          gateway_ref: gatewayRef,
          paid_at: new Date(now),
        })
        .onConflict('reference')
        .ignore()
        .returning('id');
      if (!order) continue; // renewed already (the due rows are locked: cannot happen; kept for safety)
      const saved = await repo.updateSubscription(trx, sub.id, {
        status: 'Active',
        billing_cycle: cycle,
        next_billing_cycle: null,
        period_start: new Date(start),
        period_end: addCycle(new Date(start), cycle),
        segments: [{ from: start, price: periodPrice(next, await repo.priceTable(trx, sub.currency)) }],
        credit: Math.max(0, sub.credit - figures.balance),
      });
      const invoice = await writeInvoice(trx, figures, {
        workspaceId: sub.workspace_id,
        subscriptionId: saved.id,
        orderId: order.id,
        userId: sub.user_id,
      });
      await trx('billing_orders').where({ id: order.id }).update({ invoice_id: invoice.id });
      await repo.markPromosUsed(trx, usedRedemptions);
      run.renewed++;
    }
    if (due.length) app.logger.info({ ...run }, 'renewal run');
    return run;
  });
}
