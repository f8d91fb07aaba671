import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Spinner, toast, useClaims } from '../../ui';
import { billingApi, hasCustomerPlan, type BillingCalls, type FinalizedOrder, type Plans, type Subscription } from './api';
import { BillingHistory } from './history';
import { OrderForm } from './order-form';
import { PaymentsOff } from './payments-off';
import { SubscriptionSummary } from './subscription-summary';
import { useBillingStyles } from './styles';
import { useWorkspace } from '../workspace/workspace-page';
import { HandledSubscription } from '../partner/handled-subscription';

export const BILLING_TEXTS = {
  managersOnly: "Only the workspace's owner and admins can see and change its subscription.",
  customerPlan: 'Your subscription is handled by your partner.',
  loadFailed: 'The subscription could not be loaded.',
} as const;

type Load = { kind: 'loading' } | { kind: 'ready'; subscription: Subscription; plans: Plans } | { kind: 'failed' };

export interface SubscriptionPanelProps {
  /** a workspace id, or 'default' */
  workspace: string;
  api?: BillingCalls;
}

/**
 * A workspace's subscription (panel.md §2): the summary with its actions, the upgrade / change form
 * with its invoice preview, and the billing history. Used by the workspace's Subscription tab and
 * by /panel/subscription (the default workspace's). A failed load is quiet (§8) and says so.
 */
export function SubscriptionPanel({ workspace, api = billingApi }: SubscriptionPanelProps) {
  useBillingStyles();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [formKey, setFormKey] = useState(0);
  const fetchHistory = useMemo(() => api.history(workspace), [api, workspace]);

  const reload = useCallback(async () => {
    try {
      const [subscription, plans] = await Promise.all([api.subscription(workspace), api.plans()]);
      setLoad({ kind: 'ready', subscription, plans });
    } catch {
      setLoad({ kind: 'failed' });
    }
  }, [api, workspace]);

  useEffect(() => {
    void reload();
  }, [reload]);

  if (load.kind === 'loading') {
    return (
      <div className="p-loading">
        <Spinner label="Loading subscription" /> Loading subscription…
      </div>
    );
  }
  if (load.kind === 'failed') return <p className="p-muted">{BILLING_TEXTS.loadFailed}</p>;
  const { subscription: s, plans } = load;
  const set = (next: Subscription) => setLoad({ kind: 'ready', subscription: next, plans });
  const paid = (done: FinalizedOrder) => {
    toast.success(
      done.invoice
        ? `Paid: ${done.subscription.plan.name}. Invoice ${done.invoice.number}.`
        : `Your plan is now ${done.subscription.plan.name}.`,
    );
    set(done.subscription);
    setFormKey((k) => k + 1);
  };
  const free = s.plan.code === 'essential';
  return (
    <div className="p-bill">
      <SubscriptionSummary
        subscription={s}
        redeemPath={`/panel/redeem?workspace=${s.workspaceId}`}
        onChangeCycle={async (cycle) => {
          set(await api.changeCycle(s.id!, cycle));
          toast.success(`The billing cycle will be ${cycle} from the next renewal.`);
        }}
        onPause={async () => {
          set(await api.pause(s.workspaceId, true));
          toast.success('Subscription paused.');
        }}
        onResume={async () => {
          set(await api.pause(s.workspaceId, false));
          toast.success('Subscription resumed.');
        }}
      />
      <section className="p-bill__section" aria-labelledby="p-upgrade-title">
        <h3 id="p-upgrade-title">{free ? 'Upgrade' : 'Change plan or add-ons'}</h3>
        {plans.paymentsEnabled ? (
          <OrderForm
            key={formKey}
            plans={plans}
            workspace={s.workspaceId}
            current={s}
            api={api}
            onPaid={paid}
            submitText={free ? 'Upgrade and pay' : 'Pay'}
          />
        ) : (
          <PaymentsOff plans={plans} />
        )}
      </section>
      <section className="p-bill__section" aria-label="Billing history">
        <BillingHistory key={formKey} fetch={fetchHistory} />
      </section>
    </div>
  );
}

/**
 * /panel/workspace/{id}/subscription: the workspace's subscription, for its Owner and Admins; others
 * read a note. Under a customer-plan claim (panel.md §6) the tab is not offered (workspace-page.tsx)
 * and this says who handles it.
 */
export function SubscriptionTab() {
  const { workspace } = useWorkspace();
  const claims = useClaims();
  if (hasCustomerPlan(claims)) return <HandledSubscription />;
  if (workspace.role !== 'Owner' && workspace.role !== 'Admin') return <Alert type="info">{BILLING_TEXTS.managersOnly}</Alert>;
  return <SubscriptionPanel workspace={workspace.id} />;
}
