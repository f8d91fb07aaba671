import crypto from 'node:crypto';
import Jwt from '@hapi/jwt';
import type { Knex } from 'knex';
import type { Config } from '../config';
import { signAccessToken, type TokenClaims } from '../core/auth';
import type { Db } from '../db/index';
import type { UserRow } from '../users/repo';
import { findRefreshTokenForUpdate, insertRefreshToken, revokeFamily, revokeRefreshToken } from './repo';

/**
 * Sessions: a short-lived access token (JWT, config.accessTokenTtlSeconds) plus a random
 * refresh token kept only as its SHA-256 hash. Refresh tokens rotate on every use; a token
 * that was already rotated (or signed out) revokes its whole family when presented again.
 */
export interface Session {
  accessToken: string;
  refreshToken: string;
  /** the claim id the client keeps as its local user id (= the user id) */
  id: string;
  /** access-token lifetime in seconds */
  expiresIn: number;
}

type Conn = Db | Knex.Transaction;

/** The access-token claims of a user (panel.md §3: sub, role, plan, lang, qty, client). */
export function claimsFor(user: UserRow): TokenClaims {
  return { sub: user.id, role: [...(user.roles ?? [])], plan: user.plan || 'essential', lang: user.language, qty: user.qty, id: user.id };
}

export function accessTokenFor(config: Config, user: UserRow): string {
  return signAccessToken(config, claimsFor(user));
}

export const sha256 = (value: string): string => crypto.createHash('sha256').update(value).digest('hex');

/** A new session for the user: a fresh refresh-token family. */
export async function openSession(db: Conn, config: Config, user: UserRow): Promise<Session> {
  const refreshToken = await newRefreshToken(db, config, user.id, crypto.randomUUID());
  return { accessToken: accessTokenFor(config, user), refreshToken, id: user.id, expiresIn: config.accessTokenTtlSeconds };
}

async function newRefreshToken(db: Conn, config: Config, userId: string, family: string): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + config.refreshTokenTtlDays * 86_400_000);
  await insertRefreshToken(db, { userId, tokenHash: sha256(token), family, expiresAt });
  return token;
}

export type RotateOutcome =
  | { ok: true; userId: string; refreshToken: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'reused' | 'mismatch' };

/**
 * Exchanges a refresh token for a new one of the same family. The answer is computed inside
 * the transaction and the caller throws afterwards, so a family revocation is committed.
 * `expectedUserId`, when given (from the access token the client still holds), must match.
 */
export async function rotateRefreshToken(db: Db, config: Config, token: string, expectedUserId: string | null): Promise<RotateOutcome> {
  return db.transaction(async (trx) => {
    const row = await findRefreshTokenForUpdate(trx, sha256(token));
    if (!row) return { ok: false, reason: 'unknown' } as const;
    if (row.revoked_at) {
      await revokeFamily(trx, row.family);
      return { ok: false, reason: 'reused' } as const;
    }
    if (new Date(row.expires_at).getTime() <= Date.now()) {
      await revokeRefreshToken(trx, { id: row.id });
      return { ok: false, reason: 'expired' } as const;
    }
    if (expectedUserId && expectedUserId !== row.user_id) {
      await revokeFamily(trx, row.family);
      return { ok: false, reason: 'mismatch' } as const;
    }
    await revokeRefreshToken(trx, { id: row.id });
    const refreshToken = await newRefreshToken(trx, config, row.user_id, row.family);
    return { ok: true, userId: row.user_id, refreshToken } as const;
  });
}

export async function revokeRefreshTokenValue(db: Conn, token: string): Promise<void> {
  await revokeRefreshToken(db, { token_hash: sha256(token) });
}

/**
 * The subject of an access token signed by us, whether or not it has expired (the refresh
 * call carries the client's current, usually expired, access token); null when not ours.
 */
export function subjectOfOwnToken(config: Config, token: string): string | null {
  try {
    const artifacts = Jwt.token.decode(token);
    Jwt.token.verifySignature(artifacts, { key: config.accessTokenSecret, algorithm: 'HS256' });
    const sub = (artifacts.decoded.payload as Partial<TokenClaims>).sub;
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}
