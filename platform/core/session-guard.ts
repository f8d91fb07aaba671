import type { Knex } from 'knex';

/**
 * Is an access token's session still alive? (docs/security.md "Sessions and tokens")
 *
 * Every access token of a registered user carries `tv`, the user's token version when it was
 * issued (a token without it counts as version 0). A password change or reset increments
 * users.token_version, so every token issued before it is refused: by the jwt strategy's
 * validate on every HTTP request, and on every hub call of an open socket (realtime/reauth.ts).
 *
 * The current version is read through a per-node cache of TOKEN_VERSION_CACHE_MS: the node that
 * changes it updates its cache at once, and the bus tells the other nodes (realtime/bus.ts
 * SESSIONS_TOPIC), so the cache only bounds how late a node hears of a change whose bus message
 * was lost (Redis down).
 */
export const TOKEN_VERSION_CACHE_MS = 5_000;

/** Answer to a token whose session was ended (password change or reset). Never says "expired". */
export const SESSION_REVOKED = 'Session revoked';
/** Answer to a token past its `exp` (the client refreshes and tries again). */
export const TOKEN_EXPIRED = 'Token expired';

/** The claims this module reads. */
export interface VersionedClaims {
  exp?: number;
  tv?: number;
}

type Conn = Knex | Knex.Transaction;

interface Entry {
  version: number;
  at: number;
}

interface Cache {
  entries: Map<string, Entry>;
  loading: Map<string, Promise<number>>;
}

const MAX_ENTRIES = 50_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** one cache per database handle (= per platform instance) */
const caches = new WeakMap<object, Cache>();

function cacheOf(db: Conn): Cache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { entries: new Map(), loading: new Map() };
    caches.set(db, cache);
  }
  return cache;
}

/** The version a token was issued with. */
export const tokenVersionOf = (claims: VersionedClaims): number => (typeof claims.tv === 'number' && Number.isInteger(claims.tv) ? claims.tv : 0);

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

/**
 * Why a registered user's token may no longer be used, or null when it may. `userId` is null for
 * a token that names no Tabula account (an app's participant): nothing to check.
 */
export async function revocationOf(db: Conn, userId: string | null, claims: VersionedClaims): Promise<string | null> {
  if (!userId) return null;
  const current = await currentTokenVersion(db, userId);
  return tokenVersionOf(claims) < current ? SESSION_REVOKED : null;
}
