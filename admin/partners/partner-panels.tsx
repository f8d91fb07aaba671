import { confirm, DataGrid, formatDate, Modal, type Column } from '../../ui';
import { formatMoney } from '../../shared/billing/money';
import { runAction } from '../shared/run-action';
import { PARTNER_TEXTS, usePartnersApi, type PartnerCustomerRow, type PartnerRow, type PayoutRow } from './partners-api';
import { usePartnerStyles } from './styles';

/**
 * The side panels of a partner row (backoffice.md §2 "Partners"): its customers, its payout invoices.
 * The one Modal (focus kept, Escape closes), docked to the window's right edge by partners.css.
 */

const who = (p: PartnerRow) => p.name || p.email;

export function PartnerCustomersPanel({ partner, onClose }: { partner: PartnerRow; onClose: () => void }) {
  usePartnerStyles();
  const api = usePartnersApi();
  return (
    <Modal open title={`${PARTNER_TEXTS.customers}: ${who(partner)}`} onClose={onClose} width={640}>
      <div className="a-partner-side">
        <DataGrid<PartnerCustomerRow>
          label={PARTNER_TEXTS.customers}
          urlKey={false}
          columns={[
            { key: 'email', label: 'Email', sortable: true },
            { key: 'createdDate', label: 'Since', sortable: true, render: (c) => formatDate(c.createdDate) },
          ]}
          fetch={api.customers(partner.id)}
          rowKey="customerId"
          rowLabel={(c) => c.email}
        />
      </div>
    </Modal>
  );
}

const PAYOUT_COLUMNS: Array<Column<PayoutRow>> = [
  { key: 'number', label: 'Number', sortable: true },
  { key: 'createdDate', label: 'Issued on', sortable: true, render: (o) => formatDate(o.createdDate) },
  { key: 'status', label: 'Status', sortable: true },
  { key: 'total', label: 'Total', sortable: true, align: 'end', render: (o) => formatMoney(o.total, o.currency) },
];

export function PartnerPayoutsPanel({ partner, onClose }: { partner: PartnerRow; onClose: () => void }) {
  usePartnerStyles();
  const api = usePartnersApi();
  return (
    <Modal open title={`${PARTNER_TEXTS.payouts}: ${who(partner)}`} onClose={onClose} width={720}>
      <div className="a-partner-side">
        <DataGrid<PayoutRow>
          label={PARTNER_TEXTS.payouts}
          urlKey={false}
          columns={PAYOUT_COLUMNS}
          fetch={api.payouts(partner.id)}
          rowKey="id"
          rowLabel={(o) => o.number}
          actions={[
            {
              label: 'Payout',
              disabled: (o) => o.status === 'Paid',
              onClick: async (o, { reload }) => {
                const message = `Pay ${o.number} (${formatMoney(o.total, o.currency)}) to ${who(partner)}?`;
                if (!(await confirm({ title: PARTNER_TEXTS.confirmPayout, message, confirmText: 'Pay' }))) return;
                if (await runAction(() => api.pay(partner.id, o.id), 'paid')) reload();
              },
            },
          ]}
        />
      </div>
    </Modal>
  );
}
