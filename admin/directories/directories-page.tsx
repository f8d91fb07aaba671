import { useRef, useState } from 'react';
import { Button, confirm, DataGrid, Field, HttpError, Modal, TextAreaField, type DataGridHandle, type FieldErrors } from '../../ui';
import { ADMIN_TEXTS, NEW_ID, useAdminApi, type DirectoryInput, type DirectoryRow } from '../api';
import { OperatorOnly } from '../shared/operator-only';
import { runAction } from '../shared/run-action';

/** /panel/directory (backoffice.md §2 Directory): names with Edit and Delete; the add button opens the same dialog. */
export function DirectoriesPage() {
  return (
    <OperatorOnly>
      <Directories />
    </OperatorOnly>
  );
}

function Directories() {
  const api = useAdminApi();
  const grid = useRef<DataGridHandle>(null);
  const [editing, setEditing] = useState<DirectoryInput | null>(null);
  const open = async (id: string) => {
    try {
      setEditing(id === NEW_ID ? { id, name: '', content: '' } : await api.directory(id));
    } catch {
      /* reported by the HTTP layer */
    }
  };
  return (
    <>
      <DataGrid<DirectoryRow>
        label="Directories"
        handle={grid}
        columns={[{ key: 'name', label: 'Name', sortable: true }]}
        fetch={api.directories}
        rowKey="id"
        rowLabel={(d) => d.name}
        toolbar={
          <Button icon={<span aria-hidden="true">+</span>} onClick={() => void open(NEW_ID)}>
            Add directory
          </Button>
        }
        actions={[
          { label: 'Edit', onClick: (d) => void open(d.id) },
          {
            label: 'Delete',
            icon: 'trash',
            danger: true,
            onClick: async (d, { reload }) => {
              if (!(await confirm({ message: ADMIN_TEXTS.deleteDirectory, danger: true }))) return;
              if (await runAction(() => api.deleteDirectory(d.id), ADMIN_TEXTS.deleted)) reload();
            },
          },
        ]}
      />
      {editing ? (
        <DirectoryDialog directory={editing} onClose={() => setEditing(null)} onSaved={() => (setEditing(null), grid.current?.reload())} />
      ) : null}
    </>
  );
}

function DirectoryDialog({ directory, onClose, onSaved }: { directory: DirectoryInput; onClose: () => void; onSaved: () => void }) {
  const api = useAdminApi();
  const [name, setName] = useState(directory.name);
  const [content, setContent] = useState(directory.content);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setErrors({});
    const ok = await runAction(async () => {
      try {
        return await api.saveDirectory({ id: directory.id, name, content });
      } catch (err) {
        if (err instanceof HttpError && err.hasFieldErrors) setErrors(err.errors);
        throw err;
      }
    }, ADMIN_TEXTS.saved);
    setBusy(false);
    if (ok) onSaved();
  };
  return (
    <Modal
      open
      title={directory.id === NEW_ID ? 'New directory' : `Directory ${directory.name}`}
      onClose={onClose}
      width={700}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button busy={busy} onClick={() => void save()}>
            Save
          </Button>
        </>
      }
    >
      <Field label="Name" value={name} error={errors.name} onChange={(e) => setName(e.target.value)} />
      <TextAreaField label="Content" value={content} rows={12} error={errors.content} onChange={(e) => setContent(e.target.value)} />
    </Modal>
  );
}
