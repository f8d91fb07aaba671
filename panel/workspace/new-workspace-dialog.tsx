import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BehaviorSubject } from 'rxjs';
import { Button, Field, Form, Modal, useForm, useSubject } from '../../ui';
import { refreshWorkspaces, workspaceApi, type Workspace } from './api';

/** Opens the shell's new-workspace dialog from anywhere (the sidebar's button, the home page). */
export const newWorkspaceOpen$ = new BehaviorSubject(false);
export const openNewWorkspace = () => newWorkspaceOpen$.next(true);

/**
 * The new-workspace dialog (panel.md §2 shell, §5): a name; Continue is disabled while it is empty.
 * A second workspace needs the multi-workspace policy — the server says so under the name. On
 * success the new workspace's boards open.
 */
export function NewWorkspaceDialog() {
  const open = useSubject(newWorkspaceOpen$);
  const navigate = useNavigate();
  const [key, setKey] = useState(0);
  const close = () => {
    newWorkspaceOpen$.next(false);
    setKey((k) => k + 1);
  };
  return (
    <Modal open={open} title="New workspace" onClose={close} width={440}>
      <NewWorkspaceForm
        key={key}
        onCreated={(workspace) => {
          close();
          void refreshWorkspaces();
          navigate(`/panel/workspace/${workspace.id}/boards`);
        }}
      />
    </Modal>
  );
}

function NewWorkspaceForm({ onCreated }: { onCreated: (w: Workspace) => void }) {
  const form = useForm<{ name: string }, Workspace>({
    initial: { name: '' },
    submit: (v) => workspaceApi.create(v.name.trim()),
    onSuccess: (created) => onCreated(created),
  });
  return (
    <Form form={form} aria-label="New workspace">
      <p className="p-muted" style={{ marginTop: 0 }}>
        A workspace keeps boards, members and settings together — one per team, client or project.
      </p>
      <Field label="Name" placeholder="e.g. Design team" maxLength={100} autoComplete="off" {...form.field('name')} />
      <div className="p-form-actions p-form-actions--end">
        <Button type="submit" busy={form.processing} disabled={!form.values.name.trim()}>
          Continue
        </Button>
      </div>
    </Form>
  );
}
