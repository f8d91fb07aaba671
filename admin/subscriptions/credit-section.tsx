import { useState, type FormEvent } from 'react';
import { Button, Field, HttpError, reportFailure, toast } from '../../ui';
import { parseAmount, SUBSCRIPTION_TEXTS, useSubscriptionsApi } from './api';

const AMOUNT_ERROR = 'Enter an amount in dollars, e.g. 10 or 12.50.';

/** Add credit (backoffice.md §7: POST /api/admin/users/{id}/credit; 'creadit addedd'): dollars here, cents on the wire. */
export function CreditSection({ userId, subscriptionId, onAdded }: { userId: string; subscriptionId: string; onAdded(): void }) {
  const api = useSubscriptionsApi();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  async function add(e: FormEvent) {
    e.preventDefault();
    const cents = parseAmount(amount);
    if (cents === null) return setError(AMOUNT_ERROR);
    setBusy(true);
    setError(undefined);
    try {
      const out = await api.addCredit(userId, subscriptionId, cents);
      toast.success(out.message || SUBSCRIPTION_TEXTS.creditAdded);
      setAmount('');
      onAdded();
    } catch (err) {
      if (err instanceof HttpError && err.hasFieldErrors) setError(Object.values(err.errors).flat().join(' '));
      else reportFailure(err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={add} aria-label="Add credit">
      <h3 className="a-section">Credit</h3>
      <div className="a-row">
        <Field label="Credit (USD)" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} error={error} />
        <Button type="submit" variant="secondary" busy={busy}>
          Add credit
        </Button>
      </div>
    </form>
  );
}
