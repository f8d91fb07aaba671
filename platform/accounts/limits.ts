import crypto from 'node:crypto';
import Boom from '@hapi/boom';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config, LoginLimits } from '../config';
import { TOO_MANY_ATTEMPTS } from '../core/ratelimit';

/**
 * Login limits (docs/security.md, "Login, enumeration and passwords"). Counted in Redis when
 * REDIS_URL is set (every node shares them; rate-limiter-flexible, with an in-memory insurance
 * limiter while Redis is down), in memory otherwise.
 *
 *  - per client address: `ipFailures` failed logins per `ipWindowSec`, then the address is
 *    refused for `ipBlockSec` — a password spray over many usernames from one address stops;
 *  - per account and address: after `backoffAfter` consecutive failures each further attempt
 *    waits `backoffBaseSec` (30 s), then twice as long each time, up to `backoffMaxSec` (one
 *    address cannot hammer one account);
 *  - per account: `accountFailures` failures per `accountWindowSec` from all addresses (a
 *    distributed guess at one account);
 *  - everywhere: `globalFailures` per `globalWindowSec` (credential stuffing from many addresses).
 *
 * Every attempt is counted before the password is checked (so parallel attempts cannot slip
 * past) and a successful one is given back: only failures accumulate.
 *
 * Devices that signed in to the account before carry a device cookie (HMAC-signed, bound to the
 * account). Such a device is exempt from the per-address, per-account and global limits — an
 * attacker hammering the account cannot lock its owner out — and has its own budget of
 * `deviceFailures` per `deviceWindowSec`, after which it counts as an unknown device. An owner
 * on a brand-new device during an attack on the account can still get in through a recovery
 * link (the reset route has its own limits), which also marks that device as trusted.
 */
export interface LoginAttempt {
  ip: string;
  /** the normalised username */
  account: string;
  /** the device id of a valid device cookie for this account, or null */
  device: string | null;
}

export interface LoginLimiter {
  /** Counts an attempt; throws the 429 envelope (with Retry-After) when a limit refuses it. */
  begin(attempt: LoginAttempt): Promise<void>;
  /** The attempt proved the password: give back what it counted, end the backoff. */
  succeeded(attempt: LoginAttempt): Promise<void>;
  /** The attempt failed: one more consecutive failure (the backoff may start). */
  failed(attempt: LoginAttempt): Promise<void>;
  close(): Promise<void>;
}

/** where the limits count: Redis (keys `{prefix}login:…`, prefix REDIS_PREFIX, default 'tabula:') or memory */
type Store = { redis?: Redis; prefix?: string };

function limiter(store: Store, keyPrefix: string, points: number, duration: number, blockDuration = 0): RateLimiterAbstract {
  const options = { keyPrefix: `${store.prefix ?? 'tabula:'}login:${keyPrefix}`, points, duration, blockDuration };
  if (!store.redis) return new RateLimiterMemory(options);
  return new RateLimiterRedis({
    ...options,
    storeClient: store.redis,
    useRedisPackage: false,
    insuranceLimiter: new RateLimiterMemory(options),
  });
}

const hashKey = (value: string) => crypto.createHash('sha256').update(value).digest('hex').slice(0, 32);

function tooMany(msBeforeNext: number): Boom.Boom {
  const error = Boom.tooManyRequests(TOO_MANY_ATTEMPTS);
  error.output.headers['Retry-After'] = String(Math.max(1, Math.ceil(msBeforeNext / 1000)));
  return error;
}

/** rate-limiter-flexible rejects with a RateLimiterRes when over the limit, with an Error when the store failed. */
async function take(l: RateLimiterAbstract, key: string): Promise<RateLimiterRes | null> {
  try {
    await l.consume(key);
    return null;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return rejection;
    return null; // the store failed even with its insurance: fail open, never a 500
  }
}

const quietly = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    () => undefined,
  );

export function createLoginLimiter(limits: LoginLimits, store: Store): LoginLimiter {
  const byIp = limiter(store, 'ip', limits.ipFailures, limits.ipWindowSec, limits.ipBlockSec);
  const byAccount = limiter(store, 'account', limits.accountFailures, limits.accountWindowSec);
  const global = limiter(store, 'global', limits.globalFailures, limits.globalWindowSec);
  const byDevice = limiter(store, 'device', limits.deviceFailures, limits.deviceWindowSec);
  // consecutive failures of one account from one address (a day at most), and the backoff block itself
  const consecutive = limiter(store, 'consecutive', 1_000_000, 86_400);
  const backoff = limiter(store, 'backoff', 1, limits.backoffMaxSec);

  const accountKey = (a: LoginAttempt) => hashKey(a.account);
  const pairKey = (a: LoginAttempt) => hashKey(`${a.account}|${a.ip}`);
  /** whether this attempt runs under its device's budget (decided in begin) */
  const trusted = new WeakSet<LoginAttempt>();

  return {
    async begin(attempt) {
      if (attempt.device) {
        const over = await take(byDevice, attempt.device);
        if (!over) {
          trusted.add(attempt);
          return;
        }
      }
      const blocked = await backoff.get(pairKey(attempt)).catch(() => null);
      if (blocked && blocked.consumedPoints > 1) throw tooMany(blocked.msBeforeNext);
      for (const [l, key] of [
        [byIp, attempt.ip],
        [byAccount, accountKey(attempt)],
        [global, 'all'],
      ] as const) {
        const over = await take(l, key);
        if (over) throw tooMany(over.msBeforeNext);
      }
    },
    async succeeded(attempt) {
      if (trusted.has(attempt)) {
        await quietly(byDevice.reward(attempt.device!, 1));
        return;
      }
      await Promise.all([
        quietly(byIp.reward(attempt.ip, 1)),
        quietly(byAccount.reward(accountKey(attempt), 1)),
        quietly(global.reward('all', 1)),
        quietly(consecutive.delete(pairKey(attempt))),
        quietly(backoff.delete(pairKey(attempt))),
      ]);
    },
    async failed(attempt) {
      if (trusted.has(attempt)) return;
      const res = await consecutive.consume(pairKey(attempt)).catch((r: unknown) => (r instanceof RateLimiterRes ? r : null));
      const n = res?.consumedPoints ?? 0;
      if (n >= limits.backoffAfter) {
        const seconds = Math.min(limits.backoffBaseSec * 2 ** (n - limits.backoffAfter), limits.backoffMaxSec);
        await quietly(backoff.block(pairKey(attempt), seconds));
      }
    },
    async close() {
      // the Redis connection belongs to the plugin; memory stores need nothing
    },
  };
}

/* ---------------- the device cookie ---------------- */

export const DEVICE_COOKIE = 'tabula-device';

/** A new device cookie value for an account: v1.{account key}.{device id}.{hmac}. */
export function issueDeviceCookie(config: Pick<Config, 'cookieSecret'>, account: string): string {
  const body = `v1.${hashKey(account)}.${crypto.randomBytes(16).toString('base64url')}`;
  return `${body}.${sign(config, body)}`;
}

/** The device id of a cookie value that is ours and belongs to `account`, else null. */
export function deviceOf(config: Pick<Config, 'cookieSecret'>, value: unknown, account: string): string | null {
  if (typeof value !== 'string' || value.length > 200) return null;
  const parts = value.split('.');
  if (parts.length !== 4 || parts[0] !== 'v1') return null;
  const body = parts.slice(0, 3).join('.');
  const expected = Buffer.from(sign(config, body));
  const given = Buffer.from(parts[3]!);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  if (parts[1] !== hashKey(account)) return null;
  return parts[2]!;
}

function sign(config: Pick<Config, 'cookieSecret'>, body: string): string {
  return crypto.createHmac('sha256', config.cookieSecret).update(`device|${body}`).digest('base64url');
}
