/**
 * Promo codes, the pure part (backoffice.md §3, §5; docs/billing.md "Promo rules"): the generator's
 * format, the templates and defaults, the grid's texts, and every application rule — status,
 * redeem-by, total and per-customer limits, what a granting promo gives, Once/Forever, Fixed.
 */
import { describe, expect, it } from 'vitest';
import {
  BILLING_MESSAGES,
  computeInvoice,
  durationHintApplies,
  generatePromoCode,
  grantsSubscription,
  parseMajor,
  PROMO_CODE_FORMAT,
  PROMO_DEFAULTS,
  PROMO_TEMPLATES,
  promoDiscountText,
  promoFromTemplate,
  promoGrant,
  promoLinkPath,
  promoRedeemedText,
  redemptionRefusal,
  type PromoRules,
} from '../../../shared/billing';

const rules = (over: Partial<PromoRules> = {}): PromoRules => ({
  status: 'Active',
  type: 'Percent',
  percent: 20,
  percentDuration: 'Forever',
  redeemBy: null,
  maxRedemptions: 0,
  maxRedemptionsPerCustomer: 1,
  redeemedTimes: 0,
  ...over,
});

describe('the generator', () => {
  it("makes 'WT' + 2, '-', 4, '-', 6 upper-case alphanumerics", () => {
    let i = 0;
    const code = generatePromoCode((n) => i++ % n);
    expect(code).toBe('WTAB-CDEF-GHIJKL');
    expect(code).toMatch(PROMO_CODE_FORMAT);
    for (let k = 0; k < 200; k++) expect(generatePromoCode((n) => Math.floor(Math.random() * n))).toMatch(PROMO_CODE_FORMAT);
    expect(generatePromoCode((n) => n - 1)).toBe('WT99-9999-999999');
    expect(PROMO_CODE_FORMAT.test('WTAB-CDEF-GHIJK')).toBe(false);
    expect(PROMO_CODE_FORMAT.test('wtab-cdef-ghijkl')).toBe(false);
  });
});

describe('templates and defaults', () => {
  it('§5 defaults: expiresInDays 0, unlimited, per customer 1, Active, Percent Forever', () => {
    expect(PROMO_DEFAULTS).toMatchObject({
      expiresInDays: 0,
      maxRedemptions: 0,
      maxRedemptionsPerCustomer: 1,
      status: 'Active',
      type: 'Percent',
      percentDuration: 'Forever',
    });
  });

  it('§3 templates: StarterPack 30, ExtendedPack 90, UltraPack 365, VIP 365; Percent 100 Forever, per customer 1, unlimited', () => {
    expect(PROMO_TEMPLATES.map((t) => [t.name, t.days])).toEqual([
      ['StarterPack', 30],
      ['ExtendedPack', 90],
      ['UltraPack', 365],
      ['VIP', 365],
    ]);
    for (const t of PROMO_TEMPLATES)
      expect(promoFromTemplate(t)).toMatchObject({
        name: t.name,
        expiresInDays: t.days,
        type: 'Percent',
        percent: 100,
        percentDuration: 'Forever',
        maxRedemptionsPerCustomer: 1,
        maxRedemptions: 0,
      });
    // a template grants its plan for its days
    expect(promoGrant(promoFromTemplate(PROMO_TEMPLATES[1]!))).toEqual({ days: 90, renews: false, spent: false });
  });
});

describe("the grid's texts", () => {
  it('discount: Fixed amount + $, Percent N% (duration), Subscription N + D', () => {
    expect(promoDiscountText({ type: 'Fixed', amount: 1000, percent: null, percentDuration: null, duration: null })).toBe('10$');
    expect(promoDiscountText({ type: 'Fixed', amount: 1250, percent: null, percentDuration: null, duration: null })).toBe('12.50$');
    expect(promoDiscountText({ type: 'Fixed', amount: 5, percent: null, percentDuration: null, duration: null })).toBe('0.05$');
    expect(promoDiscountText({ type: 'Percent', amount: null, percent: 25, percentDuration: 'Once', duration: null })).toBe('25% (Once)');
    expect(promoDiscountText({ type: 'Percent', amount: null, percent: 100, percentDuration: 'Forever', duration: null })).toBe(
      '100% (Forever)',
    );
    expect(promoDiscountText({ type: 'Subscription', amount: null, percent: null, percentDuration: null, duration: 30 })).toBe('30D');
  });

  it("redeemed: 'N of M', or 'unlimited'", () => {
    expect(promoRedeemedText({ redeemedTimes: 3, maxRedemptions: 10 })).toBe('3 of 10');
    expect(promoRedeemedText({ redeemedTimes: 3, maxRedemptions: 0 })).toBe('unlimited');
  });

  it('the duration hint: divisible by 7 or 30', () => {
    expect([7, 14, 30, 60, 90, 210].map(durationHintApplies)).toEqual([false, false, false, false, false, false]);
    expect([1, 10, 31, 365].map(durationHintApplies)).toEqual([true, true, true, true]);
  });

  it('amounts typed in dollars become exact cents; the link path', () => {
    expect(['10', '12.5', '12.50', '0.05', ' 7 '].map(parseMajor)).toEqual([1000, 1250, 1250, 5, 700]);
    expect(['', '1.234', '-1', 'ten', '1e3'].map(parseMajor)).toEqual([null, null, null, null, null]);
    expect(promoLinkPath('WTAB-CDEF-123456')).toBe('/invitations/redeem/WTAB-CDEF-123456');
  });
});

describe('redemption rules', () => {
  const now = Date.UTC(2026, 5, 1);
  it('only an Active promo redeems (Disabled, Archived, missing: invalid)', () => {
    expect(redemptionRefusal(rules(), 0, now)).toBeNull();
    expect(redemptionRefusal(rules({ status: 'Disabled' }), 0, now)).toBe(BILLING_MESSAGES.promoInvalid);
    expect(redemptionRefusal(rules({ status: 'Archived' }), 0, now)).toBe(BILLING_MESSAGES.promoInvalid);
    expect(redemptionRefusal(null, 0, now)).toBe(BILLING_MESSAGES.promoInvalid);
  });

  it('redeem-by: up to and including the moment, expired after it', () => {
    expect(redemptionRefusal(rules({ redeemBy: now }), 0, now)).toBeNull();
    expect(redemptionRefusal(rules({ redeemBy: now - 1 }), 0, now)).toBe(BILLING_MESSAGES.promoExpired);
  });

  it('max redemptions (0 = unlimited) and per customer', () => {
    expect(redemptionRefusal(rules({ maxRedemptions: 2, redeemedTimes: 1 }), 0, now)).toBeNull();
    expect(redemptionRefusal(rules({ maxRedemptions: 2, redeemedTimes: 2 }), 0, now)).toBe(BILLING_MESSAGES.promoUsedUp);
    expect(redemptionRefusal(rules({ maxRedemptions: 0, redeemedTimes: 1_000_000 }), 0, now)).toBeNull();
    expect(redemptionRefusal(rules({ maxRedemptionsPerCustomer: 2 }), 1, now)).toBeNull();
    expect(redemptionRefusal(rules({ maxRedemptionsPerCustomer: 2 }), 2, now)).toBe(BILLING_MESSAGES.promoAlreadyRedeemed);
  });

  it('what a granting promo gives: Subscription days; 100 % Forever for expiresInDays or renewing; 100 % Once one month', () => {
    expect(promoGrant({ type: 'Subscription', duration: 14, expiresInDays: 0 })).toEqual({ days: 14, renews: false, spent: false });
    expect(promoGrant({ type: 'Percent', percent: 100, percentDuration: 'Forever', expiresInDays: 30 })).toEqual({
      days: 30,
      renews: false,
      spent: false,
    });
    expect(promoGrant({ type: 'Percent', percent: 100, percentDuration: 'Forever', expiresInDays: 0 })).toEqual({
      days: null,
      renews: true,
      spent: false,
    });
    expect(promoGrant({ type: 'Percent', percent: 100, percentDuration: 'Once', expiresInDays: 0 })).toEqual({
      days: null,
      renews: false,
      spent: true,
    });
    // a discount, not a plan
    expect(promoGrant({ type: 'Percent', percent: 99.99, percentDuration: 'Forever' })).toBeNull();
    expect(promoGrant({ type: 'Fixed' })).toBeNull();
    expect(grantsSubscription({ type: 'Fixed', percent: 100 })).toBe(false);
  });

  it('discounts: Once only the first invoice, Forever every one, Fixed every one while the redemption lasts', () => {
    const lines = [{ description: 'Team', price: 800 }];
    const once = computeInvoice({ lines, promos: [{ name: 'O', type: 'Percent', percent: 25, percentDuration: 'Once' }], currency: 'USD' });
    expect([once.total, once.usedPromos]).toEqual([600, ['O']]);
    const later = computeInvoice({
      lines,
      promos: [{ name: 'O', type: 'Percent', percent: 25, percentDuration: 'Once', used: true }],
      currency: 'USD',
    });
    expect(later.total).toBe(800);
    const forever = computeInvoice({
      lines,
      promos: [{ name: 'F', type: 'Percent', percent: 25, percentDuration: 'Forever' }],
      currency: 'USD',
    });
    expect([forever.total, forever.usedPromos]).toEqual([600, []]);
    const fixed = computeInvoice({ lines, promos: [{ name: 'X', type: 'Fixed', amount: 300 }], currency: 'USD' });
    expect([fixed.total, fixed.usedPromos]).toEqual([500, []]);
    // a Subscription promo never discounts an invoice
    expect(computeInvoice({ lines, promos: [{ name: 'S', type: 'Subscription' }], currency: 'USD' }).total).toBe(800);
  });
});
