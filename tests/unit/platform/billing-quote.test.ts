import { describe, expect, it } from 'vitest';
import { quoteOrder, quoteRenewal, runningPeriod } from '../../../platform/billing/quote';
import type { SubscriptionRow } from '../../../platform/billing/repo';
import { DEFAULT_PRICES } from '../../../shared/billing';

const DAY = 86_400_000;
const now = Date.UTC(2026, 5, 16);
const sub = (over: Partial<SubscriptionRow> = {}): SubscriptionRow =>
  ({
    id: 's1',
    workspace_id: 'w1',
    user_id: 'u1',
    plan: 'team',
    quantity: 1,
    addons: [],
    billing_cycle: 'Monthly',
    next_billing_cycle: null,
    auto_renew: true,
    status: 'Active',
    currency: 'USD',
    period_start: new Date(now - 15 * DAY),
    period_end: new Date(now + 15 * DAY),
    segments: [{ from: now - 15 * DAY, price: 800 }],
    credit: 0,
    paused_at: null,
    payment_method_ref: null,
    gateway: 'stripe',
    created_at: new Date(now - 15 * DAY),
    ...over,
  }) as SubscriptionRow;

describe('order quotes (platform/billing/quote.ts)', () => {
  it('a new subscription pays a full period; the free plan cannot be ordered from the free plan', () => {
    const q = quoteOrder(
      undefined,
      { plan: 'teamplus', quantity: 2, addons: ['white-label-api'], cycle: 'Semiannually' },
      DEFAULT_PRICES,
      [],
      now,
      'USD',
    );
    expect(q.type).toBe('new');
    expect(q.figures.total).toBe(2 * 6480 + 10800);
    expect(q.period).toEqual({ start: now, end: Date.UTC(2026, 11, 16) });
    expect(q.nextPayment).toEqual({ date: new Date(Date.UTC(2026, 11, 16)).toISOString(), amount: 2 * 6480 + 10800 });
    expect(() =>
      quoteOrder(undefined, { plan: 'essential', quantity: 1, addons: [], cycle: 'Monthly' }, DEFAULT_PRICES, [], now, 'USD'),
    ).toThrow();
  });

  it('a seat added halfway charges half a seat; the same configuration is refused', () => {
    const q = quoteOrder(sub(), { plan: 'team', quantity: 2, addons: [], cycle: 'Monthly' }, DEFAULT_PRICES, [], now, 'USD');
    expect(q.type).toBe('change');
    expect(q.figures.total).toBe(400);
    expect(q.figures.items.map((i) => i.price)).toEqual([800, -400]);
    expect(() => quoteOrder(sub(), { plan: 'team', quantity: 1, addons: [], cycle: 'Monthly' }, DEFAULT_PRICES, [], now, 'USD')).toThrow();
  });

  it('a change of cycle starts a new period and credits the unused part; credit pays invoices', () => {
    const q = quoteOrder(
      sub({ credit: 100 }),
      { plan: 'team', quantity: 1, addons: [], cycle: 'Quarterly' },
      DEFAULT_PRICES,
      [],
      now,
      'USD',
    );
    expect(q.figures.subtotal).toBe(2280 - 400);
    expect(q.figures.balance).toBe(100);
    expect(q.figures.total).toBe(2280 - 400 - 100);
    expect(q.period!.start).toBe(now);
  });

  it('a Once promo is used by this order and not by the next payment', () => {
    const promos = [{ redemptionId: 'r1', name: 'HALF', type: 'Percent' as const, percent: 50, percentDuration: 'Once' as const }];
    const q = quoteOrder(undefined, { plan: 'team', quantity: 1, addons: [], cycle: 'Monthly' }, DEFAULT_PRICES, promos, now, 'USD');
    expect(q.figures.total).toBe(400);
    expect(q.usedRedemptions).toEqual(['r1']);
    expect(q.nextPayment!.amount).toBe(800);
  });

  it('renewals use the next cycle; an ended or unpaid period is not running', () => {
    expect(quoteRenewal(sub({ next_billing_cycle: 'Quarterly' }), DEFAULT_PRICES, []).figures.total).toBe(2280);
    expect(runningPeriod(sub({ period_end: new Date(now - 1) }), now)).toBeNull();
    expect(runningPeriod(sub({ status: 'Expired' }), now)).toBeNull();
    expect(runningPeriod(sub({ plan: 'essential' }), now)).toBeNull();
    expect(runningPeriod(sub({ status: 'Paused' }), now)).not.toBeNull();
  });
});
