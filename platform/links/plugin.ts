import type { Plugin } from '@hapi/hapi';
import { createRateLimiter } from '../core/ratelimit';
import { linkRoutes } from './routes';
import { PreviewCache } from './service';

/** The most previews one person asks for in a minute (a paste is one; the budget leaves room for a burst). */
export const PREVIEW_RATE = { max: 30, windowMs: 60_000 } as const;

/**
 * Links (issue 34 item 3): the link-preview proxy a pasted URL's card is filled from
 * (./service.ts). Its cache is this node's memory; its rate limit counts in Redis when REDIS_URL
 * is set, so every node shares one budget per person.
 */
export const linksPlugin: Plugin<void> = {
  name: 'links',
  dependencies: ['boards'],
  register(server) {
    const { config } = server.app;
    const limiter = createRateLimiter({
      ...PREVIEW_RATE,
      prefix: 'link-preview',
      redisPrefix: config.redisPrefix,
      redisUrl: config.redisUrl,
      onError: (err) => server.app.logger.warn({ err }, 'rate limit: Redis unavailable, counting on this node'),
    });
    server.ext('onPostStop', () => limiter.close());
    server.route(linkRoutes({ cache: new PreviewCache(), limiter }, (request) => request.server.app));
  },
};
