import type { Plugin } from '@hapi/hapi';
import { createRateLimiter } from '../core/ratelimit';
import { registerGoogle } from './google';
import { accountRoutes, type AccountLimiters } from './routes';

/** Accounts: signup, login, token refresh and logout, password recovery and change, Google sign-in. */
export const accountsPlugin: Plugin<void> = {
  name: 'accounts',
  async register(server) {
    const { config } = server.app;
    const limiter = (prefix: string) => createRateLimiter({ ...config.rateLimit, prefix, redisUrl: config.redisUrl });
    const limiters: AccountLimiters = { login: limiter('login'), recovery: limiter('recovery'), reset: limiter('reset') };
    server.ext('onPostStop', async () => {
      await Promise.all(Object.values(limiters).map((l) => l.close()));
    });
    server.route(accountRoutes(limiters));
    await registerGoogle(server);
  },
};
