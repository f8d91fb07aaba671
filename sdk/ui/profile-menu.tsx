import { useState } from 'react';
import { MESSAGES } from '../../shared/messages';
import { canSaveViewport, canSetPrivateMode, type Role } from '../../shared/permissions';
import { POLICY } from '../../shared/policies';
import { toast } from '../../ui/toast';
import { viewRect } from '../collab/view-rect';
import type { Editor } from '../editor/editor';
import type { SyncClient } from '../sync/sync-client';
import { useSubject } from './hooks';
import { BoardIcon } from './icons';
import { Avatar } from './members-menu';
import { Popover } from './popover';

/** The role names people read (board.md §3). */
const ROLE_NAMES: Record<string, string> = {
  Owner: 'Owner',
  Facilitator: 'Facilitator',
  Editor: 'Editor',
  Commenter: 'Commenter',
  Viewer: 'Viewer',
};

/**
 * The profile menu (board.md §2 top-right, §6): this member's name and role; for the Owner and a
 * Facilitator, 'Save current viewport' (boardConfig.viewport: where everyone lands when they open
 * the board) and the private-mode switch (with the private-mode policy), and under it the blurry
 * variant's switch, 'Blur others' texts and notes' (board.md §4: available only while private mode
 * is on; turning private mode off turns it off too).
 */
export function ProfileMenu({ editor, sync }: { editor: Editor; sync: SyncClient }) {
  const me = useSubject(sync.me$);
  const claims = useSubject(sync.claims$);
  const board = useSubject(sync.board$);
  const [busy, setBusy] = useState(false);
  const role = claims.role as Role | null;
  const privateOn = (board?.boardConfig?.privateMode?.type ?? 0) !== 0;
  const blurryOn = privateOn && board?.boardConfig?.privateMode?.blurry === true;
  const canSave = canSaveViewport(role);
  const canPrivate = canSetPrivateMode(role) && claims.policies.includes(POLICY.privateMode);
  const name = me?.name || 'Guest';

  async function update(config: Record<string, unknown>, done: string) {
    setBusy(true);
    try {
      await sync.updateConfig(config);
      toast.success(done);
    } catch (error) {
      toast.error((error as { data?: { message?: string } })?.data?.message ?? MESSAGES.somethingWentWrong);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Popover
      label="Profile"
      placement="below-right"
      buttonClassName="tb-btn tb-panel tb-profile"
      button={me ? <Avatar member={{ ...me, isSelf: false }} /> : <BoardIcon name="users" size={18} />}
    >
      {(close) => (
        <>
          <div className="tb-profile__head">
            <strong className="tb-profile__name">{name}</strong>
            <span className="tb-label" data-testid="profile-role">
              Role: {(role && ROLE_NAMES[role]) || role || 'None'}
            </span>
          </div>
          {canSave && (
            <button
              type="button"
              className="tb-item"
              role="menuitem"
              disabled={busy}
              onClick={() => {
                const v = editor.viewport;
                close();
                void update({ viewport: viewRect(v.state, v.width, v.height) }, 'Viewport saved: everyone opening the board starts here');
              }}
            >
              <BoardIcon name="crosshair" size={18} /> Save current viewport
            </button>
          )}
          {canPrivate && (
            <SwitchItem
              label="Private mode"
              on={privateOn}
              disabled={busy}
              onToggle={() =>
                void update(
                  { privateMode: { type: privateOn ? 0 : 1, blurry: false } },
                  privateOn ? 'Private mode is off' : 'Private mode is on',
                )
              }
            />
          )}
          {canPrivate && (
            <SwitchItem
              label="Blur others' texts and notes"
              on={blurryOn}
              disabled={busy || !privateOn}
              title={privateOn ? undefined : 'Available while private mode is on'}
              onToggle={() =>
                void update(
                  { privateMode: { type: 1, blurry: !blurryOn } },
                  blurryOn ? "Others' texts and notes are hidden" : "Others' texts and notes are shown blurred",
                )
              }
            />
          )}
        </>
      )}
    </Popover>
  );
}

/** A menu item that switches a setting on and off (role menuitemcheckbox, the switch drawn at its end). */
function SwitchItem({
  label,
  on,
  disabled,
  title,
  onToggle,
}: {
  label: string;
  on: boolean;
  disabled: boolean;
  title?: string;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      className="tb-item"
      role="menuitemcheckbox"
      aria-checked={on}
      disabled={disabled}
      title={title}
      onClick={onToggle}
    >
      <BoardIcon name="eyeOff" size={18} /> {label}
      <span className={`tb-switch${on ? ' tb-switch--on' : ''}`} aria-hidden="true" />
    </button>
  );
}
