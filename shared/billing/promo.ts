/**
 * Promo codes (backoffice.md §3, §5): generated codes are 'WT' + 2 + '-' + 4 + '-' + 6
 * alphanumerics; a redemption is allowed while the promo is Active, until the end of its redeem-by
 * moment, under its total and per-customer limits (0 total = unlimited). expiresInDays is how long
 * a redemption lasts (0 = no end; the templates StarterPack … VIP use 30 to 365). What a redemption
 * gives is `promoGrant` (a plan) or a discount on invoices (invoice.ts); docs/billing.md "Promo rules".
 */
import { BILLING_MESSAGES } from './status';
import type { PercentDuration, PromoType } from './invoice';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const PROMO_CODE_FORMAT = /^WT[A-Z0-9]{2}-[A-Z0-9]{4}-[A-Z0-9]{6}$/;
export const PROMO_STATUSES = ['Active', 'Disabled', 'Archived'] as const;
export type PromoStatus = (typeof PROMO_STATUSES)[number];

/** A new code; `randomInt(n)` gives an integer in [0, n) (crypto.randomInt on the server). */
export function generatePromoCode(randomInt: (n: number) => number): string {
  const part = (n: number) => Array.from({ length: n }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');
  return `WT${part(2)}-${part(4)}-${part(6)}`;
}

export interface PromoRules {
  status: PromoStatus;
  type: PromoType;
  percent?: number | null;
  percentDuration?: PercentDuration | null;
  /** ms or null */
  redeemBy: number | null;
  maxRedemptions: number;
  maxRedemptionsPerCustomer: number;
  redeemedTimes: number;
  /** Subscription: days granted */
  duration?: number | null;
  /** how long a redemption lasts, days; 0 = no end */
  expiresInDays?: number;
}

/** Why a redemption is refused (the redeem page shows the text), or null when it may go ahead. */
export function redemptionRefusal(promo: PromoRules | null, byCustomer: number, now: number): string | null {
  if (!promo || promo.status !== 'Active') return BILLING_MESSAGES.promoInvalid;
  if (promo.redeemBy != null && now > promo.redeemBy) return BILLING_MESSAGES.promoExpired;
  if (promo.maxRedemptions > 0 && promo.redeemedTimes >= promo.maxRedemptions) return BILLING_MESSAGES.promoUsedUp;
  if (promo.maxRedemptionsPerCustomer > 0 && byCustomer >= promo.maxRedemptionsPerCustomer) return BILLING_MESSAGES.promoAlreadyRedeemed;
  return null;
}

/** A promo that grants the plan itself (a Subscription promo, or 100 % off) rather than discounting invoices. */
export const grantsSubscription = (p: Pick<PromoRules, 'type' | 'percent'>): boolean =>
  p.type === 'Subscription' || (p.type === 'Percent' && Number(p.percent) >= 100);

/**
 * What redeeming a granting promo gives a workspace without a running paid period: the plan for
 * `days` (null: one monthly period), renewing at no cost or not, and whether the redemption is
 * spent at once (a Once promo's one free invoice is the grant's own).
 *  - Subscription: `duration` days, no renewal.
 *  - Percent 100 Forever, expiresInDays 0: monthly periods that renew at no cost, with no end.
 *  - Percent 100 Forever, expiresInDays N: N days, no renewal.
 *  - Percent 100 Once: one monthly period (the first invoice is the free one), no renewal.
 * Null for a promo that does not grant the plan (it discounts invoices instead).
 */
export interface PromoGrant {
  days: number | null;
  renews: boolean;
  spent: boolean;
}

export function promoGrant(p: Pick<PromoRules, 'type' | 'percent' | 'percentDuration' | 'duration' | 'expiresInDays'>): PromoGrant | null {
  if (!grantsSubscription(p)) return null;
  if (p.type === 'Subscription') return { days: p.duration || 30, renews: false, spent: false };
  if (p.percentDuration === 'Once') return { days: null, renews: false, spent: true };
  const expires = p.expiresInDays ?? 0;
  return expires > 0 ? { days: expires, renews: false, spent: false } : { days: null, renews: true, spent: false };
}
