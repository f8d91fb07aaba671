import { useEffect, useState } from 'react';
import { Modal } from '../../ui/modal';
import { toast } from '../../ui/toast';
import type { Action, ActionGroup, ActionRegistry, KeyBinding } from '../actions';
import { eventKey, validateBinding } from '../actions';
import { isModifierOnly } from '../actions/keys';
import type { Editor } from '../editor/editor';
import type { SyncClient } from '../sync/sync-client';

export const SHORTCUTS_DIALOG_WIDTH = 450;
const GROUP_LABELS: Record<ActionGroup, string> = { tools: 'Tools', edit: 'Edit', arrange: 'Arrange', view: 'View' };
const groupLabel = (g: string) => GROUP_LABELS[g as ActionGroup] ?? g[0].toUpperCase() + g.slice(1);

/** The hint for guests (board.md §5: only logged-in users customise bindings; §8 'login to change'). */
export const SHORTCUTS_LOGIN_HINT = 'login to change';

/** Saves the user's bindings (board.md §7 PUT /api/users/configs {config:{keys}}). */
export function saveBindings(sync: SyncClient, keys: KeyBinding[]): Promise<unknown> {
  return sync.request('PUT', '/api/users/configs', { config: { keys } });
}

/** Re-renders on every binding change of the registry. */
function useBindingsVersion(registry: ActionRegistry): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const sub = registry.changes$.subscribe(() => setVersion((v) => v + 1));
    return () => sub.unsubscribe();
  }, [registry]);
  return version;
}

/** A key string as shown: 'Ctrl+Shift+Z' → 'Ctrl + Shift + Z'. */
export const showKey = (k: string) => k.split('+').join(' + ');

interface Recording {
  id: string;
  /** the combination pressed so far ('' before any key) */
  key: string;
  /** a complete, valid combination that Enter confirms */
  ready: boolean;
  error: string | null;
}

/**
 * Keyboard shortcuts (board.md §2 dialog width 450, §5 key binding rules): every action of the
 * registry with its keys, grouped. A signed-in user changes a key: Change, press the keys, Enter
 * confirms, Escape cancels; a clash shows '{name} has this key binding!'; prohibited keys are
 * refused. Saved with PUT /api/users/configs and applied on every board the user opens.
 */
export function ShortcutsDialog({
  editor,
  sync,
  signedIn,
  onClose,
}: {
  editor: Editor;
  sync: SyncClient | null;
  signedIn: boolean;
  onClose: () => void;
}) {
  const registry = editor.actions;
  useBindingsVersion(registry);
  const [recording, setRecording] = useState<Recording | null>(null);
  const canChange = signedIn && !!sync;

  const commit = async (id: string, next: () => string | null) => {
    const before = registry.bindings();
    const clash = next();
    if (clash) return clash;
    try {
      await saveBindings(sync!, registry.bindings());
    } catch (error) {
      registry.setBindings(before);
      toast.error(error instanceof Error && error.message ? error.message : 'Could not save the key binding');
    }
    return null;
  };

  // While recording, every key goes to the recorder first (before the dialog's Escape and the board).
  useEffect(() => {
    if (!recording) return;
    const onKey = (e: KeyboardEvent) => {
      e.preventDefault();
      e.stopPropagation();
      if (e.key === 'Escape' && !e.ctrlKey && !e.altKey && !e.shiftKey && !e.metaKey) return setRecording(null);
      if (e.key === 'Enter' && !e.ctrlKey && !e.altKey && !e.shiftKey && !e.metaKey) {
        // Enter confirms a valid combination; with none yet it does nothing
        if (!recording.ready) return;
        const { id, key } = recording;
        void commit(id, () => registry.bind(id, key)).then((clash) =>
          clash ? setRecording({ ...recording, ready: false, error: clash }) : setRecording(null),
        );
        return;
      }
      if (isModifierOnly(e)) return setRecording({ ...recording, key: eventKey(e), ready: false, error: null });
      const invalid = validateBinding(e);
      const key = eventKey(e);
      if (invalid) return setRecording({ ...recording, key, ready: false, error: invalid });
      const clash = registry.conflict(recording.id, key);
      setRecording({ ...recording, key, ready: !clash, error: clash });
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
    // commit reads only the registry and the sync client of this render, both stable for the dialog's life
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recording, registry]);

  const groups = new Map<string, Action[]>();
  for (const a of registry.list()) {
    if (!registry.keysOf(a.id).length && !a.mutable) continue;
    // a tool this user's plan or role does not offer is not listed (the toolbox hides it too)
    if (a.group === 'tools' && a.id !== 'previousTool' && !a.enabled({ editor })) continue;
    groups.set(a.group, [...(groups.get(a.group) ?? []), a]);
  }

  return (
    <Modal
      open
      title="Keyboard shortcuts"
      width={SHORTCUTS_DIALOG_WIDTH}
      onClose={onClose}
      footer={
        <button type="button" className="t-btn t-btn--primary" onClick={onClose}>
          Done
        </button>
      }
    >
      <div className="tb-shortcuts">
        {!canChange && <p className="tb-shortcuts__hint">{signedIn ? '' : `Custom key bindings: ${SHORTCUTS_LOGIN_HINT}`}</p>}
        {canChange && <p className="tb-shortcuts__hint">Choose Change, press the new keys, then Enter to confirm or Escape to cancel.</p>}
        {[...groups].map(([group, actions]) => (
          <section key={group} aria-label={groupLabel(group)}>
            <h3 className="tb-shortcuts__group">{groupLabel(group)}</h3>
            <ul className="tb-shortcuts__list">
              {actions.map((a) => {
                const keys = registry.keysOf(a.id);
                const rec = recording?.id === a.id ? recording : null;
                return (
                  <li key={a.id} className="tb-shortcuts__row" data-action={a.id}>
                    <span className="tb-shortcuts__label">{a.label}</span>
                    <span className="tb-shortcuts__keys" aria-live={rec ? 'polite' : undefined}>
                      {rec ? (
                        <kbd className="tb-kbd tb-kbd--recording">{rec.key ? showKey(rec.key) : 'Press keys…'}</kbd>
                      ) : keys.length ? (
                        keys.map((k) => (
                          <kbd key={k} className="tb-kbd">
                            {showKey(k)}
                          </kbd>
                        ))
                      ) : (
                        <span className="tb-shortcuts__none">None</span>
                      )}
                    </span>
                    {canChange && a.mutable && (
                      <span className="tb-shortcuts__actions">
                        {rec ? (
                          <button type="button" className="t-btn t-btn--secondary" onClick={() => setRecording(null)}>
                            Cancel
                          </button>
                        ) : (
                          <button
                            type="button"
                            className="t-btn t-btn--secondary"
                            aria-label={`Change ${a.label} key`}
                            onClick={() => setRecording({ id: a.id, key: '', ready: false, error: null })}
                          >
                            Change
                          </button>
                        )}
                        {!rec && registry.isCustom(a.id) && (
                          <button
                            type="button"
                            className="t-btn t-btn--secondary"
                            aria-label={`Reset ${a.label} key`}
                            onClick={() =>
                              void commit(a.id, () => registry.resetBinding(a.id)).then((clash) => clash && toast.error(clash))
                            }
                          >
                            Reset
                          </button>
                        )}
                      </span>
                    )}
                    {rec?.error && (
                      <span className="tb-shortcuts__error" role="alert">
                        {rec.error}
                      </span>
                    )}
                    {rec?.ready && <span className="tb-shortcuts__ready">Enter to confirm</span>}
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </Modal>
  );
}
