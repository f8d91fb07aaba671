import type { Knex } from 'knex';
import type { Db } from '../db/index';

type Conn = Db | Knex.Transaction;

export interface RefreshTokenRow {
  id: string;
  user_id: string;
  token_hash: string;
  family: string;
  expires_at: Date;
  revoked_at: Date | null;
  created_at: Date;
}

export async function insertRefreshToken(
  db: Conn,
  row: { userId: string; tokenHash: string; family: string; expiresAt: Date },
): Promise<void> {
  await db('refresh_tokens').insert({ user_id: row.userId, token_hash: row.tokenHash, family: row.family, expires_at: row.expiresAt });
}

export async function findRefreshTokenForUpdate(trx: Knex.Transaction, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  return trx('refresh_tokens').where({ token_hash: tokenHash }).forUpdate().first();
}

export async function revokeRefreshToken(db: Conn, where: { id?: string; token_hash?: string }): Promise<number> {
  return db('refresh_tokens').where(where).whereNull('revoked_at').update({ revoked_at: db.fn.now() });
}

export async function revokeFamily(db: Conn, family: string): Promise<number> {
  return db('refresh_tokens').where({ family }).whereNull('revoked_at').update({ revoked_at: db.fn.now() });
}

export async function revokeAllRefreshTokens(db: Conn, userId: string): Promise<number> {
  return db('refresh_tokens').where({ user_id: userId }).whereNull('revoked_at').update({ revoked_at: db.fn.now() });
}

/**
 * Sessions (one per sign-in; its id is the refresh-token family and the access tokens' `sid`).
 * Lock order, as everywhere a session and its tokens change: the user's row (when it is locked),
 * then the session's, then the refresh tokens'.
 */
export interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
  revoked_at: Date | null;
}

export async function insertSession(db: Conn, row: { id: string; userId: string }): Promise<void> {
  await db('sessions').insert({ id: row.id, user_id: row.userId });
}

/** The session of a refresh-token family, locked for share; created (live) for a family from before sessions existed. */
export async function lockSessionOfFamily(trx: Knex.Transaction, family: string, userId: string): Promise<SessionRow> {
  const found = (await trx('sessions').where({ id: family }).forShare().first()) as SessionRow | undefined;
  if (found) return found;
  await trx('sessions').insert({ id: family, user_id: userId }).onConflict('id').ignore();
  return (await trx('sessions').where({ id: family }).forShare().first()) as SessionRow;
}

/** Ends one session (logout): created ended when its family is from before sessions existed. */
export async function revokeSession(db: Conn, id: string, userId: string): Promise<void> {
  await db('sessions')
    .insert({ id, user_id: userId, revoked_at: db.fn.now() })
    .onConflict('id')
    .merge({ revoked_at: db.raw('coalesce(sessions.revoked_at, excluded.revoked_at)') });
}

/** Ends every session of a user (password change or reset, deactivation, delete). */
export async function revokeUserSessions(db: Conn, userId: string): Promise<number> {
  return db('sessions').where({ user_id: userId }).whereNull('revoked_at').update({ revoked_at: db.fn.now() });
}

export interface PasswordResetRow {
  id: string;
  user_id: string;
  code_hash: string;
  expires_at: Date;
  used_at: Date | null;
}

export async function insertPasswordReset(db: Conn, row: { userId: string; codeHash: string; expiresAt: Date }): Promise<void> {
  await db('password_resets').insert({ user_id: row.userId, code_hash: row.codeHash, expires_at: row.expiresAt });
}

/** Marks the code used when it is this user's, unused and unexpired; false otherwise (single use). */
export async function consumePasswordReset(trx: Knex.Transaction, userId: string, codeHash: string): Promise<boolean> {
  const used = await trx('password_resets')
    .where({ user_id: userId, code_hash: codeHash })
    .whereNull('used_at')
    .where('expires_at', '>', trx.fn.now())
    .update({ used_at: trx.fn.now() });
  return used === 1;
}

/** After a successful reset, every other outstanding link of the user stops working too. */
export async function retireUserPasswordResets(trx: Knex.Transaction, userId: string): Promise<void> {
  await trx('password_resets').where({ user_id: userId }).whereNull('used_at').update({ used_at: trx.fn.now() });
}

export interface ExternalIdentityRow {
  id: string;
  user_id: string;
  provider: string;
  subject: string;
  email: string | null;
}

export async function findExternalIdentity(db: Conn, provider: string, subject: string): Promise<ExternalIdentityRow | undefined> {
  return db('external_identities').where({ provider, subject }).first();
}

export async function insertExternalIdentity(
  db: Conn,
  row: { userId: string; provider: string; subject: string; email: string | null },
): Promise<void> {
  await db('external_identities').insert({ user_id: row.userId, provider: row.provider, subject: row.subject, email: row.email });
}

export async function updateExternalIdentityEmail(db: Conn, id: string, email: string | null): Promise<void> {
  await db('external_identities').where({ id }).update({ email });
}
