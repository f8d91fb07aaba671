import crypto from 'node:crypto';
import { userDisplayName, getBoardAccess, forgetBoard } from '../boards/api';
import Boom from '@hapi/boom';
import type { ServerApplicationState } from '@hapi/hapi';
import { MESSAGES } from '../../shared/messages';
import { permissionsOf } from '../../shared/permissions';
import { hasPolicy, POLICY } from '../../shared/policies';
import {
  canActOnMember,
  EXTENSION_DEFAULT_PLUGGED,
  EXTENSIONS,
  fontExists,
  hasWorkspaceRight,
  isFontUrl,
  WORKSPACE_LIMITS,
  SETTING_RIGHTS,
  WORKSPACE_MESSAGES,
  workspaceConfigOf,
  workspaceRightsOf,
  type InviteRole,
  type WorkspaceConfig,
  type WorkspaceFont,
  type WorkspaceRight,
  type WorkspaceRole,
  type WorkspaceSetting,
  type WorkspaceView,
} from '../../shared/workspace-roles';
import type { Actor } from '../core/actor';
import { badRequest, fieldError } from '../core/errors';
import { sendMailLater, workspaceInvitationMail } from '../mail/api';
import { notify } from '../notifications/api';
import { findUserById, findUserByUsername, normalizeUsername, type UserRow } from '../users/api';
import { resolveFont, servedCss } from './font-source';
import { accountClaims } from '../billing/api';
import * as repo from './repo';
import { fontFromText } from './schemas';
import { resolveWorkspace, userIdOf } from './ref';
import type { WorkspaceRow } from './repo';

/**
 * Workspaces, members, invitations and extensions (docs/architecture.md "Workspaces"). Every
 * function takes the Actor (a signed-in user: their bearer token) and checks the workspace role
 * itself against shared/workspace-roles. A workspace the asker does not belong to is 404, the same
 * as one that does not exist (nothing of it is told); a right the asker's role lacks is 403.
 */
type App = Pick<ServerApplicationState, 'config' | 'db' | 'logger' | 'bus'>;

/** Invitations expire after a week and work once. */
export const INVITATION_TTL_DAYS = 7;
/** The most live invitations one workspace may hold (each one mails someone). */
export const MAX_PENDING_INVITATIONS = 100;

export type { WorkspaceView } from '../../shared/workspace-roles';

export interface ExtensionView {
  extensionId: string;
  name: string;
  title: string;
  description: string;
  plugged: boolean;
}

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

function toView(row: WorkspaceRow, role: WorkspaceRole, numberOfBoards: number): WorkspaceView {
  return {
    id: row.id,
    altId: row.alt_id,
    name: row.name,
    role,
    isOwner: role === 'Owner',
    isDefault: row.is_default,
    numberOfBoards,
    config: workspaceConfigOf(row.config),
    rights: workspaceRightsOf(role),
  };
}

function requireRight(role: WorkspaceRole, right: WorkspaceRight): void {
  if (!hasWorkspaceRight(role, right)) throw Boom.forbidden(MESSAGES.unauthorizedAccess);
}

/* ---------------- workspaces ---------------- */

/** GET /api/workspaces: the user's workspaces (their default is made on first need and comes first). */
export async function listWorkspaces(app: App, actor: Actor | null): Promise<WorkspaceView[]> {
  const userId = userIdOf(actor);
  await repo.ensureDefaultWorkspace(app.db, userId);
  // a workspace of someone else says whose it is: two 'My workspace' entries are told apart
  return (await repo.workspacesOfUser(app.db, userId)).map((w) => ({
    ...toView(w, w.role, Number(w.number_of_boards)),
    ownerName: userDisplayName({ display_name: w.owner_display_name }, w.owner_id),
  }));
}

/**
 * POST /api/workspaces {name}: a user owning no workspace gets it as their default; owning one
 * already, another needs the multi-workspace policy (shared/policies: a qty claim other than 1),
 * read from the account (not the token, which may predate a plan change).
 */
export async function createWorkspace(app: App, actor: Actor | null, input: { name: string }): Promise<WorkspaceView> {
  const userId = userIdOf(actor);
  const name = input.name.trim();
  if (!name) throw fieldError('name', WORKSPACE_MESSAGES.nameRequired);
  const row = await app.db.transaction(async (trx) => {
    // one creation at a time per user: the count below cannot be raced past the policy
    const user: UserRow | undefined = await trx('users').where({ id: userId }).forUpdate().first();
    if (!user) throw Boom.forbidden(MESSAGES.unauthorizedAccess);
    const owned = await repo.countOwnedWorkspaces(trx, userId);
    if (owned >= 1 && !hasPolicy(await accountClaims(trx, app.config, user), POLICY.multiWorkspace)) {
      throw fieldError('name', WORKSPACE_MESSAGES.multiWorkspace);
    }
    return repo.insertWorkspace(trx, { name, ownerId: userId, isDefault: owned === 0 });
  });
  app.logger.info({ userId, workspaceId: row.id }, 'workspace created');
  return toView(row, 'Owner', 0);
}

/** GET /api/workspaces/{id} ('default' = the user's default workspace). */
export async function getWorkspace(app: App, actor: Actor | null, ref: string): Promise<WorkspaceView> {
  const { workspace, role } = await resolveWorkspace(app, actor, ref);
  requireRight(role, 'viewWorkspace');
  return toView(workspace, role, await repo.countBoards(app.db, workspace.id, { activeOnly: true }));
}

export interface WorkspaceUpdate {
  name?: string;
  darkTheme?: boolean;
  maxUploadSize?: number;
  uploads?: boolean;
  zoomLimitsMin?: number;
  zoomLimitsMax?: number;
  fonts?: WorkspaceFont[];
}

/**
 * PUT /api/workspaces/{id}: each field changes only with its right (shared/workspace-roles
 * SETTING_RIGHTS); a field sent with its current value is no change (the settings form sends them
 * all, so a ClientAdmin may send the name it cannot edit). A role with no settings right is 403.
 * Zoom limits: min < max within 5–600 (the missing one is the stored one); fonts: no duplicate by
 * name or url ('Font already exists').
 */
export async function updateWorkspace(app: App, actor: Actor | null, ref: string, input: WorkspaceUpdate): Promise<WorkspaceView> {
  const { workspace, role } = await resolveWorkspace(app, actor, ref);
  if (!Object.values(SETTING_RIGHTS).some((right) => hasWorkspaceRight(role, right))) throw Boom.forbidden(MESSAGES.unauthorizedAccess);
  const current = workspaceConfigOf(workspace.config);
  const name = input.name?.trim();
  if (input.name !== undefined && !name) throw fieldError('name', WORKSPACE_MESSAGES.nameRequired);
  const next: WorkspaceConfig = {
    theme: input.darkTheme === undefined ? current.theme : input.darkTheme ? 'dark' : 'light',
    maxUploadSize: input.maxUploadSize ?? current.maxUploadSize,
    uploads: input.uploads ?? current.uploads,
    zoomLimits: [input.zoomLimitsMin ?? current.zoomLimits[0], input.zoomLimitsMax ?? current.zoomLimits[1]],
    fonts: input.fonts ? input.fonts.map((f) => keptFont(current.fonts, f)) : current.fonts,
  };
  const changed: Record<WorkspaceSetting, boolean> = {
    name: name !== undefined && name !== workspace.name,
    darkTheme: next.theme !== current.theme,
    maxUploadSize: next.maxUploadSize !== current.maxUploadSize,
    uploads: next.uploads !== current.uploads,
    zoomLimitsMin: next.zoomLimits[0] !== current.zoomLimits[0],
    zoomLimitsMax: next.zoomLimits[1] !== current.zoomLimits[1],
    fonts: JSON.stringify(next.fonts) !== JSON.stringify(current.fonts),
  };
  const refused = (Object.keys(changed) as WorkspaceSetting[]).filter(
    (field) => changed[field] && !hasWorkspaceRight(role, SETTING_RIGHTS[field]),
  );
  if (refused.length) {
    const error = Boom.forbidden(refused.includes('name') ? WORKSPACE_MESSAGES.nameNotEditable : MESSAGES.unauthorizedAccess);
    (error.output.payload as unknown as Record<string, unknown>).errors = Object.fromEntries(
      refused.map((f) => [f, [MESSAGES.unauthorizedAccess]]),
    );
    throw error;
  }
  if (next.zoomLimits[0] >= next.zoomLimits[1]) {
    const field = input.zoomLimitsMax !== undefined && input.zoomLimitsMin === undefined ? 'zoomLimitsMax' : 'zoomLimitsMin';
    throw fieldError(field, WORKSPACE_MESSAGES.zoomOrder);
  }
  const seen: WorkspaceFont[] = [];
  for (const font of next.fonts) {
    if (fontExists(seen, font)) throw fieldError('fonts', MESSAGES.fontExists);
    seen.push(font);
  }
  if (!Object.values(changed).some(Boolean))
    return toView(workspace, role, await repo.countBoards(app.db, workspace.id, { activeOnly: true }));
  const stored = { ...workspace.config, ...next };
  const updated = await repo.updateWorkspaceRow(app.db, workspace.id, {
    ...(changed.name ? { name } : {}),
    config: stored,
  });
  if (changed.fonts) await dropUnusedFonts(app.db, workspace.id, next.fonts);
  // boards read their workspace's config through the access memory: forget it everywhere
  await forgetBoardsEverywhere(app, workspace.id);
  return toView(updated, role, await repo.countBoards(app.db, workspace.id, { activeOnly: true }));
}

/** A font of a saved list: the stored one it names keeps its served stylesheet (`src` is never taken from a client). */
function keptFont(current: readonly WorkspaceFont[], font: WorkspaceFont): WorkspaceFont {
  const name = font.name.trim();
  const url = font.url?.trim() || undefined;
  const stored = current.find((c) => c.name === name && (c.url || undefined) === url);
  return { name, ...(url ? { url } : {}), ...(stored?.src ? { src: stored.src } : {}) };
}

/**
 * POST /api/workspaces/{id}/fonts {font}: a font name or URL is read (./font-source.ts), its
 * files stored, and the font added to the list with the stylesheet this server serves for it.
 */
export async function addFont(app: App, actor: Actor | null, ref: string, text: string): Promise<WorkspaceView> {
  const { workspace, role } = await resolveWorkspace(app, actor, ref);
  requireRight(role, 'editFonts');
  const current = workspaceConfigOf(workspace.config);
  const value = text.trim();
  const guess = fontFromText(value) ?? { name: value };
  if (fontExists(current.fonts, isFontUrl(value) ? { name: '', url: value } : guess)) throw fieldError('fonts', MESSAGES.fontExists);
  if (current.fonts.length >= WORKSPACE_LIMITS.fontsMax) throw fieldError('fonts', WORKSPACE_MESSAGES.tooManyFonts);
  const font = await resolveFont(app.config, value);
  if (fontExists(current.fonts, { name: font.name, url: font.sourceUrl })) throw fieldError('fonts', MESSAGES.fontExists);
  const updated = await app.db.transaction(async (trx) => {
    const [row] = await trx('workspace_fonts')
      .insert({ workspace_id: workspace.id, name: font.name, source_url: font.sourceUrl, css: font.css })
      .returning('id');
    if (font.files.length) {
      await trx('workspace_font_files').insert(
        font.files.map((f, idx) => ({ font_id: row.id, idx, content_type: f.contentType, data: f.data })),
      );
    }
    // the list as it is now (not as read before the fetch): another change may have landed meanwhile
    const fresh = await trx('workspaces').where({ id: workspace.id }).forUpdate().first();
    const config = workspaceConfigOf(fresh.config);
    if (fontExists(config.fonts, { name: font.name, url: font.sourceUrl })) throw fieldError('fonts', MESSAGES.fontExists);
    const fonts = [...config.fonts, { name: font.name, url: isFontUrl(value) ? value : null, src: `/api/fonts/${row.id}/stylesheet.css` }];
    return repo.updateWorkspaceRow(trx, workspace.id, { config: { ...fresh.config, fonts } });
  });
  app.logger.info({ workspaceId: workspace.id, font: font.name }, 'workspace font added');
  await forgetBoardsEverywhere(app, workspace.id);
  return toView(updated, role, await repo.countBoards(app.db, workspace.id, { activeOnly: true }));
}

/** Stored font files no font of the list serves any more. */
async function dropUnusedFonts(db: App['db'], workspaceId: string, fonts: readonly WorkspaceFont[]): Promise<void> {
  const kept = fonts.map((f) => /^\/api\/fonts\/([0-9a-f-]{36})\//.exec(f.src ?? '')?.[1]).filter((id): id is string => !!id);
  await db('workspace_fonts').where({ workspace_id: workspaceId }).whereNotIn('id', kept).delete();
}

/** GET /api/fonts/{id}/stylesheet.css and …/files/{n}: public (boards' guests load them), immutable. */
export async function fontStylesheet(app: App, fontId: string): Promise<string> {
  const row = await app.db('workspace_fonts').where({ id: fontId }).first('css');
  if (!row) throw Boom.notFound('Font not found.');
  return servedCss(fontId, row.css);
}

export async function fontFile(app: App, fontId: string, n: number): Promise<{ contentType: string; data: Buffer }> {
  const row = await app.db('workspace_font_files').where({ font_id: fontId, idx: n }).first('content_type', 'data');
  if (!row) throw Boom.notFound('Font not found.');
  return { contentType: row.content_type, data: Buffer.from(row.data) };
}

/**
 * DELETE /api/workspaces/{id}: Owner or Admin, only while the workspace has no boards (checked in
 * the deleting statement), never the owner's default workspace ('default' must always resolve).
 */
export async function deleteWorkspace(app: App, actor: Actor | null, ref: string): Promise<{ id: string }> {
  const { workspace, role, userId } = await resolveWorkspace(app, actor, ref);
  requireRight(role, 'deleteWorkspace');
  if (workspace.is_default) throw badRequest(WORKSPACE_MESSAGES.defaultWorkspace, { '*': [WORKSPACE_MESSAGES.defaultWorkspace] });
  if (!(await repo.deleteEmptyWorkspace(app.db, workspace.id)))
    throw badRequest(WORKSPACE_MESSAGES.hasBoards, { '*': [WORKSPACE_MESSAGES.hasBoards] });
  app.logger.info({ userId, workspaceId: workspace.id }, 'workspace deleted');
  return { id: workspace.id };
}

/* ---------------- members ---------------- */

/**
 * After a membership change: every node forgets what it knew of the workspace's boards for
 * access, and each affected user is told their new role on each board (onRoleChanged to them
 * only, role null = no access left: the hub takes their socket off the board). The event is what
 * carries the forgetting to the other nodes (boards/access-cache subscribes to it).
 */
async function membershipChanged(app: App, workspaceId: string, userIds: string[]): Promise<void> {
  const codes = await repo.boardCodesOf(app.db, workspaceId);
  if (!codes.length) return;
  forgetBoard(app, ...codes);
  for (const code of codes) {
    for (const userId of userIds) {
      let role: string | null = null;
      try {
        role = (await getBoardAccess(app, code, { userId, uid: userId, claims: null })).role;
      } catch (err) {
        if (!Boom.isBoom(err) || ![403, 404].includes(err.output.statusCode)) throw err;
      }
      await app.bus.publish(code, { event: 'onRoleChanged', data: { role, permissions: permissionsOf(role as never) }, to: [userId] });
    }
  }
}

/**
 * A settings or extensions change: every node forgets the workspace's boards in its access memory
 * (which holds the workspace row). The bus message that carries this is an onRoleChanged addressed
 * to nobody (`to: []`): access-cache forgets on it, the hub delivers it to no socket.
 */
async function forgetBoardsEverywhere(app: App, workspaceId: string): Promise<void> {
  const codes = await repo.boardCodesOf(app.db, workspaceId);
  if (!codes.length) return;
  forgetBoard(app, ...codes);
  for (const code of codes) await app.bus.publish(code, { event: 'onRoleChanged', data: null, to: [] });
}

/** The members list's declaration lives in routes.ts (list protocol); this is its base query after the check. */
export async function membersBase(app: App, actor: Actor | null, ref: string) {
  const { workspace, role, userId } = await resolveWorkspace(app, actor, ref);
  requireRight(role, 'viewMembers');
  return { query: repo.membersQuery(app.db, workspace.id), userId };
}

export function invitationLink(app: Pick<App, 'config'>, token: string): string {
  return `${app.config.publicUrl}/panel/invitation#token=${encodeURIComponent(token)}`;
}

/**
 * POST /api/workspaces/{id}/members {email, role}: Owner or Admin invite by e-mail with role
 * Admin or Member. Every address gets the same invitation mail and the same answer, whether or not
 * an account uses it (no account oracle): the person accepts through the link once signed in with
 * that address (acceptInvitation). An address that is already a member's (members see those) is a
 * field error. Inviting an address with a live invitation renews it (new link, role and expiry).
 */
export async function inviteMember(app: App, actor: Actor | null, ref: string, input: { email: string; role: InviteRole }) {
  const { workspace, role, userId } = await resolveWorkspace(app, actor, ref);
  requireRight(role, 'inviteMembers');
  const email = normalizeUsername(input.email);
  const account = await findUserByUsername(app.db, email);
  if (account && (await repo.workspaceRoleOf(app.db, workspace, account.id))) throw fieldError('email', WORKSPACE_MESSAGES.alreadyMember);
  const renewing = await repo.liveInvitations(app.db, workspace.id).where('i.email', email).first();
  if (!renewing && (await repo.countLiveInvitations(app.db, workspace.id)) >= MAX_PENDING_INVITATIONS)
    throw fieldError('email', WORKSPACE_MESSAGES.tooManyInvitations);
  const inviter = await findUserById(app.db, userId);
  const token = crypto.randomBytes(32).toString('base64url');
  const invitation = await repo.upsertInvitation(app.db, {
    workspaceId: workspace.id,
    email,
    role: input.role,
    invitedBy: userId,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000),
  });
  sendMailLater(
    app,
    workspaceInvitationMail({
      to: email,
      inviter: inviter?.display_name?.trim() || inviter?.username || 'Someone',
      workspace: workspace.name,
      role: input.role,
      link: invitationLink(app, token),
      days: INVITATION_TTL_DAYS,
    }),
  );
  // an existing account also finds it in its feed (in the background: the answer is the same either way)
  if (account)
    void notify(app, account.id, 'workspace-invitation', {
      message: `${inviter?.display_name?.trim() || inviter?.username || 'Someone'} invited you to the workspace "${workspace.name}" as ${input.role}.`,
      actions: [{ name: 'Accept', action: `/panel/invitation#token=${encodeURIComponent(token)}` }],
    });
  app.logger.info({ workspaceId: workspace.id, invitationId: invitation.id, by: userId }, 'workspace invitation sent');
  return {
    id: invitation.id,
    email,
    role: invitation.role,
    status: 'Invited',
    expiresAt: new Date(invitation.expires_at).toISOString(),
    message: WORKSPACE_MESSAGES.invited,
  };
}

/**
 * POST /api/workspaces/{id}/members/{memberId}/roles {role}: grant Admin to a Member, revoke
 * Admin from an Admin (Owner or Admin asking; never the owner, never oneself). The member id is
 * the member's user id.
 */
export async function changeMemberRole(
  app: App,
  actor: Actor | null,
  ref: string,
  memberId: string,
  newRole: InviteRole,
): Promise<{ id: string; role: WorkspaceRole }> {
  const { workspace, role, userId } = await resolveWorkspace(app, actor, ref);
  if (!hasWorkspaceRight(role, 'grantAdmin') && !hasWorkspaceRight(role, 'revokeAdmin')) throw Boom.forbidden(MESSAGES.unauthorizedAccess);
  const target = await targetRole(app, workspace, memberId);
  if (target === newRole) return { id: memberId, role: target };
  const action = newRole === 'Admin' ? 'grantAdmin' : 'revokeAdmin';
  if (!canActOnMember(role, target, action, memberId === userId)) {
    const text =
      target === 'Owner'
        ? WORKSPACE_MESSAGES.ownerFixed
        : memberId === userId
          ? WORKSPACE_MESSAGES.selfNotAllowed
          : WORKSPACE_MESSAGES.roleNotChangeable;
    throw fieldError('role', text);
  }
  await repo.setMemberRole(app.db, workspace.id, memberId, newRole);
  await membershipChanged(app, workspace.id, [memberId]);
  app.logger.info({ workspaceId: workspace.id, memberId, role: newRole, by: userId }, 'workspace member role changed');
  return { id: memberId, role: newRole };
}

/** DELETE /api/workspaces/{id}/members/{memberId}: Owner or Admin remove a non-owner member other than themself. */
export async function removeMember(app: App, actor: Actor | null, ref: string, memberId: string): Promise<{ id: string }> {
  const { workspace, role, userId } = await resolveWorkspace(app, actor, ref);
  requireRight(role, 'removeMembers');
  const target = await targetRole(app, workspace, memberId);
  if (!canActOnMember(role, target, 'remove', memberId === userId)) {
    throw badRequest(target === 'Owner' ? WORKSPACE_MESSAGES.ownerCannotBeRemoved : WORKSPACE_MESSAGES.selfNotAllowed);
  }
  await repo.removeMember(app.db, workspace.id, memberId);
  await membershipChanged(app, workspace.id, [memberId]);
  app.logger.info({ workspaceId: workspace.id, memberId, by: userId }, 'workspace member removed');
  return { id: memberId };
}

async function targetRole(app: App, workspace: WorkspaceRow, memberId: string): Promise<WorkspaceRole> {
  const role = repo.isUuid(memberId) ? await repo.workspaceRoleOf(app.db, { ...workspace, member_role: undefined }, memberId) : null;
  if (!role) throw Boom.notFound(WORKSPACE_MESSAGES.memberNotFound);
  return role;
}

/* ---------------- pending invitations ---------------- */

/** The pending invitations list's base query, after the check (Owner, Admin). */
export async function pendingBase(app: App, actor: Actor | null, ref: string) {
  const { workspace, role } = await resolveWorkspace(app, actor, ref);
  requireRight(role, 'viewPendingInvitations');
  // wrapped: a knex builder is thenable, and an async function would run it
  return { query: repo.liveInvitations(app.db, workspace.id) };
}

/** DELETE /api/workspaces/{id}/pending-members/{invitationId}: the link stops working at once. */
export async function revokeInvitation(app: App, actor: Actor | null, ref: string, invitationId: string): Promise<{ id: string }> {
  const { workspace, role, userId } = await resolveWorkspace(app, actor, ref);
  requireRight(role, 'removePendingInvitations');
  if (!(await repo.revokeInvitation(app.db, workspace.id, invitationId))) throw Boom.notFound(WORKSPACE_MESSAGES.invitationNotFound);
  app.logger.info({ workspaceId: workspace.id, invitationId, by: userId }, 'workspace invitation revoked');
  return { id: invitationId };
}

/**
 * POST /api/workspaces/invitations/accept {token}: the signed-in user whose address the
 * invitation was sent to joins with its role (a new person signs up with that address first).
 * Unknown, expired, used or withdrawn tokens are a 400 saying which; the link works once (the
 * acceptance is one conditional update). Someone already in the workspace keeps their role.
 */
export async function acceptInvitation(app: App, actor: Actor | null, token: string): Promise<WorkspaceView> {
  const userId = userIdOf(actor);
  const invitation = await repo.findInvitationByTokenHash(app.db, sha256(token));
  const refuse = (text: string) => fieldError('token', text);
  if (!invitation) throw refuse(WORKSPACE_MESSAGES.invitationInvalid);
  if (invitation.revoked_at) throw refuse(WORKSPACE_MESSAGES.invitationRevoked);
  if (invitation.accepted_at) throw refuse(WORKSPACE_MESSAGES.invitationUsed);
  if (new Date(invitation.expires_at).getTime() <= Date.now()) throw refuse(WORKSPACE_MESSAGES.invitationExpired);
  const user = await findUserById(app.db, userId);
  if (!user) throw Boom.forbidden(MESSAGES.unauthorizedAccess);
  if (normalizeUsername(user.username) !== invitation.email) {
    const error = Boom.forbidden(WORKSPACE_MESSAGES.invitationOtherEmail);
    (error.output.payload as unknown as Record<string, unknown>).errors = { token: [WORKSPACE_MESSAGES.invitationOtherEmail] };
    throw error;
  }
  const workspace = await repo.findWorkspaceById(app.db, invitation.workspace_id);
  if (!workspace) throw refuse(WORKSPACE_MESSAGES.invitationInvalid);
  const joined = await app.db.transaction(async (trx) => {
    if (!(await repo.markInvitationAccepted(trx, invitation.id, userId))) return null;
    if (workspace.owner_id === userId) return false;
    return repo.addMember(trx, { workspaceId: workspace.id, userId, role: invitation.role, invitedBy: invitation.invited_by });
  });
  if (joined === null) throw refuse(WORKSPACE_MESSAGES.invitationUsed);
  if (joined) {
    await membershipChanged(app, workspace.id, [userId]);
    app.logger.info({ workspaceId: workspace.id, userId, invitationId: invitation.id }, 'workspace invitation accepted');
  }
  const role = (await repo.workspaceRoleOf(app.db, workspace, userId))!;
  return toView(workspace, role, await repo.countBoards(app.db, workspace.id, { activeOnly: true }));
}

/* ---------------- extensions ---------------- */

async function extensionsOf(app: App, workspaceId: string): Promise<ExtensionView[]> {
  const choices = await repo.extensionChoices(app.db, workspaceId);
  return EXTENSIONS.map((e) => ({ ...e, plugged: choices.get(e.extensionId) ?? EXTENSION_DEFAULT_PLUGGED }));
}

/** GET /api/workspaces/{id}/extensions: every role sees them. */
export async function listExtensions(app: App, actor: Actor | null, ref: string): Promise<ExtensionView[]> {
  const { workspace, role } = await resolveWorkspace(app, actor, ref);
  requireRight(role, 'viewExtensions');
  return extensionsOf(app, workspace.id);
}

/**
 * POST /api/workspaces/{id}/extensions/{extensionId} ({} toggles; {plugged} sets): Owner, Admin,
 * ClientAdmin. Answers the extension as it now is.
 */
export async function toggleExtension(
  app: App,
  actor: Actor | null,
  ref: string,
  extensionId: string,
  plugged?: boolean,
): Promise<ExtensionView> {
  const { workspace, role, userId } = await resolveWorkspace(app, actor, ref);
  requireRight(role, 'toggleExtensions');
  const current = (await extensionsOf(app, workspace.id)).find((e) => e.extensionId === extensionId);
  if (!current) throw Boom.notFound(WORKSPACE_MESSAGES.extensionNotFound);
  const next = plugged ?? !current.plugged;
  await repo.setExtension(app.db, workspace.id, extensionId, next, userId);
  await forgetBoardsEverywhere(app, workspace.id);
  return { ...current, plugged: next };
}
