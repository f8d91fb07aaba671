import { useCallback, useEffect, useInsertionEffect, useState } from 'react';
import {
  Alert,
  Button,
  DataGrid,
  formatDateTime,
  injectStyles,
  reportFailure,
  Spinner,
  toast,
  type Column,
  type QuickFilterOption,
} from '../../ui';
import { useAdminApi, type OutboxMail, type OutboxRow } from '../api';
import { DetailList, show } from '../shared/detail-list';
import { OperatorOnly } from '../shared/operator-only';
import { ExternalLink, LinkedText, mailLinks } from './links';
import CSS from './outbox.css?raw';

/** What each status means to an operator (platform/mail/service.ts). */
export const OUTBOX_STATUS_LABELS: Record<string, string> = { stored: 'Stored', sending: 'Sending', sent: 'Sent', failed: 'Failed' };
/** the badge colours of admin/shared/styles.ts: 1 green, 2 red, 3 amber */
const BADGE: Record<string, number> = { sent: 1, failed: 2, stored: 3, sending: 3 };

export const OUTBOX_TEXTS = {
  noSmtp: 'This server sends no mail (no SMTP_URL is configured): the mail was kept here. Pass its link on to the person yourself.',
  resend: 'Resend',
} as const;

/** The few styles of this screen beyond admin/shared/styles.ts. */

export const OUTBOX_QUICK_FILTERS: QuickFilterOption[] = [
  { value: 'all', label: 'All' },
  { value: 'stored', label: 'Stored' },
  { value: 'sending', label: 'Sending' },
  { value: 'sent', label: 'Sent' },
  { value: 'failed', label: 'Failed' },
];

export function OutboxStatus({ status }: { status: string }) {
  return <span className={`a-status a-status--${BADGE[status] ?? 3}`}>{OUTBOX_STATUS_LABELS[status] ?? status}</span>;
}

export const OUTBOX_COLUMNS: Array<Column<OutboxRow>> = [
  { key: 'to', label: 'To', sortable: true },
  { key: 'subject', label: 'Subject', sortable: true },
  { key: 'created', label: 'Created', sortable: true, render: (m) => formatDateTime(m.created) },
  { key: 'status', label: 'Status', sortable: true, render: (m) => <OutboxStatus status={m.status} /> },
];

/**
 * /panel/outbox (docs/backoffice.md "Outbox"): every mail the platform wrote, newest first. Without
 * SMTP the mails stay here, and an operator opens one to read its link (a password reset, an
 * invitation) and pass it on; with SMTP a mail can be sent again.
 */
export function OutboxPage() {
  const api = useAdminApi();
  return (
    <OperatorOnly>
      <DataGrid<OutboxRow>
        label="Outbox"
        columns={OUTBOX_COLUMNS}
        fetch={api.outbox}
        rowKey="id"
        rowLabel={(m) => `${m.subject} to ${m.to}`}
        quickFilters={OUTBOX_QUICK_FILTERS}
        filterLabel="Search by address or subject"
        filterPlaceholder="Search address or subject…"
        initialSort={{ key: 'created', desc: true }}
        detail={{
          label: 'View',
          title: (m) => m.subject,
          width: 700,
          render: (m, { reload }) => <OutboxView id={m.id} onChanged={reload} />,
        }}
      />
    </OperatorOnly>
  );
}

/** The mail: who, when, status; its text with clickable links; its links; the HTML as source; Resend. */
export function OutboxView({ id, onChanged }: { id: string; onChanged?: () => void }) {
  useInsertionEffect(() => injectStyles('tabula-admin-outbox', CSS), []);
  const api = useAdminApi();
  const [mail, setMail] = useState<OutboxMail | null>(null);
  const [sending, setSending] = useState(false);
  const [showHtml, setShowHtml] = useState(false);
  const load = useCallback(() => api.outboxMail(id).then(setMail, reportFailure), [api, id]);
  useEffect(() => void load(), [load]);
  if (!mail) return <Spinner />;

  const links = mailLinks(mail.text, mail.html);
  const resend = async () => {
    setSending(true);
    try {
      const answer = await api.resendMail(mail.id);
      if (answer.status === 'failed') toast.error(answer.message ?? 'The mail could not be sent.');
      else toast.success(answer.message ?? 'mail sent');
      await load();
      onChanged?.();
    } catch (err) {
      reportFailure(err);
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <DetailList
        items={[
          ['To', mail.to],
          ['Subject', mail.subject],
          ['Created', show(mail.created, 'date')],
          ['Status', <OutboxStatus key="status" status={mail.status} />],
          ['Sent', show(mail.sentAt, 'date')],
          ...(mail.error ? ([['Error', mail.error]] as Array<[string, string]>) : []),
        ]}
      />
      {links.length > 0 && (
        <section aria-labelledby={`outbox-links-${mail.id}`}>
          <h3 className="a-section" id={`outbox-links-${mail.id}`}>
            Links
          </h3>
          <ul className="a-links">
            {links.map((href) => (
              <li key={href}>
                <ExternalLink href={href} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <h3 className="a-section">Message</h3>
      {/* focusable: a long message scrolls from the keyboard */}
      <div className="a-pre a-mail" role="region" aria-label="Message text" tabIndex={0}>
        <LinkedText text={mail.text} />
      </div>
      {mail.html && (
        <div className="a-details">
          {/* a button, not <details>: the dialog's focus trap knows buttons */}
          <Button variant="link" aria-expanded={showHtml} aria-controls={`outbox-html-${mail.id}`} onClick={() => setShowHtml((v) => !v)}>
            {showHtml ? 'Hide HTML source' : 'Show HTML source'}
          </Button>
          {showHtml && (
            <pre className="a-pre" id={`outbox-html-${mail.id}`} tabIndex={0} aria-label="HTML source">
              {mail.html}
            </pre>
          )}
        </div>
      )}
      <div className="a-actions">
        {mail.smtp ? (
          <Button size="sm" busy={sending} disabled={mail.status === 'sending'} onClick={() => void resend()}>
            {OUTBOX_TEXTS.resend}
          </Button>
        ) : (
          <Alert type="info">{OUTBOX_TEXTS.noSmtp}</Alert>
        )}
      </div>
    </>
  );
}
