import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatMoney, type BillingCycle, type PaymentMethod } from '../../shared/billing';
import { Button, errorText, Field, SelectField, Spinner } from '../../ui';
import {
  billingApi,
  HOSTED_TEXTS,
  payOrder,
  TEST_CARDS,
  type BillingCalls,
  type FinalizedOrder,
  type InvoicePreview,
  type Plans,
  type Subscription,
} from './api';
import { useBillingStyles } from './styles';

export interface OrderFormProps {
  plans: Plans;
  /** the workspace the order is for (an id, or 'default') */
  workspace: string;
  /** the running subscription: the form starts from it */
  current?: Subscription | null;
  /** the plan to start with (e.g. /panel/checkout?plan=team) */
  initialPlan?: string;
  /** the server calls (stories pass stand-ins) */
  api?: Pick<BillingCalls, 'preview' | 'placeOrder' | 'finalize'>;
  onPaid?: (done: FinalizedOrder) => void;
  /** the Pay button's text */
  submitText?: string;
  /** how often an Ether payment's finalize is asked again while the network confirms it */
  confirmPolling?: { everyMs?: number; tries?: number };
}

/** Seats (quantity): a whole number from 1 to MAX_SEATS (the server's limit). */
export const MAX_SEATS = 1000;
export const SEATS_ERROR = `Seats must be a whole number from 1 to ${MAX_SEATS}.`;
const seatsOf = (text: string): number | null =>
  /^\d{1,4}$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= MAX_SEATS ? Number(text) : null;

const PREVIEW_DELAY_MS = 250;

/** The invoice preview (panel.md §3): items, subtotal, discounts, credit, total, next payment. */
export function PreviewTable({ preview }: { preview: InvoicePreview }) {
  const m = (amount: number) => formatMoney(amount, preview.currency);
  return (
    <table className="p-preview" aria-label="Invoice preview">
      <caption>Invoice preview</caption>
      <tbody>
        {preview.items.map((item, i) => (
          <tr key={i}>
            <td>{item.description}</td>
            <td>{m(item.price)}</td>
          </tr>
        ))}
        <tr>
          <td>Subtotal</td>
          <td>{m(preview.subtotal)}</td>
        </tr>
        {preview.discount.items.map((d) => (
          <tr key={d.name}>
            <td>Discount: {d.name}</td>
            <td>−{m(d.amount)}</td>
          </tr>
        ))}
        {preview.balance > 0 && (
          <tr>
            <td>Credit applied</td>
            <td>−{m(preview.balance)}</td>
          </tr>
        )}
        {preview.creditCreated > 0 && (
          <tr>
            <td>Credit to your balance</td>
            <td>{m(preview.creditCreated)}</td>
          </tr>
        )}
        <tr className="p-preview__total">
          <td>Total due now</td>
          <td>{m(preview.total)}</td>
        </tr>
        {preview.nextPayment && (
          <tr>
            <td>Next payment on {new Date(preview.nextPayment.date).toLocaleDateString()}</td>
            <td>{m(preview.nextPayment.amount)}</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

/**
 * The upgrade / checkout form (panel.md §2): plan, add-ons, billing cycle and payment method, the
 * invoice preview (GET /api/invoices/upcoming, refetched on every change), and Pay: place-order →
 * payment → finalize-order. The button is busy while paying and a second click does nothing, so
 * an order is never placed twice. Card: with hosted card entry the browser goes to Stripe's payment
 * page (docs/billing.md "Card entry"), else the server confirms the PaymentIntent with the chosen test
 * card (docs/billing.md "Card entry", Test); Ether: a missing wallet says so before any call.
 */
export function OrderForm({
  plans,
  workspace,
  current,
  initialPlan,
  api = billingApi,
  onPaid,
  submitText = 'Pay',
  confirmPolling,
}: OrderFormProps) {
  useBillingStyles();
  const paid = plans.plans.filter((p) => p.code !== 'essential');
  const startPlan = initialPlan ?? (current && current.plan.code !== 'essential' ? current.plan.code : (paid[0]?.code ?? 'team'));
  const [plan, setPlan] = useState(startPlan);
  const [addons, setAddons] = useState<string[]>(current?.addons.map((a) => a.code) ?? []);
  const [cycle, setCycle] = useState<BillingCycle>(current?.billingCycle ?? 'Monthly');
  const [method, setMethod] = useState<PaymentMethod>(plans.paymentMethods[0] ?? 'Card');
  const [card, setCard] = useState<string>(TEST_CARDS[0].value);
  const [preview, setPreview] = useState<InvoicePreview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const payingRef = useRef(false);
  const [seats, setSeats] = useState(String(current?.quantity && current.quantity > 0 ? current.quantity : 1));
  const quantity = seatsOf(seats);

  useEffect(() => {
    let live = true;
    setPreviewError(null);
    setPreview(null);
    if (quantity === null) return;
    const t = setTimeout(() => {
      api
        .preview({ plan, addons, billingCycle: cycle, workspace, quantity: quantity ?? 1 })
        .then((p) => live && setPreview(p))
        .catch((err) => {
          if (!live) return;
          setPreview(null);
          setPreviewError(errorText(err));
        });
    }, PREVIEW_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [api, plan, addons, cycle, workspace, quantity]);

  async function pay(e: FormEvent) {
    e.preventDefault();
    if (payingRef.current || quantity === null) return; // a double click places one order
    payingRef.current = true;
    setPaying(true);
    setError(null);
    try {
      const done = await payOrder(
        api,
        { plan, billingCycle: cycle, addons, PaymentMethod: method, workspace, quantity },
        method === 'Card' ? card : undefined,
        setStatus,
        confirmPolling,
      );
      onPaid?.(done);
    } catch (err) {
      setError(errorText(err));
    } finally {
      payingRef.current = false;
      setPaying(false);
      setStatus(null);
    }
  }

  const price = (code: string, list = plans.plans) =>
    list.find((p) => p.code === code)?.prices.find((x) => x.cycle === cycle)?.formatted ?? '';
  // only what this server takes (GET /api/plans): no Ether choice without an Ether gateway
  const methods = plans.paymentMethods;
  return (
    <form className="p-order" onSubmit={pay} aria-label="Upgrade">
      <div>
        <fieldset>
          <legend>Plan</legend>
          {paid.map((p) => (
            <label key={p.code} className="p-choice">
              <input type="radio" name="plan" value={p.code} checked={plan === p.code} onChange={() => setPlan(p.code)} />
              <span>{p.name}</span>
              <span className="p-choice__price">
                {price(p.code)}
                {p.perSeat ? ' per seat' : ''}
              </span>
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>Add-ons</legend>
          {plans.addons.map((a) => (
            <label key={a.code} className="p-choice">
              <input
                type="checkbox"
                checked={addons.includes(a.code)}
                onChange={(ev) => setAddons((list) => (ev.target.checked ? [...list, a.code] : list.filter((c) => c !== a.code)))}
              />
              <span>{a.name}</span>
              <span className="p-choice__price">{price(a.code, plans.addons)}</span>
            </label>
          ))}
        </fieldset>
        <Field
          label="Seats"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_SEATS}
          step={1}
          value={seats}
          onChange={(ev) => setSeats(ev.target.value)}
          error={quantity === null ? SEATS_ERROR : undefined}
          hint="Plans are priced per seat."
        />
        <SelectField
          label="Billing cycle"
          value={cycle}
          onChange={(ev) => setCycle(ev.target.value as BillingCycle)}
          options={plans.billingCycles.map((c) => ({ value: c, label: c }))}
        />
        <fieldset>
          <legend>Payment method</legend>
          {methods.map((m) => (
            <label key={m} className="p-choice">
              <input type="radio" name="method" value={m} checked={method === m} onChange={() => setMethod(m)} />
              <span>{m}</span>
            </label>
          ))}
        </fieldset>
        {method === 'Card' &&
          (plans.cardEntry === 'hosted' ? (
            <p className="p-muted">{HOSTED_TEXTS.hint}</p>
          ) : plans.cardEntry === 'test' ? (
            // the server's gateway runs in Stripe's test mode: its test methods are what it takes
            <SelectField
              label="Card"
              value={card}
              onChange={(ev) => setCard(ev.target.value)}
              options={TEST_CARDS.map((c) => ({ ...c }))}
              hint="Stripe test mode cards"
            />
          ) : null)}
      </div>
      <div>
        {quantity === null ? (
          <p className="p-muted">Enter the number of seats to see the invoice preview.</p>
        ) : preview ? (
          <PreviewTable preview={preview} />
        ) : previewError ? (
          <p className="p-bill__red" role="alert">
            {previewError}
          </p>
        ) : (
          <div className="p-loading">
            <Spinner label="Loading the invoice preview" /> Loading the invoice preview…
          </div>
        )}
        {error && (
          <p className="p-bill__red" role="alert">
            {error}
          </p>
        )}
        {status && (
          <p className="p-muted" role="status" aria-live="polite">
            {status}
          </p>
        )}
        <div className="p-form-actions">
          <Button type="submit" busy={paying} disabled={!preview || quantity === null}>
            {submitText}
            {preview ? ` ${formatMoney(preview.total, preview.currency)}` : ''}
          </Button>
        </div>
      </div>
    </form>
  );
}
