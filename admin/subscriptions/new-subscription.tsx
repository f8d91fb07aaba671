import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Field, HttpError, Modal, reportFailure, toast } from '../../ui';
import { NEW_DEFAULTS, SUBSCRIPTION_TEXTS, useSubscriptionsApi, type UserWorkspaces } from './api';
import { quantityOf, SubscriptionFields, type FormValues } from './subscription-form';

const initial = (): FormValues => ({ ...NEW_DEFAULTS, quantity: String(NEW_DEFAULTS.quantity), addons: [], promo: '' });

/**
 * The New Subscription dialog (backoffice.md §2, §5): a username, that user's workspaces to pick
 * (GET …/user-workspaces; 'User not found' → 'user not found' on the username), the subscription
 * form with the defaults team, Monthly, 1, auto-renew, USD. Upgrade is disabled while processing
 * or while no workspace is selected.
 */
export function NewSubscriptionDialog({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(): void }) {
  const api = useSubscriptionsApi();
  const [username, setUsername] = useState('');
  const [user, setUser] = useState<UserWorkspaces | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [processing, setProcessing] = useState(false);

  const close = () => {
    setUsername('');
    setUser(null);
    setPicked([]);
    setValues(initial());
    setErrors({});
    onClose();
  };

  async function lookup(e?: FormEvent) {
    e?.preventDefault();
    if (!username.trim() || processing) return;
    setProcessing(true);
    setErrors({});
    try {
      const found = await api.userWorkspaces(username.trim());
      setUser(found);
      setPicked(found.workspaces.length === 1 ? [found.workspaces[0]!.id] : []);
    } catch (err) {
      setUser(null);
      setPicked([]);
      if (err instanceof HttpError && (err.status === 400 || err.status === 404) && /user not found/i.test(err.message))
        setErrors({ username: [SUBSCRIPTION_TEXTS.userNotFound] });
      else if (err instanceof HttpError && err.hasFieldErrors) setErrors(err.errors);
      else reportFailure(err);
    } finally {
      setProcessing(false);
    }
  }

  async function upgrade() {
    const quantity = quantityOf(values.quantity);
    if (!user || !picked.length || quantity === null || processing) return;
    setProcessing(true);
    setErrors({});
    try {
      await api.create({
        plan: values.plan,
        quantity,
        addons: values.addons,
        billingCycle: values.billingCycle,
        autoRenew: values.autoRenew,
        ...(values.promo.trim() ? { promo: values.promo.trim() } : {}),
        userId: user.userId,
        currency: NEW_DEFAULTS.currency,
        workspaces: picked,
      });
      toast.success(SUBSCRIPTION_TEXTS.saved);
      onCreated();
      close();
    } catch (err) {
      if (err instanceof HttpError && err.status === 400 && err.hasFieldErrors) setErrors(err.errors);
      else reportFailure(err);
    } finally {
      setProcessing(false);
    }
  }

  const footer = (
    <>
      <Button variant="secondary" onClick={close}>
        Cancel
      </Button>
      <Button
        onClick={() => void upgrade()}
        busy={processing}
        disabled={processing || picked.length === 0 || quantityOf(values.quantity) === null}
      >
        Upgrade
      </Button>
    </>
  );
  return (
    <Modal open={open} title="New Subscription" onClose={close} width={700} footer={footer}>
      <form onSubmit={lookup} aria-label="Find the user" className="a-row a-sub-lookup">
        <Field
          label="Username"
          value={username}
          autoComplete="off"
          onChange={(e) => {
            setUsername(e.target.value);
            setUser(null);
            setPicked([]);
          }}
          onBlur={() => void (username.trim() && !user && lookup())}
          error={errors.username}
        />
        <Button type="submit" variant="secondary" disabled={processing || !username.trim()}>
          Find workspaces
        </Button>
      </form>
      {user && (
        <fieldset className="a-sub-form__addons">
          <legend>Workspaces of {user.username}</legend>
          {user.workspaces.map((w) => (
            <Checkbox
              key={w.id}
              label={`${w.name} (${w.role}, ${w.plan})`}
              checked={picked.includes(w.id)}
              onChange={(e) => setPicked((list) => (e.target.checked ? [...list, w.id] : list.filter((x) => x !== w.id)))}
              error={errors.workspaces}
            />
          ))}
        </fieldset>
      )}
      <SubscriptionFields values={values} onChange={setValues} errors={errors} withPromo disabled={processing} />
    </Modal>
  );
}
