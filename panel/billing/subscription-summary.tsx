import { useState } from 'react';
import { NavLink } from 'react-router';
import { BILLING_CYCLES, formatMoney, type BillingCycle } from '../../shared/billing';
import { Button, formatDate, SelectField } from '../../ui';
import type { Subscription } from './api';
import { useBillingStyles } from './styles';

export interface SubscriptionSummaryProps {
  subscription: Subscription;
  /** change the billing cycle from the next renewal on */
  onChangeCycle?: (cycle: BillingCycle) => Promise<unknown> | void;
  onPause?: () => Promise<unknown> | void;
  onResume?: () => Promise<unknown> | void;
  /** where the redeem page is */
  redeemPath?: string;
}

const dash = '—';

/**
 * The current subscription (panel.md §2, §3): plan, seats, add-ons, promos, auto-renew, next
 * billing, remaining days; change billing cycle (the cycles not current, panel.md §4), pause
 * (only when Active, paid and payments enabled) and resume (only when Paused), and the redeem link.
 */
export function SubscriptionSummary({
  subscription: s,
  onChangeCycle,
  onPause,
  onResume,
  redeemPath = '/panel/redeem',
}: SubscriptionSummaryProps) {
  useBillingStyles();
  const [busy, setBusy] = useState<string | null>(null);
  const [nextCycle, setNextCycle] = useState<string>('');
  // one action at a time: while one runs, the others are disabled (a click on a button that
  // appeared mid-action, e.g. Resume right after Pause, would otherwise be ignored silently)
  const run = async (key: string, action?: () => Promise<unknown> | void) => {
    if (!action || busy) return;
    setBusy(key);
    try {
      await action();
    } catch {
      /* the HTTP layer told the person */
    } finally {
      setBusy(null);
    }
  };
  const free = s.plan.code === 'essential';
  const cycle = s.nextBillingCycle ?? s.billingCycle;
  const otherCycles = BILLING_CYCLES.filter((c) => c !== cycle);
  const facts: Array<[string, string]> = [
    ['Plan', s.plan.name],
    ['Status', s.status + (s.inGrace ? ' (grace period)' : '')],
    ['Seats', String(s.quantity)],
    [
      'Billing cycle',
      s.billingCycle
        ? s.billingCycle +
          (s.nextBillingCycle && s.nextBillingCycle !== s.billingCycle ? ` (${s.nextBillingCycle} from the next renewal)` : '')
        : dash,
    ],
    ['Add-ons', s.addons.map((a) => a.name).join(', ') || 'None'],
    ['Promos', s.promos.map((p) => p.name).join(', ') || 'None'],
    ['Auto-renew', s.autoRenew ? 'On' : 'Off'],
    [
      'Next billing',
      s.nextBilling ? `${formatDate(s.nextBilling)}${s.amount != null ? ` · ${formatMoney(s.amount, s.currency)}` : ''}` : dash,
    ],
    ['Remaining days', s.remainingDays == null ? dash : String(s.remainingDays)],
  ];
  if (s.credit > 0) facts.push(['Credit', formatMoney(s.credit, s.currency)]);
  return (
    <section aria-labelledby="p-sub-title">
      <h3 id="p-sub-title" className="p-section-title">
        Current subscription
      </h3>
      <dl className="p-bill__facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="p-bill__actions" style={{ marginTop: 16 }}>
        {!free && s.id && onChangeCycle && (
          <>
            <SelectField
              label="Change billing cycle"
              value={nextCycle || otherCycles[0]}
              onChange={(e) => setNextCycle(e.target.value)}
              options={otherCycles.map((c) => ({ value: c, label: c }))}
            />
            <Button
              variant="secondary"
              busy={busy === 'cycle'}
              disabled={busy !== null && busy !== 'cycle'}
              onClick={() => void run('cycle', () => onChangeCycle((nextCycle || otherCycles[0]) as BillingCycle))}
            >
              Change cycle
            </Button>
          </>
        )}
        {s.canPause && (
          <Button
            variant="secondary"
            busy={busy === 'pause'}
            disabled={busy !== null && busy !== 'pause'}
            onClick={() => void run('pause', onPause)}
          >
            Pause subscription
          </Button>
        )}
        {s.canResume && (
          <Button busy={busy === 'resume'} disabled={busy !== null && busy !== 'resume'} onClick={() => void run('resume', onResume)}>
            Resume subscription
          </Button>
        )}
        <NavLink to={redeemPath} className="p-link-strong">
          Redeem a promo code
        </NavLink>
      </div>
    </section>
  );
}
