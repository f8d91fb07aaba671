import {
  CATALOG,
  countsAsActive,
  cycleCodeOf,
  formatMoney,
  formattedItems,
  isPaidPlan,
  remainingDays,
  validityOf,
  canPause,
  canResume,
  FREE_PLAN,
  type PlanCode,
  type PromoDiscount,
} from '../../shared/billing';
import type { InvoiceRow, SubscriptionRow } from './repo';

/** panel.md §3 Subscription (plus validity, the period and what the asker may do). */
export function subscriptionView(
  sub: SubscriptionRow | undefined,
  workspaceId: string,
  ctx: { now: number; graceDays: number; paymentsEnabled: boolean; promos: readonly PromoDiscount[]; renewalAmount: number | null },
) {
  const plan = sub?.plan ?? FREE_PLAN;
  const state = { status: sub?.status ?? 'Active', plan, periodEnd: sub?.period_end ? new Date(sub.period_end).getTime() : null } as const;
  const validity = validityOf(state, ctx.now, ctx.graceDays);
  const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);
  const running = !!sub && isPaidPlan(plan) && !!sub.period_end;
  return {
    id: sub?.id ?? null,
    workspaceId,
    status: state.status,
    plan: { code: plan, name: CATALOG[plan as PlanCode]?.name ?? plan },
    billingCycle: sub?.billing_cycle ?? null,
    billingCycleCode: sub ? cycleCodeOf(sub.billing_cycle) : null,
    nextBillingCycle: sub?.next_billing_cycle ?? null,
    quantity: sub?.quantity ?? 1,
    addons: (sub?.addons ?? []).map((code) => ({ code, name: CATALOG[code as PlanCode]?.name ?? code })),
    promos: ctx.promos.map((p) => ({ name: p.name })),
    autoRenew: sub?.auto_renew ?? false,
    nextBilling: running && sub!.auto_renew && state.status !== 'Paused' ? iso(sub!.period_end) : null,
    nextRenewDate: running ? iso(sub!.period_end) : null,
    amount: ctx.renewalAmount,
    remainingDays: state.periodEnd == null ? null : remainingDays(state.periodEnd, ctx.now),
    currentPeriodStart: iso(sub?.period_start),
    currentPeriodEnd: iso(sub?.period_end),
    isValid: validity.isValid,
    inGrace: validity.inGrace,
    isActive: countsAsActive(state, ctx.now, ctx.graceDays),
    credit: sub?.credit ?? 0,
    currency: sub?.currency ?? 'USD',
    paymentsEnabled: ctx.paymentsEnabled,
    canPause: canPause(state, ctx.paymentsEnabled),
    canResume: canResume(state),
  };
}

/** panel.md §3 Billing history row / backoffice.md §3 Invoice. */
export function invoiceView(row: InvoiceRow) {
  return {
    id: row.id,
    number: row.number,
    createdAt: new Date(row.created_at).toISOString(),
    dueAt: new Date(row.due_at).toISOString(),
    type: row.type,
    status: row.status,
    subtotal: Number(row.subtotal),
    discount: Number(row.discount),
    totalAmount: Number(row.total),
    paid: Number(row.paid),
    balance: Number(row.balance),
    currencyCode: row.currency,
    formattedTotal: formatMoney(Number(row.total), row.currency),
    items: formattedItems(row.items ?? [], row.currency),
    discounts: (row.discounts ?? []).map((d) => ({ name: d.name, formattedAmount: formatMoney(d.amount, row.currency) })),
  };
}
