import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { BehaviorSubject } from 'rxjs';
import { hasPolicy, POLICY } from '../../shared/policies';
import { WORKSPACE_MESSAGES } from '../../shared/workspace-roles';
import { Button, Field, Form, Modal, useClaims, useForm, useSubject } from '../../ui';
import { refreshWorkspaces, workspaceApi, workspaces$, type Workspace } from './api';

/** Opens the shell's new-workspace dialog from anywhere (the sidebar's button, the home page). */
export const newWorkspaceOpen$ = new BehaviorSubject(false);
export const openNewWorkspace = () => newWorkspaceOpen$.next(true);

/**
 * The new-workspace dialog (panel.md §2 shell, §5): a name; Continue is disabled while it is empty.
 * A second workspace needs the multi-workspace policy: a person who owns one already and whose plan
 * allows one is told so up front, with the way to more (the subscription page), instead of a form
 * the server would refuse (it still does, reading the account, if the token is out of date). On
 * success the new workspace's boards open.
 */
export function NewWorkspaceDialog() {
  const open = useSubject(newWorkspaceOpen$);
  const workspaces = useSubject(workspaces$);
  const claims = useClaims();
  const multi = hasPolicy({ plan: claims?.plan, role: claims?.role, qty: claims?.qty, client: claims?.client }, POLICY.multiWorkspace);
  const limited = !multi && (workspaces ?? []).some((w) => w.isOwner);
  const navigate = useNavigate();
  const [key, setKey] = useState(0);
  const close = () => {
    newWorkspaceOpen$.next(false);
    setKey((k) => k + 1);
  };
  return (
    <Modal open={open} title="New workspace" onClose={close} width={440}>
      {limited ? (
        <div>
          <p style={{ marginTop: 0 }}>{WORKSPACE_MESSAGES.multiWorkspace}</p>
          <div className="p-form-actions p-form-actions--end">
            <Button variant="secondary" onClick={close}>
              Close
            </Button>
            <Link className="t-btn t-btn--primary" to="/panel/subscription" onClick={close}>
              See plans
            </Link>
          </div>
        </div>
      ) : (
        <NewWorkspaceForm
          key={key}
          onCreated={(workspace) => {
            close();
            void refreshWorkspaces();
            navigate(`/panel/workspace/${workspace.id}/boards`);
          }}
        />
      )}
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
