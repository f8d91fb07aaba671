import type { Plugin } from '@hapi/hapi';
import { createRateLimiter, openRedis } from '../core/ratelimit';
import { registerGoogle } from './google';
import { accountRoutes, type AccountLimiters } from './routes';

/** Accounts: signup, login, token refresh and logout, password recovery and change, Google sign-in. */
export const accountsPlugin: Plugin<void> = {
  name: 'accounts',
  async register(server) {
    const { config } = server.app;
    const onError = (err: unknown) => server.app.logger.warn({ err }, 'rate limit: Redis unavailable, counting on this node');
    // one Redis connection for the three limiters when REDIS_URL is set
    const redis = config.redisUrl ? openRedis(config.redisUrl, onError) : undefined;
    const limiter = (prefix: string) => createRateLimiter({ ...config.rateLimit, prefix, redis, onError });
    const limiters: AccountLimiters = { login: limiter('login'), recovery: limiter('recovery'), reset: limiter('reset') };
    server.ext('onPostStop', async () => {
      await Promise.all(Object.values(limiters).map((l) => l.close()));
      redis?.disconnect();
    });
    server.route(accountRoutes(limiters));
    await registerGoogle(server);
  },
};
