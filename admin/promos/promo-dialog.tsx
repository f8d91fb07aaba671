import { useState } from 'react';
import { durationHintApplies, DURATION_HINT, generatePromoCode, PROMO_STATUSES, PROMO_TEMPLATES, PROMO_TYPES } from '../../shared/billing';
import { Button, Field, HttpError, Modal, SelectField, TextAreaField, type FieldErrors } from '../../ui';
import { ADMIN_TEXTS, NEW_ID, useAdminApi, type PromoRow } from '../api';
import { runAction } from '../shared/run-action';
import { usePromoStyles } from './styles';
import { inputOf, newForm, promoForm, templateForm, type PromoForm } from './promo-form';

const AMOUNT_UNREADABLE = 'Enter an amount in dollars, e.g. 10 or 12.50.';
const TYPE_FIXED_HINT = 'The type cannot be changed after creation.';

/** An unbiased index in [0, n) from the browser's CSPRNG. */
function randomInt(n: number): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const buf = new Uint32Array(1);
  do crypto.getRandomValues(buf);
  while (buf[0]! >= limit);
  return buf[0]! % n;
}

/**
 * The add/edit dialog (backoffice.md §2): Templates (new only), code with the G generator (new
 * only), name, comment, expires in days, redeem by, maximum redemptions, per customer, type (fixed
 * after creation), the type's own fields, and the status (edit only). Server field errors show on
 * their fields.
 */
export function PromoDialog({ promo, onClose, onSaved }: { promo: PromoRow | null; onClose: () => void; onSaved: () => void }) {
  usePromoStyles();
  const api = useAdminApi();
  const editing = promo !== null;
  const [form, setForm] = useState<PromoForm>(() => (promo ? promoForm(promo) : newForm()));
  const [template, setTemplate] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set =
    <K extends keyof PromoForm>(key: K) =>
    (e: { target: { value: string } }) =>
      setForm((f) => ({ ...f, [key]: e.target.value as PromoForm[K] }));

  const pickTemplate = (name: string) => {
    setTemplate(name);
    const t = PROMO_TEMPLATES.find((x) => x.name === name);
    setForm((f) => (t ? templateForm(t, f.code) : { ...newForm(), code: f.code }));
  };

  const save = async () => {
    const input = inputOf(form, editing);
    if (form.type === 'Fixed' && input.amount === null) return setErrors({ amount: [AMOUNT_UNREADABLE] });
    setBusy(true);
    setErrors({});
    const ok = await runAction(async () => {
      try {
        return await api.savePromo(promo?.id ?? NEW_ID, input);
      } catch (err) {
        if (err instanceof HttpError && err.hasFieldErrors) setErrors(err.errors);
        throw err;
      }
    }, ADMIN_TEXTS.saved);
    setBusy(false);
    if (ok) onSaved();
  };

  return (
    <Modal
      open
      title={editing ? `Promo ${promo.code}` : 'New promo'}
      onClose={onClose}
      width={700}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button busy={busy} onClick={() => void save()}>
            Save
          </Button>
        </>
      }
    >
      <div className="a-promo-head">
        {!editing && (
          <SelectField
            label="Templates"
            value={template}
            onChange={(e) => pickTemplate(e.target.value)}
            options={[
              { value: '', label: 'No template' },
              ...PROMO_TEMPLATES.map((t) => ({ value: t.name, label: `${t.name} (${t.days} days)` })),
            ]}
          />
        )}
        <div className="a-promo-code">
          <Field
            label="Code"
            value={form.code}
            error={errors.code}
            readOnly={editing}
            maxLength={60}
            autoComplete="off"
            hint={editing ? undefined : 'Empty: one is generated.'}
            onChange={set('code')}
          />
          {!editing && (
            <Button
              variant="secondary"
              aria-label="Generate a code"
              onClick={() => setForm((f) => ({ ...f, code: generatePromoCode(randomInt) }))}
            >
              G
            </Button>
          )}
        </div>
      </div>
      <Field label="Name" value={form.name} error={errors.name} maxLength={100} onChange={set('name')} />
      <TextAreaField label="Comment" value={form.comment} error={errors.comment} rows={2} maxLength={1000} onChange={set('comment')} />
      <div className="a-promo-grid">
        <Field
          label="Expires in days"
          type="number"
          min={0}
          value={form.expiresInDays}
          error={errors.expiresInDays}
          onChange={set('expiresInDays')}
        />
        <Field label="Redeem by" type="date" value={form.redeemBy} error={errors.redeemBy} onChange={set('redeemBy')} />
        <Field
          label="Maximum redemptions"
          type="number"
          min={0}
          value={form.maxRedemptions}
          error={errors.maxRedemptions}
          hint="0 means unlimited."
          onChange={set('maxRedemptions')}
        />
        <Field
          label="Per customer"
          type="number"
          min={1}
          value={form.maxRedemptionsPerCustomer}
          error={errors.maxRedemptionsPerCustomer}
          onChange={set('maxRedemptionsPerCustomer')}
        />
        <SelectField
          label="Type"
          value={form.type}
          error={errors.type}
          disabled={editing}
          hint={editing ? TYPE_FIXED_HINT : undefined}
          onChange={set('type')}
          options={PROMO_TYPES.map((t) => ({ value: t, label: t }))}
        />
        {form.type === 'Fixed' && (
          <Field label="Amount ($)" inputMode="decimal" value={form.amount} error={errors.amount} onChange={set('amount')} />
        )}
        {form.type === 'Percent' && (
          <>
            <Field
              label="Percent"
              type="number"
              min={0.01}
              max={100}
              step={0.01}
              value={form.percent}
              error={errors.percent}
              onChange={set('percent')}
            />
            <SelectField
              label="Duration"
              value={form.percentDuration}
              error={errors.percentDuration}
              onChange={set('percentDuration')}
              options={[
                { value: 'Once', label: 'Once' },
                { value: 'Forever', label: 'Forever' },
              ]}
            />
          </>
        )}
        {form.type === 'Subscription' && (
          <Field
            label="Duration (days)"
            type="number"
            min={1}
            value={form.duration}
            error={errors.duration}
            hint={<span className={durationHintApplies(Number(form.duration)) ? 'a-promo-warn' : undefined}>{DURATION_HINT}</span>}
            onChange={set('duration')}
          />
        )}
        {editing && (
          <SelectField
            label="Status"
            value={form.status}
            error={errors.status}
            onChange={set('status')}
            options={PROMO_STATUSES.map((s) => ({ value: s, label: s }))}
          />
        )}
      </div>
    </Modal>
  );
}
