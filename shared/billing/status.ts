/**
 * Subscription statuses and what each allows (panel.md §4, backoffice.md §4): Active, Paused,
 * Expired, Pending, Canceled, Suspended. Pause only when Active, not on the free plan, and with
 * payments enabled; resume only when Paused. A subscription counts as active when it is valid
 * (its period has not ended, or it is within the grace days after it) and not Canceled or Expired.
 */
import { FREE_PLAN } from './catalog';

export const SUBSCRIPTION_STATUSES = ['Active', 'Paused', 'Expired', 'Pending', 'Canceled', 'Suspended'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Days after the period end during which the subscription is still valid (backoffice.md §4 grace). */
export const DEFAULT_GRACE_DAYS = 3;

export interface SubscriptionState {
  status: SubscriptionStatus;
  plan: string;
  /** ms; null for the free plan (no period) */
  periodEnd: number | null;
}

export const BILLING_MESSAGES = {
  paymentsNotConfigured: 'Payments are not configured on this server.',
  pauseNotAllowed: 'Only an active paid subscription can be paused.',
  resumeNotAllowed: 'Only a paused subscription can be resumed.',
  notFound: 'Subscription not found.',
  invoiceNotFound: 'Invoice not found.',
  orderNotFound: 'Order not found.',
  paymentPending: 'The payment has not been completed yet.',
  paymentFailed: 'The payment was declined.',
  sameConfiguration: 'This is already your subscription.',
  freeCycle: 'The free plan has no billing cycle.',
  cycleUnchanged: 'This is already the billing cycle.',
  methodNotSupported: 'This payment method is not available on this server.',
  /** panel.md §6: a partner's customer (a customer-plan claim) has no subscription tab; the routes refuse them too */
  customerPlan: 'Your subscription is handled by your partner.',
  promoInvalid: 'Invalid promo code.',
  promoExpired: 'This promo code has expired.',
  promoUsedUp: 'This promo code has reached its redemption limit.',
  promoAlreadyRedeemed: 'You have already redeemed this promo code.',
  promoRedeemed: 'Promo code redeemed.',
  promoGranted: (plan: string, days: number) => `Promo code redeemed: ${plan} for ${days} days.`,
} as const;

export interface Validity {
  isValid: boolean;
  /** past the period end but within the grace days */
  inGrace: boolean;
}

export function validityOf(sub: SubscriptionState, now: number, graceDays = DEFAULT_GRACE_DAYS): Validity {
  if (sub.status === 'Canceled' || sub.status === 'Expired') return { isValid: false, inGrace: false };
  if (sub.periodEnd == null) return { isValid: sub.plan === FREE_PLAN || sub.status === 'Active', inGrace: false };
  const graceEnd = sub.periodEnd + graceDays * 86_400_000;
  return { isValid: now < graceEnd, inGrace: now >= sub.periodEnd && now < graceEnd };
}

/** backoffice.md §4: valid and not Canceled or Expired (Pending is not yet paid: not active either). */
export function countsAsActive(sub: SubscriptionState, now: number, graceDays = DEFAULT_GRACE_DAYS): boolean {
  return sub.status !== 'Pending' && validityOf(sub, now, graceDays).isValid;
}

export const canPause = (sub: SubscriptionState, paymentsEnabled: boolean): boolean =>
  sub.status === 'Active' && sub.plan !== FREE_PLAN && paymentsEnabled;
export const canResume = (sub: SubscriptionState): boolean => sub.status === 'Paused';

export type SubscriptionEvent = 'pay' | 'pause' | 'resume' | 'cancel' | 'paymentFailed' | 'expire';

/**
 * The next status after an event, or null when the event is not allowed from this status.
 * pay: Pending, Suspended, Expired (renewed) or Active (a change) → Active.
 */
export function nextStatus(sub: SubscriptionState, event: SubscriptionEvent, paymentsEnabled: boolean): SubscriptionStatus | null {
  switch (event) {
    case 'pay':
      return sub.status === 'Canceled' ? null : 'Active';
    case 'pause':
      return canPause(sub, paymentsEnabled) ? 'Paused' : null;
    case 'resume':
      return canResume(sub) ? 'Active' : null;
    case 'cancel':
      return sub.status === 'Active' || sub.status === 'Paused' ? 'Canceled' : null;
    case 'paymentFailed':
      return sub.status === 'Active' || sub.status === 'Suspended' ? 'Suspended' : null;
    case 'expire':
      return sub.status === 'Expired' || sub.status === 'Canceled' ? null : 'Expired';
  }
}
