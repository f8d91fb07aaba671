import { useState } from 'react';
import { Button, Field, HttpError, Modal, type FieldErrors } from '../../ui';
import { runAction } from '../shared/run-action';
import { PARTNER_TEXTS, usePartnersApi } from './partners-api';

/** New Partner (backoffice.md §2): an existing account's e-mail; Close and Save; server field errors under the field. */
export function NewPartnerDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const api = usePartnersApi();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setErrors({});
    const ok = await runAction(async () => {
      try {
        await api.newPartner(email.trim());
      } catch (err) {
        if (err instanceof HttpError && err.hasFieldErrors) setErrors(err.errors);
        throw err;
      }
    }, PARTNER_TEXTS.partnerCreated);
    setBusy(false);
    if (ok) onSaved();
  };
  return (
    <Modal
      open
      title={PARTNER_TEXTS.newPartner}
      onClose={onClose}
      width={460}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button busy={busy} disabled={!email.trim()} onClick={() => void save()}>
            Save
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (email.trim()) void save();
        }}
      >
        <Field
          label="Email"
          type="email"
          autoComplete="off"
          value={email}
          error={errors.email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </form>
    </Modal>
  );
}
