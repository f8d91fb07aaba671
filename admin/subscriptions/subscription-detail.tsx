import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { formatMoney } from '../../shared/billing/money';
import { Button, HttpError, reportFailure, Spinner, toast } from '../../ui';
import { DetailList, show } from '../shared/detail-list';
import { SUBSCRIPTION_TEXTS, useSubscriptionsApi, type AdminSubscription } from './api';
import { PromosSection } from './promos-section';
import { CreditSection } from './credit-section';
import { quantityOf, SubscriptionFields, type FormValues } from './subscription-form';

const valuesOf = (s: AdminSubscription): FormValues => ({
  plan: s.plan.code === 'essential' ? 'team' : s.plan.code,
  quantity: String(s.quantity),
  addons: s.addons.map((a) => a.code),
  billingCycle: s.billingCycle ?? 'Monthly',
  autoRenew: s.autoRenew,
  promo: '',
});

/** The status as backoffice.md §4 words it: an active subscription notes 'and valid (grace)' or 'but invalid (grace)'. */
export function statusText(s: Pick<AdminSubscription, 'status' | 'isValid'>): string {
  if (s.status !== 'Active') return s.status;
  return `${s.status} ${s.isValid ? SUBSCRIPTION_TEXTS.validGrace : SUBSCRIPTION_TEXTS.invalidGrace}`;
}

/**
 * The View dialog's body (backoffice.md §2 'Subscription of {username}'): the subscription, its
 * form (autoRenew, quantity, add-ons, plan, cycle: Save, or Upgrade for one not active), credit and
 * promos. Server field errors land on their fields; the grid reloads after a change.
 */
export function SubscriptionDetail({ id, onChanged }: { id: string; onChanged(): void }) {
  const api = useSubscriptionsApi();
  const [sub, setSub] = useState<AdminSubscription | null>(null);
  const [values, setValues] = useState<FormValues | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  const show$ = useCallback((s: AdminSubscription) => {
    setSub(s);
    setValues(valuesOf(s));
  }, []);
  useEffect(() => {
    setFailed(false);
    api.subscription(id).then(show$, (err: unknown) => {
      setFailed(true);
      reportFailure(err);
    });
  }, [api, id, show$, attempt]);

  if (failed && !sub)
    return (
      <div role="alert">
        <p>{SUBSCRIPTION_TEXTS.loadFailed}</p>
        <Button onClick={() => setAttempt((n) => n + 1)}>Retry</Button>
      </div>
    );
  if (!sub || !values) return <Spinner label="Loading subscription" />;
  const changed = (next: AdminSubscription) => {
    show$(next);
    onChanged();
  };

  async function save(e: FormEvent) {
    e.preventDefault();
    const quantity = quantityOf(values!.quantity);
    if (busy || quantity === null) return;
    setBusy(true);
    setErrors({});
    try {
      const out = await api.change(id, {
        autoRenew: values!.autoRenew,
        quantity,
        addons: values!.addons,
        plan: values!.plan,
        billingCycle: values!.billingCycle,
        userId: sub!.userId ?? undefined,
        ...(values!.promo.trim() ? { promo: values!.promo.trim() } : {}),
      });
      toast.success(SUBSCRIPTION_TEXTS.saved);
      changed(out.subscription);
    } catch (err) {
      if (err instanceof HttpError && err.status === 400 && err.hasFieldErrors) setErrors(err.errors);
      else reportFailure(err);
    } finally {
      setBusy(false);
    }
  }

  const money = (n: number | null) => (n == null ? '—' : formatMoney(n, sub.currency));
  return (
    <div className="a-sub-detail">
      <DetailList
        items={[
          ['Status', statusText(sub)],
          ['Workspace', show(sub.assignedTo)],
          ['Plan', `${sub.plan.name} × ${sub.quantity}`],
          [
            'Current period',
            sub.currentPeriodEnd ? `${show(sub.currentPeriodStart, 'date')} – ${show(sub.currentPeriodEnd, 'date')}` : '—',
          ],
          ['Remaining days', show(sub.remainingDays)],
          ['Next renewal', show(sub.nextRenewDate, 'date')],
          ['Upcoming amount', money(sub.upcomingAmount)],
          ['Credit', money(sub.credit)],
          ['Payment method on file', show(sub.haPayer)],
        ]}
      />
      <form onSubmit={save} aria-label="Subscription">
        <SubscriptionFields values={values} onChange={setValues} errors={errors} withPromo disabled={busy} />
        <div className="a-row">
          <Button type="submit" busy={busy} disabled={quantityOf(values.quantity) === null}>
            {sub.isActive ? 'Save' : 'Upgrade'}
          </Button>
        </div>
      </form>
      {sub.userId && (
        <CreditSection userId={sub.userId} subscriptionId={sub.id!} onAdded={() => api.subscription(id).then(changed, reportFailure)} />
      )}
      <PromosSection subscription={sub} onChanged={changed} />
    </div>
  );
}
