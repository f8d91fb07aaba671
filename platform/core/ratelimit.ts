import Boom from '@hapi/boom';
import { Redis } from 'ioredis';

/**
 * A tiny fixed-window rate limiter, reusable by every domain: `hit(key)` counts one attempt
 * and says whether it is still within `max` attempts per `windowMs`.
 * Memory store on a single node; with a Redis URL the count lives in Redis (INCR + PEXPIRE),
 * so every node shares the same window.
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

/** A Redis connection suited to rate limiting: commands fail within seconds when Redis is down. */
export function openRedis(url: string, onError?: (err: unknown) => void): Redis {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2000 });
  redis.on('error', (err) => onError?.(err));
  return redis;
}

/** Counts an attempt and throws the envelope's 429 when the key is over its limit. */
export async function enforceRateLimit(limiter: RateLimiter, key: string, message = TOO_MANY_ATTEMPTS): Promise<void> {
  const result = await limiter.hit(key);
  if (!result.allowed) {
    const error = Boom.tooManyRequests(message);
    error.output.headers['Retry-After'] = String(Math.max(1, Math.ceil(result.resetMs / 1000)));
    throw error;
  }
}

function memoryLimiter({ max, windowMs, prefix }: RateLimitOptions): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = 0;
  return {
    async hit(key) {
      const now = Date.now();
      if (now >= nextSweep) {
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
        nextSweep = now + windowMs;
      }
      const id = `${prefix}:${key}`;
      let window = windows.get(id);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + windowMs };
        windows.set(id, window);
      }
      window.count += 1;
      return { allowed: window.count <= max, count: window.count, resetMs: window.resetAt - now };
    },
    async reset(key) {
      windows.delete(`${prefix}:${key}`);
    },
    async close() {
      windows.clear();
    },
  };
}

function redisLimiter(options: RateLimitOptions, redis: Redis, ownsConnection: boolean): RateLimiter {
  const { max, windowMs, prefix } = options;
  const name = (key: string) => `tabula:ratelimit:${prefix}:${key}`;
  const fallback = memoryLimiter(options);
  return {
    async hit(key) {
      try {
        return await redisHit(name(key));
      } catch (err) {
        options.onError?.(err);
        return fallback.hit(key);
      }
    },
    async reset(key) {
      await fallback.reset(key);
      await redis.del(name(key));
    },
    async close() {
      await fallback.close();
      if (ownsConnection) redis.disconnect();
    },
  };

  async function redisHit(id: string): Promise<RateLimitResult> {
    // INCR, then PEXPIRE when the key has no expiry yet: the first attempt starts the window.
    // (Checking PTTL instead of relying on count === 1 also heals a key left without expiry.)
    const replies = (await redis.multi().incr(id).pttl(id).exec()) ?? [];
    const [[incrError, count], [ttlError, ttl]] = replies as Array<[Error | null, number]>;
    if (incrError || ttlError) throw incrError ?? ttlError;
    let resetMs = ttl;
    if (ttl < 0) {
      await redis.pexpire(id, windowMs);
      resetMs = windowMs;
    }
    return { allowed: count <= max, count, resetMs };
  }
}
