import type { Actor } from '../core/actor';
import type { BoardAccess } from './access';
import { INVITED, INVITED_MEMBER_NAME, type BoardMember } from './members';

/**
 * Members' contact details (issue 26; docs/security.md "Members' contact details"). A member's
 * e-mail (`username`, and the name of a member invited by e-mail) leaves the server only for
 * those who manage the board:
 *  - its Owner (the owner, and the owner and admins of its workspace);
 *  - a signed-in Facilitator who holds the role as a member (given by the owner), not one made
 *    Facilitator by the anyone-with-link level alone;
 *  - a signed-in member of the board's workspace (any workspace role).
 * Guests, link-only members, invited Editors/Commenters/Viewers and everyone else get display
 * names and pictures only: no `username` field at all.
 */
export function canSeeContacts(access: Pick<BoardAccess, 'role' | 'member' | 'isWorkspaceMember'>, actor: Actor | null): boolean {
  if (access.role === 'Owner') return true;
  if (!actor?.userId) return false;
  if (access.isWorkspaceMember) return true;
  return access.role === 'Facilitator' && access.member?.role === 'Facilitator';
}

/** A member as a viewer may see them: as is with `contacts`, else without the e-mail. */
export function memberForViewer(member: BoardMember, contacts: boolean): BoardMember {
  if (contacts) return member;
  const { username: _email, ...rest } = member;
  // an invited address shows as its address (members.ts invitedMember): not to this viewer
  return member.status === INVITED ? { ...rest, name: INVITED_MEMBER_NAME } : rest;
}

/** Every member of a list as the viewer of `access` may see them. */
export function membersFor(
  access: Pick<BoardAccess, 'role' | 'member' | 'isWorkspaceMember'>,
  actor: Actor | null,
  members: BoardMember[],
): BoardMember[] {
  const contacts = canSeeContacts(access, actor);
  return members.map((m) => memberForViewer(m, contacts));
}
