import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Db } from '../db/index';

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
 * A workspace the user may put boards in, named the way urls and payloads name it:
 * 'default' (or nothing), its id, or its altId. Undefined when it is not the user's.
 */
export async function workspaceForUser(db: Conn, userId: string, ref?: string | null): Promise<WorkspaceRow | undefined> {
  if (!ref || ref === DEFAULT_WORKSPACE_ALIAS) return ensureDefaultWorkspace(db, userId);
  const row = await db<WorkspaceRow>('workspaces')
    .where(isUuid(ref) ? { id: ref } : { alt_id: ref })
    .first();
  if (!row) return undefined;
  return (await workspaceRoleOf(db, row, userId)) ? row : undefined;
}

/**
 * The user's role in a workspace (panel.md §6: Owner, Admin, Member, ClientAdmin), or null.
 * Only owners exist until workspace membership lands; members will be read here.
 */
export async function workspaceRoleOf(_db: Conn, workspace: WorkspaceRow, userId: string | null): Promise<'Owner' | 'Admin' | 'Member' | 'ClientAdmin' | null> {
  if (!userId) return null;
  return workspace.owner_id === userId ? 'Owner' : null;
}
