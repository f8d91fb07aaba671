import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert, errorText, Spinner } from '../../ui';
import { billingApi, finishHostedOrder, HOSTED_TEXTS, type BillingCalls, type FinalizedOrder } from './api';
import { useBillingStyles } from './styles';

export interface CheckoutReturnProps {
  /** the order reference the hosted payment page brought back (/panel/checkout?reference=…) */
  reference: string;
  api?: Pick<BillingCalls, 'finalize'>;
  onPaid: (done: FinalizedOrder) => void;
  /** how often finalize is asked again while the payment settles */
  polling?: { everyMs?: number; tries?: number };
}

/**
 * Back on /panel/checkout from Stripe's hosted payment page (docs/billing.md "Card entry"): asks
 * finalize-order for the reference (the server reads the Checkout Session; idempotent, so a reload
 * or the webhook having come first changes nothing) and hands the paid order on; a payment not
 * made says so with a way back to the form.
 */
export function CheckoutReturn({ reference, api = billingApi, onPaid, polling }: CheckoutReturnProps) {
  useBillingStyles();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    finishHostedOrder(api, reference, polling).then(
      (done) => live && onPaid(done),
      (err) => live && setError(errorText(err)),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per reference
  }, [api, reference]);
  if (!error)
    return (
      <div className="p-loading" role="status" aria-live="polite">
        <Spinner label={HOSTED_TEXTS.confirming} /> {HOSTED_TEXTS.confirming}
      </div>
    );
  return (
    <div>
      <Alert type="error">{error}</Alert>
      <p style={{ marginTop: 18 }}>
        <Link to="/panel/checkout">Back to checkout</Link>
      </p>
    </div>
  );
}
