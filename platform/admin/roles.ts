import type { Knex } from 'knex';
import { findUserByUsername, type UserRow } from '../users/api';
import { OPERATOR_ROLE } from './operator';
import { writeAudit } from './audit/repo';

type Conn = Knex | Knex.Transaction;

/**
 * Platform roles of an account (users.roles): 'admin' (operator), 'beta-tester', 'partner' …
 * The named roles the back-office shows with a granted flag (backoffice.md §3 roles).
 */
export const PLATFORM_ROLES = ['admin', 'beta-tester', 'partner'] as const;
export type PlatformRole = (typeof PLATFORM_ROLES)[number];

/** Adds or removes a role; answers the updated row (undefined: no such account). */
export async function setRole(db: Conn, userId: string, role: string, granted: boolean): Promise<UserRow | undefined> {
  const expr = granted
    ? db.raw("(select coalesce(array_agg(distinct r order by r), '{}') from unnest(array_append(roles, ?::text)) r)", [role])
    : db.raw('array_remove(roles, ?::text)', [role]);
  const [row] = await db('users').where({ id: userId }).update({ roles: expr }).returning('*');
  return row as UserRow | undefined;
}

/** The comma list of ADMIN_EMAILS, trimmed and lower-cased. */
export const parseAdminEmails = (value: string | undefined | null): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

/**
 * ADMIN_EMAILS: the accounts of these addresses get the Admin role (at start for the existing
 * ones, at login for the others). Answers the ids that were granted it now.
 */
export async function grantAdminEmails(db: Conn, emails: readonly string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = (await db('users')
    .whereIn(db.raw('lower(username)') as never, [...emails])
    .whereRaw('not (? = any(roles))', [OPERATOR_ROLE])
    .update({ roles: db.raw('array_append(roles, ?::text)', [OPERATOR_ROLE]) })
    .returning(['id'])) as Array<{ id: string }>;
  return rows.map((r) => r.id);
}

/** The login hook: an ADMIN_EMAILS account without the role gets it before its token is made. */
export async function withAdminEmailRole(db: Conn, adminEmails: readonly string[] | undefined, user: UserRow): Promise<UserRow> {
  if (!adminEmails?.includes(user.username.toLowerCase()) || user.roles.includes(OPERATOR_ROLE)) return user;
  const updated = await setRole(db, user.id, OPERATOR_ROLE, true);
  await writeAudit(db, {
    actorId: null,
    actorName: 'ADMIN_EMAILS',
    action: 'role.grant',
    targetType: 'user',
    targetId: user.id,
    details: { role: OPERATOR_ROLE, at: 'login' },
  });
  return updated ?? user;
}

export { findUserByUsername };
