import Boom from '@hapi/boom';
import type { ServerApplicationState } from '@hapi/hapi';
import { endUserSessions, sessionsRevoked } from '../../accounts/api';
import { coreActionsOf } from '../usage/core-actions';
import { boardsBytesSql, forgetBoard } from '../../boards/api';
import { badRequest } from '../../core/errors';
import { findUserById, type UserRow } from '../../users/api';
import { OPERATOR_ROLE } from '../operator';
import { PLATFORM_ROLES, setRole } from '../roles';

type App = Pick<ServerApplicationState, 'config' | 'db' | 'logger' | 'bus'>;
const iso = (value: unknown) => (value == null ? null : new Date(value as string).toISOString());

export const USER_NOT_FOUND = 'User not found';

export async function userOr404(
  app: App,
  id: string,
): Promise<UserRow & { flagged: boolean; storage_bytes: number; token_version: number }> {
  const user = await findUserById(app.db, id);
  if (!user) throw Boom.notFound(USER_NOT_FOUND);
  return user as UserRow & { flagged: boolean; storage_bytes: number; token_version: number };
}

async function scalar(app: App, sql: string, bindings: unknown[]): Promise<number> {
  const result = (await app.db.raw(sql, bindings as never)) as { rows: Array<{ n: number }> };
  return Number(result.rows[0]?.n ?? 0);
}

/** GET /api/admin/users/{id}/details (backoffice.md §3 User detail). */
export async function userDetails(app: App, id: string): Promise<Record<string, unknown>> {
  const u = await userOr404(app, id);
  const db = app.db;
  const count = async (q: ReturnType<App['db']>) => Number(((await q.count({ n: '*' })) as Array<{ n: number | string }>)[0]!.n);
  const client = (await db('clients').where({ owner_id: u.id }).first('id', 'app_name', 'client_id')) as
    { id: string; app_name: string; client_id: string } | undefined;
  const origins = client
    ? ((await db('client_embed_origins').where({ client_id: client.id }).orderBy('last_seen_at', 'desc').pluck('origin')) as string[])
    : [];
  // sessions, edits, collaborations as the panel's home counts them (../usage/core-actions.ts); the
  // country of the latest board session that has one, else of the latest user-audit row (board
  // joins before sessions were recorded)
  const activity = await coreActionsOf(db, u.id);
  const country =
    (
      (await db('board_sessions').where({ user_id: u.id }).whereNotNull('country').orderBy('joined_at', 'desc').first('country')) as
        { country: string } | undefined
    )?.country ??
    (
      (await db('user_audits').where({ user_id: u.id }).whereNotNull('country').orderBy('created_at', 'desc').first('country')) as
        { country: string } | undefined
    )?.country ??
    null;
  const lastLogin = (await db('refresh_tokens').where({ user_id: u.id }).max({ at: 'created_at' }).first()) as
    { at: Date | null } | undefined;
  return {
    id: u.id,
    username: u.username,
    displayName: u.display_name,
    profileImage: u.avatar,
    functionalRole: u.role_code,
    isActive: u.is_active,
    isBetaTester: u.roles.includes('beta-tester'),
    flag: !!u.flagged,
    numberOfOwnedBoards: await count(db('boards').where({ owner_id: u.id })),
    numberOfInvitedBoards: await count(
      db('board_members as m')
        .join('boards as b', 'b.id', 'm.board_id')
        .where('m.user_id', u.id)
        .whereRaw('b.owner_id is distinct from m.user_id'),
    ),
    clientName: client?.app_name ?? null,
    clientId: client?.client_id ?? null,
    clientBoards: client
      ? await scalar(app, 'select count(distinct board_id)::int as n from board_activity where client_id = ?', [client.client_id])
      : 0,
    clientOrigins: origins,
    tokens: await count(db('refresh_tokens').where({ user_id: u.id }).whereNull('revoked_at').where('expires_at', '>', db.fn.now())),
    externalAccounts: (await db('external_identities').where({ user_id: u.id }).select('provider', 'email')) as unknown[],
    roles: [...new Set([...PLATFORM_ROLES, ...u.roles])].map((name) => ({ name, granted: u.roles.includes(name) })),
    segments: u.tags,
    workspaceCount: await scalar(
      app,
      'select count(*)::int as n from (select id from workspaces where owner_id = ? union select workspace_id from workspace_members where user_id = ?) x',
      [u.id, u.id],
    ),
    lastOnline: iso(u.last_online_at),
    lastLogin: iso(lastLogin?.at ?? null),
    country,
    sessions: activity.sessions,
    edits: activity?.edits ?? 0,
    collaborations: activity?.collaborations ?? 0,
    storage: Number(u.storage_bytes ?? 0),
  };
}

/**
 * GET /api/admin/users/{id}/dependencies: what deleting the account would take with it (its
 * boards, its workspaces with their boards and members, its developer app) and the memberships it
 * would leave, so the screen can say so before the delete.
 */
export async function userDependencies(app: App, id: string): Promise<Record<string, unknown>> {
  const u = await userOr404(app, id);
  const db = app.db;
  const boards = (await db('boards as b')
    .where('b.owner_id', u.id)
    .orWhereIn('b.workspace_id', db('workspaces').select('id').where({ owner_id: u.id }))
    .orderBy('b.created_at')
    .select(
      'b.id',
      'b.code',
      'b.name',
      db.raw('(select count(*)::int from board_members m where m.board_id = b.id) as "membersCount"'),
    )) as Array<Record<string, unknown>>;
  const workspaces = (await db('workspaces as w')
    .where('w.owner_id', u.id)
    .orderBy('w.created_at')
    .select(
      'w.id',
      'w.name',
      db.raw('(select count(*)::int from boards b where b.workspace_id = w.id) as boards'),
      db.raw('(select count(*)::int from workspace_members m where m.workspace_id = w.id) as members'),
    )) as Array<Record<string, unknown>>;
  const client = (await db('clients').where({ owner_id: u.id }).first('app_name', 'client_id')) as
    { app_name: string; client_id: string } | undefined;
  return {
    id: u.id,
    boards,
    workspaces,
    client: client ? { appName: client.app_name, clientId: client.client_id } : null,
    boardMemberships: await scalar(
      app,
      'select count(*)::int as n from board_members m join boards b on b.id = m.board_id where m.user_id = ? and b.owner_id is distinct from m.user_id',
      [u.id],
    ),
    workspaceMemberships: await scalar(app, 'select count(*)::int as n from workspace_members where user_id = ?', [u.id]),
  };
}

/**
 * Ends every session of the account at once: its token version goes up and its sessions end
 * (every access token is refused, on every node through the bus, and its sockets are closed) and
 * its refresh tokens are revoked (accounts/tokens endUserSessions).
 */
async function endSessions(app: App, userId: string): Promise<void> {
  const updated = await app.db.transaction(async (trx) => {
    await endUserSessions(trx, userId);
    return (await trx('users').where({ id: userId }).first()) as UserRow;
  });
  await sessionsRevoked(app, updated);
}

/** POST /api/users/{id}/toggle-active: a deactivated account's sessions and refresh tokens end at once. */
export async function toggleActive(app: App, operatorId: string, id: string): Promise<{ id: string; isActive: boolean }> {
  const u = await userOr404(app, id);
  if (u.id === operatorId && u.is_active)
    throw badRequest('You cannot deactivate your own account.', { isActive: ['You cannot deactivate your own account.'] });
  const isActive = !u.is_active;
  await app.db('users').where({ id: u.id }).update({ is_active: isActive });
  if (!isActive) await endSessions(app, u.id);
  return { id: u.id, isActive };
}

export async function toggleBetaTester(app: App, id: string): Promise<{ id: string; isBetaTester: boolean }> {
  const u = await userOr404(app, id);
  const next = !u.roles.includes('beta-tester');
  await setRole(app.db, u.id, 'beta-tester', next);
  return { id: u.id, isBetaTester: next };
}

export async function toggleFlag(app: App, id: string): Promise<{ id: string; flag: boolean }> {
  const u = await userOr404(app, id);
  await app.db('users').where({ id: u.id }).update({ flagged: !u.flagged });
  return { id: u.id, flag: !u.flagged };
}

/** POST /api/admin/users/{id}/roles {roles: [{name, granted}]}: answers the changes made. */
export async function saveRoles(
  app: App,
  operatorId: string,
  id: string,
  roles: Array<{ name: string; granted: boolean }>,
): Promise<{ id: string; granted: string[]; revoked: string[]; roles: string[] }> {
  const u = await userOr404(app, id);
  const granted: string[] = [];
  const revoked: string[] = [];
  for (const r of roles) {
    const has = u.roles.includes(r.name);
    if (r.granted === has) continue;
    if (u.id === operatorId && r.name === OPERATOR_ROLE && !r.granted)
      throw badRequest('You cannot remove your own Admin role.', { roles: ['You cannot remove your own Admin role.'] });
    (r.granted ? granted : revoked).push(r.name);
  }
  let row: UserRow | undefined = u;
  for (const name of granted) row = await setRole(app.db, u.id, name, true);
  for (const name of revoked) row = await setRole(app.db, u.id, name, false);
  return { id: u.id, granted, revoked, roles: row?.roles ?? u.roles };
}

export async function saveSegments(app: App, id: string, segments: string[]): Promise<{ id: string; segments: string[] }> {
  const u = await userOr404(app, id);
  const tags = [...new Set(segments.map((s) => s.trim()).filter(Boolean))];
  await app.db('users').where({ id: u.id }).update({ tags });
  return { id: u.id, segments: tags };
}

/** What POST /api/admin/storage/recalc recalculates: every account and workspace, or one of them. */
export type StorageTarget = { kind: 'all' } | { kind: 'user' | 'workspace'; id: string };

/** The target an id names: an account, else a workspace; 404 when neither has it. */
export async function storageTarget(app: App, id?: string): Promise<StorageTarget> {
  if (!id) return { kind: 'all' };
  if (await app.db('users').where({ id }).first('id')) return { kind: 'user', id };
  if (await app.db('workspaces').where({ id }).first('id')) return { kind: 'workspace', id };
  throw Boom.notFound('No account or workspace has this id');
}

const affected = (result: unknown) => {
  const r = result as { rowCount?: number; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
};

/**
 * Storage (docs/backoffice.md "Storage", "Admin actions"): an account's is what its boards store
 * (platform/boards/storage.ts, the definition the panel's home shows) plus its profile image, kept
 * in users.storage_bytes; a workspace's is what the boards in it store (workspaces.storage_bytes).
 * `all`: every account and every workspace. `storage` is the one target's bytes.
 */
export async function recalculateStorage(
  app: App,
  target: StorageTarget = { kind: 'all' },
): Promise<{ users: number; workspaces: number; storage?: number }> {
  const one = target.kind === 'all' ? null : target;
  let users = 0;
  let workspaces = 0;
  if (!one || one.kind === 'user') {
    const sql = `update users u set storage_at = now(), storage_bytes = ${boardsBytesSql('b.owner_id = u.id')}
    + coalesce((select octet_length(i.bytes) from user_images i where i.user_id = u.id), 0)
    ${one ? 'where u.id = ?' : ''}`;
    users = affected(await app.db.raw(sql, one ? [one.id] : []));
  }
  if (!one || one.kind === 'workspace') {
    const sql = `update workspaces w set storage_at = now(), storage_bytes = ${boardsBytesSql('b.workspace_id = w.id')}
    ${one ? 'where w.id = ?' : ''}`;
    workspaces = affected(await app.db.raw(sql, one ? [one.id] : []));
  }
  if (!one) return { users, workspaces };
  const row = (await app
    .db(one.kind === 'user' ? 'users' : 'workspaces')
    .where({ id: one.id })
    .first('storage_bytes')) as { storage_bytes: number } | undefined;
  return { users, workspaces, storage: Number(row?.storage_bytes ?? 0) };
}

/**
 * DELETE /api/admin/accounts/{id}: the account and what it owns go (docs/operations.md "Deleting
 * an account"): its boards (with their logs, members, chat and comments), its workspaces, its
 * developer app, sessions and identities (foreign keys ON DELETE CASCADE); its memberships of
 * other people's boards go, its feedback stays without the link. Everyone on its boards leaves.
 */
export async function deleteAccount(app: App, operatorId: string, id: string): Promise<{ id: string; username: string; boards: number }> {
  const u = await userOr404(app, id);
  if (u.id === operatorId) throw badRequest('You cannot delete your own account.', { id: ['You cannot delete your own account.'] });
  const boards = (await app
    .db('boards')
    .where({ owner_id: u.id })
    .orWhereIn('workspace_id', app.db('workspaces').select('id').where({ owner_id: u.id }))
    .select('code')) as Array<{ code: string }>;
  await endSessions(app, u.id);
  await app.db('users').where({ id: u.id }).delete();
  if (boards.length) forgetBoard(app, ...boards.map((b) => b.code));
  for (const b of boards) await app.bus.publish(b.code, { event: 'onBoardRemoved', data: { code: b.code, reason: 'deleted' } });
  return { id: u.id, username: u.username, boards: boards.length };
}
