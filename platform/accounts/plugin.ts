import type { Plugin } from '@hapi/hapi';
import { exposeApi } from '../core/plugin-api';
import * as api from './api';
import { trustOf } from '../core/client-ip';
import { createRateLimiter, openRedis } from '../core/ratelimit';
import { registerGoogle } from './google';
import { createLoginLimiter, DEVICE_COOKIE } from './limits';
import { accountRoutes, type AccountLimiters } from './routes';

declare module '@hapi/hapi' {
  interface PluginProperties {
    accounts: typeof api;
  }
}

/** Accounts: signup, login, token refresh and logout, password recovery and change, Google sign-in. */
export const accountsPlugin: Plugin<void> = {
  name: 'accounts',
  dependencies: ['admin', 'billing', 'boards', 'mail', 'realtime', 'users'],
  async register(server) {
    exposeApi(server, api);
    const { config } = server.app;
    const onError = (err: unknown) => server.app.logger.warn({ err }, 'rate limit: Redis unavailable, counting on this node');
    // one Redis connection for the three limiters when REDIS_URL is set
    const redis = config.redisUrl ? openRedis(config.redisUrl, onError) : undefined;
    const limiter = (prefix: string) => createRateLimiter({ ...config.rateLimit, prefix, redisPrefix: config.redisPrefix, redis, onError });
    trustOf(config.trustedProxies); // a malformed TRUSTED_PROXIES stops the start, not a request
    const limiters: AccountLimiters = {
      login: createLoginLimiter(config.loginLimits, { redis, prefix: config.redisPrefix }),
      // at most 3 "you already have an account" mails per address per hour (signup answers alike either way)
      signupMail: createRateLimiter({
        max: 3,
        windowMs: 3_600_000,
        prefix: 'signup-mail',
        redisPrefix: config.redisPrefix,
        redis,
        onError,
      }),
      recovery: limiter('recovery'),
      reset: limiter('reset'),
    };
    // the device cookie (limits.ts): sent only to the accounts routes, never readable by scripts
    server.state(DEVICE_COOKIE, {
      ttl: config.loginLimits.deviceCookieDays * 86_400_000,
      path: '/api/accounts',
      isHttpOnly: true,
      isSecure: config.publicUrl.startsWith('https:'),
      isSameSite: 'Strict',
      encoding: 'none',
      strictHeader: true,
      ignoreErrors: true,
      clearInvalid: false,
    });
    server.ext('onPostStop', async () => {
      await Promise.all(Object.values(limiters).map((l) => l.close()));
      redis?.disconnect();
    });
    server.route(accountRoutes(limiters));
    await registerGoogle(server);
  },
};
