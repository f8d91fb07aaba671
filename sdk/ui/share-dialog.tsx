import { useEffect, useState, type FormEvent } from 'react';
import type * as Wire from '../../shared/wire';
import { MESSAGES } from '../../shared/messages';
import { LINK_SHARING_LEVELS, WORKSPACE_SHARING_LEVELS } from '../../shared/permissions';
import { POLICY } from '../../shared/policies';
import { Modal } from '../../ui/modal';
import { toast } from '../../ui/toast';
import type { Editor } from '../editor/editor';
import { HttpError } from '../sync/api';
import type { SyncClient } from '../sync/sync-client';
import type { BoardMember } from '../sync/types';
import { useSubject } from './hooks';
import { useMemberColors } from './member-color';
import { MemberRoleSelect, sharingChanged$ } from './member-roles';

/** GET /api/boards/{id}/sharing's answer (board.md §7), as the route declares it. */
type Sharing = Wire.Sharing;

/** The level names people read (board.md §3 Member roles; 'Can edit' is the spec's invite label). */
const LEVEL_LABELS: Record<string, string> = {
  Facilitator: 'Facilitator',
  Editor: 'Can edit',
  Commenter: 'Can comment',
  Viewer: 'Can view',
  NoAccess: 'No access',
};
/** The copy button's text comes back after 2 s (panel.md §9). */
const COPIED_MS = 2000;

/** 'The owner cannot be invited'; otherwise the errors.email messages joined by commas (board.md §8). */
function inviteFailure(error: unknown): string {
  if (error instanceof HttpError) {
    const errors = (error.body as { errors?: Record<string, string[]> } | null)?.errors;
    if (errors?.email?.length) return errors.email.join(', ');
    return error.message;
  }
  return MESSAGES.somethingWentWrong;
}

/**
 * The share dialog (board.md §2 "Share dialog", §6, §7): the board's members (picture, name, online
 * marker, '(you)', status, Owner label; a role selector for the others when the viewer is the
 * signed-in owner), invite by e-mail with a role and Send, the workspace and anyone-with-the-link
 * levels (owner only), the read-only link with Copy link and a QR code (made here, not by a third
 * party), Done.
 */
export function ShareDialog({
  editor,
  sync,
  signedIn,
  onClose,
}: {
  editor: Editor;
  sync: SyncClient;
  signedIn: boolean;
  onClose: () => void;
}) {
  const claims = useSubject(sync.claims$);
  const online = useSubject(sync.members$);
  const isOwner = claims.role === 'Owner';
  const canManage = isOwner && signedIn;
  const colorOf = useMemberColors();
  const [sharing, setSharing] = useState<Sharing | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('Editor');
  const [sending, setSending] = useState(false);
  const [qr, setQr] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const code = sync.board$.value?.code ?? '';
  const link = `${location.origin}/board/${code}`;
  const levels = (all: readonly string[]) => all.filter((l) => l !== 'Facilitator' || editor.hasPolicy(POLICY.facilitatorRole));

  const load = () =>
    sync
      .request<Sharing>('GET', `/api/boards/${encodeURIComponent(code)}/sharing`)
      .then(setSharing)
      .catch((e: unknown) => setFailed(e instanceof Error ? e.message : MESSAGES.somethingWentWrong));
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code]);

  async function invite(e: FormEvent) {
    e.preventDefault();
    if (!email.trim()) return;
    setSending(true);
    try {
      await sync.request('POST', `/api/boards/${encodeURIComponent(code)}/members`, { email: email.trim(), memberRole: role });
      toast.success(`Invitation sent to ${email.trim()}.`);
      setEmail('');
      await load();
    } catch (error) {
      toast.error(inviteFailure(error));
    } finally {
      setSending(false);
    }
  }

  async function setLevel(kind: 'workspace' | 'link', level: string) {
    if (!sharing) return;
    const before = sharing;
    setSharing({ ...sharing, [kind]: level });
    try {
      await sync.request('POST', `/api/boards/${encodeURIComponent(code)}/sharings`, {
        workspace: kind === 'workspace' ? level : sharing.workspace,
        link: kind === 'link' ? level : sharing.link,
      });
      // the members' roles in force follow the levels (here, and in an open members menu)
      sharingChanged$.next(code);
      await load();
    } catch (error) {
      setSharing(before);
      toast.error(error instanceof Error ? error.message : MESSAGES.somethingWentWrong);
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      // panel.md §8: a failed copy asks the person to copy by hand
      window.prompt('Copy the link:', link);
    }
  }

  async function toggleQr() {
    if (qr) return setQr(null);
    // loaded on first use: the QR encoder is a chunk of its own (not in the board page's main.js)
    const { default: QRCode } = await import('qrcode');
    setQr(await QRCode.toDataURL(link, { width: 150, margin: 1 }));
  }

  const isOnline = (m: BoardMember) => online.some((o) => o.uid === m.uid && o.isOnline);

  return (
    <Modal
      open
      title="Share"
      onClose={onClose}
      footer={
        <button type="button" className="t-btn t-btn--primary" onClick={onClose}>
          Done
        </button>
      }
    >
      <form className="tb-share__invite" onSubmit={invite} aria-label="Invite by e-mail">
        <input
          className="t-input"
          type="email"
          placeholder={canManage ? 'Invite by e-mail' : MESSAGES.loginToInvite}
          aria-label="E-mail to invite"
          value={email}
          disabled={!canManage}
          onChange={(e) => setEmail(e.target.value)}
        />
        <select
          className="t-input tb-share__select"
          aria-label="Role of the invited person"
          value={role}
          disabled={!canManage}
          onChange={(e) => setRole(e.target.value)}
        >
          {levels(WORKSPACE_SHARING_LEVELS).map((l) => (
            <option key={l} value={l}>
              {LEVEL_LABELS[l]}
            </option>
          ))}
        </select>
        <button type="submit" className="t-btn t-btn--primary" disabled={!canManage || sending || !email.trim()}>
          Send
        </button>
      </form>
      {failed && <p role="alert">{failed}</p>}
      {sharing && (
        <>
          <ul className="tb-share__members" aria-label="Members">
            {sharing.members.map((m) => (
              <li key={m.uid}>
                <span className="tb-avatar" style={{ background: colorOf(m.uid) }} aria-hidden="true">
                  {m.profileImage ? <img src={m.profileImage} alt="" /> : (m.name || '?').slice(0, 1).toUpperCase()}
                  {isOnline(m) && <span className="tb-share__online" />}
                </span>
                <span className="tb-share__name">
                  {m.name || m.username || 'Guest'}
                  {m.isSelf && ' (you)'}
                  {isOnline(m) && <span className="t-sr-only"> online</span>}
                  {m.status && m.status !== 'Joined' && <span className="tb-share__status"> · {m.status}</span>}
                </span>
                {m.isOwner ? (
                  <span className="tb-share__owner">Owner</span>
                ) : canManage ? (
                  // the role in force, the roles below its floor disabled and why (issue 34 item 6)
                  <MemberRoleSelect
                    member={{ ...m, name: m.name || 'member' }}
                    roles={levels(LINK_SHARING_LEVELS)}
                    sync={sync}
                    className="t-input tb-share__select"
                    onChanged={() => void load()}
                  />
                ) : (
                  <span className="tb-share__role">{(m.role && LEVEL_LABELS[m.role]) || m.role}</span>
                )}
              </li>
            ))}
          </ul>
          <div className="tb-share__levels">
            <label>
              <span>Members of {sharing.workspaceName ?? 'the workspace'}</span>
              <select
                className="t-input tb-share__select"
                value={sharing.workspace}
                disabled={!canManage}
                title={canManage ? undefined : MESSAGES.loginToChange}
                onChange={(e) => void setLevel('workspace', e.target.value)}
              >
                {levels(WORKSPACE_SHARING_LEVELS).map((l) => (
                  <option key={l} value={l}>
                    {LEVEL_LABELS[l]}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span>Anyone with the link</span>
              <select
                className="t-input tb-share__select"
                value={sharing.link}
                disabled={!canManage}
                title={canManage ? undefined : MESSAGES.loginToChange}
                onChange={(e) => void setLevel('link', e.target.value)}
              >
                {levels(LINK_SHARING_LEVELS).map((l) => (
                  <option key={l} value={l}>
                    {LEVEL_LABELS[l]}
                  </option>
                ))}
              </select>
            </label>
            {!canManage && (
              <p className="tb-share__hint">{isOwner ? MESSAGES.loginToChange : 'Only the owner changes who may open the board.'}</p>
            )}
          </div>
        </>
      )}
      <div className="tb-share__link">
        <input className="t-input" readOnly value={link} aria-label="Link to the board" onFocus={(e) => e.target.select()} />
        <button type="button" className="t-btn t-btn--secondary" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy link'}
        </button>
        <button type="button" className="t-btn t-btn--ghost" aria-pressed={qr !== null} onClick={() => void toggleQr()}>
          QR code
        </button>
      </div>
      {qr && <img className="tb-share__qr" src={qr} width={150} height={150} alt={`QR code of ${link}`} />}
    </Modal>
  );
}
