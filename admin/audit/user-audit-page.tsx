import { DataGrid, formatDateTime, type Column, type QuickFilterOption } from '../../ui';
import { ADMIN_LISTS, useAdminApi, type UserAuditRow } from '../api';
import { OperatorOnly } from '../shared/operator-only';
import { compact, Who } from './cells';

export const USER_AUDIT_QUICK_FILTERS: QuickFilterOption[] = ['all', 'withSize', 'withTemplate', 'withFreq'].map((value) => ({
  value,
  label: value,
}));

export const USER_AUDIT_COLUMNS: Array<Column<UserAuditRow>> = [
  { key: 'username', label: 'Username', render: (r) => <Who name={r.username} id={r.uniqueUserId} /> },
  { key: 'country', label: 'Country' },
  { key: 'boardCode', label: 'Board' },
  { key: 'type', label: 'Type' },
  { key: 'source', label: 'Source' },
  { key: 'attributes', label: 'Attributes', render: (r) => compact(r.attributes) },
  { key: 'createdDate', label: 'Created', sortable: true, render: (r) => formatDateTime(r.createdDate) },
];

/** /panel/user-audit (backoffice.md §2 User Audit): no row actions; CSV of 300 rows (§9). */
export function UserAuditPage() {
  const api = useAdminApi();
  return (
    <OperatorOnly>
      <DataGrid<UserAuditRow>
        label="User audit"
        columns={USER_AUDIT_COLUMNS}
        fetch={api.userAudits}
        rowKey="id"
        rowLabel={(r) => `${r.username ?? r.uniqueUserId ?? 'guest'} ${r.boardCode ?? ''}`}
        quickFilters={USER_AUDIT_QUICK_FILTERS}
        filterPlaceholder="Username, board or country"
        csv={{ filename: 'user-audit.csv', path: ADMIN_LISTS.userAudits, label: 'Export to CSV' }}
      />
    </OperatorOnly>
  );
}
