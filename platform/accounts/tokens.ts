import crypto from 'node:crypto';
import Jwt from '@hapi/jwt';
import type { Knex } from 'knex';
import type { Config } from '../config';
import { signAccessToken, type TokenClaims } from '../core/auth';
import { withSubscriptionPlan } from '../billing/api';
import { noteSessionEnded, noteTokenVersion } from '../core/session-guard';
import type { Db } from '../db/index';
import { publishSessionsRevoked, type Bus } from '../realtime/api';
import { type UserRow, planOf, qtyOf } from '../users/api';
import {
  insertRefreshToken,
  insertSession,
  lockSessionOfFamily,
  revokeAllRefreshTokens,
  revokeFamily,
  revokeRefreshToken,
  revokeSession,
  revokeUserSessions,
  type RefreshTokenRow,
} from './repo';

/**
 * Sessions: a short-lived access token (JWT, config.accessTokenTtlSeconds) plus a random
 * refresh token kept only as its SHA-256 hash. Refresh tokens rotate on every use; a token
 * that was already rotated (or signed out) revokes its whole family when presented again,
 * except within config.refreshReuseGraceSeconds of its rotation, when it answers the same
 * successor again (two tabs refreshing at once both stay signed in; docs/security.md
 * "Sessions and tokens"). A sign-in is a session (table `sessions`, its id = the refresh-token
 * family): its access tokens carry it as `sid`, and a logout ends it (its access tokens refused
 * at once, its refresh tokens revoked). Access tokens also carry the user's token version (`tv`):
 * a password change or reset, a deactivation and a delete increment it and end every session,
 * so every older access token is refused (core/session-guard).
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
/**
 * The access-token claims of a user (panel.md §3: sub, role, plan, lang, qty, client), with the
 * token version and, when given, the session (`sid`) the token belongs to.
 */
export function claimsFor(
  user: UserRow,
  defaults: Pick<Config, 'defaultPlan' | 'defaultWorkspaces'>,
  sessionId?: string | null,
): TokenClaims {
  const tv = Number((user as UserRow & { token_version?: number }).token_version ?? 0);
  const claims: TokenClaims = {
    sub: user.id,
    role: [...(user.roles ?? [])],
    plan: planOf(user, defaults.defaultPlan),
    lang: user.language,
    qty: qtyOf(user, defaults.defaultWorkspaces),
    id: user.id,
    tv,
  };
  return sessionId ? { ...claims, sid: sessionId } : claims;
}

export function accessTokenFor(config: Config, user: UserRow, sessionId?: string | null): string {
  return signAccessToken(config, claimsFor(user, config, sessionId));
}

/**
 * The access token of a session, whose plan and qty follow the user's subscriptions
 * (platform/billing/claims), then users.plan, then DEFAULT_PLAN.
 */
export async function sessionTokenFor(db: Conn, config: Config, user: UserRow, sessionId: string | null): Promise<string> {
  const effective = await withSubscriptionPlan(db, config, user);
  let claims = claimsFor(effective, config, sessionId);
  for (const source of claimSources) claims = { ...claims, ...(await source(db, user.id)) };
  return signAccessToken(config, claims);
}

/**
 * More claims of a session's token, from another domain (it registers a source with its plugin,
 * so accounts imports nothing of it): the partners domain adds `customer-plan` for a customer
 * whose plan a partner handles (docs/billing.md "Customer-plan claim"). A source is a stateless
 * function of the database: registering the same one again (another server) changes nothing.
 */
export type ClaimSource = (db: Conn, userId: string) => Promise<Partial<TokenClaims>>;
const claimSources = new Set<ClaimSource>();

export function addClaimSource(source: ClaimSource): void {
  claimSources.add(source);
}

export const sha256 = (value: string): string => crypto.createHash('sha256').update(value).digest('hex');

/** A new session for the user: its row, a fresh refresh-token family of the same id, and an access token naming it. */
export async function openSession(db: Conn, config: Config, user: UserRow): Promise<Session> {
  const sessionId = crypto.randomUUID();
  await insertSession(db, { id: sessionId, userId: user.id });
  const refreshToken = await newRefreshToken(db, config, user.id, sessionId);
  return {
    accessToken: await sessionTokenFor(db, config, user, sessionId),
    refreshToken,
    id: user.id,
    expiresIn: config.accessTokenTtlSeconds,
  };
}

async function newRefreshToken(db: Conn, config: Config, userId: string, family: string): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + config.refreshTokenTtlDays * 86_400_000);
  await insertRefreshToken(db, { userId, tokenHash: sha256(token), family, expiresAt });
  return token;
}

export type RotateOutcome =
  | {
      ok: true;
      userId: string;
      refreshToken: string;
      /** the session (= family) the new access token names */ sessionId: string;
      /** answered again within the grace window */ repeated?: boolean;
    }
  | { ok: false; reason: 'unknown' | 'expired' | 'reused' | 'mismatch' | 'ended' };

interface RotatableRow extends RefreshTokenRow {
  rotated_at: Date | null;
  replaced_by: string | null;
  successor_sealed: string | null;
  /** computed by the database: rotated less than the grace window ago */
  in_grace: boolean;
}

/** Reads a refresh token row, locked, with whether its rotation is within the grace window. */
async function lockToken(
  trx: Knex.Transaction,
  config: Config,
  where: { token_hash: string } | { id: string },
): Promise<RotatableRow | undefined> {
  return trx('refresh_tokens')
    .where(where)
    .forUpdate()
    .first('*', trx.raw("coalesce(rotated_at > now() - (? * interval '1 second'), false) as in_grace", [refreshGraceSeconds(config)]));
}

/** The grace window (seconds) in which a rotated refresh token answers its successor again. */
export const refreshGraceSeconds = (config: Config): number =>
  Math.max(0, Number(config.refreshReuseGraceSeconds ?? REFRESH_REUSE_GRACE_SECONDS));
/** Default grace window: 30 s, as Auth0's reuse interval and Okta's grace period allow. */
export const REFRESH_REUSE_GRACE_SECONDS = 30;

/**
 * Exchanges a refresh token for a new one of the same family. The answer is computed inside
 * the transaction and the caller throws afterwards, so a family revocation is committed.
 * `expectedUserId`, when given (from the access token the client still holds), must match.
 */
export async function rotateRefreshToken(db: Db, config: Config, token: string, expectedUserId: string | null): Promise<RotateOutcome> {
  return db.transaction(async (trx) => {
    // the user's row first, then the session's, then the token's: the same order as a password
    // change (token version, sessions, then the refresh tokens) and a logout (session, then its
    // tokens), so a refresh and a change or logout never deadlock and the revocation sees the
    // successor a refresh just made (or the refresh sees the revocation)
    const owner = (await trx('refresh_tokens')
      .where({ token_hash: sha256(token) })
      .first('user_id', 'family')) as { user_id: string; family: string } | undefined;
    if (!owner) return { ok: false, reason: 'unknown' } as const;
    await trx('users').where({ id: owner.user_id }).forShare().first('id');
    const session = await lockSessionOfFamily(trx, owner.family, owner.user_id);
    // a session that ended (logout, password change…) no longer refreshes, whatever its tokens
    if (session.revoked_at) return { ok: false, reason: 'ended' } as const;
    const row = await lockToken(trx, config, { token_hash: sha256(token) });
    if (!row) return { ok: false, reason: 'unknown' } as const;
    if (row.revoked_at) {
      // presented again: the same successor within the grace window, else theft is assumed
      const successor = await graceSuccessor(trx, config, row, token, 0);
      if (successor && (!expectedUserId || expectedUserId === row.user_id))
        return { ok: true, userId: row.user_id, refreshToken: successor, sessionId: row.family, repeated: true } as const;
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
    const refreshToken = crypto.randomBytes(32).toString('base64url');
    const successorId = crypto.randomUUID();
    await trx('refresh_tokens').insert({
      id: successorId,
      user_id: row.user_id,
      token_hash: sha256(refreshToken),
      family: row.family,
      expires_at: new Date(Date.now() + config.refreshTokenTtlDays * 86_400_000),
    });
    await trx('refresh_tokens')
      .where({ id: row.id })
      .update({
        revoked_at: trx.fn.now(),
        rotated_at: trx.fn.now(),
        replaced_by: successorId,
        successor_sealed: seal(sealKey(config, token), refreshToken),
      });
    return { ok: true, userId: row.user_id, refreshToken, sessionId: row.family } as const;
  });
}

/**
 * The live successor of a token rotated within the grace window, or null. Follows the chain when
 * the successor was itself rotated within its window (a few hops at most); a successor revoked
 * otherwise (logout, password change, family revoked) ends it.
 */
async function graceSuccessor(
  trx: Knex.Transaction,
  config: Config,
  row: RotatableRow,
  token: string,
  hops: number,
): Promise<string | null> {
  if (!row.in_grace || !row.replaced_by || !row.successor_sealed || hops > 3) return null;
  const successor = unseal(sealKey(config, token), row.successor_sealed);
  if (!successor) return null;
  const next = await lockToken(trx, config, { id: row.replaced_by });
  if (!next || next.token_hash !== sha256(successor) || next.family !== row.family) return null;
  if (next.revoked_at) return graceSuccessor(trx, config, next, successor, hops + 1);
  return new Date(next.expires_at).getTime() > Date.now() ? successor : null;
}

/**
 * The successor is stored sealed (AES-256-GCM) under a key derived from the rotated token and
 * the server secret: only the holder of the rotated token can have it answered again, and the
 * table alone (token hashes) gives nothing.
 */
function sealKey(config: Config, token: string): Buffer {
  return crypto.createHmac('sha256', config.accessTokenSecret).update(`refresh-successor\n${token}`).digest();
}

function seal(key: Buffer, text: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function unseal(key: Buffer, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * Ends every access token the user holds: the token version goes up, so tokens carrying an older
 * `tv` are refused. Answers the new version. endUserSessions does this and the rest.
 */
export async function bumpTokenVersion(trx: Conn, userId: string): Promise<number> {
  const [row] = (await trx('users').where({ id: userId }).increment('token_version', 1).returning(['token_version'])) as Array<{
    token_version: number;
  }>;
  return Number(row?.token_version ?? 0);
}

/**
 * Ends every session of the user (password change or reset, deactivation, delete), inside the
 * caller's transaction, in the lock order of rotateRefreshToken: the token version goes up (every
 * access token issued before is refused), every session is marked ended and every refresh token
 * revoked. Answers the new version; after the commit, call sessionsRevoked.
 */
export async function endUserSessions(trx: Knex.Transaction, userId: string): Promise<number> {
  const version = await bumpTokenVersion(trx, userId);
  await revokeUserSessions(trx, userId);
  await revokeAllRefreshTokens(trx, userId);
  return version;
}

/**
 * After the change is committed: this node refuses the old tokens at once and the bus tells every
 * node (this one included) to close the user's sockets that still carry an old token.
 */
export async function sessionsRevoked(app: { db: Db; bus?: Bus }, user: UserRow): Promise<void> {
  const version = Number((user as UserRow & { token_version?: number }).token_version ?? 0);
  noteTokenVersion(app.db, user.id, version);
  if (app.bus) await publishSessionsRevoked(app.bus, { userId: user.id, version });
}

/** A session that a logout ended: whose it was, and the user's token version (unchanged). */
export interface EndedSession {
  userId: string;
  sessionId: string;
  version: number;
}

/**
 * Logout: ends the session the refresh token belongs to (any token of its family, also one already
 * rotated): the session is marked ended and all its refresh tokens revoked, in one transaction
 * (session, then tokens: the lock order of rotateRefreshToken). Null for an unknown token. After
 * the commit, call sessionEnded.
 */
export async function endSessionOfRefreshToken(db: Db, token: string): Promise<EndedSession | null> {
  return db.transaction(async (trx) => {
    const row = (await trx('refresh_tokens')
      .where({ token_hash: sha256(token) })
      .first('user_id', 'family')) as { user_id: string; family: string } | undefined;
    if (!row) return null;
    await revokeSession(trx, row.family, row.user_id);
    await revokeFamily(trx, row.family);
    const user = (await trx('users').where({ id: row.user_id }).first('token_version')) as { token_version?: number } | undefined;
    return { userId: row.user_id, sessionId: row.family, version: Number(user?.token_version ?? 0) };
  });
}

/**
 * After a logout is committed: this node refuses the session's tokens at once and the bus tells
 * every node (this one included) to refuse them and close the sockets that carry them.
 */
export async function sessionEnded(app: { db: Db; bus?: Bus }, ended: EndedSession): Promise<void> {
  noteSessionEnded(app.db, ended.sessionId, ended.userId);
  if (app.bus) await publishSessionsRevoked(app.bus, ended);
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
