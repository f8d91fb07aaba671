import Boom from '@hapi/boom';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Fixed-window rate limits on rate-limiter-flexible, reusable by every domain: `hit(key)` counts
 * one attempt and says whether it is still within `max` attempts per `windowMs`.
 *
 *  - Without Redis: a RateLimiterMemory on this node.
 *  - With Redis (a URL, or a connection shared with others): a RateLimiterRedis, so every node
 *    counts in the same window (one atomic Lua INCR + expiry per hit). When Redis fails — down,
 *    not ready yet, or slower than the command timeout — the hit is counted by an in-memory
 *    insurance limiter on this node instead (fails open to a per-node limit, never a 500), and
 *    `onError` is told. Redis windows are whole seconds (rate-limiter-flexible's expiry), so a
 *    window under a second is rounded up to one there.
 *  - Once a key is over its limit, the Redis limiter remembers that on this node until the window
 *    ends (`inMemoryBlockOnConsumed`): a flood costs no Redis round trip per refused attempt.
 */
export interface RateLimitResult {
  allowed: boolean;
  count: number;
  /** milliseconds until the window resets */
  resetMs: number;
}

export interface RateLimiter {
  hit(key: string): Promise<RateLimitResult>;
  /** forgets a key (e.g. tests, or an operator unlocking someone) */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export interface RateLimitOptions {
  max: number;
  windowMs: number;
  /** namespace of the keys, e.g. 'login' */
  prefix: string;
  /** REDIS_PREFIX: the deployment's prefix of every Redis key (default 'tabula:'); keys are `{redisPrefix}rl:{prefix}:{key}` */
  redisPrefix?: string;
  /** count in Redis: a URL (the limiter opens and closes its own connection) … */
  redisUrl?: string;
  /** … or a connection shared with others (left open by close()) */
  redis?: Redis;
  /** told when Redis fails; the limiter then counts in memory on this node (fails open, never a 500) */
  onError?: (err: unknown) => void;
}

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a minute and try again.';

export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  if (options.redis) return redisLimiter(options, options.redis, false);
  if (options.redisUrl) return redisLimiter(options, openRedis(options.redisUrl, options.onError), true);
  return memoryLimiter(options);
}

/**
 * A Redis connection suited to rate limiting: a command fails within a second when Redis hangs
 * or is unreachable, so the insurance limiter takes over instead of holding up the request.
 */
export function openRedis(url: string, onError?: (err: unknown) => void): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 1000,
    retryStrategy: (times: number) => Math.min(200 * times, 5000),
    connectionName: 'tabula-ratelimit',
  });
  redis.on('error', (err) => onError?.(err));
  return redis;
}

/** The envelope's 429 with Retry-After (seconds, at least 1). */
export function tooManyRequests(resetMs: number, message = TOO_MANY_ATTEMPTS): Boom.Boom {
  const error = Boom.tooManyRequests(message);
  error.output.headers['Retry-After'] = String(Math.max(1, Math.ceil(resetMs / 1000)));
  return error;
}

/** Counts an attempt and throws the envelope's 429 (with Retry-After) when the key is over its limit. */
export async function enforceRateLimit(limiter: RateLimiter, key: string, message = TOO_MANY_ATTEMPTS): Promise<void> {
  const result = await limiter.hit(key);
  if (!result.allowed) throw tooManyRequests(result.resetMs, message);
}

const resultOf = (res: RateLimiterRes, allowed: boolean): RateLimitResult => ({
  allowed,
  count: res.consumedPoints,
  resetMs: Math.max(0, res.msBeforeNext),
});

/** consume() resolves within the limit and rejects with a RateLimiterRes over it (anything else is a store error). */
async function consume(limiter: RateLimiterMemory | RateLimiterRedis, key: string): Promise<RateLimitResult> {
  try {
    return resultOf(await limiter.consume(key, 1), true);
  } catch (res) {
    if (res instanceof RateLimiterRes) return resultOf(res, false);
    throw res;
  }
}

const keyPrefixOf = ({ redisPrefix, prefix }: RateLimitOptions): string => `${redisPrefix ?? 'tabula:'}rl:${prefix}`;

function memoryStore(options: RateLimitOptions): RateLimiterMemory {
  return new RateLimiterMemory({ keyPrefix: keyPrefixOf(options), points: options.max, duration: options.windowMs / 1000 });
}

function memoryLimiter(options: RateLimitOptions): RateLimiter {
  let store = memoryStore(options);
  return {
    hit: (key) => consume(store, key),
    async reset(key) {
      await store.delete(key);
    },
    async close() {
      // forget every window (the store's timers are unref'd)
      store = memoryStore(options);
    },
  };
}

function redisLimiter(options: RateLimitOptions, redis: Redis, ownsConnection: boolean): RateLimiter {
  const { max, windowMs } = options;
  const insurance = memoryLimiter(options);
  const store = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: keyPrefixOf(options),
    points: max,
    duration: Math.max(1, Math.ceil(windowMs / 1000)),
    // a key over its limit is refused on this node without asking Redis until its window ends
    inMemoryBlockOnConsumed: max + 1,
  });
  // before the connection was first up, a hit waits for it (a node starting); once it has been up,
  // a hit while it is down goes straight to the insurance limiter (the outage is logged by the
  // connection's 'error' events, not once per hit)
  let everReady = redis.status === 'ready';
  redis.on('ready', () => {
    everReady = true;
  });
  return {
    async hit(key) {
      if (everReady && redis.status !== 'ready') return insurance.hit(key);
      try {
        return await consume(store, key);
      } catch (err) {
        options.onError?.(err);
        return insurance.hit(key);
      }
    },
    async reset(key) {
      await insurance.reset(key);
      await store.delete(key).catch((err: unknown) => options.onError?.(err));
    },
    async close() {
      await insurance.close();
      if (ownsConnection) redis.disconnect();
    },
  };
}

/* ---------------- how many of something are open at once (per key, on every node) ---------------- */

/** A cap on things open at once per key: `hold` one (null when the key is at the cap) and release it when done. */
export interface ConcurrencyCap {
  hold(key: string, id: string): Promise<{ release(): void } | null>;
  close(): Promise<void>;
}

export interface ConcurrencyCapOptions {
  prefix: string;
  max: number;
  redisPrefix?: string;
  /** count on every node through Redis (a sorted set per key: member = what is held, score = its lease's end) */
  redis?: Redis;
  onError?: (err: unknown) => void;
}

/** How long a hold lives in Redis without its node renewing it (a node that died releases nothing). */
export const HOLD_LEASE_MS = 90_000;
const RENEW_EVERY_MS = 30_000;

/** Drops expired holds, then adds this one when under the cap: -1 when held, else the count. */
const HOLD_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local n = redis.call('ZCARD', KEYS[1])
if n >= tonumber(ARGV[4]) then return n end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return -1`;

/**
 * Things open at once per key (the hub's sockets per client address). Without Redis: counted on
 * this node. With Redis: a sorted set per key shared by every node, each hold a lease this node
 * renews every RENEW_EVERY_MS while it is held (so a node that dies releases its holds within
 * HOLD_LEASE_MS, and one that stops gives them back as it closes); while Redis fails, holds are
 * counted on this node (fails open to a per-node cap).
 */
export function createConcurrencyCap(options: ConcurrencyCapOptions): ConcurrencyCap {
  const local = new Map<string, Set<string>>();
  const holdLocally = (key: string, id: string) => {
    let held = local.get(key);
    if (!held) local.set(key, (held = new Set()));
    if (held.size >= options.max) return null;
    held.add(id);
    return {
      release() {
        held.delete(id);
        if (!held.size && local.get(key) === held) local.delete(key);
      },
    };
  };
  const redis = options.redis;
  if (!redis) return { hold: async (key, id) => holdLocally(key, id), close: async () => local.clear() };

  const keyOf = (key: string) => `${options.redisPrefix ?? 'tabula:'}cap:${options.prefix}:${key}`;
  /** this node's holds in Redis, renewed while held */
  const leases = new Map<string, { key: string; id: string }>();
  const releasing = new Set<Promise<void>>();
  const renew = setInterval(() => {
    if (!leases.size || redis.status !== 'ready') return;
    const until = Date.now() + HOLD_LEASE_MS;
    const pipeline = redis.pipeline();
    for (const { key, id } of leases.values()) pipeline.zadd(keyOf(key), 'XX', until, id).pexpire(keyOf(key), HOLD_LEASE_MS);
    pipeline.exec().catch((err: unknown) => options.onError?.(err));
  }, RENEW_EVERY_MS);
  renew.unref();
  return {
    async hold(key, id) {
      if (redis.status !== 'ready') return holdLocally(key, id);
      let count: number;
      try {
        const now = Date.now();
        count = Number(await redis.eval(HOLD_SCRIPT, 1, keyOf(key), now, now + HOLD_LEASE_MS, id, options.max, HOLD_LEASE_MS));
      } catch (err) {
        options.onError?.(err);
        return holdLocally(key, id);
      }
      if (count !== -1) return null;
      const lease = `${key}\n${id}`;
      leases.set(lease, { key, id });
      return {
        release() {
          if (!leases.delete(lease)) return;
          const removed = redis.zrem(keyOf(key), id).then(
            () => undefined,
            (err: unknown) => options.onError?.(err),
          );
          releasing.add(removed);
          void removed.finally(() => releasing.delete(removed));
        },
      };
    },
    async close() {
      clearInterval(renew);
      // give back what is still held, and wait for the releases under way, before the connection closes
      const pipeline = redis.pipeline();
      for (const { key, id } of leases.values()) pipeline.zrem(keyOf(key), id);
      leases.clear();
      local.clear();
      await Promise.all([pipeline.exec().catch((err: unknown) => options.onError?.(err)), ...releasing]);
    },
  };
}
