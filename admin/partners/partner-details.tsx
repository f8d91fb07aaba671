import { useCallback, useEffect, useState } from 'react';
import { Button, confirm, Modal } from '../../ui';
import { runAction } from '../shared/run-action';
import { ProgramTabs } from './program-tabs';
import { partnerStatus } from '../../shared/partners/programs';
import { PARTNER_TEXTS, usePartnersApi, type PartnerDetails, type PartnerTypeStatus } from './partners-api';
import { usePartnerStyles } from './styles';

/**
 * Partner Details (backoffice.md §2 "Partners"): the name, Generate Partner Invoice (after the
 * 'Generate Partner Invoice' confirmation; the server's message says what it made or why there is
 * nothing to pay), and one tab per programme type.
 */
export function PartnerDetailsDialog({ partnerId, onClose, onChanged }: { partnerId: string; onClose: () => void; onChanged: () => void }) {
  usePartnerStyles();
  const api = usePartnersApi();
  const [partner, setPartner] = useState<PartnerDetails | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    try {
      setPartner(await api.details(partnerId));
    } catch {
      /* reported by the HTTP layer */
    }
  }, [api, partnerId]);
  useEffect(() => void load(), [load]);
  /** An enroll or status answer replaces that type's status and next statuses (backoffice.md §4). */
  const answered = (answer: PartnerTypeStatus) => {
    setPartner((p) => {
      if (!p) return p;
      const types = p.types.map((t) => (t.code === answer.code ? { ...t, ...answer } : t));
      return { ...p, types, status: partnerStatus(types.map((t) => t.status)) };
    });
    onChanged();
  };
  const generate = async () => {
    if (
      !(await confirm({
        title: PARTNER_TEXTS.confirmGenerate,
        message: 'Compute a partner invoice from the customers’ paid invoices not yet covered?',
        confirmText: 'Generate',
      }))
    )
      return;
    setBusy(true);
    if (await runAction(() => api.generateInvoice(partnerId), 'partner invoice generated')) onChanged();
    setBusy(false);
  };
  return (
    <Modal open title={PARTNER_TEXTS.details} onClose={onClose} width={640}>
      {!partner ? (
        <p aria-live="polite">Loading…</p>
      ) : (
        <>
          <dl className="a-partner-details">
            <dt>Name</dt>
            <dd>{partner.name || <em>not set yet</em>}</dd>
            <dt>Email</dt>
            <dd>{partner.email}</dd>
            <dt>Status</dt>
            <dd>{partner.status}</dd>
          </dl>
          <p>
            <Button busy={busy} onClick={() => void generate()}>
              {PARTNER_TEXTS.generate}
            </Button>
          </p>
          <ProgramTabs partnerId={partner.id} types={partner.types} onAnswer={answered} />
        </>
      )}
    </Modal>
  );
}
