import { createRequire } from 'node:module';
import net from 'node:net';
import type { Request, Server } from '@hapi/hapi';
import { requestActor } from '../core/actor';
import { logKey } from '../core/abuse';
import { clientAddress } from '../core/client-ip';
import { isPublicAddress } from '../core/outbound';
import { createRateLimiter, enforceRateLimit, openRedis, type RateLimiter } from '../core/ratelimit';

/**
 * Who sent a public form (feedback, contact): the key of the signed-in user or guest (never a
 * guest's secret), the client address (X-Forwarded-For only from TRUSTED_PROXIES), its country
 * from the offline geoip-country database (no network service is asked), and the user agent. The
 * database (country ranges only, ~15 MB in memory, ~70 ms to load) is loaded a second after the
 * node starts (`warmCountries`), off the path of any request; an address that is not public never
 * needs it. (geoip-lite, used before, loaded its city database too: ~130 MB and ~0.5 s of blocking
 * work, a stall of over a second when it came during a burst of traffic.)
 */
export interface Sender {
  userId: string | null;
  uid: string | null;
  ip: string | null;
  country: string | null;
  userAgent: string | null;
}

type GeoIp = { lookup(ip: string): { country?: string } | null };
let geoip: GeoIp | null = null;

const loadGeoip = (): GeoIp => (geoip ??= createRequire(import.meta.url)('geoip-country') as GeoIp);

/** The country code of an address ('US'), or null (private, loopback, unknown or malformed addresses). */
export function countryOf(ip: string | null): string | null {
  if (!ip || !net.isIP(ip) || !isPublicAddress(ip)) return null;
  return loadGeoip().lookup(ip)?.country?.slice(0, 8) || null;
}

/** Loads the country database `afterMs` from now, off the path of any request (the timer does not hold the process). */
export function warmCountries(afterMs = 1_000): void {
  setTimeout(loadGeoip, afterMs).unref();
}

export function senderOf(request: Request): Sender {
  const actor = requestActor(request);
  const ip = clientAddress(request).slice(0, 64) || null;
  return {
    userId: actor?.userId ?? null,
    uid: actor?.uid ?? null,
    ip,
    country: countryOf(ip),
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 400) || null,
  };
}

/** The public forms' budget: FORM_LIMIT sends per sender (user, else client address) per window. */
export const FORM_LIMIT = { max: 10, windowMs: 10 * 60_000 };

/** One limiter per form (sharing one Redis connection with REDIS_URL), closed when the server stops. */
export function formLimiters<K extends string>(server: Server, forms: readonly K[]): Record<K, RateLimiter> {
  const { config, logger } = server.app;
  const onError = (err: unknown) => logger.warn({ err }, 'rate limit: Redis unavailable, counting on this node');
  const redis = config.redisUrl ? openRedis(config.redisUrl, onError) : undefined;
  const limiters = Object.fromEntries(
    forms.map((prefix) => [prefix, createRateLimiter({ ...FORM_LIMIT, prefix, redisPrefix: config.redisPrefix, redis, onError })]),
  ) as Record<K, RateLimiter>;
  server.ext('onPostStop', async () => {
    await Promise.all(Object.values<RateLimiter>(limiters).map((l) => l.close()));
    redis?.disconnect();
  });
  return limiters;
}

/** A route `pre` counting one send of the asker against the limiter (429 with Retry-After when over). */
export const budgetOf = (limiter: RateLimiter) => ({
  method: async (request: Request) => {
    await enforceRateLimit(limiter, logKey(request, requestActor(request)?.userId));
    return null;
  },
});
