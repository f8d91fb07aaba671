import Boom from '@hapi/boom';
import type { ServerApplicationState } from '@hapi/hapi';
import {
  isRole,
  permissionsOf,
  resolveBoardGrant,
  resolveBoardRole,
  roleFloor,
  type LinkSharingLevel,
  type RoleGrants,
  type RoleSource,
  type Permission,
  type Role,
  type WorkspaceSharingLevel,
} from '../../shared/permissions';
import { MESSAGES } from '../../shared/messages';
import { hasPolicy, POLICY } from '../../shared/policies';
import { boardGrantOf, isWorkspaceRole, type WorkspaceRole } from '../../shared/workspace-roles';
import type { Actor } from '../core/actor';
import { accountClaims } from '../billing/api';
import { findUserById, isUuid } from '../users/api';
import { workspaceRoleOf, type WorkspaceRow } from '../workspaces/api';
import { cachedVisitorLookup } from './access-cache';
import { isMemberOwner } from './members';
import { findBoardForVisitor, type BoardRow, type MemberRow } from './repo';

/** What the board services need from `server.app`. */
export type BoardApp = Pick<ServerApplicationState, 'config' | 'db' | 'logger' | 'bus' | 'metrics'>;

export const BOARD_NOT_FOUND = MESSAGES.boardNotFound;
export const UNAUTHORIZED_ACCESS = MESSAGES.unauthorizedAccess;

export interface BoardAccess {
  board: BoardRow;
  role: Role;
  permissions: Permission[];
  /** the visitor's member row, when they have one */
  member: MemberRow | undefined;
  workspace: WorkspaceRow | undefined;
  isOwner: boolean;
  /** the visitor holds a role in the board's workspace (owner, admin, member or client admin) */
  isWorkspaceMember: boolean;
}

/** The board owner is the signed-in owner, or the guest owner while the board is a guest's. */
export function isBoardOwner(board: BoardRow, actor: Actor): boolean {
  if (board.owner_id) return actor.userId === board.owner_id;
  return !!board.owner_uid && board.owner_uid === actor.uid;
}

/**
 * The board and the visitor's role on it (shared/permissions `resolveBoardRole`): Owner for
 * the owner and for the owner/admins of the board's workspace, otherwise the strongest of the
 * member role, the workspace level (workspace members) and the link level.
 * Throws 404 'Requested board not found!' and 403 'Unauthorized access' (NoAccess).
 * `cached`: the append path may use the short-lived access memory (./access-cache).
 */
export async function getBoardAccess(
  app: BoardApp,
  code: string,
  actor: Actor | null,
  opts: { cached?: boolean } = {},
): Promise<BoardAccess> {
  if (!actor) throw Boom.unauthorized('Missing authentication');
  const found = opts.cached ? await cachedVisitorLookup(app, code, actor) : await findBoardForVisitor(app.db, code, actor);
  if (!found) throw await missingBoardError(app, code);
  const access = await resolveAccess(app, found.board, actor, found.member, found.workspace);
  if (access.role === 'NoAccess') throw Boom.forbidden(UNAUTHORIZED_ACCESS);
  return access;
}

/** A board an operator disabled (back-office, status 2) refuses every visitor with this message. */
export const BOARD_DISABLED = 'This board has been disabled by an administrator.';

/** Why a board is not there: disabled by an operator (403, said plainly), else unknown (404). */
async function missingBoardError(app: BoardApp, ref: string): Promise<Boom.Boom> {
  const row = (await app
    .db('boards')
    .where(isUuid(ref) ? { id: ref } : { code: ref })
    .first('status')) as { status: string } | undefined;
  return row?.status === 'disabled' ? Boom.forbidden(BOARD_DISABLED) : Boom.notFound(BOARD_NOT_FOUND);
}

async function resolveAccess(
  app: BoardApp,
  board: BoardRow,
  actor: Actor,
  member: MemberRow | undefined,
  workspace: WorkspaceRow | undefined,
): Promise<BoardAccess> {
  const workspaceRole = workspace ? await workspaceRoleOf(app.db, workspace, actor.userId) : null;
  const isOwner = isBoardOwner(board, actor);
  // shared/workspace-roles: Owner and Admin own every board of the workspace; every role reaches them at the workspace level
  const fromWorkspace = boardGrantOf(workspaceRole);
  const grants = {
    isOwner: isOwner || fromWorkspace.isOwner,
    memberRole: member?.role && isRole(member.role) ? member.role : null,
    isWorkspaceMember: fromWorkspace.isWorkspaceMember,
    workspaceLevel: board.workspace_level as WorkspaceSharingLevel,
    linkLevel: board.link_level as LinkSharingLevel,
  };
  let role = resolveBoardRole(grants);
  // the owner's plan is read only when it matters (Facilitator needs the facilitator-role policy)
  if (role === 'Facilitator' && !(await facilitatorAllowed(app, board))) role = resolveBoardRole({ ...grants, facilitatorAllowed: false });
  return { board, role, permissions: permissionsOf(role), member, workspace, isOwner, isWorkspaceMember: fromWorkspace.isWorkspaceMember };
}

/** The Facilitator role needs the facilitator-role policy of the board owner's plan (board.md §6). */
export async function facilitatorAllowed(app: BoardApp, board: BoardRow): Promise<boolean> {
  if (!board.owner_id) return false;
  const owner = await findUserById(app.db, board.owner_id);
  return !!owner && hasPolicy(await accountClaims(app.db, app.config, owner), POLICY.facilitatorRole);
}

/** A member's role as it is in force on the board, where it comes from, and what keeps it from going lower. */
export interface MemberGrant {
  role: Role;
  by: RoleSource;
  /** shared/permissions roleFloor: the lowest role the owner can give this member that takes effect */
  floor: ReturnType<typeof roleFloor>;
}

/**
 * The role each member row holds in force — the same rule as a visitor's (`resolveAccess`): the
 * board's owner, the workspace's owner and admins, else the strongest of their own role, the
 * workspace level (workspace members) and the link level — keyed by member row id. One query for
 * the members' workspace roles; the owner's plan only when a Facilitator is in play.
 */
export async function memberGrants(
  app: BoardApp,
  board: BoardRow,
  members: ReadonlyArray<Pick<MemberRow, 'id' | 'uid' | 'user_id' | 'role'>>,
): Promise<Map<string, MemberGrant>> {
  const workspaceRoles = new Map<string, WorkspaceRole>();
  const userIds = [...new Set(members.map((m) => m.user_id).filter((id): id is string => !!id))];
  if (board.workspace_id && userIds.length) {
    const workspace = (await app.db('workspaces').where({ id: board.workspace_id }).first('owner_id')) as
      { owner_id: string | null } | undefined;
    const rows = (await app
      .db('workspace_members')
      .where({ workspace_id: board.workspace_id })
      .whereIn('user_id', userIds)
      .select('user_id', 'role')) as Array<{ user_id: string; role: string }>;
    for (const row of rows) if (isWorkspaceRole(row.role)) workspaceRoles.set(row.user_id, row.role);
    if (workspace?.owner_id && userIds.includes(workspace.owner_id)) workspaceRoles.set(workspace.owner_id, 'Owner');
  }
  let facilitator: boolean | undefined;
  const out = new Map<string, MemberGrant>();
  for (const m of members) {
    const fromWorkspace = boardGrantOf(m.user_id ? workspaceRoles.get(m.user_id) : null);
    const levels: Omit<RoleGrants, 'memberRole'> = {
      isOwner: isMemberOwner(board, m) || fromWorkspace.isOwner,
      isWorkspaceMember: fromWorkspace.isWorkspaceMember,
      workspaceLevel: board.workspace_level as WorkspaceSharingLevel,
      linkLevel: board.link_level as LinkSharingLevel,
    };
    const grants: RoleGrants = { ...levels, memberRole: m.role && isRole(m.role) ? m.role : null };
    let grant = resolveBoardGrant(grants);
    let floor = roleFloor(levels);
    if (grant.role === 'Facilitator' || floor?.role === 'Facilitator') {
      facilitator ??= await facilitatorAllowed(app, board);
      if (!facilitator) {
        grant = resolveBoardGrant({ ...grants, facilitatorAllowed: false });
        floor = roleFloor({ ...levels, facilitatorAllowed: false });
      }
    }
    out.set(m.id, { ...grant, floor });
  }
  return out;
}
