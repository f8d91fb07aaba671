import type { Request, Server, ServerApplicationState } from '@hapi/hapi';
import type { Redis } from 'ioredis';
import { MESSAGES } from '../../shared/messages';
import type { Budget } from './limits';
import { clientAddress } from './client-ip';
import { createRateLimiter, openRedis, tooManyRequests, type RateLimiter } from './ratelimit';

/**
 * Rate budgets against floods (docs/security.md "Abuse limits"; values in core/limits.ts):
 *
 *  - per socket, on this node (a socket lives on one node): every frame (`frame`, counted
 *    synchronously by the hub's frame guard), and commands, chat messages and comments (`hub`);
 *  - per user — the actor's uid, so a user's sockets, tabs, HTTP calls and nodes share one
 *    budget — for commands, chat and comments (`hub` and `user`), and per user or client
 *    address for client logs (`logs`). These count in Redis when REDIS_URL is set (shared by
 *    every node; an in-memory insurance limiter takes over while Redis fails), else in memory.
 *
 * Over a budget: a 429 Boom with Retry-After ("You are sending too fast…"): in the HTTP error
 * envelope, and as the hub method's answer (the board client retries a 429 later; it does not
 * drop the command). The platform's own nodes share one instance per server (`installAbuse`).
 */
export type AbuseKind = 'commands' | 'chat' | 'comments';
export type FrameVerdict = 'ok' | 'over' | 'abusive';

export interface Abuse {
  /**
   * Counts one frame of `socket`: 'ok' within its frame budget, 'over' past it (answered 429), and
   * 'abusive' past twice the budget in one window (dropped unread).
   */
  frame(socket: object): FrameVerdict;
  /** Counts one hub action of `kind` by a socket and its user; throws the 429 when either is over. */
  hub(kind: AbuseKind, socketId: string, uid: string): Promise<void>;
  /** Counts one HTTP action of `kind` by a user; throws the 429 when over. */
  user(kind: AbuseKind, uid: string): Promise<void>;
  /** Counts one client log record of a user or client address (`logKey`); throws the 429 when over. */
  logs(key: string): Promise<void>;
  close(): Promise<void>;
}

const instances = new WeakMap<object, Abuse>();

/** The budgets of the server whose `app` this is (created by installAbuse; in memory if it was not). */
export function abuseOf(app: ServerApplicationState): Abuse {
  let abuse = instances.get(app);
  if (!abuse) {
    abuse = createAbuse(app, null);
    instances.set(app, abuse);
  }
  return abuse;
}

/** Creates the server's budgets (Redis when configured) and closes them when the server stops. */
export function installAbuse(server: Server): Abuse {
  const existing = instances.get(server.app);
  if (existing) return existing;
  const { config, logger } = server.app;
  let lastWarning = 0;
  const onError = (err: unknown) => {
    // one line per outage, not one per hit
    if (Date.now() - lastWarning < 10_000) return;
    lastWarning = Date.now();
    logger.warn({ err: (err as Error)?.message ?? err }, 'abuse limits: Redis unavailable, counting on this node');
  };
  const redis = config.redisUrl ? openRedis(config.redisUrl, onError) : null;
  const abuse = createAbuse(server.app, redis, onError);
  instances.set(server.app, abuse);
  server.ext('onPostStop', async () => {
    await abuse.close();
    redis?.disconnect();
  });
  return abuse;
}

/** The key of a client log's sender: the signed-in user, else the client address. */
export function logKey(request: Request, userId: string | null | undefined): string {
  return userId ? `u:${userId}` : `ip:${clientAddress(request)}`;
}

function createAbuse(app: ServerApplicationState, redis: Redis | null, onError?: (err: unknown) => void): Abuse {
  const limits = app.config.limits;
  const local = (prefix: string, budget: Budget) => createRateLimiter({ prefix, max: budget.points, windowMs: budget.windowMs });
  const shared = (prefix: string, budget: Budget) =>
    createRateLimiter({ prefix, max: budget.points, windowMs: budget.windowMs, redisPrefix: app.config.redisPrefix, ...(redis ? { redis, onError } : {}) });
  const perSocket: Record<AbuseKind, RateLimiter> = {
    commands: local('commands-socket', limits.commandsPerSocket),
    chat: local('chat-socket', limits.chat),
    comments: local('comments-socket', limits.comments),
  };
  const perUser: Record<AbuseKind, RateLimiter> = {
    commands: shared('commands-user', limits.commandsPerUser),
    chat: shared('chat-user', limits.chat),
    comments: shared('comments-user', limits.comments),
  };
  const logs = shared('logs', limits.logs);
  const all = [...Object.values(perSocket), ...Object.values(perUser), logs];

  const frames = new WeakMap<object, { count: number; resetAt: number }>();
  const charge = async (limiter: RateLimiter, key: string) => {
    const result = await limiter.hit(key);
    if (!result.allowed) throw tooManyRequests(result.resetMs, MESSAGES.tooManyRequests);
  };

  return {
    frame(socket) {
      const now = Date.now();
      let window = frames.get(socket);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + limits.hubFrames.windowMs };
        frames.set(socket, window);
      }
      const count = ++window.count;
      return count <= limits.hubFrames.points ? 'ok' : count <= 2 * limits.hubFrames.points ? 'over' : 'abusive';
    },
    async hub(kind, socketId, uid) {
      // the socket's own budget first: a flooding socket is refused without a Redis round trip
      await charge(perSocket[kind], socketId);
      await charge(perUser[kind], uid);
    },
    user: (kind, uid) => charge(perUser[kind], uid),
    logs: (key) => charge(logs, key),
    async close() {
      await Promise.all(all.map((l) => l.close()));
    },
  };
}
