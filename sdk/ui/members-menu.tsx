import { useMemo, useState } from 'react';
import { ONLINE_MEMBERS_MAX } from '../../shared/constants';
import type { BoardMember } from '../sync/types';
import { memberColor } from './member-color';
import { Popover } from './popover';


function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts.length > 1 ? (parts[parts.length - 1]![0] ?? '') : '')).toUpperCase();
}

const time = (t: BoardMember['timestamp']) => (typeof t === 'number' ? t : t ? Date.parse(t) || 0 : 0);

/** Online members, latest timestamp first, then by name (board.md §9). */
export function sortOnline(members: BoardMember[]): BoardMember[] {
  return members
    .filter((m) => m.isOnline !== false)
    .sort((a, b) => time(b.timestamp) - time(a.timestamp) || (a.name ?? '').localeCompare(b.name ?? ''));
}

export function Avatar({ member }: { member: BoardMember }) {
  const name = member.name || 'Guest';
  return (
    <span className="tb-avatar" style={{ background: memberColor(member.uid) }} title={member.isSelf ? `${name} (you)` : name}>
      {member.profileImage ? <img src={member.profileImage} alt="" /> : initials(name)}
    </span>
  );
}

/** The online-members menu: at most 5 avatars plus the count, and a filterable list. */
export function MembersMenu({ members }: { members: BoardMember[] }) {
  const online = useMemo(() => sortOnline(members), [members]);
  const [filter, setFilter] = useState('');
  const shown = online.slice(0, ONLINE_MEMBERS_MAX);
  const listed = online.filter((m) => (m.name ?? '').toLowerCase().includes(filter.trim().toLowerCase()));
  return (
    <Popover
      label={`Online members (${online.length})`}
      placement="below-right"
      buttonClassName="tb-btn tb-panel tb-members"
      button={
        <>
          <span className="tb-avatars" data-testid="online-avatars">
            {shown.map((m) => (
              <Avatar key={m.uid} member={m} />
            ))}
          </span>
          <span className="tb-count" data-testid="online-count">{online.length}</span>
        </>
      }
    >
      {() => (
        <>
          <input
            className="tb-name"
            style={{ width: '100%', border: '1px solid var(--tb-line)' }}
            aria-label="Filter members"
            placeholder="Filter members"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            onKeyDown={(e) => e.stopPropagation()}
          />
          {listed.map((m) => (
            <div className="tb-member-row" key={m.uid}>
              <Avatar member={m} />
              <span>
                {m.name || 'Guest'}
                {m.isSelf ? ' (you)' : ''}
              </span>
              <span className="tb-dot" aria-label="online" />
            </div>
          ))}
        </>
      )}
    </Popover>
  );
}
