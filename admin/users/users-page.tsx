import { useState } from 'react';
import { DataGrid, Field, formatDateTime, type Column, type QuickFilterOption } from '../../ui';
import { useAdminApi, type UserRow } from '../api';
import { OperatorOnly } from '../shared/operator-only';
import { UserDetail } from './user-detail';

export const USER_QUICK_FILTERS: QuickFilterOption[] = ['all', 'inactive', 'beta-tester', 'flagged'].map((value) => ({
  value,
  label: value,
}));

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

/** What fits a 1280 px screen with the View button; image, external account, customer and last login are in the dialog. */
export const USER_COLUMNS: Array<Column<UserRow>> = [
  { key: 'username', label: 'Username' },
  { key: 'displayName', label: 'Name' },
  { key: 'isActive', label: 'Active', render: (u) => yesNo(u.isActive) },
  { key: 'flag', label: 'Flag', render: (u) => (u.flag ? 'Flagged' : '') },
  { key: 'createdDate', label: 'Created', sortable: true, sortField: 'CreatedDate', render: (u) => formatDateTime(u.createdDate) },
  {
    key: 'lastOnline',
    label: 'Last online',
    sortable: true,
    sortField: 'LastOnline',
    render: (u) => (u.lastOnline ? formatDateTime(u.lastOnline) : '—'),
  },
];

/** /panel/users (backoffice.md §2 User administration). */
export function UsersPage() {
  return (
    <OperatorOnly>
      <Users />
    </OperatorOnly>
  );
}

function Users() {
  const api = useAdminApi();
  const [segments, setSegments] = useState('');
  const tags = segments
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return (
    <DataGrid<UserRow>
      label="Users"
      columns={USER_COLUMNS}
      fetch={api.users}
      rowKey="id"
      rowLabel={(u) => u.username}
      quickFilters={USER_QUICK_FILTERS}
      initialSort={{ key: 'createdDate', desc: true }}
      filterPlaceholder="Username or name"
      extraQuery={tags.length ? { Segments: tags.join(',') } : undefined}
      toolbar={<Field label="Segments" placeholder="tag, tag" value={segments} onChange={(e) => setSegments(e.target.value)} />}
      detail={{
        label: 'View',
        title: (u) => `User ${u.username}`,
        width: 700,
        render: (u, { reload }) => <UserDetail row={u} onChanged={reload} />,
      }}
    />
  );
}
