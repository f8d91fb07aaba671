import { useMemo, useState } from 'react';
import { ONLINE_MEMBERS_MAX } from '../../shared/constants';
import { POLICY } from '../../shared/policies';
import type { FollowMode } from '../collab/follow';
import { initials, onlineList, sortOnline } from '../collab/members';
import type { SyncClient } from '../sync/sync-client';
import type { BoardMember } from '../sync/types';
import { useFollowState } from './follow';
import { useObservable } from './hooks';
import { useMemberColors } from './member-color';
import { MemberRoleSelect, useOwnerRoles, type OwnerRoles } from './member-roles';
import { Popover } from './popover';

export { sortOnline };

/** The roles an owner can give from the list (board.md §3; Facilitator with its policy). */
const MENU_ROLES = ['Facilitator', 'Editor', 'Commenter', 'Viewer'];

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
  // while the socket is down nobody is known to be online: a spinner, not a bare '0' (issue 34)
  const reconnecting = useObservable(sync?.state$, null)?.phase === 'reconnecting';
  return (
    <Popover
      label={reconnecting ? 'Online members (reconnecting)' : `Online members (${online.length})`}
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
          {reconnecting ? (
            <span className="tb-count tb-count--wait" role="img" aria-label="Reconnecting" title="Reconnecting" />
          ) : (
            <span className="tb-count" data-testid="online-count">
              {online.length}
            </span>
          )}
        </>
      }
    >
      {(close) => (
        <MembersPanel
          members={members}
          sync={sync}
          follow={follow ?? null}
          signedIn={signedIn}
          filter={filter}
          setFilter={setFilter}
          close={close}
        />
      )}
    </Popover>
  );
}

/**
 * The open menu: the filter and the matching members. For the signed-in owner it reads the board's
 * sharing when it opens, so each role selector shows the member's role in force and its floor
 * (issue 34 item 6), not the role the member joined with.
 */
function MembersPanel({
  members,
  sync,
  follow,
  signedIn,
  filter,
  setFilter,
  close,
}: {
  members: BoardMember[];
  sync?: SyncClient;
  follow: FollowMode | null;
  signedIn: boolean;
  filter: string;
  setFilter: (value: string) => void;
  close: () => void;
}) {
  const listed = onlineList(members, filter);
  const roles = useOwnerRoles(sync, signedIn);
  const policies = sync?.claims$.value.policies ?? [];
  const choices = MENU_ROLES.filter((r) => r !== 'Facilitator' || policies.includes(POLICY.facilitatorRole));
  return (
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
          <MemberRow key={m.uid} member={m} sync={sync} follow={follow} roles={roles} choices={choices} onFollowed={close} />
        ))}
      </ul>
      {listed.shown.length === 0 && <p className="tb-label">No members match</p>}
      {listed.more > 0 && <p className="tb-label">{listed.more} more: type a name to find them</p>}
    </>
  );
}

function MemberRow({
  member: m,
  sync,
  follow,
  roles,
  choices,
  onFollowed,
}: {
  member: BoardMember;
  sync?: SyncClient;
  follow: FollowMode | null;
  roles: OwnerRoles | null;
  choices: string[];
  onFollowed: () => void;
}) {
  const { following } = useFollowState(follow);
  const name = m.name || 'Guest';
  const isFollowed = following?.uid === m.uid;
  const shared = roles?.byUid.get(m.uid);
  return (
    <li className="tb-member-row" data-member={name}>
      <Avatar member={m} />
      <span className="tb-member-row__name">
        {name}
        {m.isSelf ? ' (you)' : ''}
      </span>
      {sync && roles && !m.isSelf && !m.isOwner && !shared?.isOwner && (
        // the owner's selector (POST …/members/{id}/roles, as the share dialog does): the role in force
        <MemberRoleSelect
          member={shared ? { ...shared, name } : { uid: m.uid, id: m.id, name, role: m.role ?? 'Editor' }}
          roles={choices}
          sync={sync}
          className="tb-member-row__role"
          onChanged={() => void roles.reload()}
        />
      )}
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
