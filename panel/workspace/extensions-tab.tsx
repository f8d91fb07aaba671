import { useEffect, useState } from 'react';
import { hasWorkspaceRight } from '../../shared/workspace-roles';
import { errorText, Spinner, Switch } from '../../ui';
import { workspaceApi, type Extension } from './api';
import { useWorkspace } from './workspace-page';

/**
 * /panel/workspace/{id}/extensions (panel.md §2, §4): the board's app-* features with a toggle
 * each (Owner, Admin, ClientAdmin). A failed toggle reverts the checkbox. Turning one off hides the
 * feature on the workspace's boards the next time they are opened.
 */
export function ExtensionsTab() {
  const { workspace } = useWorkspace();
  const [extensions, setExtensions] = useState<Extension[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const canToggle = hasWorkspaceRight(workspace.role, 'toggleExtensions');

  useEffect(() => {
    let live = true;
    workspaceApi
      .extensions(workspace.id)
      .then((list) => live && setExtensions(list))
      .catch((error) => live && setFailed(errorText(error)));
    return () => {
      live = false;
    };
  }, [workspace.id]);

  async function toggle(extension: Extension, plugged: boolean) {
    const set = (value: boolean) =>
      setExtensions((list) => list?.map((e) => (e.extensionId === extension.extensionId ? { ...e, plugged: value } : e)) ?? null);
    set(plugged);
    setBusy(extension.extensionId);
    try {
      set((await workspaceApi.toggleExtension(workspace.id, extension.extensionId, plugged)).plugged);
    } catch {
      set(!plugged); // §8: the checkbox reverts (the HTTP layer already said why)
    } finally {
      setBusy(null);
    }
  }

  if (failed) return <p role="alert">{failed}</p>;
  if (!extensions) {
    return (
      <div className="p-loading">
        <Spinner label="Loading extensions" /> Loading extensions…
      </div>
    );
  }
  return (
    <>
      {!canToggle && <p className="p-muted">Only the workspace's owner and admins can turn extensions on or off.</p>}
      <ul className="p-extensions" aria-label="Extensions">
        {extensions.map((e) => (
          <li key={e.extensionId} className="p-extension">
            <div>
              <strong>{e.title}</strong>
              <span className="p-muted p-extension__name">{e.name}</span>
              <p className="p-extension__text">{e.description}</p>
            </div>
            <Switch
              label={<span className="t-sr-only">{e.title}</span>}
              checked={e.plugged}
              disabled={!canToggle || busy === e.extensionId}
              onChange={(ev) => void toggle(e, ev.target.checked)}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
