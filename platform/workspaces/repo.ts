import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Db } from '../db/index';
import { EXTENSION_IDS, hasWorkspaceRight, isWorkspaceRole, type WorkspaceRole } from '../../shared/workspace-roles';

type Conn = Db | Knex.Transaction;

/** A row of `workspaces` (002_boards). */
export interface WorkspaceRow {
  id: string;
  alt_id: string;
  name: string;
  owner_id: string;
  is_default: boolean;
  config: Record<string, unknown>;
  created_at: Date;
  /** the visitor's workspace_members role, when the row was read with it (boards/repo findBoardForVisitor) */
  member_role?: string | null;
}

/** panel.md §9: the default workspace's id in urls is 'default'. */
export const DEFAULT_WORKSPACE_ALIAS = 'default';
export const DEFAULT_WORKSPACE_NAME = 'My workspace';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

/** The account's default workspace, created on first need (safe under concurrent calls). */
export async function ensureDefaultWorkspace(db: Conn, userId: string): Promise<WorkspaceRow> {
  const existing = await db<WorkspaceRow>('workspaces').where({ owner_id: userId, is_default: true }).first();
  if (existing) return existing;
  await db.raw(
    `insert into workspaces (alt_id, name, owner_id, is_default) values (?, ?, ?, true)
     on conflict (owner_id) where is_default do nothing`,
    [crypto.randomBytes(6).toString('base64url'), DEFAULT_WORKSPACE_NAME, userId],
  );
  return (await db<WorkspaceRow>('workspaces').where({ owner_id: userId, is_default: true }).first())!;
}

export async function findWorkspaceById(db: Conn, id: string): Promise<WorkspaceRow | undefined> {
  return db<WorkspaceRow>('workspaces').where({ id }).first();
}

/**
 * A workspace the user may put boards in (the createBoards right: Owner, Admin), named the way
 * urls and payloads name it: 'default' (or nothing), its id, or its altId. Undefined otherwise.
 */
export async function workspaceForUser(db: Conn, userId: string, ref?: string | null): Promise<WorkspaceRow | undefined> {
  if (!ref || ref === DEFAULT_WORKSPACE_ALIAS) return ensureDefaultWorkspace(db, userId);
  const row = await db<WorkspaceRow>('workspaces')
    .where(isUuid(ref) ? { id: ref } : { alt_id: ref })
    .first();
  if (!row) return undefined;
  return hasWorkspaceRight(await workspaceRoleOf(db, row, userId), 'createBoards') ? row : undefined;
}

/**
 * The user's role in a workspace (panel.md §6: Owner, Admin, Member, ClientAdmin), or null:
 * Owner for `workspaces.owner_id`, else the user's workspace_members row (009_workspaces).
 * A row read by boards/repo `findBoardForVisitor` carries the visitor's member role already
 * (`member_role`, the same round trip as the board): then no query is made.
 */
export async function workspaceRoleOf(db: Conn, workspace: WorkspaceRow, userId: string | null): Promise<WorkspaceRole | null> {
  if (!userId) return null;
  if (workspace.owner_id === userId) return 'Owner';
  if (workspace.member_role !== undefined) return isWorkspaceRole(workspace.member_role) ? workspace.member_role : null;
  const row = await db('workspace_members').where({ workspace_id: workspace.id, user_id: userId }).first('role');
  return row && isWorkspaceRole(row.role) ? row.role : null;
}

/* ---------------- workspaces of a user (009_workspaces) ---------------- */

/** A workspace with the asker's role and its number of boards. */
export interface WorkspaceWithRole extends WorkspaceRow {
  role: WorkspaceRole;
  number_of_boards: number;
  /** the owner's profile name (null: none set) */
  owner_display_name: string | null;
}

/** Every workspace the user owns or belongs to: their default first, then by creation. */
export async function workspacesOfUser(db: Conn, userId: string): Promise<WorkspaceWithRole[]> {
  const rows = await db('workspaces as w')
    .leftJoin('workspace_members as wm', (j) => j.on('wm.workspace_id', 'w.id').andOn('wm.user_id', db.raw('?::uuid', [userId])))
    .where('w.owner_id', userId)
    .orWhereNotNull('wm.user_id')
    .select('w.*', db.raw("case when w.owner_id = ?::uuid then 'Owner' else wm.role end as role", [userId]))
    .select(db.raw("(select count(*) from boards b where b.workspace_id = w.id and b.status = 'active')::int as number_of_boards"))
    .select(db.raw('(select u.display_name from users u where u.id = w.owner_id) as owner_display_name'))
    .orderByRaw('(w.owner_id = ?::uuid and w.is_default) desc, w.created_at, w.id', [userId]);
  return rows as WorkspaceWithRole[];
}

/** A workspace by its id, its altId, or 'default' (the user's own default, made on first need). */
export async function findWorkspaceByRef(db: Conn, userId: string, ref: string): Promise<WorkspaceRow | undefined> {
  if (ref === DEFAULT_WORKSPACE_ALIAS) return ensureDefaultWorkspace(db, userId);
  return db<WorkspaceRow>('workspaces')
    .where(isUuid(ref) ? { id: ref } : { alt_id: ref })
    .first();
}

export async function countOwnedWorkspaces(db: Conn, userId: string): Promise<number> {
  const [{ count }] = await db('workspaces').where({ owner_id: userId }).count({ count: '*' });
  return Number(count);
}

export async function insertWorkspace(db: Conn, input: { name: string; ownerId: string; isDefault: boolean }): Promise<WorkspaceRow> {
  for (;;) {
    try {
      const [row] = await db('workspaces')
        .insert({
          alt_id: crypto.randomBytes(6).toString('base64url'),
          name: input.name,
          owner_id: input.ownerId,
          is_default: input.isDefault,
        })
        .returning('*');
      return row as WorkspaceRow;
    } catch (err) {
      // an alt_id collision (48 random bits) draws again
      if ((err as { code?: string; constraint?: string }).code !== '23505' || !String((err as Error).message).includes('alt_id')) throw err;
    }
  }
}

export async function updateWorkspaceRow(
  db: Conn,
  id: string,
  changes: { name?: string; config?: Record<string, unknown> },
): Promise<WorkspaceRow> {
  const [row] = await db('workspaces')
    .where({ id })
    .update({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.config ? { config: JSON.stringify(changes.config) } : {}),
    })
    .returning('*');
  return row as WorkspaceRow;
}

export async function countBoards(db: Conn, workspaceId: string, opts: { activeOnly?: boolean } = {}): Promise<number> {
  const q = db('boards').where({ workspace_id: workspaceId });
  if (opts.activeOnly) q.andWhere({ status: 'active' });
  const [{ count }] = await q.count({ count: '*' });
  return Number(count);
}

/** Deletes the workspace only while no board points at it (checked in the same statement). */
export async function deleteEmptyWorkspace(db: Conn, id: string): Promise<boolean> {
  const deleted = await db('workspaces')
    .where({ id })
    .whereNotExists(db('boards').select(db.raw('1')).where('workspace_id', id))
    .delete()
    .returning('id');
  return deleted.length > 0;
}

export async function boardCodesOf(db: Conn, workspaceId: string): Promise<string[]> {
  return (await db('boards').where({ workspace_id: workspaceId }).select('code')).map((r: { code: string }) => r.code);
}

/* ---------------- members ---------------- */

export interface WorkspaceMemberRow {
  workspace_id: string;
  user_id: string;
  role: WorkspaceRole;
  invited_by: string | null;
  created_at: Date;
  updated_at: Date;
}

export async function findMember(db: Conn, workspaceId: string, userId: string): Promise<WorkspaceMemberRow | undefined> {
  if (!isUuid(userId)) return undefined;
  return db<WorkspaceMemberRow>('workspace_members').where({ workspace_id: workspaceId, user_id: userId }).first();
}

/** Adds the user with `role`, or leaves an existing membership as it is; true when added. */
export async function addMember(
  db: Conn,
  input: { workspaceId: string; userId: string; role: Exclude<WorkspaceRole, 'Owner'>; invitedBy?: string | null },
): Promise<boolean> {
  const rows = await db('workspace_members')
    .insert({ workspace_id: input.workspaceId, user_id: input.userId, role: input.role, invited_by: input.invitedBy ?? null })
    .onConflict(['workspace_id', 'user_id'])
    .ignore()
    .returning('user_id');
  return rows.length > 0;
}

export async function setMemberRole(
  db: Conn,
  workspaceId: string,
  userId: string,
  role: Exclude<WorkspaceRole, 'Owner'>,
): Promise<boolean> {
  const rows = await db('workspace_members')
    .where({ workspace_id: workspaceId, user_id: userId })
    .update({ role, updated_at: db.fn.now() })
    .returning('user_id');
  return rows.length > 0;
}

export async function removeMember(db: Conn, workspaceId: string, userId: string): Promise<boolean> {
  const rows = await db('workspace_members').where({ workspace_id: workspaceId, user_id: userId }).delete().returning('user_id');
  return rows.length > 0;
}

/** The members list's rows: the owner (from workspaces.owner_id) and every member row, with their accounts. */
export function membersQuery(db: Conn, workspaceId: string): Knex.QueryBuilder {
  return db.from(
    db.raw(
      `(select m.user_id, m.role, m.joined_at, u.username as email, coalesce(nullif(u.display_name, ''), u.username) as name,
               m.role_rank || ':' || u.username as role_key,
               lower(coalesce(nullif(u.display_name, ''), u.username)) || ':' || u.username as name_key
          from (select w.owner_id as user_id, 'Owner' as role, 0 as role_rank, w.created_at as joined_at from workspaces w where w.id = ?
                union all
                select wm.user_id, wm.role, case wm.role when 'Admin' then 1 when 'ClientAdmin' then 2 else 3 end, wm.created_at
                  from workspace_members wm where wm.workspace_id = ?) m
          join users u on u.id = m.user_id) as x`,
      [workspaceId, workspaceId],
    ),
  );
}

/* ---------------- invitations ---------------- */

export interface InvitationRow {
  id: string;
  workspace_id: string;
  email: string;
  role: 'Admin' | 'Member';
  invited_by: string | null;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  accepted_by: string | null;
  revoked_at: Date | null;
}

export const liveInvitations = (db: Conn, workspaceId: string): Knex.QueryBuilder =>
  db('workspace_invitations as i').where('i.workspace_id', workspaceId).whereNull('i.accepted_at').whereNull('i.revoked_at');

export async function countLiveInvitations(db: Conn, workspaceId: string): Promise<number> {
  const [{ count }] = await liveInvitations(db, workspaceId).count({ count: '*' });
  return Number(count);
}

/** Records the invitation, or renews the live one of the same address (new token, role and expiry). */
export async function upsertInvitation(
  db: Db,
  input: { workspaceId: string; email: string; role: 'Admin' | 'Member'; invitedBy: string; tokenHash: string; expiresAt: Date },
): Promise<InvitationRow> {
  return db.transaction(async (trx) => {
    const live = await trx('workspace_invitations')
      .where({ workspace_id: input.workspaceId, email: input.email })
      .whereNull('accepted_at')
      .whereNull('revoked_at')
      .forUpdate()
      .first();
    const values = { role: input.role, invited_by: input.invitedBy, token_hash: input.tokenHash, expires_at: input.expiresAt };
    if (live) {
      const [row] = await trx('workspace_invitations')
        .where({ id: live.id })
        .update({ ...values, created_at: trx.fn.now() })
        .returning('*');
      return row as InvitationRow;
    }
    const [row] = await trx('workspace_invitations')
      .insert({ workspace_id: input.workspaceId, email: input.email, ...values })
      .returning('*');
    return row as InvitationRow;
  });
}

export async function findInvitationByTokenHash(db: Conn, tokenHash: string): Promise<InvitationRow | undefined> {
  return db<InvitationRow>('workspace_invitations').where({ token_hash: tokenHash }).first();
}

/** Marks a live invitation accepted, once: false when another acceptance (or a revocation) came first. */
export async function markInvitationAccepted(db: Conn, id: string, userId: string): Promise<boolean> {
  const rows = await db('workspace_invitations')
    .where({ id })
    .whereNull('accepted_at')
    .whereNull('revoked_at')
    .update({ accepted_at: db.fn.now(), accepted_by: userId })
    .returning('id');
  return rows.length > 0;
}

export async function revokeInvitation(db: Conn, workspaceId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await liveInvitations(db, workspaceId).where('i.id', id).update({ revoked_at: db.fn.now() }).returning('i.id');
  return rows.length > 0;
}

/* ---------------- extensions ---------------- */

/** The workspace's stored choices: extension id → plugged (absent = the default, plugged). */
export async function extensionChoices(db: Conn, workspaceId: string): Promise<Map<string, boolean>> {
  const rows: Array<{ extension_id: string; plugged: boolean }> = await db('workspace_extensions')
    .where({ workspace_id: workspaceId })
    .select('extension_id', 'plugged');
  return new Map(rows.map((r) => [r.extension_id, r.plugged]));
}

export async function setExtension(db: Conn, workspaceId: string, extensionId: string, plugged: boolean, userId: string): Promise<void> {
  await db('workspace_extensions')
    .insert({ workspace_id: workspaceId, extension_id: extensionId, plugged, updated_by: userId })
    .onConflict(['workspace_id', 'extension_id'])
    .merge({ plugged, updated_by: userId, updated_at: db.fn.now() });
}

/** What reconcileExtensions did and found. */
export interface ExtensionsReconciled {
  /** extensions in the catalogue (shared/workspace-roles EXTENSIONS) */
  catalogue: number;
  /** stored choices of extensions the catalogue no longer has, removed */
  unknownRemoved: number;
  /** their extension ids */
  unknownIds: string[];
  /** stored choices left */
  rows: number;
  /** per extension of the catalogue: the workspaces that turned it off */
  unplugged: Record<string, number>;
  /** workspaces with at least one extension off */
  workspacesWithUnplugged: number;
}

/**
 * The operators' "rebuild extensions" (docs/backoffice.md "Admin actions"): the catalogue lives in
 * code (shared/workspace-roles EXTENSIONS), a workspace's stored rows are only its choices (no row =
 * plugged). Rows naming an extension the catalogue no longer has are removed; the rest is counted.
 * A removed row changed nothing a board shows (an unknown id is no feature), so no cache is touched.
 */
export async function reconcileExtensions(db: Db): Promise<ExtensionsReconciled> {
  return db.transaction(async (trx) => {
    type Removed = { extension_id: string };
    const removed = (await trx('workspace_extensions')
      .whereNotIn('extension_id', EXTENSION_IDS)
      .delete()
      .returning('extension_id')) as Removed[];
    const counts = (await trx('workspace_extensions')
      .select('extension_id', 'plugged')
      .count({ n: '*' })
      .groupBy('extension_id', 'plugged')) as Array<{ extension_id: string; plugged: boolean; n: number | string }>;
    type Count = { n: number | string };
    const [off] = (await trx('workspace_extensions').where({ plugged: false }).countDistinct({ n: 'workspace_id' })) as Count[];
    const unplugged = Object.fromEntries(EXTENSION_IDS.map((id) => [id, 0]));
    for (const c of counts) if (!c.plugged) unplugged[c.extension_id] = Number(c.n);
    return {
      catalogue: EXTENSION_IDS.length,
      unknownRemoved: removed.length,
      unknownIds: [...new Set(removed.map((r) => r.extension_id))].sort(),
      rows: counts.reduce((sum, c) => sum + Number(c.n), 0),
      unplugged,
      workspacesWithUnplugged: Number(off?.n ?? 0),
    };
  });
}

/** The extensions a workspace turned off (for the board: shared/workspace-roles `featureAvailable`). */
export async function unpluggedExtensions(db: Conn, workspaceId: string): Promise<string[]> {
  return (
    await db('workspace_extensions').where({ workspace_id: workspaceId, plugged: false }).orderBy('extension_id').select('extension_id')
  ).map((r: { extension_id: string }) => r.extension_id);
}
