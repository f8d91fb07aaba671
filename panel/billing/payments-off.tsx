import type { Plans } from './api';

/**
 * Where no payment gateway is configured (GET /api/plans paymentsEnabled false; docs/billing.md
 * "Payments off"), nothing can be paid here: no payment method, no test cards, no Pay button.
 * The screen says how a plan is obtained instead — an operator assigns it (the back-office's
 * Subscriptions) — and lists the plans so the customer knows what to ask for.
 */
export const PAYMENTS_OFF_TEXTS = {
  title: 'Payments are not configured on this server.',
  how: 'Plans are assigned by an operator: ask your administrator for the plan this workspace needs. It applies as soon as it is assigned.',
} as const;

export function PaymentsOff({ plans }: { plans: Plans }) {
  const paid = plans.plans.filter((p) => p.code !== 'essential');
  return (
    <div className="p-order p-order--off" role="region" aria-label="How to get a plan">
      <div>
        <p>
          <strong>{PAYMENTS_OFF_TEXTS.title}</strong>
        </p>
        <p>{PAYMENTS_OFF_TEXTS.how}</p>
      </div>
      <ul className="p-plan-list" aria-label="Plans">
        {paid.map((p) => (
          <li key={p.code}>
            <span>{p.name}</span> <span className="p-muted">{p.price.formatted} per seat a month</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
