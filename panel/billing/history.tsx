import { DataGrid, formatDate, type Column, type FetchPage, type QuickFilterOption } from '../../ui';
import { formatMoney } from '../../shared/billing';
import type { Invoice } from './api';
import { useBillingStyles } from './styles';

/** panel.md §9: quick filters all, inactive (Credits), beta-tester (Invoices); CreatedDate descending. */
export const HISTORY_FILTERS: QuickFilterOption[] = [
  { value: 'all', label: 'All' },
  { value: 'inactive', label: 'Credits' },
  { value: 'beta-tester', label: 'Invoices' },
];

/** panel.md §3: 'Charge' is displayed as Invoice, otherwise Credit Note. */
export const invoiceKind = (i: Pick<Invoice, 'type'>) => (i.type === 'Charge' ? 'Invoice' : 'Credit Note');

const COLUMNS: Array<Column<Invoice>> = [
  { key: 'number', label: 'Number', sortable: true, width: 120 },
  { key: 'createdAt', label: 'Date', sortable: true, sortField: 'CreatedDate', render: (i) => formatDate(i.createdAt) },
  { key: 'type', label: 'Type', render: invoiceKind, width: 120 },
  { key: 'status', label: 'Status', width: 100 },
  { key: 'totalAmount', label: 'Total', sortable: true, align: 'end', render: (i) => formatMoney(i.totalAmount, i.currencyCode) },
];

/** The invoice detail dialog's body (panel.md §2, §3 Billing history row). */
export function InvoiceDetail({ invoice: i }: { invoice: Invoice }) {
  useBillingStyles();
  const m = (amount: number) => formatMoney(amount, i.currencyCode);
  return (
    <div className="p-invoice">
      <dl>
        <dt>Type</dt>
        <dd>{invoiceKind(i)}</dd>
        <dt>Status</dt>
        <dd>{i.status}</dd>
        <dt>Created</dt>
        <dd>{formatDate(i.createdAt)}</dd>
        <dt>Due</dt>
        <dd>{formatDate(i.dueAt)}</dd>
      </dl>
      <table className="p-preview" aria-label="Invoice items">
        <tbody>
          {i.items.map((item, n) => (
            <tr key={n}>
              <td>{item.description}</td>
              <td>{item.formattedAmount}</td>
            </tr>
          ))}
          {i.discounts.map((d) => (
            <tr key={d.name}>
              <td>Discount: {d.name}</td>
              <td>−{d.formattedAmount}</td>
            </tr>
          ))}
          <tr>
            <td>Subtotal</td>
            <td>{m(i.subtotal)}</td>
          </tr>
          <tr>
            <td>Discount</td>
            <td>{m(i.discount)}</td>
          </tr>
          <tr>
            <td>Paid</td>
            <td>{m(i.paid)}</td>
          </tr>
          <tr>
            <td>Balance</td>
            <td>{m(i.balance)}</td>
          </tr>
          <tr className="p-preview__total">
            <td>Total</td>
            <td>{m(i.totalAmount)}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** The billing history grid: 10 a page, the quick filters, the invoice detail dialog. */
export function BillingHistory({ fetch }: { fetch: FetchPage<Invoice> }) {
  return (
    <DataGrid<Invoice>
      label="Billing history"
      showCaption
      columns={COLUMNS}
      fetch={fetch}
      rowKey="id"
      rowLabel={(i) => `${invoiceKind(i)} ${i.number}`}
      quickFilters={HISTORY_FILTERS}
      initialSort={{ key: 'createdAt', desc: true }}
      filterPlaceholder="Search by number"
      emptyText="No invoices yet"
      detail={{ title: (i) => `${invoiceKind(i)} ${i.number}`, render: (i) => <InvoiceDetail invoice={i} />, label: 'View' }}
    />
  );
}
