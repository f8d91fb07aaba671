import Boom from '@hapi/boom';
import {
  canChangeMemberRoles,
  canInvite,
  canSetSharing,
  permissionsOf,
  resolveBoardGrant,
  roleFloor,
  roleTakesEffect,
  type LinkSharingLevel,
  type MemberRole,
  type Role,
  type WorkspaceSharingLevel,
} from '../../shared/permissions';
import { MESSAGES } from '../../shared/messages';
import type { Actor } from '../core/actor';
import { badRequest, fieldError } from '../core/errors';
import { sendMailLater, type Mail } from '../mail/api';
import { findUserById, findUserByUsername } from '../users/api';
import { changeInvitationRole, inviteByEmail, notifyAddedToBoard, pendingInvitations } from './invitations';
import { facilitatorAllowed, getBoardAccess, memberGrants, UNAUTHORIZED_ACCESS, type BoardApp } from './access';
import { forgetBoard } from './access-cache';
import { membersFor } from './contact';
import { invitedMember, isMemberOwner, toBoardMember, type BoardMember, type RoleLimit } from './members';
import { findMemberById, listMembers, setMemberRole, updateBoard, upsertInvitedMember, type BoardRow, type MemberRow } from './repo';

export const OWNER_CANNOT_BE_INVITED = MESSAGES.ownerCannotBeInvited;
export const LOGIN_TO_INVITE = MESSAGES.loginToInvite;
export const MEMBER_NOT_FOUND = 'Member not found.';
export const OWNER_ROLE_FIXED = "The owner's role cannot be changed.";
export const FACILITATOR_NEEDS_PLAN = 'The Facilitator role needs a team plan.';

/** board.md §3 Sharing. */
export interface Sharing {
  members: BoardMember[];
  workspaceName: string | null;
  workspace: WorkspaceSharingLevel;
  link: LinkSharingLevel;
}

/**
 * GET /api/boards/{id}/sharing: anyone with access to the board sees it (the owner may change it).
 * Each member's `role` is the role in force (their own, or the link or workspace level above it:
 * access.ts memberGrants); the owner also gets each member's `roleLimit` — what keeps the role from
 * going lower — so the screens offer only changes that take effect (issue 34 item 6). Others do
 * not: it would tell who belongs to the workspace.
 */
export async function getSharing(app: BoardApp, code: string, actor: Actor | null): Promise<Sharing> {
  const access = await getBoardAccess(app, code, actor);
  const { board } = access;
  const [members, invitations] = await Promise.all([listMembers(app.db, board.id), pendingInvitations(app.db, board.id)]);
  const grants = await memberGrants(app, board, members);
  const manages = canChangeMemberRoles(access.role);
  const withLimit = (member: BoardMember, floor: RoleLimit | null): BoardMember =>
    manages && !member.isOwner ? { ...member, roleLimit: floor } : member;
  // an address without an account joins through the link: its level is all that can lift its role
  const linkOnly = roleFloor({ linkLevel: board.link_level as LinkSharingLevel });
  return {
    // e-mails only to those who manage the board (./contact.ts)
    members: membersFor(access, actor, [
      ...members.map((m) => {
        const grant = grants.get(m.id);
        return withLimit(toBoardMember(board, m, actor, grant?.role), grant?.floor ?? null);
      }),
      ...invitations.map((i) => {
        const role = resolveBoardGrant({ memberRole: i.role, linkLevel: board.link_level as LinkSharingLevel }).role;
        return withLimit(invitedMember({ id: i.id, email: i.email, role, at: i.created_at }), linkOnly);
      }),
    ]),
    workspaceName: access.workspace?.name ?? null,
    workspace: board.workspace_level as WorkspaceSharingLevel,
    link: board.link_level as LinkSharingLevel,
  };
}

/**
 * Tells each member whose role in force changed (onRoleChanged to that member only: their claims
 * are replaced at once and the hub's session takes the role; role null = revoked, the client
 * leaves for access-denied). Roles are the full rule's (access.ts memberGrants: the workspace
 * level counts for workspace members), so a workspace member is never told a link-only role.
 */
async function announceRoleChanges(
  app: BoardApp,
  before: BoardRow,
  after: BoardRow,
  members: MemberRow[],
  changedOnly = true,
): Promise<void> {
  const [was, now] = await Promise.all([changedOnly ? memberGrants(app, before, members) : null, memberGrants(app, after, members)]);
  for (const m of members) {
    const next = now.get(m.id)!.role;
    if (next === 'Owner') continue;
    if (changedOnly && was?.get(m.id)?.role === next) continue;
    await app.bus.publish(after.code, {
      event: 'onRoleChanged',
      data: { role: next === 'NoAccess' ? null : next, permissions: permissionsOf(next) },
      to: [...new Set([m.uid, ...(m.user_id ? [m.user_id] : [])])],
    });
  }
}

/** POST /api/boards/{id}/sharings {workspace, link}: owner only. */
export async function setSharing(
  app: BoardApp,
  code: string,
  actor: Actor | null,
  levels: { workspace?: WorkspaceSharingLevel; link?: LinkSharingLevel },
): Promise<{ workspace: WorkspaceSharingLevel; link: LinkSharingLevel }> {
  const access = await getBoardAccess(app, code, actor);
  if (!canSetSharing(access.role)) throw Boom.forbidden(UNAUTHORIZED_ACCESS);
  const wantsFacilitator = levels.workspace === 'Facilitator' || levels.link === 'Facilitator';
  if (wantsFacilitator && !(await facilitatorAllowed(app, access.board))) {
    throw fieldError(levels.link === 'Facilitator' ? 'link' : 'workspace', FACILITATOR_NEEDS_PLAN);
  }
  const before = access.board;
  const after = await updateBoard(app.db, before.id, {
    ...(levels.workspace ? { workspace_level: levels.workspace } : {}),
    ...(levels.link ? { link_level: levels.link } : {}),
  });
  forgetBoard(app, after.code);
  await announceRoleChanges(app, before, after, await listMembers(app.db, after.id));
  return { workspace: after.workspace_level as WorkspaceSharingLevel, link: after.link_level as LinkSharingLevel };
}

/**
 * POST /api/boards/{id}/members {email, memberRole}: owner only, signed in; the owner cannot be
 * invited (field error under email). The answer and the work do not depend on whether an account
 * uses the address (docs/security.md, "Login, enumeration and passwords"): an account's member
 * row is added (or replaced) and the person is told by e-mail; an address without an account gets
 * an invitation e-mail, and joins with the role when it signs up (boards/invitations.ts). Either
 * way the answer is `{ id, displayName: <the e-mail>, profileImage: null, status: 'Invited' }`.
 */
export async function inviteMember(
  app: BoardApp,
  code: string,
  actor: Actor | null,
  input: { email: string; memberRole: Exclude<MemberRole, 'NoAccess'> },
): Promise<{ id: string; displayName: string; profileImage: string | null; status: string }> {
  const access = await getBoardAccess(app, code, actor);
  if (!canInvite(access.role) || !actor!.userId) throw Boom.forbidden(actor!.userId ? UNAUTHORIZED_ACCESS : LOGIN_TO_INVITE);
  const email = input.email.trim().toLowerCase();
  const inviter = await findUserById(app.db, actor!.userId);
  if (!inviter) throw Boom.forbidden(LOGIN_TO_INVITE);
  const user = await findUserByUsername(app.db, email);
  if (user && isMemberOwner(access.board, { uid: user.id, user_id: user.id })) throw fieldError('email', OWNER_CANNOT_BE_INVITED);
  if (input.memberRole === 'Facilitator' && !(await facilitatorAllowed(app, access.board)))
    throw fieldError('memberRole', FACILITATOR_NEEDS_PLAN);
  const answer = (id: string) => ({ id, displayName: email, profileImage: null, status: 'Invited' });
  if (!user) {
    const invitation = await inviteByEmail(app, access.board, { email, role: input.memberRole, inviter });
    return answer(invitation.id);
  }
  const before = access.board;
  const existing = (await listMembers(app.db, before.id)).filter((m) => m.user_id === user.id || m.uid === user.id);
  const previous = existing.length ? await memberGrants(app, before, existing) : null;
  const member = await upsertInvitedMember(app.db, before.id, { uid: user.id, userId: user.id, name: '', role: input.memberRole });
  forgetBoard(app, before.code);
  sendMailLater(app, addedToBoardMail(app, user.username, inviter, before));
  // and in their notification feed (and desktop, as they chose)
  notifyAddedToBoard(app, user.id, inviter.display_name?.trim() || inviter.username, before, input.memberRole);
  // a member already on the board (maybe online) learns a new role at once
  if (previous) {
    const now = (await memberGrants(app, before, [member])).get(member.id)!.role;
    if ([...previous.values()].every((g) => g.role !== now)) await announceRoleChanges(app, before, before, [member], false);
  }
  return answer(member.id);
}

/** The mail an existing account gets when invited (as an unknown address gets its invitation). */
function addedToBoardMail(app: BoardApp, to: string, inviter: { display_name?: string | null; username: string }, board: BoardRow): Mail {
  const who = inviter.display_name?.trim() || inviter.username;
  const name = board.name || 'a board';
  const link = `${app.config.publicUrl}/board/${board.code}`;
  return {
    to,
    subject: `${who} invited you to a Tabula board`,
    text: [
      'Hello,',
      '',
      `${who} invited you to the Tabula board "${name}".`,
      'Open it here (log in with this e-mail address):',
      '',
      link,
      '',
      'Tabula',
    ].join('\n'),
  };
}

/** What a role change answers: the role in force, and what kept the asked role from taking effect. */
export interface MemberRoleResult {
  id: string;
  /** the member's role in force now (null: no access) */
  role: Role | null;
  /** the link or workspace level (or workspace ownership) above the asked role, when it did not take effect */
  limitedBy: RoleLimit | null;
}

/**
 * POST /api/boards/{id}/members/{memberId}/roles {role}: owner only; NoAccess revokes. The member's
 * own role is stored as asked (it takes effect as soon as nothing above it applies), and the answer
 * is the role actually in force (issue 34 item 6) with `limitedBy` when the link or workspace level
 * outranks the asked role. The member is told their role in force at once (onRoleChanged: claims,
 * and the hub's session role).
 */
export async function changeMemberRole(
  app: BoardApp,
  code: string,
  actor: Actor | null,
  memberRef: string,
  role: MemberRole,
): Promise<MemberRoleResult> {
  const access = await getBoardAccess(app, code, actor);
  if (!canChangeMemberRoles(access.role)) throw Boom.forbidden(UNAUTHORIZED_ACCESS);
  const { board } = access;
  const member = await findMemberById(app.db, board.id, memberRef);
  if (!member) {
    // an invitation of an address without an account answers like a member (no account oracle)
    if (role === 'Facilitator' && !(await facilitatorAllowed(app, board))) throw fieldError('role', FACILITATOR_NEEDS_PLAN);
    if (await changeInvitationRole(app.db, board.id, memberRef, role)) {
      const linkLevel = board.link_level as LinkSharingLevel;
      const inForce = resolveBoardGrant({ memberRole: role, linkLevel }).role;
      const floor = roleFloor({ linkLevel });
      return { id: memberRef, role: inForce === 'NoAccess' ? null : inForce, limitedBy: roleTakesEffect(role, floor) ? null : floor };
    }
    throw Boom.notFound(MEMBER_NOT_FOUND);
  }
  if (isMemberOwner(board, member)) throw badRequest(OWNER_ROLE_FIXED, { role: [OWNER_ROLE_FIXED] });
  if (role === 'Facilitator' && !(await facilitatorAllowed(app, board))) throw fieldError('role', FACILITATOR_NEEDS_PLAN);
  const updated = await setMemberRole(app.db, member.id, role);
  forgetBoard(app, board.code);
  // told even when the role in force stays (their claims are replaced with the same): as before
  await announceRoleChanges(app, board, board, [updated], false);
  const grant = (await memberGrants(app, board, [updated])).get(updated.id)!;
  return {
    id: updated.id,
    role: grant.role === 'NoAccess' ? null : grant.role,
    limitedBy: roleTakesEffect(role, grant.floor) ? null : grant.floor,
  };
}
