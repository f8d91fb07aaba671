/**
 * Promo codes (backoffice.md §3, §5): generated codes are 'WT' + 2 + '-' + 4 + '-' + 6
 * alphanumerics; a redemption is allowed while the promo is Active, before its redeem-by date,
 * under its total and per-customer limits (0 total = unlimited). expiresInDays is how long a
 * redemption lasts (0 = no end; the templates StarterPack … VIP use 30 to 365).
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
