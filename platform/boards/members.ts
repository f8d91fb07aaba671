import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { isRole, resolveBoardRole, type LinkSharingLevel, type Role } from '../../shared/permissions';
import type { Actor } from '../core/actor';
import type { Db } from '../db/index';
import { findUserById } from '../users/api';
import type { BoardRow, MemberRow, MemberView } from './repo';

type Conn = Db | Knex.Transaction;

/** board.md §3 Board member (isOnline is filled in by the realtime hub from presence). */
export interface BoardMember {
  id: string;
  uid: string;
  name: string;
  profileImage: string | null;
  /**
   * The member's e-mail: only to those who manage the board (./contact.ts canSeeContacts);
   * absent for everyone else.
   */
  username?: string | null;
  timestamp: number;
  isOnline: boolean;
  isSelf: boolean;
  isOwner: boolean;
  /** the role in force (their own, or the link or workspace level above it) */
  role: Role;
  status: string;
  /**
   * To the board's owner only (GET …/sharing): what keeps this member's role from going lower —
   * the link or workspace level, or the workspace's ownership — or null when every role takes effect.
   */
  roleLimit?: RoleLimit | null;
}

/** shared/permissions roleFloor: the lowest role that takes effect for a member, and the grant behind it. */
export type RoleLimit = { role: Role; by: 'owner' | 'workspace' | 'link' };

export const GUEST_NAME = 'Guest';
/** The name of a member invited by e-mail, to those who may not see the address (./contact.ts). */
export const INVITED_MEMBER_NAME = 'Invited member';

/**
 * The name the board shows for a user: their profile name, else 'Member' and four characters
 * derived from their account id (stable, the same on every board). Never anything of the e-mail
 * (not even its local part): names reach every member, guests included (docs/security.md
 * "Members' contact details").
 */
export function userDisplayName(user: { display_name?: string | null }, userId: string | null | undefined): string {
  const own = user.display_name?.trim();
  if (own) return own;
  if (!userId) return GUEST_NAME;
  return `Member ${crypto.createHash('sha256').update(userId).digest('hex').slice(0, 4).toUpperCase()}`;
}

/** A visitor's name on a board: the name chosen there, else their profile name, else 'Guest'. */
export async function displayNameOf(db: Conn, member: MemberRow | undefined, actor: Actor): Promise<string> {
  if (member?.name) return member.name;
  if (actor.userId) {
    const user = await findUserById(db, actor.userId);
    if (user) return userDisplayName(user, user.id);
  }
  return GUEST_NAME;
}

export async function profileImageOf(db: Conn, actor: Actor): Promise<string | null> {
  if (!actor.userId) return null;
  return (await findUserById(db, actor.userId))?.avatar ?? null;
}

export function isMemberOwner(board: BoardRow, m: Pick<MemberRow, 'uid' | 'user_id'>): boolean {
  return board.owner_id ? m.user_id === board.owner_id : m.uid === board.owner_uid;
}

/**
 * The role a member holds: Owner, else their explicit role combined with the link level (not the
 * workspace level: access.ts memberGrants has the full rule, with a query).
 */
export function memberRole(board: BoardRow, m: MemberRow): Role {
  if (isMemberOwner(board, m)) return 'Owner';
  return resolveBoardRole({ memberRole: m.role && isRole(m.role) ? m.role : null, linkLevel: board.link_level as LinkSharingLevel });
}

/** A member row as the board shows it; `role`: the role in force when the caller knows it (access.ts memberGrants). */
export function toBoardMember(board: BoardRow, m: MemberView, self: Actor | null, role: Role = memberRole(board, m)): BoardMember {
  // Until an invited account first opens the board it shows as its invitation does (the e-mail,
  // no picture, no key): whether an invited address has an account is nobody's to learn here
  // (docs/security.md "Login, enumeration and passwords").
  if (m.status === INVITED && !isMemberOwner(board, m)) return invitedMember({ id: m.id, email: m.username ?? '', role, at: m.updated_at });
  return {
    id: m.id,
    uid: m.uid,
    name: m.name || (m.user_id ? userDisplayName(m, m.user_id) : GUEST_NAME),
    profileImage: m.avatar ?? null,
    username: m.username ?? null,
    timestamp: new Date(m.updated_at).getTime(),
    isOnline: false,
    isSelf: !!self && (m.uid === self.uid || (!!self.userId && m.user_id === self.userId)),
    isOwner: isMemberOwner(board, m),
    role,
    status: m.status,
  };
}

export const INVITED = 'Invited';

/** A member invited by e-mail who has not opened the board yet (an account's member row, or an invitation to an address). */
export function invitedMember(invitation: { id: string; email: string; role: Role; at: Date | string }): BoardMember {
  return {
    id: invitation.id,
    uid: invitation.id,
    name: invitation.email,
    profileImage: null,
    username: invitation.email,
    timestamp: new Date(invitation.at).getTime(),
    isOnline: false,
    isSelf: false,
    isOwner: false,
    role: invitation.role,
    status: INVITED,
  };
}
