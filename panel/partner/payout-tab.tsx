import { useEffect, useMemo, useState } from 'react';
import { formatMoney } from '../../shared/billing';
import { DataGrid, formatDate, Spinner, type Column } from '../../ui';
import { partnerApi, type PayoutInvoice, type PayoutInvoiceDetail } from './api';
import { invoiceKind } from './invoices-tab';

const COLUMNS: Array<Column<PayoutInvoice>> = [
  { key: 'number', label: 'Number', sortable: true, width: 130 },
  { key: 'createdDate', label: 'Issued on', sortable: true, render: (p) => formatDate(p.createdDate) },
  { key: 'status', label: 'Status', width: 100 },
  { key: 'subtotal', label: 'Subtotal', align: 'end', render: (p) => formatMoney(p.subtotal, p.currency) },
  { key: 'total', label: 'Total', sortable: true, align: 'end', render: (p) => formatMoney(p.total, p.currency) },
];

/** A payout's detail: its period, commission and the customer invoices it covers. */
function PayoutDetail({ id }: { id: string }) {
  const [payout, setPayout] = useState<PayoutInvoiceDetail | null>(null);
  useEffect(() => void partnerApi.payout(id).then(setPayout, () => undefined), [id]);
  if (!payout) return <Spinner label="Loading the payout invoice" />;
  const m = (amount: number) => formatMoney(amount, payout.currency);
  return (
    <>
      <p className="p-partner__note">
        {payout.program} programme, invoices from {formatDate(payout.periodStart)} to {formatDate(payout.periodEnd)}; {payout.status}
        {payout.paidDate ? ` on ${formatDate(payout.paidDate)}` : ''}.
      </p>
      <table className="p-preview" aria-label="Payout invoice">
        <tbody>
          {payout.items.map((item) => (
            <tr key={item.invoiceNumber}>
              <td>
                {invoiceKind(item.type)} {item.invoiceNumber} {item.customerEmail ? `(${item.customerEmail})` : ''}
              </td>
              <td>{m(item.amount)}</td>
            </tr>
          ))}
          <tr>
            <td>Subtotal</td>
            <td>{m(payout.subtotal)}</td>
          </tr>
          <tr className="p-preview__total">
            <td>Total (your commission)</td>
            <td>{m(payout.total)}</td>
          </tr>
        </tbody>
      </table>
    </>
  );
}

/** /panel/partner/payout (panel.md §2 'Payout & Invoices'): the payout invoices, 10 a page, with a detail dialog. */
export function PartnerPayoutTab() {
  const fetch = useMemo(() => partnerApi.payouts(), []);
  return (
    <DataGrid<PayoutInvoice>
      label="Payout invoices"
      columns={COLUMNS}
      fetch={fetch}
      rowKey="id"
      rowLabel={(p) => `Payout invoice ${p.number}`}
      initialSort={{ key: 'createdDate', desc: true }}
      filterPlaceholder="Search by number"
      emptyText="No payout invoices yet"
      detail={{ title: (p) => `Payout invoice ${p.number}`, render: (p) => <PayoutDetail id={p.id} />, label: 'View' }}
    />
  );
}
