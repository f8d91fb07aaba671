import { useEffect, useMemo, useRef, useState } from 'react';
import { formatMoney } from '../../shared/billing/money';
import { DataGrid, Field, formatDateTime, Icon, type Column } from '../../ui';
import { useSubscriptionsApi, type InvoiceRow } from '../subscriptions/api';
import { InvoiceDetailDialog, invoiceTitle } from './invoice-detail';

const money = (i: InvoiceRow, n: number) => formatMoney(n, i.currencyCode);
export const INVOICE_COLUMNS: Array<Column<InvoiceRow>> = [
  { key: 'number', label: 'Number', sortable: true },
  { key: 'createdAt', label: 'Issued on', sortable: true, sortField: 'CreatedDate', render: (i) => formatDateTime(i.createdAt) },
  { key: 'type', label: 'Type' },
  { key: 'status', label: 'Status' },
  { key: 'subtotal', label: 'Subtotal', align: 'end', render: (i) => money(i, i.subtotal) },
  { key: 'totalAmount', label: 'Total', align: 'end', render: (i) => money(i, i.totalAmount) },
  { key: 'balance', label: 'Balance', align: 'end', render: (i) => money(i, i.balance) },
];

/**
 * The Invoices side panel of a subscription (backoffice.md §2 Invoices panel): filters user email,
 * from and to; the invoices and credit notes newest first; View opens the detail dialog. A
 * region at the window's right edge: Escape or Close shuts it, focus returns to the opener.
 */
export function InvoicesPanel({ subscriptionId, username, onClose }: { subscriptionId: string; username: string; onClose(): void }) {
  const api = useSubscriptionsApi();
  const fetch = useMemo(() => api.invoices(subscriptionId), [api, subscriptionId]);
  const [email, setEmail] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    return () => before?.focus?.();
  }, []);
  const extra = { ...(email.trim() ? { email: email.trim() } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}) };
  return (
    <aside
      className="a-side"
      aria-label={`Invoices of ${username}`}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !open) onClose();
      }}
    >
      <header className="a-side__head">
        <h2>Invoices of {username}</h2>
        <button ref={closeRef} type="button" className="t-btn t-btn--ghost t-btn--icon" aria-label="Close invoices" onClick={onClose}>
          <Icon name="close" />
        </button>
      </header>
      <div className="a-row">
        <Field label="User email" type="search" value={email} onChange={(e) => setEmail(e.target.value)} />
        <Field label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        <Field label="To" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      </div>
      <DataGrid<InvoiceRow>
        label={`Invoices of ${username}`}
        columns={INVOICE_COLUMNS}
        fetch={fetch}
        rowKey="id"
        rowLabel={(i) => invoiceTitle(i)}
        initialSort={{ key: 'createdAt', desc: true }}
        filterable={false}
        extraQuery={extra}
        urlKey={false}
        actions={[{ label: 'View', onClick: (i) => setOpen(i.id) }]}
      />
      <InvoiceDetailDialog id={open} onClose={() => setOpen(null)} />
    </aside>
  );
}
