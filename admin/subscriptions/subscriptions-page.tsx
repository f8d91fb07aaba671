import { useRef, useState } from 'react';
import { Button, DataGrid, formatDateTime, SelectField, type Column, type DataGridHandle } from '../../ui';
import { InvoicesPanel } from '../invoices/invoices-panel';
import { OperatorOnly } from '../shared/operator-only';
import { PLANS, STATUS_FILTERS, useSubscriptionsApi, type SubscriptionRow } from './api';
import { NewSubscriptionDialog } from './new-subscription';
import { SubscriptionDetail } from './subscription-detail';
import { useSubscriptionStyles } from './styles';

/** backoffice.md §2: created, username, status, plan, quantity, assignedTo, haPayer. */
export const SUBSCRIPTION_COLUMNS: Array<Column<SubscriptionRow>> = [
  { key: 'created', label: 'Created', render: (s) => formatDateTime(s.created) },
  { key: 'username', label: 'Username', render: (s) => s.username ?? '—' },
  { key: 'status', label: 'Status' },
  { key: 'plan', label: 'Plan', render: (s) => PLANS.find((p) => p.value === s.plan)?.label ?? s.plan },
  { key: 'quantity', label: 'Quantity', align: 'end' },
  { key: 'assignedTo', label: 'Assigned to', render: (s) => s.assignedTo ?? '—' },
  { key: 'haPayer', label: 'Has payer', render: (s) => (s.haPayer ? 'Yes' : 'No') },
];

const ORDERS = [
  { value: 'CreatedDate', label: 'Created Date' },
  { value: 'LastSession', label: 'Last session' },
];

/** /panel/subscriptions (backoffice.md §2 Subscriptions). */
export function SubscriptionsPage() {
  return (
    <OperatorOnly>
      <Subscriptions />
    </OperatorOnly>
  );
}

function Subscriptions() {
  useSubscriptionStyles();
  const api = useSubscriptionsApi();
  const grid = useRef<DataGridHandle>(null);
  const [status, setStatus] = useState('all');
  const [plan, setPlan] = useState('all');
  const [order, setOrder] = useState('CreatedDate');
  const [creating, setCreating] = useState(false);
  const [invoicesOf, setInvoicesOf] = useState<SubscriptionRow | null>(null);
  const reload = () => grid.current?.reload();
  return (
    <>
      <div className="a-row a-sub-filters">
        <SelectField
          label="Status"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          options={STATUS_FILTERS.map((v) => ({ value: v, label: v === 'all' ? 'All' : v }))}
        />
        <SelectField
          label="Plan"
          value={plan}
          onChange={(e) => setPlan(e.target.value)}
          options={[{ value: 'all', label: 'All' }, ...PLANS]}
        />
        <SelectField label="Order" value={order} onChange={(e) => setOrder(e.target.value)} options={ORDERS} />
        <Button variant="secondary" onClick={reload}>
          Refresh
        </Button>
        <Button onClick={() => setCreating(true)}>New</Button>
      </div>
      <DataGrid<SubscriptionRow>
        label="Subscriptions"
        handle={grid}
        columns={SUBSCRIPTION_COLUMNS}
        fetch={api.subscriptions}
        rowKey="id"
        rowLabel={(s) => s.username ?? s.id}
        filterPlaceholder="Username or workspace"
        // the order is the Order filter's (backoffice.md §2), newest first
        extraQuery={{ statusFilter: status, planFilter: plan, Orders: `${order} Desc` }}
        detail={{
          label: 'View',
          title: (s) => `Subscription of ${s.username ?? ''}`,
          width: 700,
          render: (s) => <SubscriptionDetail id={s.id} onChanged={reload} />,
        }}
        actions={[{ label: 'Invoices', icon: 'book', iconOnly: true, onClick: (s) => setInvoicesOf(s) }]}
      />
      <NewSubscriptionDialog open={creating} onClose={() => setCreating(false)} onCreated={reload} />
      {invoicesOf && (
        <InvoicesPanel subscriptionId={invoicesOf.id} username={invoicesOf.username ?? ''} onClose={() => setInvoicesOf(null)} />
      )}
    </>
  );
}
