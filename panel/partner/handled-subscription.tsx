import { useEffect, useState } from 'react';
import { BILLING_MESSAGES } from '../../shared/billing';
import { Alert, formatDate, useClaims } from '../../ui';
import { useBillingStyles } from '../billing/styles';
import { partnerApi, type CustomerSubscription } from './api';

type Handled = CustomerSubscription & { partner: { type: string; name: string; email: string } };

/** "Your subscription is handled by your partner." with the partner's name (docs/billing.md "Customer-plan claim"). */
export const handledBy = (name: string | null | undefined) =>
  name ? `${BILLING_MESSAGES.customerPlan.replace(/\.$/, '')}, ${name}.` : BILLING_MESSAGES.customerPlan;

/**
 * What a partner's customer sees instead of the subscription screens (panel.md §4 "Subscription
 * changes are hidden when a partner handles the subscription"): who handles it, and the
 * subscription read-only (GET /api/partners/customer/subscription).
 */
export function HandledSubscription() {
  useBillingStyles();
  const claims = useClaims() as Record<string, unknown> | null;
  const [sub, setSub] = useState<Handled | null>(null);
  useEffect(() => void partnerApi.handledSubscription().then(setSub, () => undefined), []);
  const claimed = typeof claims?.['customer-plan'] === 'string' ? (claims['customer-plan'] as string) : null;
  const name = sub?.partner.name || claimed;
  const facts: Array<[string, string]> = sub
    ? [
        ['Plan', sub.plan.name],
        ['Status', sub.status],
        ['Seats', String(sub.quantity)],
        ['Billing cycle', sub.billingCycle ?? '—'],
        ['Add-ons', sub.addons.map((a) => a.name).join(', ') || 'None'],
        ['Auto-renew', sub.autoRenew ? 'On' : 'Off'],
        ['Renews on', sub.nextRenewDate ? formatDate(sub.nextRenewDate) : '—'],
        ['Partner contact', sub.partner.email],
      ]
    : [];
  return (
    <>
      <Alert type="info">{handledBy(name)}</Alert>
      {sub && (
        <dl className="p-bill__facts" aria-label="Your subscription" style={{ marginTop: 16 }}>
          {facts.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      )}
    </>
  );
}
