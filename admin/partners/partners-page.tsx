import { useRef, useState } from 'react';
import { Button, DataGrid, formatDate, type Column, type DataGridHandle } from '../../ui';
import { OperatorOnly } from '../shared/operator-only';
import { NewPartnerDialog } from './new-partner-dialog';
import { PartnerDetailsDialog } from './partner-details';
import { PartnerCustomersPanel, PartnerPayoutsPanel } from './partner-panels';
import { usePartnersApi, type PartnerRow } from './partners-api';

/**
 * /panel/partners (backoffice.md §2 "Partners"): the partner grid (quick filter All, text filter,
 * the add-partner button; name, email, status, created date) with View (Partner Details),
 * Customers and Payout (the side panels); docs/backoffice.md "Partners".
 */
export function PartnersPage() {
  return (
    <OperatorOnly>
      <Partners />
    </OperatorOnly>
  );
}

const COLUMNS: Array<Column<PartnerRow>> = [
  { key: 'name', label: 'Name', sortable: true, render: (p) => p.name ?? '' },
  { key: 'email', label: 'Email', sortable: true },
  { key: 'status', label: 'Status', sortable: true },
  { key: 'createdDate', label: 'Created', sortable: true, render: (p) => formatDate(p.createdDate) },
];

type Open = { kind: 'view' | 'customers' | 'payouts'; partner: PartnerRow } | { kind: 'new' } | null;

function Partners() {
  const api = usePartnersApi();
  const grid = useRef<DataGridHandle>(null);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const changed = () => grid.current?.reload();
  return (
    <>
      <DataGrid<PartnerRow>
        label="Partners"
        handle={grid}
        columns={COLUMNS}
        fetch={api.partners}
        rowKey="id"
        rowLabel={(p) => p.name || p.email}
        quickFilters={[{ value: 'All', label: 'All' }]}
        initialSort={{ key: 'createdDate', desc: true }}
        toolbar={
          <Button icon={<span aria-hidden="true">+</span>} onClick={() => setOpen({ kind: 'new' })}>
            Add partner
          </Button>
        }
        actions={[
          { label: 'View', onClick: (partner) => setOpen({ kind: 'view', partner }) },
          { label: 'Customers', onClick: (partner) => setOpen({ kind: 'customers', partner }) },
          { label: 'Payout', onClick: (partner) => setOpen({ kind: 'payouts', partner }) },
        ]}
      />
      {open?.kind === 'new' && <NewPartnerDialog onClose={close} onSaved={() => (close(), changed())} />}
      {open?.kind === 'view' && <PartnerDetailsDialog partnerId={open.partner.id} onClose={close} onChanged={changed} />}
      {open?.kind === 'customers' && <PartnerCustomersPanel partner={open.partner} onClose={close} />}
      {open?.kind === 'payouts' && <PartnerPayoutsPanel partner={open.partner} onClose={close} />}
    </>
  );
}
