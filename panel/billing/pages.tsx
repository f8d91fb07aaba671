import { useEffect, useState, type FormEvent } from 'react';
import { NavLink, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Field, refreshTokens, Spinner, toast, useClaims } from '../../ui';
import { billingApi, hasCustomerPlan, HOSTED_TEXTS, type BillingCalls, type FinalizedOrder, type Plans, type RedeemResult } from './api';
import { CheckoutReturn } from './checkout-return';
import { OrderForm } from './order-form';
import { PaymentsOff } from './payments-off';
import { BILLING_TEXTS, SubscriptionPanel } from './subscription-panel';
import { useBillingStyles } from './styles';
import { HandledSubscription } from '../partner/handled-subscription';

/** /panel/subscription (panel.md §2): the user's current subscription — the default workspace's. */
export function SubscriptionPage() {
  const claims = useClaims();
  return (
    <div className="p-card">
      <div className="p-card__body">{hasCustomerPlan(claims) ? <HandledSubscription /> : <SubscriptionPanel workspace="default" />}</div>
    </div>
  );
}

/**
 * /panel/checkout (panel.md §2): plan (?plan=team), add-ons, cycle, payment method, the invoice
 * preview and Pay, for the default workspace (or ?workspace=id). After paying it goes to the
 * workspace's subscription tab. Stripe's hosted payment page comes back here with ?reference=…
 * (finalized by CheckoutReturn) or, canceled, with &canceled=1 (the form again, nothing charged).
 */
export function CheckoutPage({ api = billingApi }: { api?: BillingCalls }) {
  useBillingStyles();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const workspace = params.get('workspace') || 'default';
  const reference = params.get('reference');
  const canceled = params.get('canceled') === '1';
  const paid = (done: FinalizedOrder) => {
    toast.success(`Your plan is now ${done.subscription.plan.name}.`);
    navigate(`/panel/workspace/${done.subscription.workspaceId}/subscription`);
  };
  const [plans, setPlans] = useState<Plans | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    api.plans().then(setPlans, () => setFailed(true));
  }, [api]);
  return (
    <div className="p-card">
      <div className="p-card__body">
        {canceled && (
          <div style={{ marginBottom: 24 }}>
            <Alert type="info">{HOSTED_TEXTS.canceled}</Alert>
          </div>
        )}
        {reference && !canceled ? (
          <CheckoutReturn reference={reference} api={api} onPaid={paid} />
        ) : failed ? (
          <p className="p-muted">{BILLING_TEXTS.loadFailed}</p>
        ) : !plans ? (
          <div className="p-loading">
            <Spinner label="Loading plans" /> Loading plans…
          </div>
        ) : plans.paymentsEnabled ? (
          <OrderForm plans={plans} workspace={workspace} initialPlan={params.get('plan') ?? undefined} api={api} onPaid={paid} />
        ) : (
          <PaymentsOff plans={plans} />
        )}
      </div>
    </div>
  );
}

export interface RedeemPageProps {
  api?: Pick<BillingCalls, 'redeem'>;
  /** the answer to show first (stories) */
  initialResult?: RedeemResult;
}

/**
 * /panel/redeem (panel.md §2 Redeem code): a code field and Redeem; the code is trimmed and the
 * server's result text is shown in red (§8), for the default workspace (or ?workspace=id).
 */
export function RedeemPage({ api = billingApi, initialResult }: RedeemPageProps) {
  useBillingStyles();
  const [params] = useSearchParams();
  const workspace = params.get('workspace') || undefined;
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<RedeemResult | null>(initialResult ?? null);

  async function redeem(e: FormEvent) {
    e.preventDefault();
    if (!code.trim() || busy) return;
    setBusy(true);
    try {
      const answer = await api.redeem(code.trim(), workspace);
      setResult(answer);
      if (answer.succeed) {
        setCode('');
        await refreshTokens().catch(() => false); // a granted plan's policies come with the new token
      }
    } catch (error) {
      setResult({ result: error instanceof Error ? error.message : String(error), succeed: false });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="p-card">
      <div className="p-card__body">
        <form className="p-redeem" onSubmit={redeem} aria-label="Redeem a promo code">
          <Field
            label="Promo code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            maxLength={60}
            autoComplete="off"
            placeholder="WTXX-XXXX-XXXXXX"
          />
          <Button type="submit" busy={busy} disabled={!code.trim()}>
            Redeem
          </Button>
        </form>
        {result && (
          <p className="p-bill__red" role="status" aria-live="polite">
            {result.result}
          </p>
        )}
        <p style={{ marginTop: 18 }}>
          <NavLink to={workspace ? `/panel/workspace/${workspace}/subscription` : '/panel/subscription'}>Back to your subscription</NavLink>
        </p>
      </div>
    </div>
  );
}
