import { DataGrid, formatDateTime, type Column, type QuickFilterOption } from '../../ui';
import { ADMIN_LISTS, useAdminApi, type PerfLogRow } from '../api';
import { OperatorOnly } from '../shared/operator-only';
import { Who } from './cells';

export const PERF_QUICK_FILTERS: QuickFilterOption[] = [
  'all',
  'Join',
  'Speed',
  'SlowNetwork',
  'ReportingMain',
  'ReportingDefault',
  'Socket',
  'Error',
].map((value) => ({ value, label: value }));

export const PERF_COLUMNS: Array<Column<PerfLogRow>> = [
  { key: 'sessionId', label: 'Session' },
  { key: 'username', label: 'Username', render: (r) => <Who name={r.username} id={r.uid} /> },
  { key: 'country', label: 'Country', render: (r) => <Who name={r.country ?? '—'} id={r.ip} /> },
  { key: 'board', label: 'Board' },
  { key: 'type', label: 'Type', sortable: true },
  { key: 'createdDate', label: 'Created', sortable: true, render: (r) => formatDateTime(r.createdDate) },
];

/** /panel/perf-logs (backoffice.md §2 Performance Logs): View lists the payload's name/value entries. */
export function PerfLogsPage() {
  const api = useAdminApi();
  return (
    <OperatorOnly>
      <DataGrid<PerfLogRow>
        label="Performance logs"
        columns={PERF_COLUMNS}
        fetch={api.perfLogs}
        rowKey="id"
        rowLabel={(r) => `${r.type} ${r.sessionId || r.id}`}
        quickFilters={PERF_QUICK_FILTERS}
        filterPlaceholder="Session, username, board or ip"
        csv={{ filename: 'perf-logs.csv', path: ADMIN_LISTS.perfLogs }}
        detail={{
          label: 'View',
          title: (r) => `${r.type} ${formatDateTime(r.createdDate)}`,
          width: 700,
          render: (r) =>
            r.payload.length ? (
              <dl className="a-dl">
                {r.payload.map((p, i) => (
                  <div key={`${p.name}-${i}`} style={{ display: 'contents' }}>
                    <dt>{p.name}</dt>
                    <dd>{p.value}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p className="p-muted">No records</p>
            ),
        }}
      />
    </OperatorOnly>
  );
}
