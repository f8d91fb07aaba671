import { useState, type FormEvent } from 'react';
import { Button, Field, formatDate, HttpError, reportFailure } from '../../ui';
import { useSubscriptionsApi, type AdminSubscription } from './api';

/** The subscription's promos (backoffice.md §3: name, expired, redeem date) with Remove, and Add by code or name. */
export function PromosSection({ subscription, onChanged }: { subscription: AdminSubscription; onChanged(s: AdminSubscription): void }) {
  const api = useSubscriptionsApi();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const id = subscription.id!;
  async function run(call: () => Promise<AdminSubscription>) {
    setBusy(true);
    setError(undefined);
    try {
      onChanged(await call());
      setName('');
    } catch (err) {
      if (err instanceof HttpError && err.hasFieldErrors) setError(Object.values(err.errors).flat().join(' '));
      else reportFailure(err);
    } finally {
      setBusy(false);
    }
  }
  const add = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) void run(() => api.addPromo(id, name.trim()));
  };
  return (
    <section aria-label="Promos">
      <h3 className="a-section">Promos</h3>
      {subscription.promos.length === 0 ? (
        <p className="a-muted">No promos</p>
      ) : (
        <ul className="a-sub-promos">
          {subscription.promos.map((p) => (
            <li key={p.id}>
              <span>
                {p.name} <span className="a-muted">({p.code})</span> — redeemed {formatDate(p.redeemDate)}
                {p.expired ? ' — expired' : ''}
              </span>
              {!p.expired && (
                <Button
                  variant="ghost"
                  disabled={busy}
                  aria-label={`Remove promo ${p.name}`}
                  onClick={() => void run(() => api.removePromo(id, p.id))}
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} aria-label="Add a promo" className="a-row">
        <Field label="Promo code or name" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} error={error} />
        <Button type="submit" variant="secondary" busy={busy} disabled={!name.trim()}>
          Add promo
        </Button>
      </form>
    </section>
  );
}
