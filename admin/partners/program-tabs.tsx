import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Field, HttpError, type FieldErrors } from '../../ui';
import { runAction } from '../shared/run-action';
import { PARTNER_TEXTS, usePartnersApi, type PartnerType, type PartnerTypeStatus } from './partners-api';

/**
 * One tab per programme type (backoffice.md §2 "Partners", §4): the current status, a button per
 * next status the server allows, the reject-reason input on UnderReview, 'Enroll the program'
 * when there is no status. An ARIA tablist: arrows, Home and End move between tabs.
 */
export function ProgramTabs({
  partnerId,
  types: state,
  onAnswer,
}: {
  partnerId: string;
  types: PartnerType[];
  onAnswer: (answer: PartnerTypeStatus) => void;
}) {
  const base = useId();
  const [selected, setSelected] = useState(0);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const move = (index: number) => {
    const next = (index + state.length) % state.length;
    setSelected(next);
    tabs.current[next]?.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    const keys: Record<string, () => void> = {
      ArrowRight: () => move(selected + 1),
      ArrowLeft: () => move(selected - 1),
      Home: () => move(0),
      End: () => move(state.length - 1),
    };
    if (!keys[e.key]) return;
    e.preventDefault();
    keys[e.key]!();
  };
  const current = state[selected];
  return (
    <div className="a-partner-tabs">
      <div role="tablist" aria-label="Programme types" className="a-partner-tabs__list" onKeyDown={onKey}>
        {state.map((t, i) => (
          <button
            key={t.code}
            ref={(el) => void (tabs.current[i] = el)}
            type="button"
            role="tab"
            id={`${base}-tab-${i}`}
            aria-selected={i === selected}
            aria-controls={`${base}-panel-${i}`}
            tabIndex={i === selected ? 0 : -1}
            className="a-partner-tabs__tab"
            onClick={() => setSelected(i)}
          >
            {t.name}
          </button>
        ))}
      </div>
      {current && (
        <div role="tabpanel" id={`${base}-panel-${selected}`} aria-labelledby={`${base}-tab-${selected}`} className="a-partner-tabs__panel">
          <ProgramPanel key={current.code} partnerId={partnerId} type={current} onAnswer={onAnswer} />
        </div>
      )}
    </div>
  );
}

function ProgramPanel({ partnerId, type, onAnswer }: { partnerId: string; type: PartnerType; onAnswer: (a: PartnerTypeStatus) => void }) {
  const api = usePartnersApi();
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState<string | null>(null);
  const act = async (what: string, call: () => Promise<PartnerTypeStatus>, success: string) => {
    setBusy(what);
    setErrors({});
    await runAction(async () => {
      try {
        onAnswer(await call());
        setReason('');
      } catch (err) {
        if (err instanceof HttpError && err.hasFieldErrors) setErrors(err.errors);
        throw err;
      }
    }, success);
    setBusy(null);
  };
  if (!type.status)
    return (
      <div className="a-partner-tabs__row">
        <p>Not enrolled.</p>
        <Button busy={busy === 'enroll'} onClick={() => void act('enroll', () => api.enroll(partnerId, type.code), PARTNER_TEXTS.enrolled)}>
          {PARTNER_TEXTS.enroll}
        </Button>
      </div>
    );
  return (
    <>
      <p>
        Status: <strong>{type.status}</strong>
        {type.reason ? <span className="a-partner-tabs__reason"> — {type.reason}</span> : null}
      </p>
      {type.status === 'UnderReview' && (
        <Field
          label={PARTNER_TEXTS.rejectReason}
          value={reason}
          maxLength={500}
          error={errors.reason}
          onChange={(e) => setReason(e.target.value)}
        />
      )}
      {errors.state && <p role="alert">{errors.state.join(' ')}</p>}
      <div className="a-partner-tabs__row" role="group" aria-label="Next statuses">
        {type.nextStatuses.length === 0 && <p>No further status.</p>}
        {type.nextStatuses.map((state) => (
          <Button
            key={state}
            variant={state === 'Rejected' || state === 'Terminated' || state === 'Suspended' ? 'secondary' : 'primary'}
            busy={busy === state}
            onClick={() =>
              void act(
                state,
                () => api.setStatus(partnerId, { state, program: type.code, reason: reason.trim() || undefined }),
                PARTNER_TEXTS.statusChanged,
              )
            }
          >
            {state}
          </Button>
        ))}
      </div>
    </>
  );
}
