import { useMemo, useState } from 'react';
import { ONLINE_MEMBERS_MAX } from '../../shared/constants';
import { MESSAGES } from '../../shared/messages';
import { POLICY } from '../../shared/policies';
import { toast } from '../../ui/toast';
import type { FollowMode } from '../collab/follow';
import { initials, onlineList, sortOnline } from '../collab/members';
import type { SyncClient } from '../sync/sync-client';
import type { BoardMember } from '../sync/types';
import { useFollowState } from './follow';
import { useSubject } from './hooks';
import { useMemberColors } from './member-color';
import { Popover } from './popover';

export { sortOnline };

/** The roles an owner can give from the list (board.md §3; Facilitator with its policy). */
const ROLE_LABELS: Record<string, string> = {
  Facilitator: 'Facilitator',
  Editor: 'Can edit',
  Commenter: 'Can comment',
  Viewer: 'Can view',
};

export function Avatar({ member }: { member: BoardMember }) {
  const colorOf = useMemberColors();
  const name = member.name || 'Guest';
  return (
    <span className="tb-avatar" style={{ background: colorOf(member.uid) }} title={member.isSelf ? `${name} (you)` : name}>
      {member.profileImage ? <img src={member.profileImage} alt="" /> : initials(name)}
    </span>
  );
}

/**
 * The online-members menu (board.md §2, §9): at most 5 avatars and the count on the button; the
 * menu filters by name and lists at most 5 matches, latest first then by name, each with Follow
 * (follow mode) and, for a signed-in owner, the member's role (the share dialog's roles route).
 */
export function MembersMenu({
  members,
  sync,
  follow,
  signedIn = false,
}: {
  members: BoardMember[];
  sync?: SyncClient;
  follow?: FollowMode | null;
  signedIn?: boolean;
}) {
  const online = useMemo(() => sortOnline(members), [members]);
  const [filter, setFilter] = useState('');
  const shown = online.slice(0, ONLINE_MEMBERS_MAX);
  const listed = onlineList(members, filter);
  return (
    <Popover
      label={`Online members (${online.length})`}
      placement="below-right"
      buttonClassName="tb-btn tb-panel tb-members"
      className="tb-members-pop"
      button={
        <>
          <span className="tb-avatars" data-testid="online-avatars">
            {shown.map((m) => (
              <Avatar key={m.uid} member={m} />
            ))}
          </span>
          <span className="tb-count" data-testid="online-count">
            {online.length}
          </span>
        </>
      }
    >
      {(close) => (
        <>
          <input
            className="tb-name tb-members-filter"
            aria-label="Filter members"
            placeholder="Filter members"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            onKeyDown={(e) => e.stopPropagation()}
          />
          <ul className="tb-members-list" aria-label="Members online">
            {listed.shown.map((m) => (
              <MemberRow key={m.uid} member={m} sync={sync} follow={follow ?? null} signedIn={signedIn} onFollowed={close} />
            ))}
          </ul>
          {listed.shown.length === 0 && <p className="tb-label">No members match</p>}
          {listed.more > 0 && <p className="tb-label">{listed.more} more: type a name to find them</p>}
        </>
      )}
    </Popover>
  );
}

function MemberRow({
  member: m,
  sync,
  follow,
  signedIn,
  onFollowed,
}: {
  member: BoardMember;
  sync?: SyncClient;
  follow: FollowMode | null;
  signedIn: boolean;
  onFollowed: () => void;
}) {
  const { following } = useFollowState(follow);
  const name = m.name || 'Guest';
  const isFollowed = following?.uid === m.uid;
  return (
    <li className="tb-member-row" data-member={name}>
      <Avatar member={m} />
      <span className="tb-member-row__name">
        {name}
        {m.isSelf ? ' (you)' : ''}
      </span>
      {sync && !m.isSelf && !m.isOwner && signedIn && <RoleSelect member={m} sync={sync} />}
      {follow && !m.isSelf && (
        <button
          type="button"
          className="tb-btn tb-btn--outline tb-member-row__follow"
          aria-pressed={isFollowed}
          aria-label={isFollowed ? `Stop following ${name}` : `Follow ${name}`}
          onClick={async () => {
            if (isFollowed) await follow.unfollow();
            else if (await follow.follow(m)) onFollowed();
          }}
        >
          {isFollowed ? 'Following' : 'Follow'}
        </button>
      )}
      <span className="tb-dot" aria-label="online" role="img" />
    </li>
  );
}

/** The owner's role selector for one member (POST …/members/{id}/roles, as the share dialog does). */
function RoleSelect({ member, sync }: { member: BoardMember; sync: SyncClient }) {
  const claims = useSubject(sync.claims$);
  const [role, setRole] = useState<string | null>(null);
  if (claims.role !== 'Owner') return null;
  const roles = Object.keys(ROLE_LABELS).filter((r) => r !== 'Facilitator' || claims.policies.includes(POLICY.facilitatorRole));
  const current = role ?? member.role ?? 'Editor';
  const code = sync.board$.value?.code ?? '';
  return (
    <select
      className="tb-member-row__role"
      aria-label={`Role of ${member.name || 'Guest'}`}
      value={current}
      onChange={async (e) => {
        const next = e.target.value;
        setRole(next);
        try {
          await sync.request(
            'POST',
            `/api/boards/${encodeURIComponent(code)}/members/${encodeURIComponent(member.id ?? member.uid)}/roles`,
            { role: next },
          );
        } catch (error) {
          setRole(null);
          toast.error(error instanceof Error ? error.message : MESSAGES.somethingWentWrong);
        }
      }}
    >
      {!roles.includes(current) && <option value={current}>{current}</option>}
      {roles.map((r) => (
        <option key={r} value={r}>
          {ROLE_LABELS[r]}
        </option>
      ))}
    </select>
  );
}
