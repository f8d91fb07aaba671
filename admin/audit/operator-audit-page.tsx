import { DataGrid, formatDateTime, type Column } from '../../ui';
import { ADMIN_LISTS, useAdminApi, type AuditRow } from '../api';
import { OperatorOnly } from '../shared/operator-only';
import { compact } from './cells';

export const OPERATOR_AUDIT_COLUMNS: Array<Column<AuditRow>> = [
  { key: 'at', label: 'When', sortable: true, render: (r) => formatDateTime(r.at) },
  { key: 'actorName', label: 'Operator', sortable: true },
  { key: 'action', label: 'Action', sortable: true },
  { key: 'targetType', label: 'Target', render: (r) => [r.targetType, r.targetId].filter(Boolean).join(' ') },
  { key: 'details', label: 'Details', render: (r) => compact(r.details) },
];

/**
 * /panel/operator-audit: every operator action (who, what, target, when; issue 15 "an audit trail
 * the back-office can read") — quick filters all/boards/users/roles, text over operator, action and
 * target, newest first, CSV of 3000 rows.
 */
export function OperatorAuditPage() {
  const api = useAdminApi();
  return (
    <OperatorOnly>
      <DataGrid<AuditRow>
        label="Operator audit"
        columns={OPERATOR_AUDIT_COLUMNS}
        fetch={api.operatorAudit}
        rowKey="id"
        rowLabel={(r) => `${r.action} by ${r.actorName}`}
        quickFilters={[
          { value: 'all', label: 'All' },
          { value: 'boards', label: 'Boards' },
          { value: 'users', label: 'Users' },
          { value: 'roles', label: 'Roles' },
        ]}
        initialSort={{ key: 'at', desc: true }}
        filterPlaceholder="Operator, action or target"
        csv={{ filename: 'operator-audit.csv', path: ADMIN_LISTS.operatorAudit, label: 'Export to CSV' }}
      />
    </OperatorOnly>
  );
}
