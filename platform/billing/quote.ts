import {
  addCycle,
  CATALOG,
  computeInvoice,
  isPaidPlan,
  periodLines,
  periodPrice,
  prorateChange,
  BILLING_MESSAGES,
  type BillingCycle,
  type Configuration,
  type InvoiceFigures,
  type InvoiceLine,
  type PlanCode,
  type PriceTable,
  type PromoDiscount,
  type Segment,
} from '../../shared/billing';
import { fieldError } from '../core/errors';
import type { SubscriptionRow } from './repo';

/**
 * What an order costs (GET /api/invoices/upcoming and place-order share it): a new subscription
 * pays a full period; a change within the running period pays or is credited the prorated
 * difference (shared/billing/proration); a change of cycle starts a new period and credits the
 * unused part of the old one. Promos and the customer's credit apply (shared/billing/invoice).
 */
export interface OrderRequest extends Configuration {
  cycle: BillingCycle;
}

export interface Quote {
  type: 'new' | 'change';
  figures: InvoiceFigures;
  period: { start: number; end: number } | null;
  segments: Segment[];
  /** the payment after this one: at the period's end, for a full period */
  nextPayment: { date: string; amount: number } | null;
  /** redemptions of Once promos this order uses up */
  usedRedemptions: string[];
}

type Promo = PromoDiscount & { redemptionId: string };

const sameConfig = (a: Configuration, b: Configuration) =>
  a.plan === b.plan && a.quantity === b.quantity && a.cycle === b.cycle && [...a.addons].sort().join() === [...b.addons].sort().join();
const describe = (c: Configuration) =>
  `${CATALOG[c.plan as PlanCode]?.name ?? c.plan} × ${c.quantity}${c.addons.length ? ` + ${c.addons.join(', ')}` : ''}`;

/** A paid subscription whose current period is still running at `now`. */
export function runningPeriod(sub: SubscriptionRow | undefined, now: number): { start: number; end: number } | null {
  if (!sub || !isPaidPlan(sub.plan) || !sub.period_start || !sub.period_end) return null;
  if (!['Active', 'Paused', 'Suspended'].includes(sub.status)) return null;
  const period = { start: new Date(sub.period_start).getTime(), end: new Date(sub.period_end).getTime() };
  return now < period.end ? period : null;
}

export const configOf = (sub: SubscriptionRow): Configuration => ({
  plan: sub.plan,
  quantity: sub.quantity,
  addons: sub.addons ?? [],
  cycle: sub.billing_cycle,
});

export function quoteOrder(
  sub: SubscriptionRow | undefined,
  req: OrderRequest,
  prices: PriceTable,
  promos: readonly Promo[],
  now: number,
  currency: string,
): Quote {
  const running = runningPeriod(sub, now);
  const newPrice = periodPrice(req, prices);
  const free = !isPaidPlan(req.plan);
  let lines: InvoiceLine[];
  let period: Quote['period'];
  let segments: Segment[];
  let type: Quote['type'] = 'new';
  if (running && sub) {
    type = 'change';
    const current = configOf(sub);
    if (sameConfig(current, req)) throw fieldError('plan', BILLING_MESSAGES.sameConfiguration);
    const segs = sub.segments?.length ? sub.segments : [{ from: running.start, price: periodPrice(current, prices) }];
    if (current.cycle === req.cycle || free) {
      const change = prorateChange(running, segs, now, newPrice);
      lines = [{ description: `Remaining time on ${describe(req)}`, price: change.remainingNew }];
      if (change.unusedOld) lines.push({ description: `Unused time on ${describe(current)}`, price: -change.unusedOld });
      period = free ? null : running;
      segments = free ? [] : change.segments;
    } else {
      const unused = -prorateChange(running, segs, now, 0).amount;
      lines = periodLines(req, prices).map((l) => ({ description: l.description, price: l.amount }));
      if (unused) lines.push({ description: `Unused time on ${describe(current)}`, price: -unused });
      period = { start: now, end: addCycle(new Date(now), req.cycle).getTime() };
      segments = [{ from: now, price: newPrice }];
    }
  } else {
    if (free) throw fieldError('plan', BILLING_MESSAGES.sameConfiguration);
    lines = periodLines(req, prices).map((l) => ({ description: l.description, price: l.amount }));
    period = { start: now, end: addCycle(new Date(now), req.cycle).getTime() };
    segments = [{ from: now, price: newPrice }];
  }
  const figures = computeInvoice({ lines, promos, credit: sub?.credit ?? 0, currency });
  const usedRedemptions = promos.filter((p) => figures.usedPromos.includes(p.name)).map((p) => p.redemptionId);
  let nextPayment: Quote['nextPayment'] = null;
  if (period && !free) {
    const later = promos.map((p) => (usedRedemptions.includes(p.redemptionId) ? { ...p, used: true } : p));
    const next = computeInvoice({
      lines: periodLines(req, prices).map((l) => ({ description: l.description, price: l.amount })),
      promos: later,
      credit: figures.creditAfter,
      currency,
    });
    nextPayment = { date: new Date(period.end).toISOString(), amount: next.total };
  }
  return { type, figures, period, segments, nextPayment, usedRedemptions };
}

/** The invoice of a subscription's next renewal (a full period at its next cycle). */
export function quoteRenewal(
  sub: SubscriptionRow,
  prices: PriceTable,
  promos: readonly Promo[],
): { figures: InvoiceFigures; cycle: BillingCycle; usedRedemptions: string[] } {
  const cycle = sub.next_billing_cycle ?? sub.billing_cycle;
  const lines = periodLines({ ...configOf(sub), cycle }, prices).map((l) => ({ description: l.description, price: l.amount }));
  const figures = computeInvoice({ lines, promos, credit: sub.credit, currency: sub.currency });
  return { figures, cycle, usedRedemptions: promos.filter((p) => figures.usedPromos.includes(p.name)).map((p) => p.redemptionId) };
}
