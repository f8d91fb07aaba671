import type { Knex } from 'knex';

/**
 * Is an access token's session still alive? (docs/security.md "Sessions and tokens")
 *
 * Every access token of a registered user carries `tv`, the user's token version when it was
 * issued (a token without it counts as version 0), and `sid`, the session (sign-in) it belongs to
 * (table `sessions`; its id is the refresh-token family). A password change or reset, a
 * deactivation and an operator's delete increment users.token_version, so every token issued
 * before is refused; a logout sets sessions.revoked_at, so that one session's tokens are refused.
 * Both are checked by the jwt strategy's validate on every HTTP request, and on every hub call of
 * an open socket (realtime/reauth.ts). A token without `exp` is refused outright. A token without
 * `sid` (issued before sessions existed) is checked by its version only, until its `exp`.
 *
 * The current version and a session's liveness are read through a per-node cache of
 * TOKEN_VERSION_CACHE_MS: the node that changes them updates its cache at once, and the bus tells
 * the other nodes (realtime/bus.ts SESSIONS_TOPIC), so the cache only bounds how late a node hears
 * of a change whose bus message was lost (Redis down). An ended session never comes back.
 */
export const TOKEN_VERSION_CACHE_MS = 5_000;

/** Answer to a token whose session was ended (logout, password change or reset, deactivation, delete). Never says "expired". */
export const SESSION_REVOKED = 'Session revoked';
/** Answer to a token past its `exp` (the client refreshes and tries again). */
export const TOKEN_EXPIRED = 'Token expired';
/** Answer to a token signed by us but without `exp`: never accepted (no refresh either). */
export const TOKEN_WITHOUT_EXPIRY = 'Token without expiry';

/** The claims this module reads. */
export interface VersionedClaims {
  exp?: number;
  tv?: number;
  /** the session (sessions.id) the token was issued for */
  sid?: string;
}

type Conn = Knex | Knex.Transaction;

interface Entry {
  version: number;
  at: number;
}

/** What this node knows of a session: whose it is, and whether it ended (for good). */
interface SessionEntry {
  userId: string | null;
  ended: boolean;
  at: number;
}

interface Cache {
  entries: Map<string, Entry>;
  loading: Map<string, Promise<number>>;
  sessions: Map<string, SessionEntry>;
  sessionLoading: Map<string, Promise<SessionEntry>>;
}

const MAX_ENTRIES = 50_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** one cache per database handle (= per platform instance) */
const caches = new WeakMap<object, Cache>();

function cacheOf(db: Conn): Cache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { entries: new Map(), loading: new Map(), sessions: new Map(), sessionLoading: new Map() };
    caches.set(db, cache);
  }
  return cache;
}

/** The version a token was issued with. */
export const tokenVersionOf = (claims: VersionedClaims): number =>
  typeof claims.tv === 'number' && Number.isInteger(claims.tv) ? claims.tv : 0;

/** The user's current token version (0 for an unknown user), from the cache when fresh. */
export function currentTokenVersion(db: Conn, userId: string): number | Promise<number> {
  // users.id is a UUID: anything else names no account (and must not reach a uuid cast)
  if (!UUID.test(userId)) return 0;
  const cache = cacheOf(db);
  const hit = cache.entries.get(userId);
  if (hit && Date.now() - hit.at < TOKEN_VERSION_CACHE_MS) return hit.version;
  let loading = cache.loading.get(userId);
  if (!loading) {
    loading = (async () => {
      const row = (await db('users').where({ id: userId }).first('token_version')) as { token_version?: number } | undefined;
      const version = Number(row?.token_version ?? 0);
      noteTokenVersion(db, userId, version);
      return cacheOf(db).entries.get(userId)?.version ?? version;
    })().finally(() => cache.loading.delete(userId));
    cache.loading.set(userId, loading);
  }
  return loading;
}

/** Records a version this node learnt (its own change, or the bus); never goes back. */
export function noteTokenVersion(db: Conn, userId: string, version: number): void {
  const cache = cacheOf(db);
  const known = cache.entries.get(userId);
  if (cache.entries.size >= MAX_ENTRIES && !known) {
    const now = Date.now();
    for (const [id, entry] of cache.entries) if (now - entry.at >= TOKEN_VERSION_CACHE_MS) cache.entries.delete(id);
    if (cache.entries.size >= MAX_ENTRIES) cache.entries.clear();
  }
  cache.entries.set(userId, { version: Math.max(version, known?.version ?? 0), at: Date.now() });
}

/** Whether the token is past its `exp` (with the configured leeway, as the jwt strategy). */
export function isExpired(claims: VersionedClaims, leewaySeconds: number, nowMs = Date.now()): boolean {
  return typeof claims.exp === 'number' && claims.exp <= nowMs / 1000 - leewaySeconds;
}

/** Whether the token carries a usable `exp` (every token we issue does; one without is refused). */
export const hasExpiry = (claims: VersionedClaims): boolean => typeof claims.exp === 'number' && Number.isFinite(claims.exp);

/** The session a token names, when it names one. */
export const sessionIdOf = (claims: VersionedClaims): string | null => (typeof claims.sid === 'string' ? claims.sid : null);

/** What this node knows of a session, from the cache when fresh (an ended one stays ended). */
function sessionEntry(db: Conn, sessionId: string): SessionEntry | Promise<SessionEntry> {
  const cache = cacheOf(db);
  const hit = cache.sessions.get(sessionId);
  if (hit && (hit.ended || Date.now() - hit.at < TOKEN_VERSION_CACHE_MS)) return hit;
  let loading = cache.sessionLoading.get(sessionId);
  if (!loading) {
    loading = (async () => {
      const row = (await db('sessions').where({ id: sessionId }).first('user_id', 'revoked_at')) as
        { user_id: string; revoked_at: Date | null } | undefined;
      // a token names a session only once its row exists (sign-in, or the refresh that adopts an
      // older family): no row means the user was deleted with their sessions, so it ended
      noteSession(db, sessionId, row ? row.user_id : null, !row || row.revoked_at !== null);
      return cacheOf(db).sessions.get(sessionId)!;
    })().finally(() => cache.sessionLoading.delete(sessionId));
    cache.sessionLoading.set(sessionId, loading);
  }
  return loading;
}

/** Records what this node learnt of a session (a read, its own logout, the bus); an ended one never comes back. */
export function noteSession(db: Conn, sessionId: string, userId: string | null, ended: boolean): void {
  const cache = cacheOf(db);
  const known = cache.sessions.get(sessionId);
  if (cache.sessions.size >= MAX_ENTRIES && !known) {
    const now = Date.now();
    for (const [id, entry] of cache.sessions) if (now - entry.at >= TOKEN_VERSION_CACHE_MS) cache.sessions.delete(id);
    if (cache.sessions.size >= MAX_ENTRIES) cache.sessions.clear();
  }
  cache.sessions.set(sessionId, { userId: userId ?? known?.userId ?? null, ended: ended || !!known?.ended, at: Date.now() });
}

/** Records that a session ended (this node's logout, or the bus): its tokens are refused at once. */
export function noteSessionEnded(db: Conn, sessionId: string, userId: string | null = null): void {
  noteSession(db, sessionId, userId, true);
}

/**
 * Why a token may no longer be used, or null when it may. A token without `exp` never may.
 * `userId` is null for a token that names no Tabula account (an app's participant): nothing
 * more to check.
 */
export async function revocationOf(db: Conn, userId: string | null, claims: VersionedClaims): Promise<string | null> {
  if (!hasExpiry(claims)) return TOKEN_WITHOUT_EXPIRY;
  if (!userId) return null;
  const current = await currentTokenVersion(db, userId);
  if (tokenVersionOf(claims) < current) return SESSION_REVOKED;
  if (claims.sid === undefined) return null; // issued before sessions existed: lives until its exp
  const sessionId = sessionIdOf(claims);
  if (!sessionId || !UUID.test(sessionId)) return SESSION_REVOKED;
  const session = await sessionEntry(db, sessionId);
  return session.ended || session.userId !== userId ? SESSION_REVOKED : null;
}
