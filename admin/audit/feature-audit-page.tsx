import { DataGrid, formatDateTime, type Column } from '../../ui';
import { ADMIN_LISTS, useAdminApi, type FeatureAuditRow } from '../api';
import { OperatorOnly } from '../shared/operator-only';
import { compact, Who } from './cells';

export const FEATURE_AUDIT_COLUMNS: Array<Column<FeatureAuditRow>> = [
  { key: 'context', label: 'Context', sortable: true },
  { key: 'data', label: 'Data', render: (r) => compact(r.data) },
  { key: 'username', label: 'Username', render: (r) => <Who name={r.username} id={r.uniqueUserId} /> },
  { key: 'country', label: 'Country' },
  { key: 'createdDate', label: 'Created', sortable: true, render: (r) => formatDateTime(r.createdDate) },
];

/** /panel/feature-audit (backoffice.md §2 Feature Audit): quick filter All only; CSV of 3000 rows (§9). */
export function FeatureAuditPage() {
  const api = useAdminApi();
  return (
    <OperatorOnly>
      <DataGrid<FeatureAuditRow>
        label="Feature audit"
        columns={FEATURE_AUDIT_COLUMNS}
        fetch={api.featureAudits}
        rowKey="id"
        rowLabel={(r) => `${r.context} ${r.username ?? r.uniqueUserId ?? ''}`}
        quickFilters={[{ value: 'all', label: 'All' }]}
        filterPlaceholder="Context, data or username"
        csv={{ filename: 'feature-audit.csv', path: ADMIN_LISTS.featureAudits, label: 'Export to CSV' }}
      />
    </OperatorOnly>
  );
}
