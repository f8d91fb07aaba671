import { useEffect, useState } from 'react';
import { formatMoney } from '../../shared/billing/money';
import { formatDateTime, Modal, reportFailure, Spinner } from '../../ui';
import { DetailList } from '../shared/detail-list';
import { useSubscriptionsApi, type Invoice } from '../subscriptions/api';

/** 'Invoice INV-000001' (a Charge) or 'Credit Note CN-000001' (backoffice.md §2 Invoices panel, §4). */
export const invoiceTitle = (i: Pick<Invoice, 'type' | 'number'>) => `${i.type === 'Charge' ? 'Invoice' : 'Credit Note'} ${i.number}`;

/** The detail dialog: status, issued and due dates, items, subtotal, discount, total, paid and balance. */
export function InvoiceDetailDialog({ id, onClose }: { id: string | null; onClose(): void }) {
  const api = useSubscriptionsApi();
  const [invoice, setInvoice] = useState<Invoice | null>(null);
  useEffect(() => {
    setInvoice(null);
    if (id) api.invoice(id).then(setInvoice, reportFailure);
  }, [api, id]);
  const money = (n: number) => formatMoney(n, invoice?.currencyCode ?? 'USD');
  return (
    <Modal open={!!id} title={invoice ? invoiceTitle(invoice) : 'Invoice'} onClose={onClose} width={700}>
      {!invoice ? (
        <Spinner label="Loading the invoice" />
      ) : (
        <>
          <DetailList
            items={[
              ['Status', invoice.status],
              ['Issued on', formatDateTime(invoice.createdAt)],
              ['Due on', formatDateTime(invoice.dueAt)],
            ]}
          />
          <table className="a-inv-items">
            <caption className="a-section">Items</caption>
            <thead>
              <tr>
                <th scope="col">Description</th>
                <th scope="col">Total amount</th>
              </tr>
            </thead>
            <tbody>
              {invoice.items.map((item, n) => (
                <tr key={n}>
                  <td>{item.description}</td>
                  <td>{item.formattedAmount}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <DetailList
            items={[
              ['Subtotal', money(invoice.subtotal)],
              ['Discount', money(invoice.discount)],
              ['Total', money(invoice.totalAmount)],
              ['Paid', money(invoice.paid)],
              ['Balance', money(invoice.balance)],
            ]}
          />
        </>
      )}
    </Modal>
  );
}
