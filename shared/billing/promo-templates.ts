/**
 * Promo templates and defaults as data (backoffice.md §3 "Promo templates", §5 "Promo defaults"),
 * and how the back-office grid shows a promo (§2 Promotion codes: discount and redeemed columns).
 * The add dialog of admin/promos fills its fields from these; the server's defaults are the same.
 */
import type { PercentDuration, PromoType } from './invoice';
import type { PromoStatus } from './promo';

/** The fields an operator sets on a promo (the add/edit dialog; POST /api/admin/promos/{id}). */
export interface PromoFields {
  name: string;
  comment: string;
  /** how long a redemption lasts, days; 0 = no end */
  expiresInDays: number;
  /** ISO date-time or null (no deadline) */
  redeemBy: string | null;
  /** 0 = unlimited */
  maxRedemptions: number;
  maxRedemptionsPerCustomer: number;
  type: PromoType;
  /** Fixed: minor units */
  amount: number | null;
  /** Percent: 0.01–100 */
  percent: number | null;
  percentDuration: PercentDuration | null;
  /** Subscription: days */
  duration: number | null;
  status: PromoStatus;
}

/** §5: expiresInDays 0, maxRedemptions 0 (unlimited), per customer 1, status Active, type Percent, duration Forever. */
export const PROMO_DEFAULTS: PromoFields = {
  name: '',
  comment: '',
  expiresInDays: 0,
  redeemBy: null,
  maxRedemptions: 0,
  maxRedemptionsPerCustomer: 1,
  type: 'Percent',
  amount: null,
  percent: null,
  percentDuration: 'Forever',
  duration: null,
  status: 'Active',
};

export interface PromoTemplate {
  name: string;
  /** how long the granted plan lasts (expiresInDays) */
  days: number;
}

/** §3: StarterPack 30, ExtendedPack 90, UltraPack 365, VIP 365 days. */
export const PROMO_TEMPLATES: readonly PromoTemplate[] = [
  { name: 'StarterPack', days: 30 },
  { name: 'ExtendedPack', days: 90 },
  { name: 'UltraPack', days: 365 },
  { name: 'VIP', days: 365 },
];

/** A template's fields: Percent 100 Forever, per customer 1, unlimited total, lasting its days. */
export const promoFromTemplate = (t: PromoTemplate): PromoFields => ({
  ...PROMO_DEFAULTS,
  name: t.name,
  expiresInDays: t.days,
  type: 'Percent',
  percent: 100,
  percentDuration: 'Forever',
  maxRedemptions: 0,
  maxRedemptionsPerCustomer: 1,
});

type Shown = Pick<PromoFields, 'type' | 'amount' | 'percent' | 'percentDuration' | 'duration'>;

/** Minor units as the grid's amount: 1000 → '10', 1250 → '12.50'. */
export const majorText = (minor: number): string =>
  minor % 100 === 0 ? String(minor / 100) : `${Math.trunc(minor / 100)}.${String(Math.abs(minor % 100)).padStart(2, '0')}`;

/** The discount column: Fixed '10$', Percent '25% (Once)', Subscription '30D'. */
export function promoDiscountText(p: Shown): string {
  if (p.type === 'Fixed') return `${majorText(p.amount ?? 0)}$`;
  if (p.type === 'Percent') return `${Number(p.percent ?? 0)}% (${p.percentDuration ?? 'Forever'})`;
  return `${p.duration ?? 0}D`;
}

/** The redeemed column: 'N of M', or 'unlimited' when there is no total limit. */
export const promoRedeemedText = (p: { redeemedTimes: number; maxRedemptions: number }): string =>
  p.maxRedemptions > 0 ? `${p.redeemedTimes} of ${p.maxRedemptions}` : 'unlimited';

/** §5: a Subscription promo's duration should be divisible by 7 or 30 (a hint, not a rule). */
export const durationHintApplies = (days: number | null | undefined): boolean => !!days && days % 7 !== 0 && days % 30 !== 0;
export const DURATION_HINT = 'The duration should be divisible by 7 or 30.';

/** A typed amount of dollars ('10', '12.5', '12.50') as minor units, exactly; null when it is not one. */
export function parseMajor(text: string): number | null {
  const m = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** The redeem link of a code (§2: an invitations/redeem path followed by the code). */
export const promoLinkPath = (code: string): string => `/invitations/redeem/${encodeURIComponent(code)}`;
