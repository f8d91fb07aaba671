import { useId } from 'react';
import { Checkbox, Field, SelectField, type FieldError } from '../../ui';
import { ADDONS, CYCLES, PLANS, type BillingCycle } from './api';

/** The subscription form's values (backoffice.md §2: autoRenew, quantity, add-ons, plan, billing cycle). */
export interface FormValues {
  plan: string;
  quantity: string;
  addons: string[];
  billingCycle: BillingCycle;
  autoRenew: boolean;
  promo: string;
}

export const MAX_QUANTITY = 1000;
/** A whole number of seats from 1 to MAX_QUANTITY, or null. */
export const quantityOf = (text: string): number | null => {
  const n = Number(text);
  return /^\d+$/.test(text.trim()) && n >= 1 && n <= MAX_QUANTITY ? n : null;
};
export const QUANTITY_ERROR = `Quantity must be a whole number from 1 to ${MAX_QUANTITY}.`;

export interface SubscriptionFieldsProps {
  values: FormValues;
  onChange(next: FormValues): void;
  /** server field errors (backoffice.md §5: the field flagged, the message its title) */
  errors: Record<string, string[]>;
  /** show the promo field (a new subscription, or a full save) */
  withPromo?: boolean;
  disabled?: boolean;
}

/** Plan, quantity, add-ons, billing cycle and auto-renew; the server's errors on their fields. */
export function SubscriptionFields({ values, onChange, errors, withPromo, disabled }: SubscriptionFieldsProps) {
  const set = (patch: Partial<FormValues>) => onChange({ ...values, ...patch });
  const legend = useId();
  const err = (name: string): FieldError => errors[name];
  return (
    <div className="a-sub-form">
      <SelectField
        label="Plan"
        value={values.plan}
        disabled={disabled}
        onChange={(e) => set({ plan: e.target.value })}
        options={PLANS.map((p) => ({ ...p }))}
        error={err('plan')}
      />
      <Field
        label="Quantity"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_QUANTITY}
        value={values.quantity}
        disabled={disabled}
        onChange={(e) => set({ quantity: e.target.value })}
        error={quantityOf(values.quantity) === null ? QUANTITY_ERROR : err('quantity')}
      />
      <SelectField
        label="Billing cycle"
        value={values.billingCycle}
        disabled={disabled}
        onChange={(e) => set({ billingCycle: e.target.value as BillingCycle })}
        options={CYCLES.map((c) => ({ value: c, label: c }))}
        error={err('billingCycle')}
      />
      <fieldset className="a-sub-form__addons" aria-labelledby={legend} disabled={disabled}>
        <legend id={legend}>Add-ons</legend>
        {ADDONS.map((a) => (
          <Checkbox
            key={a.value}
            label={a.label}
            checked={values.addons.includes(a.value)}
            onChange={(e) => set({ addons: e.target.checked ? [...values.addons, a.value] : values.addons.filter((x) => x !== a.value) })}
            error={err('addons')}
          />
        ))}
      </fieldset>
      <Checkbox
        label="Auto-renew"
        checked={values.autoRenew}
        disabled={disabled}
        onChange={(e) => set({ autoRenew: e.target.checked })}
        error={err('autoRenew')}
      />
      {withPromo && (
        <Field
          label="Promo code"
          value={values.promo}
          disabled={disabled}
          maxLength={60}
          onChange={(e) => set({ promo: e.target.value })}
          error={err('promo')}
        />
      )}
    </div>
  );
}
