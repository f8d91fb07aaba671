/**
 * Roles that say what they do (issue 34 item 6; docs/board-screen.md "Member roles"): the role
 * selector the share dialog and the members menu show the owner for each member. It shows the
 * role in force (the member's own, or the link or workspace level above it: shared/permissions
 * resolveBoardGrant), offers the roles below that floor disabled, and says why under the select
 * ('Everyone with the link can edit: lower the link level first'). A change answers the role in
 * force; when the server says the asked role did not take effect, the select shows what is in
 * force and the reason is announced (role=status).
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { BehaviorSubject, Subject } from 'rxjs';
import { MESSAGES } from '../../shared/messages';
import { roleFloorText, roleTakesEffect } from '../../shared/permissions';
import type * as Wire from '../../shared/wire';
import { toast } from '../../ui/toast';
import type { SyncClient } from '../sync/sync-client';
import type { BoardClaims } from '../sync/types';
import { useSubject } from './hooks';

/** The roles' names people read (board.md §3: Editor is 'Can edit'). */
export const ROLE_CHOICE_LABELS: Record<string, string> = {
  Owner: 'Owner',
  Facilitator: 'Facilitator',
  Editor: 'Can edit',
  Commenter: 'Can comment',
  Viewer: 'Can view',
  NoAccess: 'No access',
};

/** A member as the owner's sharing view gives them: the role in force and its floor. */
export type RoleMember = Pick<Wire.BoardMember, 'uid' | 'name' | 'role' | 'roleLimit'> & { id?: string };

/** POST …/members/{id}/roles: the role in force afterwards, and what limited the asked one. */
export function requestRoleChange(sync: SyncClient, member: RoleMember, role: string): Promise<Wire.MemberRoleResult> {
  const code = sync.board$.value?.code ?? '';
  return sync.request<Wire.MemberRoleResult>(
    'POST',
    `/api/boards/${encodeURIComponent(code)}/members/${encodeURIComponent(member.id ?? member.uid)}/roles`,
    { role },
  );
}

/**
 * A board's sharing levels changed here (the share dialog stored them; the board's code): an open
 * members menu reads the roles in force again, even when it asked while the change was on its way.
 */
export const sharingChanged$ = new Subject<string>();

/** The board's sharing (GET …/sharing) while `enabled`: the owner's view of each member's role in force. */
export function useSharing(sync: SyncClient | undefined, enabled: boolean): { sharing: Wire.Sharing | null; reload: () => Promise<void> } {
  const [sharing, setSharing] = useState<Wire.Sharing | null>(null);
  const code = sync?.board$.value?.code ?? '';
  // the last read asked wins: an older answer arriving after it is dropped
  const asked = useRef(0);
  const reload = async () => {
    if (!sync || !enabled || !code) return;
    const mine = ++asked.current;
    try {
      const answer = await sync.request<Wire.Sharing>('GET', `/api/boards/${encodeURIComponent(code)}/sharing`);
      if (mine === asked.current) setSharing(answer);
    } catch {
      // the selectors fall back to the roles the hub gave
    }
  };
  useEffect(() => {
    void reload();
    const sub = sharingChanged$.subscribe((changed) => changed === code && void reload());
    return () => sub.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code, enabled]);
  return { sharing, reload };
}

/** What the owner's role selectors of a member list need: the members' roles in force by uid. */
export interface OwnerRoles {
  byUid: Map<string, Wire.BoardMember>;
  reload: () => Promise<void>;
}

const NO_CLAIMS = new BehaviorSubject<BoardClaims>({ role: null, permissions: [], policies: [] });

/** For the signed-in owner, the board's members as the sharing route gives them (read on mount); null for anyone else. */
export function useOwnerRoles(sync: SyncClient | undefined, signedIn: boolean): OwnerRoles | null {
  const claims = useSubject(sync?.claims$ ?? NO_CLAIMS);
  const owner = !!sync && signedIn && claims.role === 'Owner';
  const { sharing, reload } = useSharing(sync, owner);
  const byUid = useMemo(() => new Map((sharing?.members ?? []).map((m) => [m.uid, m])), [sharing]);
  return owner ? { byUid, reload } : null;
}

/**
 * One member's role selector. `roles`: the choices this board offers (Facilitator only with its
 * policy). `onChanged` runs after every answered change (the caller reloads its members).
 */
export function MemberRoleSelect({
  member,
  roles,
  sync,
  className,
  onChanged,
}: {
  member: RoleMember;
  roles: readonly string[];
  sync: SyncClient;
  className: string;
  onChanged?: (result: Wire.MemberRoleResult) => void;
}) {
  const hintId = useId();
  const [inForce, setInForce] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // a fresh member list (a reload) is the truth again
  useEffect(() => setInForce(null), [member.role, member.roleLimit?.role, member.roleLimit?.by]);
  const limit = member.roleLimit ?? null;
  const current = inForce ?? member.role ?? 'Viewer';
  const offered = roles.includes(current) ? roles : [current, ...roles];
  const blocked = offered.filter((r) => r !== current && !roleTakesEffect(r, limit));
  const hint = refused ?? (limit && blocked.length ? roleFloorText(limit) : null);
  const name = member.name || 'Guest';
  return (
    <span className="tb-role-choice">
      <select
        className={className}
        aria-label={`Role of ${name}`}
        aria-describedby={hint ? hintId : undefined}
        value={current}
        disabled={busy}
        onChange={async (e) => {
          const asked = e.target.value;
          setBusy(true);
          setRefused(null);
          try {
            const result = await requestRoleChange(sync, member, asked);
            setInForce(result.role ?? 'NoAccess');
            if (result.limitedBy) setRefused(roleFloorText(result.limitedBy));
            onChanged?.(result);
          } catch (error) {
            toast.error(error instanceof Error ? error.message : MESSAGES.somethingWentWrong);
          } finally {
            setBusy(false);
          }
        }}
      >
        {offered.map((r) => (
          <option key={r} value={r} disabled={r !== current && !roleTakesEffect(r, limit)}>
            {ROLE_CHOICE_LABELS[r] ?? r}
          </option>
        ))}
      </select>
      {hint && (
        <span id={hintId} className="tb-role-choice__hint" role="status">
          {hint}
        </span>
      )}
    </span>
  );
}
