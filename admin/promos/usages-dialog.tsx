import { useMemo } from 'react';
import { DataGrid, formatDateTime, Modal } from '../../ui';
import { useAdminApi, type PromoRow, type PromoUsage } from '../api';

/** View usages (backoffice.md §2): who redeemed the promo (customer) and when (redeem date), newest first. */
export function UsagesDialog({ promo, onClose }: { promo: PromoRow; onClose: () => void }) {
  const api = useAdminApi();
  const fetch = useMemo(() => api.promoUsages(promo.id!), [api, promo.id]);
  return (
    <Modal open title={`Usages of ${promo.code}`} onClose={onClose} width={700}>
      <DataGrid<PromoUsage>
        label={`Usages of ${promo.code}`}
        urlKey={false}
        filterable={false}
        columns={[
          { key: 'customer', label: 'Customer', sortable: true },
          { key: 'redeemDate', label: 'Redeem date', sortable: true, render: (u) => formatDateTime(u.redeemDate) },
        ]}
        fetch={fetch}
        rowKey="id"
        rowLabel={(u) => u.customer}
      />
    </Modal>
  );
}
