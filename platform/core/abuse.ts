import type Boom from '@hapi/boom';
import type { Request, Server, ServerApplicationState } from '@hapi/hapi';
import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import { MESSAGES } from '../../shared/messages';
import type { Budget } from './limits';
import { clientAddress } from './client-ip';
import { createConcurrencyCap, createRateLimiter, openRedis, tooManyRequests, type RateLimiter } from './ratelimit';

/**
 * Rate budgets against floods (docs/security.md "Abuse limits"; values in core/limits.ts):
 *
 *  - per socket, on this node (a socket lives on one node): every frame (`frame`, counted
 *    synchronously by the hub's frame guard), and commands, chat messages and comments (`hub`);
 *  - per user — the actor's uid, so a user's sockets, tabs, HTTP calls and nodes share one
 *    budget — for commands, chat and comments (`hub` and `user`), and per user or client
 *    address for client logs (`logs`);
 *  - per client address (core/client-ip.ts: behind TRUSTED_PROXIES): guests' commands whatever
 *    uids they use (`hub` and `user` with `address`), hub websockets opened (`openSocket`, before
 *    the upgrade is read) and hub websockets open at once (`openSocket`, core/ratelimit.ts createConcurrencyCap);
 *  - per board: commands from everyone on it (`hub` and `user` with `board`).
 *
 * The shared budgets count in Redis when REDIS_URL is set (shared by every node; an in-memory
 * insurance limiter takes over while Redis fails), else in memory. A command is charged to its
 * budgets in turn (socket, user, address, board) and stops at the first one over: a flood
 * refused by its own budgets does not spend its board's.
 *
 * Over a budget: a 429 Boom with Retry-After ("You are sending too fast…"): in the HTTP error
 * envelope, and as the hub method's answer (the board client retries a 429 later; it does not
 * drop the command). The platform's own nodes share one instance per server (`installAbuse`).
 */
export type AbuseKind = 'commands' | 'chat' | 'comments';
export type FrameVerdict = 'ok' | 'over' | 'abusive';

/** What else a command is charged to: the client address of a guest (none for a token holder) and its board. */
export interface ChargeTo {
  /** set for guests only: their address budget (LIMIT_GUEST_COMMANDS_ADDRESS) */
  address?: string | null;
  /** the board's budget (LIMIT_COMMANDS_BOARD) */
  board?: string;
}

/** A hub websocket from an address: refused (a 429 with Retry-After), or admitted until `release`. */
export type SocketAdmission = { refused: Boom.Boom } | { release(): void };

export interface Abuse {
  /**
   * Counts one frame of `socket`: 'ok' within its frame budget, 'over' past it (answered 429), and
   * 'abusive' past twice the budget in one window (dropped unread).
   */
  frame(socket: object): FrameVerdict;
  /** Counts one hub action of `kind` by a socket and its user (and a command's address and board); throws the 429 when one is over. */
  hub(kind: AbuseKind, socketId: string, uid: string, to?: ChargeTo): Promise<void>;
  /** Counts one HTTP action of `kind` by a user (and a command's address and board); throws the 429 when one is over. */
  user(kind: AbuseKind, uid: string, to?: ChargeTo): Promise<void>;
  /** Counts a hub websocket opening from `address` and holds one of its open sockets (released when it closes). */
  openSocket(address: string): Promise<SocketAdmission>;
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
    createRateLimiter({
      prefix,
      max: budget.points,
      windowMs: budget.windowMs,
      redisPrefix: app.config.redisPrefix,
      ...(redis ? { redis, onError } : {}),
    });
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
  const guestCommandsPerAddress = shared('commands-address', limits.guestCommandsPerAddress);
  const commandsPerBoard = shared('commands-board', limits.commandsPerBoard);
  const opens = shared('hub-opens-address', limits.hubOpensPerAddress);
  const openSockets = createConcurrencyCap({
    prefix: 'hub-sockets-address',
    max: limits.hubSocketsPerAddress,
    redisPrefix: app.config.redisPrefix,
    ...(redis ? { redis, onError } : {}),
  });
  const all = [...Object.values(perSocket), ...Object.values(perUser), logs, guestCommandsPerAddress, commandsPerBoard, opens];

  const frames = new WeakMap<object, { count: number; resetAt: number }>();
  const charge = async (limiter: RateLimiter, key: string) => {
    const result = await limiter.hit(key);
    if (!result.allowed) throw tooManyRequests(result.resetMs, MESSAGES.tooManyRequests);
  };
  /** a command's address and board budgets, after its user's */
  const chargeCommand = async (kind: AbuseKind, to: ChargeTo | undefined) => {
    if (kind !== 'commands' || !to) return;
    if (to.address) await charge(guestCommandsPerAddress, to.address);
    if (to.board) await charge(commandsPerBoard, to.board);
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
    async hub(kind, socketId, uid, to) {
      // the socket's own budget first: a flooding socket is refused without a Redis round trip
      await charge(perSocket[kind], socketId);
      await charge(perUser[kind], uid);
      await chargeCommand(kind, to);
    },
    async user(kind, uid, to) {
      await charge(perUser[kind], uid);
      await chargeCommand(kind, to);
    },
    logs: (key) => charge(logs, key),
    async openSocket(address) {
      const opened = await opens.hit(address);
      if (!opened.allowed) return { refused: tooManyRequests(opened.resetMs, MESSAGES.tooManyRequests) };
      const held = await openSockets.hold(address, crypto.randomUUID());
      // a socket closes within a heartbeat or so: try again in a few seconds
      if (!held) return { refused: tooManyRequests(10_000, MESSAGES.tooManyRequests) };
      return held;
    },
    async close() {
      await Promise.all(all.map((l) => l.close()));
      await openSockets.close();
    },
  };
}
