import { useEffect, useMemo, useState } from 'react';
import { formatMoney } from '../../shared/billing';
import { DataGrid, Field, formatDate, Spinner, type Column } from '../../ui';
import { partnerApi, type PartnerInvoice, type PartnerInvoiceDetail } from './api';

/** panel.md §3: 'Charge' is shown as Invoice, otherwise Credit Note. */
export const invoiceKind = (type: string) => (type === 'Charge' ? 'Invoice' : 'Credit Note');

const COLUMNS: Array<Column<PartnerInvoice>> = [
  { key: 'number', label: 'Number', sortable: true, width: 140 },
  { key: 'createdAt', label: 'Issued on', sortable: true, width: 130, render: (i) => formatDate(i.createdAt) },
  { key: 'type', label: 'Type', width: 110, render: (i) => invoiceKind(i.type) },
  { key: 'userEmail', label: 'User', sortable: true },
  { key: 'status', label: 'Status', width: 90 },
  { key: 'subtotal', label: 'Subtotal', align: 'end', width: 110, render: (i) => formatMoney(i.subtotal, i.currency) },
  { key: 'total', label: 'Total', sortable: true, align: 'end', width: 110, render: (i) => formatMoney(i.total, i.currency) },
];

/** The detail dialog's body (panel.md §2: subtotal, discount, total; ours: the items). */
function InvoiceDetail({ id }: { id: string }) {
  const [invoice, setInvoice] = useState<PartnerInvoiceDetail | null>(null);
  useEffect(() => void partnerApi.invoice(id).then(setInvoice, () => undefined), [id]);
  if (!invoice) return <Spinner label="Loading the invoice" />;
  const m = (amount: number) => formatMoney(amount, invoice.currencyCode);
  return (
    <table className="p-preview" aria-label="Invoice">
      <tbody>
        <tr>
          <td>User</td>
          <td>{invoice.userEmail}</td>
        </tr>
        {invoice.items.map((item, n) => (
          <tr key={n}>
            <td>{item.description}</td>
            <td>{item.formattedAmount}</td>
          </tr>
        ))}
        <tr>
          <td>Subtotal</td>
          <td>{m(invoice.subtotal)}</td>
        </tr>
        <tr>
          <td>Discount</td>
          <td>{m(invoice.discount)}</td>
        </tr>
        <tr className="p-preview__total">
          <td>Total</td>
          <td>{m(invoice.totalAmount)}</td>
        </tr>
      </tbody>
    </table>
  );
}

/** /panel/partner/invoices (panel.md §2): the customers' invoices, filters email, from, to; a detail dialog. */
export function PartnerInvoicesTab() {
  const [email, setEmail] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const extra = useMemo(
    () => Object.fromEntries(Object.entries({ email: email.trim(), from, to }).filter(([, v]) => v)),
    [email, from, to],
  );
  const fetch = useMemo(() => partnerApi.invoices({}), []);
  return (
    <>
      <div className="p-partner__filters">
        <Field label="Email" type="search" value={email} onChange={(e) => setEmail(e.target.value)} />
        <Field label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        <Field label="To" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      </div>
      <DataGrid<PartnerInvoice>
        label="Invoices"
        columns={COLUMNS}
        fetch={fetch}
        extraQuery={extra}
        rowKey="id"
        rowLabel={(i) => `${invoiceKind(i.type)} ${i.number}`}
        initialSort={{ key: 'createdAt', desc: true }}
        filterable={false}
        emptyText="No invoices yet"
        detail={{ title: (i) => `${invoiceKind(i.type)} ${i.number}`, render: (i) => <InvoiceDetail id={i.id} />, label: 'View' }}
      />
    </>
  );
}
