import { useEffect, useState } from 'react';
import { ADDON_CODES, CATALOG, PLAN_CODES, type PlanCode } from '../../shared/billing';
import { Alert, Button, Checkbox, Field, Form, MESSAGES, Modal, SelectField, Spinner, useForm } from '../../ui';
import { partnerApi, type CustomerSubscription, type PartnerCustomer } from './api';

export const SUBSCRIPTION_NOTES = {
  invoice: 'Changes may generate a new invoice.',
  relogin: 'To apply changes, customers have to logout and login.',
} as const;

interface Values {
  plan: string;
  quantity: string;
  billingCycle: 'Monthly';
  addons: string[];
  autoRenew: boolean;
}

const valuesOf = (s: CustomerSubscription): Values => ({
  plan: s.plan.code === 'essential' ? 'team' : s.plan.code,
  quantity: String(s.quantity),
  billingCycle: 'Monthly',
  addons: s.addons.map((a) => a.code),
  autoRenew: s.id ? s.autoRenew : true,
});

const PLAN_OPTIONS = PLAN_CODES.map((code) => ({ value: code, label: CATALOG[code as PlanCode].name }));

/**
 * The customer's Subscription dialog (panel.md §2 Customers, §4 "For partner customers"): plan,
 * quantity, cycle (Monthly only), add-ons, auto-renew and the two notes; server field errors on
 * the fields. Cancel only when Active; Pause when Active on a paid plan; Resume when Paused; Renew
 * only when Active, auto-renew off and 1 day remains.
 */
export function SubscriptionDialog({ customer, onClose }: { customer: PartnerCustomer; onClose: () => void }) {
  const [sub, setSub] = useState<CustomerSubscription | null>(null);
  const [acting, setActing] = useState<string | null>(null);
  const form = useForm<Values, CustomerSubscription>({
    initial: { plan: 'team', quantity: '1', billingCycle: 'Monthly', addons: [], autoRenew: true },
    submit: (v) => partnerApi.changeSubscription(customer.customerId, { ...v, quantity: Number(v.quantity) }),
    successMessage: MESSAGES.saved,
    onSuccess: (saved) => {
      setSub(saved);
      form.reset(valuesOf(saved));
    },
  });
  useEffect(() => {
    let live = true;
    partnerApi
      .subscription(customer.customerId)
      .then((s) => {
        if (!live) return;
        setSub(s);
        form.reset(valuesOf(s));
      })
      .catch(onClose);
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [customer.customerId]);

  const act = async (key: string, call: () => Promise<CustomerSubscription>) => {
    if (acting) return;
    setActing(key);
    try {
      setSub(await call());
    } catch {
      /* the HTTP layer told the person */
    } finally {
      setActing(null);
    }
  };
  const id = sub?.id ?? null;
  const active = sub?.status === 'Active';
  const paid = !!sub && sub.plan.code !== 'essential';
  const toggleAddon = (code: string, on: boolean) =>
    form.setValue('addons', on ? [...new Set([...form.values.addons, code])] : form.values.addons.filter((a) => a !== code));
  return (
    <Modal open title={`Subscription of ${customer.email}`} onClose={onClose} width={560}>
      {!sub ? (
        <Spinner label="Loading the subscription" />
      ) : (
        <>
          <p className="p-partner__note">
            Now: <strong>{sub.plan.name}</strong>, {sub.quantity} seat{sub.quantity === 1 ? '' : 's'}, {sub.status}
            {sub.remainingDays != null && paid ? `, ${sub.remainingDays} days left` : ''}.
          </p>
          <Form form={form} className="p-form" aria-label="Subscription">
            <SelectField label="Plan" options={PLAN_OPTIONS} {...form.field('plan')} />
            <Field label="Quantity" type="number" min={1} max={1000} {...form.field('quantity')} />
            <SelectField label="Billing cycle" options={[{ value: 'Monthly', label: 'Monthly' }]} {...form.field('billingCycle')} />
            <fieldset className="p-partner__addons">
              <legend>Add-ons</legend>
              {ADDON_CODES.map((code) => (
                <Checkbox
                  key={code}
                  label={CATALOG[code as PlanCode]?.name ?? code}
                  checked={form.values.addons.includes(code)}
                  onChange={(e) => toggleAddon(code, e.target.checked)}
                />
              ))}
            </fieldset>
            <Checkbox label="Auto-renew" {...form.checkbox('autoRenew')} />
            <Alert type="info">
              {SUBSCRIPTION_NOTES.invoice} {SUBSCRIPTION_NOTES.relogin}
            </Alert>
            <div className="p-form-actions">
              <Button type="submit" busy={form.processing}>
                Save
              </Button>
            </div>
          </Form>
          <div className="p-partner__actions" aria-label="Subscription actions" role="group">
            {active && id && (
              <Button
                variant="danger"
                size="sm"
                busy={acting === 'cancel'}
                onClick={() => void act('cancel', () => partnerApi.cancel(customer.customerId, id))}
              >
                Cancel subscription
              </Button>
            )}
            {active && paid && id && (
              <Button
                variant="secondary"
                size="sm"
                busy={acting === 'pause'}
                onClick={() => void act('pause', () => partnerApi.pause(customer.customerId, id, true))}
              >
                Pause
              </Button>
            )}
            {sub.status === 'Paused' && id && (
              <Button
                variant="secondary"
                size="sm"
                busy={acting === 'resume'}
                onClick={() => void act('resume', () => partnerApi.pause(customer.customerId, id, false))}
              >
                Resume
              </Button>
            )}
            {active && !sub.autoRenew && sub.remainingDays === 1 && (
              <Button
                variant="secondary"
                size="sm"
                busy={acting === 'renew'}
                onClick={() => void act('renew', () => partnerApi.renew(customer.customerId))}
              >
                Renew
              </Button>
            )}
          </div>
        </>
      )}
    </Modal>
  );
}
