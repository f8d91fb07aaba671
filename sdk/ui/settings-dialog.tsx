import { useState, type FormEvent } from 'react';
import type * as Wire from '../../shared/wire';
import { PictureSettings } from './picture-settings';
import { BACKGROUND_COLORS, BACKGROUNDS, DIALOG_WIDTHS, isValidBackground, UPLOAD_SETTING } from '../../shared/constants';
import { MESSAGES } from '../../shared/messages';
import { can, canChangeBackground, canSetDisposeTimer, type Role } from '../../shared/permissions';
import { POLICY } from '../../shared/policies';
import { Modal } from '../../ui/modal';
import { toast } from '../../ui/toast';
import type { Editor } from '../editor/editor';
import type { SyncClient } from '../sync/sync-client';
import type { BoardClaims } from '../sync/types';
import { DISPOSE_CHOICES, disposeSentence, remainingText } from './dispose';
import { useSubject } from './hooks';

/** Which parts of the settings dialog a visitor gets (board.md §6). */
export interface SettingsSections {
  /** background and background colour: Owner or Facilitator */
  background: boolean;
  /** the board's upload setting: those who edit the board */
  upload: boolean;
  /** snap to object (the user's own config): the plan's snap-to-object policy */
  snap: boolean;
  /** the dispose timer: Owner only */
  dispose: boolean;
}

/** A client claim (developer app participant) hides background, colour, snap and upload (§6). */
export function settingsFor(claims: BoardClaims): SettingsSections {
  const role = claims.role as Role | null;
  const open = !claims.client;
  return {
    background: open && canChangeBackground(role),
    upload: open && can(role, 'edit_board'),
    snap: open && claims.policies.includes(POLICY.snapToObject),
    dispose: canSetDisposeTimer(role),
  };
}

export const hasSettings = (s: SettingsSections) => s.background || s.upload || s.snap || s.dispose;

const UPLOAD_LABELS: Record<number, string> = {
  [UPLOAD_SETTING.workspace]: "Workspace's setting",
  [UPLOAD_SETTING.enabled]: 'Enabled',
  [UPLOAD_SETTING.disabled]: 'Disabled',
};

const SNAP_KEY = 'tabula.snapToObject';

/** The user's snap-to-object: the account's userConfig when signed in, this browser's for guests. */
export function readSnap(sync: SyncClient): boolean {
  if (sync.signedIn) return sync.board$.value?.userConfig?.snapToObject === true;
  try {
    return localStorage.getItem(SNAP_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Saves snap-to-object: PUT /api/users/configs for a signed-in user (board.md §7), locally for a guest. */
export async function saveSnap(sync: SyncClient, on: boolean): Promise<void> {
  if (sync.signedIn) {
    await sync.request('PUT', '/api/users/configs', { config: { snapToObject: on } });
    const board = sync.board$.value;
    if (board) sync.board$.next({ ...board, userConfig: { ...(board.userConfig ?? {}), snapToObject: on } });
    return;
  }
  try {
    localStorage.setItem(SNAP_KEY, String(on));
  } catch {
    /* storage disabled: kept for this page */
  }
}

const errorText = (error: unknown) => (error instanceof Error && error.message) || MESSAGES.somethingWentWrong;

/**
 * The settings dialog (board.md §2, width 400): background and background colour (10 swatches)
 * for the Owner and Facilitators, the board's upload setting, the user's snap-to-object, and the
 * Owner's dispose timer. Board settings go through updateConfig and reach every member live
 * (onConfigChanged); a change the server refuses is reverted (§5).
 */
export function SettingsDialog({ editor, sync, onClose }: { editor: Editor; sync: SyncClient; onClose: () => void }) {
  const claims = useSubject(sync.claims$);
  const board = useSubject(sync.board$);
  const bg = useSubject(editor.background$);
  const bgColor = useSubject(editor.backgroundColor$);
  const sections = settingsFor(claims);
  const config = board?.boardConfig ?? {};
  const isCustom = /^https?:\/\//i.test(bg);
  const [url, setUrl] = useState(isCustom ? bg : '');
  const [urlError, setUrlError] = useState<string | null>(null);
  const [snap, setSnap] = useState(() => readSnap(sync));
  const code = board?.code ?? '';

  async function setBackground(next: string) {
    const previous = editor.background$.value;
    editor.setBackground(next);
    try {
      await sync.updateConfig({ bg: next });
    } catch (error) {
      editor.setBackground(previous);
      toast.error(errorText(error));
    }
  }

  async function setColor(next: string) {
    const previous = editor.backgroundColor$.value;
    editor.setBackgroundColor(next);
    try {
      await sync.updateConfig({ bgColor: next });
    } catch (error) {
      editor.setBackgroundColor(previous);
      toast.error(errorText(error));
    }
  }

  function applyUrl(e: FormEvent) {
    e.preventDefault();
    const value = url.trim();
    if (!/^https?:\/\//i.test(value) || !isValidBackground(value)) {
      setUrlError('Enter an http or https address.');
      return;
    }
    setUrlError(null);
    void setBackground(value);
  }

  async function setUpload(next: number) {
    try {
      await sync.updateConfig({ upload: next });
    } catch (error) {
      toast.error(errorText(error));
    }
  }

  async function toggleSnap(next: boolean) {
    setSnap(next);
    try {
      await saveSnap(sync, next);
    } catch (error) {
      setSnap(!next);
      toast.error(errorText(error));
    }
  }

  async function setDispose(days: number) {
    try {
      const { disposeAt } = await sync.request<Wire.DisposeAt>('POST', `/api/boards/${encodeURIComponent(code)}/dispose`, {
        days,
      });
      const now = sync.board$.value;
      if (now) sync.board$.next({ ...now, disposeAt });
    } catch (error) {
      toast.error(errorText(error));
    }
  }

  return (
    <Modal
      open
      title="Settings"
      width={DIALOG_WIDTHS.settings}
      onClose={onClose}
      footer={
        <button type="button" className="t-btn t-btn--primary" onClick={onClose}>
          Done
        </button>
      }
    >
      <div className="tb-settings">
        {sections.background && (
          <>
            <fieldset className="tb-settings__group">
              <legend>Background</legend>
              <div className="tb-settings__choices">
                {BACKGROUNDS.map((b) => (
                  <label key={b.name} className="tb-settings__choice">
                    <input type="radio" name="tb-bg" value={b.name} checked={bg === b.name} onChange={() => void setBackground(b.name)} />
                    {b.label}
                  </label>
                ))}
              </div>
              <form className="tb-settings__url" onSubmit={applyUrl}>
                <input
                  className="t-input"
                  type="url"
                  aria-label="Background image address"
                  placeholder="https://… image"
                  value={url}
                  aria-invalid={urlError ? true : undefined}
                  onChange={(e) => setUrl(e.target.value)}
                />
                <button type="submit" className="t-btn t-btn--secondary" disabled={!url.trim()}>
                  Apply
                </button>
              </form>
              {urlError && (
                <p className="tb-settings__error" role="alert">
                  {urlError}
                </p>
              )}
            </fieldset>
            <fieldset className="tb-settings__group">
              <legend>Background colour</legend>
              <div className="tb-settings__swatches">
                {BACKGROUND_COLORS.map((c) => (
                  <label key={c} className="tb-settings__swatch" style={{ background: c }} title={c}>
                    <input
                      type="radio"
                      name="tb-bg-color"
                      value={c}
                      aria-label={c}
                      checked={bgColor.toLowerCase() === c}
                      onChange={() => void setColor(c)}
                    />
                  </label>
                ))}
              </div>
            </fieldset>
          </>
        )}
        {sections.upload && (
          <label className="tb-settings__row">
            <span>Uploads</span>
            <select
              className="t-input tb-settings__select"
              value={config.upload ?? UPLOAD_SETTING.default}
              onChange={(e) => void setUpload(Number(e.target.value))}
            >
              {[UPLOAD_SETTING.workspace, UPLOAD_SETTING.enabled, UPLOAD_SETTING.disabled].map((v) => (
                <option key={v} value={v}>
                  {UPLOAD_LABELS[v]}
                </option>
              ))}
            </select>
          </label>
        )}
        {sections.background && <PictureSettings sync={sync} setting={config.downsize} />}
        {sections.snap && (
          <label className="tb-settings__row">
            <span>Snap to objects</span>
            <input type="checkbox" role="switch" checked={snap} onChange={(e) => void toggleSnap(e.target.checked)} />
          </label>
        )}
        {sections.dispose && (
          <div className="tb-settings__group">
            <label className="tb-settings__row">
              <span>Delete the board automatically</span>
              <select
                className="t-input tb-settings__select"
                value={board?.disposeAt ? 'current' : '0'}
                onChange={(e) => e.target.value !== 'current' && void setDispose(Number(e.target.value))}
              >
                {board?.disposeAt && <option value="current">In {remainingText(board.disposeAt)}</option>}
                {DISPOSE_CHOICES.map((d) => (
                  <option key={d.days} value={d.days}>
                    {d.days === 0 ? 'Never' : `In ${d.label}`}
                  </option>
                ))}
              </select>
            </label>
            <p className="tb-settings__note" data-testid="dispose-remaining">
              {disposeSentence(board?.disposeAt)}
            </p>
          </div>
        )}
      </div>
    </Modal>
  );
}
