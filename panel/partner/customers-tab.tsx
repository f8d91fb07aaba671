import { useMemo, useState } from 'react';
import { Button, CopyButton, DataGrid, formatDate, type Column } from '../../ui';
import { partnerApi, type PartnerCustomer } from './api';
import { authorizeLink, IntegrateDialog } from './integrate-dialog';
import { usePartner } from './partner-page';
import { SubscriptionDialog } from './subscription-dialog';

export const CUSTOMER_TEXTS = {
  copy: 'Copy invitation link',
  hint: 'Fill out partner profile before inviting',
  integrate: 'Integrate with Your Website',
} as const;

const COLUMNS: Array<Column<PartnerCustomer>> = [
  { key: 'email', label: 'Email', sortable: true },
  { key: 'createdDate', label: 'Customer since', sortable: true, width: 160, render: (c) => formatDate(c.createdDate) },
];

/**
 * /panel/partner/customers (panel.md §2): the invitation link (disabled until the profile has a
 * name and a logo), the integration document, and the customers (10 a page) with Plans.
 */
export function PartnerCustomersTab() {
  const { partner } = usePartner();
  const [integrating, setIntegrating] = useState(false);
  const [plans, setPlans] = useState<PartnerCustomer | null>(null);
  const fetch = useMemo(() => partnerApi.customers(), []);
  const ready = !!partner.name && !!partner.icon;
  // the copied link carries no state (a visitor from it returns to your first site address, or stays in Tabula)
  const link = authorizeLink(
    location.origin,
    partner.id,
    partner.origins[0] ? `${partner.origins[0]}/` : undefined,
    partner.origins[0] ? 'invitation' : undefined,
  );
  return (
    <>
      <div className="p-partner__toolbar">
        <CopyButton
          text={link}
          label={CUSTOMER_TEXTS.copy}
          disabled={!ready}
          aria-describedby={ready ? undefined : 'partner-invite-hint'}
        />
        {!ready && (
          <span id="partner-invite-hint" className="p-partner__hint">
            {CUSTOMER_TEXTS.hint}
          </span>
        )}
        <Button variant="secondary" onClick={() => setIntegrating(true)}>
          {CUSTOMER_TEXTS.integrate}
        </Button>
      </div>
      <DataGrid<PartnerCustomer>
        label="Customers"
        columns={COLUMNS}
        fetch={fetch}
        rowKey="customerId"
        rowLabel={(c) => c.email}
        filterPlaceholder="Search by e-mail"
        emptyText="No customers yet"
        actions={[{ label: 'Plans', onClick: (c) => setPlans(c) }]}
      />
      {integrating && <IntegrateDialog partnerId={partner.id} origins={partner.origins} onClose={() => setIntegrating(false)} />}
      {plans && <SubscriptionDialog customer={plans} onClose={() => setPlans(null)} />}
    </>
  );
}
