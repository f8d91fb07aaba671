import { useEffect, useState } from 'react';
import { DataGrid, formatDateTime, reportFailure, Spinner, type Column } from '../../ui';
import { useAdminApi, type ContactDetail, type ContactRow } from '../api';
import { DetailList, show } from '../shared/detail-list';
import { OperatorOnly } from '../shared/operator-only';

export const CONTACT_COLUMNS: Array<Column<ContactRow>> = [
  { key: 'createdDate', label: 'Created', sortable: true, render: (c) => formatDateTime(c.createdDate) },
  { key: 'name', label: 'Name', sortable: true },
  { key: 'email', label: 'Email', sortable: true },
  { key: 'type', label: 'Type' },
];

/** /panel/contacts (backoffice.md §2 Contacts): grid, view with message, ip and user agent. */
export function ContactsPage() {
  const api = useAdminApi();
  return (
    <OperatorOnly>
      <DataGrid<ContactRow>
        label="Contacts"
        columns={CONTACT_COLUMNS}
        fetch={api.contacts}
        rowKey="id"
        rowLabel={(c) => c.name}
        detail={{ label: 'View', title: (c) => `Contact ${c.name}`, width: 700, render: (c) => <ContactView id={c.id} /> }}
      />
    </OperatorOnly>
  );
}

function ContactView({ id }: { id: string }) {
  const api = useAdminApi();
  const [item, setItem] = useState<ContactDetail | null>(null);
  useEffect(() => void api.contact(id).then(setItem, reportFailure), [api, id]);
  if (!item) return <Spinner />;
  return (
    <>
      <DetailList
        items={[
          ['Name', item.name],
          ['Email', item.email],
          ['Type', item.type],
          ['IP', show(item.ip)],
          ['Country', show(item.country)],
          ['User agent', show(item.userAgent)],
        ]}
      />
      <p className="a-pre">{item.message}</p>
    </>
  );
}
