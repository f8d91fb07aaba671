import { useEffect, useState } from 'react';
import { DataGrid, formatDateTime, reportFailure, Spinner, type Column, type QuickFilterOption } from '../../ui';
import { useAdminApi, type ClientDetails, type ClientRow } from '../api';
import { show } from '../shared/detail-list';
import { OperatorOnly } from '../shared/operator-only';

/** backoffice.md §2 Clients: all, and the option whose value is 'inactive' labelled active (as the spec says). */
export const CLIENT_QUICK_FILTERS: QuickFilterOption[] = [
  { value: 'all', label: 'all' },
  { value: 'inactive', label: 'active' },
];

export const CLIENT_COLUMNS: Array<Column<ClientRow>> = [
  { key: 'username', label: 'Username' },
  { key: 'appName', label: 'App name' },
  { key: 'createdDate', label: 'Created', sortable: true, sortField: 'CreatedDate', render: (c) => formatDateTime(c.createdDate) },
  {
    key: 'lastSession',
    label: 'Last session',
    sortable: true,
    sortField: 'LastSession',
    render: (c) => (c.lastSession ? formatDateTime(c.lastSession) : '—'),
  },
  { key: 'isActive', label: 'Active', render: (c) => (c.isActive ? 'Yes' : 'No') },
];

/** /panel/clients: the developer apps; the detail lists origins under the app name. */
export function ClientsPage() {
  const api = useAdminApi();
  return (
    <OperatorOnly>
      <DataGrid<ClientRow>
        label="Clients"
        columns={CLIENT_COLUMNS}
        fetch={api.clients}
        rowKey="id"
        rowLabel={(c) => c.appName}
        quickFilters={CLIENT_QUICK_FILTERS}
        initialSort={{ key: 'createdDate', desc: true }}
        detail={{ label: 'View', title: (c) => c.appName, width: 700, render: (c) => <ClientOrigins id={c.id} /> }}
      />
    </OperatorOnly>
  );
}

function ClientOrigins({ id }: { id: string }) {
  const api = useAdminApi();
  const [client, setClient] = useState<ClientDetails | null>(null);
  useEffect(() => void api.clientDetails(id).then(setClient, reportFailure), [api, id]);
  if (!client) return <Spinner />;
  return (
    <>
      <h3 className="a-section">Origins</h3>
      {client.origins.length === 0 ? <p className="p-muted">No records</p> : null}
      <ul>
        {client.origins.map((o) => (
          <li key={o.origin}>
            <strong>{o.origin}</strong> — {o.embeds} embeds, {o.refusals} refusals, last seen {show(o.lastSeen, 'date')}
          </li>
        ))}
      </ul>
    </>
  );
}
