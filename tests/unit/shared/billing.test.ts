import { describe, expect, it } from 'vitest';
import {
  addCycle,
  BILLING_MESSAGES,
  canPause,
  canResume,
  computeInvoice,
  countsAsActive,
  cycleCodeOf,
  DEFAULT_PRICES,
  formatMoney,
  generatePromoCode,
  grantsSubscription,
  nextStatus,
  PARTNER_CYCLE_CODES,
  percentOf,
  periodLines,
  periodPrice,
  PROMO_CODE_FORMAT,
  redemptionRefusal,
  remainingDays,
  roundDiv,
  validityOf,
  type PromoRules,
} from '../../../shared/billing';

const DAY = 86_400_000;

describe('money', () => {
  it('formats minor units and rounds exactly', () => {
    expect(formatMoney(1250)).toBe('$12.50');
    expect(formatMoney(-300, 'EUR')).toBe('-€3.00');
    expect(formatMoney(5, 'USD')).toBe('$0.05');
    expect(roundDiv(5n, 2n)).toBe(3n);
    expect(roundDiv(4n, 3n)).toBe(1n);
    expect(roundDiv(-5n, 2n)).toBe(-3n);
    expect(percentOf(999, 50)).toBe(500);
    expect(percentOf(1000, 12.5)).toBe(125);
  });
});

describe('catalogue', () => {
  it('prices plans per seat and add-ons per subscription; partner cycle codes 2 and 3', () => {
    const lines = periodLines({ plan: 'team', quantity: 3, addons: ['white-label-api'], cycle: 'Monthly' }, DEFAULT_PRICES);
    expect(lines.map((l) => l.amount)).toEqual([2400, 2000]);
    expect(periodPrice({ plan: 'essential', quantity: 1, addons: [], cycle: 'Quarterly' }, DEFAULT_PRICES)).toBe(0);
    expect(PARTNER_CYCLE_CODES[2]).toBe('Monthly');
    expect(cycleCodeOf('Quarterly')).toBe(3);
    expect(cycleCodeOf('Semiannually')).toBeNull();
  });

  it('adds calendar months, clamping the day', () => {
    expect(addCycle(new Date('2026-01-31T10:00:00Z'), 'Monthly').toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addCycle(new Date('2026-08-31T00:00:00Z'), 'Semiannually').toISOString()).toBe('2027-02-28T00:00:00.000Z');
    expect(addCycle(new Date('2026-01-15T00:00:00Z'), 'Quarterly').toISOString()).toBe('2026-04-15T00:00:00.000Z');
    expect(remainingDays(Date.UTC(2026, 0, 10), Date.UTC(2026, 0, 8, 12))).toBe(2);
    expect(remainingDays(0, 5)).toBe(0);
  });
});

describe('invoice arithmetic', () => {
  it('applies percent then fixed discounts, then credit; never below zero', () => {
    const inv = computeInvoice({
      lines: [
        { description: 'Team × 2', price: 1600 },
        { description: 'White-label', price: 2000 },
      ],
      promos: [
        { name: 'TEN', type: 'Fixed', amount: 1000 },
        { name: 'HALF', type: 'Percent', percent: 50, percentDuration: 'Once' },
      ],
      credit: 500,
      currency: 'USD',
    });
    expect(inv.subtotal).toBe(3600);
    expect(inv.discount).toEqual({
      items: [
        { name: 'HALF', amount: 1800 },
        { name: 'TEN', amount: 1000 },
      ],
      totalAmount: 2800,
    });
    expect(inv.balance).toBe(500);
    expect(inv.total).toBe(300);
    expect(inv.creditAfter).toBe(0);
    expect(inv.usedPromos).toEqual(['HALF']);
    expect(inv.currencySymbol).toBe('$');
  });

  it('a used Once promo no longer discounts; a Forever one does; 100 % makes a zero invoice', () => {
    const lines = [{ description: 'Team', price: 800 }];
    expect(
      computeInvoice({ lines, promos: [{ name: 'O', type: 'Percent', percent: 20, percentDuration: 'Once', used: true }], currency: 'USD' })
        .total,
    ).toBe(800);
    expect(
      computeInvoice({
        lines,
        promos: [{ name: 'F', type: 'Percent', percent: 20, percentDuration: 'Forever', used: true }],
        currency: 'USD',
      }).total,
    ).toBe(640);
    const free = computeInvoice({
      lines,
      promos: [{ name: 'VIP', type: 'Percent', percent: 100, percentDuration: 'Forever' }],
      credit: 100,
      currency: 'USD',
    });
    expect([free.total, free.balance, free.creditAfter]).toEqual([0, 0, 100]);
    const big = computeInvoice({ lines, promos: [{ name: 'BIG', type: 'Fixed', amount: 5000 }], currency: 'USD' });
    expect([big.discount.totalAmount, big.total]).toEqual([800, 0]);
  });

  it('a negative subtotal (a downgrade) is no charge but credit', () => {
    const inv = computeInvoice({
      lines: [
        { description: 'Essential', price: 0 },
        { description: 'Unused time on Team', price: -450 },
      ],
      credit: 50,
      currency: 'USD',
    });
    expect([inv.total, inv.creditCreated, inv.creditAfter, inv.discount.totalAmount]).toEqual([0, 450, 500, 0]);
  });
});

describe('subscription statuses (panel.md §4, backoffice.md §4)', () => {
  const end = Date.UTC(2026, 5, 1);
  it('pause only when Active, paid and with payments enabled; resume only when Paused', () => {
    expect(canPause({ status: 'Active', plan: 'team', periodEnd: end }, true)).toBe(true);
    expect(canPause({ status: 'Active', plan: 'team', periodEnd: end }, false)).toBe(false);
    expect(canPause({ status: 'Active', plan: 'essential', periodEnd: null }, true)).toBe(false);
    for (const status of ['Paused', 'Expired', 'Pending', 'Canceled', 'Suspended'] as const)
      expect(canPause({ status, plan: 'team', periodEnd: end }, true)).toBe(false);
    expect(canResume({ status: 'Paused', plan: 'team', periodEnd: end })).toBe(true);
    for (const status of ['Active', 'Expired', 'Pending', 'Canceled', 'Suspended'] as const)
      expect(canResume({ status, plan: 'team', periodEnd: end })).toBe(false);
    expect(nextStatus({ status: 'Active', plan: 'team', periodEnd: end }, 'pause', true)).toBe('Paused');
    expect(nextStatus({ status: 'Paused', plan: 'team', periodEnd: end }, 'resume', true)).toBe('Active');
    expect(nextStatus({ status: 'Canceled', plan: 'team', periodEnd: end }, 'pay', true)).toBeNull();
    expect(nextStatus({ status: 'Active', plan: 'team', periodEnd: end }, 'paymentFailed', true)).toBe('Suspended');
    expect(nextStatus({ status: 'Expired', plan: 'team', periodEnd: end }, 'expire', true)).toBeNull();
  });

  it('is valid until the period end plus grace; Canceled and Expired never count', () => {
    const sub = { status: 'Active' as const, plan: 'team', periodEnd: end };
    expect(validityOf(sub, end - 1, 3)).toEqual({ isValid: true, inGrace: false });
    expect(validityOf(sub, end + DAY, 3)).toEqual({ isValid: true, inGrace: true });
    expect(validityOf(sub, end + 3 * DAY, 3)).toEqual({ isValid: false, inGrace: false });
    expect(countsAsActive({ ...sub, status: 'Paused' }, end - 1)).toBe(true);
    expect(countsAsActive({ ...sub, status: 'Canceled' }, end - 1)).toBe(false);
    expect(countsAsActive({ ...sub, status: 'Pending' }, end - 1)).toBe(false);
  });
});

describe('promo codes (backoffice.md §3, §5)', () => {
  it("generates 'WT' + 2, '-', 4, '-', 6 alphanumerics", () => {
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let i = 0; i < 200; i++) expect(generatePromoCode(rnd)).toMatch(PROMO_CODE_FORMAT);
    expect(generatePromoCode(() => 0)).toBe('WTAA-AAAA-AAAAAA');
  });

  it('refuses inactive, past redeem-by, used-up and already-redeemed promos', () => {
    const base: PromoRules = {
      status: 'Active',
      type: 'Percent',
      percent: 100,
      percentDuration: 'Forever',
      redeemBy: null,
      maxRedemptions: 0,
      maxRedemptionsPerCustomer: 1,
      redeemedTimes: 999,
    };
    expect(redemptionRefusal(base, 0, 0)).toBeNull();
    expect(redemptionRefusal(null, 0, 0)).toBe(BILLING_MESSAGES.promoInvalid);
    expect(redemptionRefusal({ ...base, status: 'Disabled' }, 0, 0)).toBe(BILLING_MESSAGES.promoInvalid);
    expect(redemptionRefusal({ ...base, redeemBy: 10 }, 0, 11)).toBe(BILLING_MESSAGES.promoExpired);
    expect(redemptionRefusal({ ...base, maxRedemptions: 999 }, 0, 0)).toBe(BILLING_MESSAGES.promoUsedUp);
    expect(redemptionRefusal(base, 1, 0)).toBe(BILLING_MESSAGES.promoAlreadyRedeemed);
    expect(grantsSubscription(base)).toBe(true);
    expect(grantsSubscription({ type: 'Percent', percent: 50 })).toBe(false);
    expect(grantsSubscription({ type: 'Subscription', percent: null })).toBe(true);
  });
});
