import { useRef, useState } from 'react';
import { promoDiscountText, promoLinkPath, promoRedeemedText } from '../../shared/billing';
import { Button, CopyButton, DataGrid, formatDate, type Column, type DataGridHandle } from '../../ui';
import { NEW_ID, useAdminApi, type PromoRow } from '../api';
import { OperatorOnly } from '../shared/operator-only';
import { PromoDialog } from './promo-dialog';
import { usePromoStyles } from './styles';
import { UsagesDialog } from './usages-dialog';

/**
 * /panel/promos (backoffice.md §2 Promotion codes): the promo grid with the quick filters all,
 * active, disabled and archived; row actions View usages, Edit, Copy code and Copy Link (the
 * redeem link /invitations/redeem/{code}); the add button and Edit open the promo dialog.
 */
export function PromosPage() {
  return (
    <OperatorOnly>
      <Promos />
    </OperatorOnly>
  );
}

const COLUMNS: Array<Column<PromoRow>> = [
  {
    key: 'code',
    label: 'Code',
    sortable: true,
    render: (p) => (
      <>
        <code className="a-promo-code-text">{p.code}</code>
        <span className="a-promo-copy">
          <CopyButton variant="secondary" size="sm" text={p.code} label="Copy code" name={p.code} />
          <CopyButton
            variant="secondary"
            size="sm"
            text={`${window.location.origin}${promoLinkPath(p.code)}`}
            label="Copy Link"
            name={p.code}
          />
        </span>
      </>
    ),
  },
  { key: 'name', label: 'Name', sortable: true },
  {
    key: 'comment',
    label: 'Comment',
    align: 'center',
    render: (p) =>
      p.comment ? (
        <span title={p.comment} aria-label={`Comment: ${p.comment}`}>
          ✓
        </span>
      ) : (
        ''
      ),
  },
  { key: 'type', label: 'Type', sortable: true },
  { key: 'redeemBy', label: 'Redeem by', sortable: true, render: (p) => (p.redeemBy ? formatDate(p.redeemBy, { timeZone: 'UTC' }) : '') },
  { key: 'expiresInDays', label: 'Expires in days', sortable: true, align: 'end' },
  { key: 'discount', label: 'Discount', render: (p) => promoDiscountText(p) },
  { key: 'redeemedTimes', label: 'Redeemed', sortable: true, render: (p) => promoRedeemedText(p) },
  { key: 'status', label: 'Status', sortable: true },
];

function Promos() {
  usePromoStyles();
  const api = useAdminApi();
  const grid = useRef<DataGridHandle>(null);
  const [editing, setEditing] = useState<PromoRow | typeof NEW_ID | null>(null);
  const [usagesOf, setUsagesOf] = useState<PromoRow | null>(null);
  return (
    <>
      <DataGrid<PromoRow>
        label="Promotion codes"
        handle={grid}
        columns={COLUMNS}
        className="a-promos"
        fetch={api.promos}
        rowKey="id"
        rowLabel={(p) => p.code}
        quickFilters={[
          { value: 'all', label: 'All' },
          { value: 'active', label: 'Active' },
          { value: 'disabled', label: 'Disabled' },
          { value: 'archived', label: 'Archived' },
        ]}
        filterPlaceholder="Code, name or comment"
        toolbar={
          <Button icon={<span aria-hidden="true">+</span>} onClick={() => setEditing(NEW_ID)}>
            Add promo
          </Button>
        }
        actions={[
          { label: 'View usages', onClick: (p) => setUsagesOf(p) },
          { label: 'Edit', onClick: (p) => setEditing(p) },
        ]}
      />
      {editing ? (
        <PromoDialog
          promo={editing === NEW_ID ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => (setEditing(null), grid.current?.reload())}
        />
      ) : null}
      {usagesOf ? <UsagesDialog promo={usagesOf} onClose={() => setUsagesOf(null)} /> : null}
    </>
  );
}
