import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { HubEvent } from '../../shared/hub';
import type { CursorMove } from './cursor-batch';

/**
 * Board-wide fan-out. Domain services publish here (an accepted command, a renamed board,
 * a role change…); every node's hub receives every message and sends it to its own sockets
 * on that board. In one process this is an EventEmitter; with REDIS_URL the platform uses the
 * Redis bus (one connection publishes, another subscribes).
 */
export interface BoardMessage {
  event: HubEvent;
  data: unknown;
  /** deliver only to sockets of these user ids / guest uids */
  to?: string[];
  /** skip this connection id (the sender, when it already applied the change) */
  except?: string;
  /**
   * onCommand on a board in private mode: the creators of the shapes the command touches
   * (boards/visibility.ts), for the hub to filter it per member; never sent to a client
   */
  owners?: Readonly<Record<string, { uid: string; kind: string | null }>>;
  /**
   * a cursor batch (cursor-batch.ts): the hub sends each socket these moves but its own, as one
   * onEventReceived; `event` and `data` are ignored
   */
  cursors?: CursorMove[];
}

export interface Bus {
  publish(boardCode: string, message: BoardMessage): Promise<void>;
  subscribe(handler: (boardCode: string, message: BoardMessage) => void): () => void;
  /**
   * Called when the bus comes back after an outage (Redis restarted): messages published by
   * other nodes meanwhile are lost, so the hub catches its boards up from the database.
   */
  onResume(handler: () => void): () => void;
  /**
   * Readiness (GET /ready): 'off' for the in-process bus; 'ok' when the Redis bus's publishing
   * connection answers a PING and its subscriber listens on the channel. Rejects otherwise (within
   * a couple of seconds, even when Redis hangs).
   */
  ping(): Promise<'ok' | 'off'>;
  close(): Promise<void>;
}

/** The deployment's bus channel under its REDIS_PREFIX: 'tabula:board-bus' by default. */
export const busChannel = (redisPrefix: string): string => `${redisPrefix}board-bus`;

/** How long a readiness PING may take before Redis counts as unreachable. */
const PING_TIMEOUT_MS = 2_000;

export function createLocalBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(boardCode, message) {
      emitter.emit('message', boardCode, message);
    },
    subscribe(handler) {
      emitter.on('message', handler);
      return () => emitter.off('message', handler);
    },
    onResume() {
      return () => {};
    },
    async ping() {
      return 'off';
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export interface RedisBusOptions {
  /** one channel per deployment; nodes of the same deployment share it (default busChannel('tabula:')) */
  channel?: string;
  logger?: Logger;
  /**
   * told, for each message from another node, its age in seconds when this node delivers it to
   * the hub (the publisher's clock against this one's: the Redis fan-out latency; metrics)
   */
  onDelivered?: (seconds: number) => void;
}

interface Envelope {
  /** publishing node (first in the JSON: a node recognises its own messages by it) */
  n: string;
  /** when it was published (ms since the epoch, the publisher's clock); absent from older nodes */
  t?: number;
  /** board code */
  b: string;
  m: BoardMessage;
}

/**
 * The bus across nodes. A publish is delivered to this node's hub at once (no round trip), then
 * sent on the deployment's Redis channel; every other node's subscriber connection receives it
 * and hands it to its hub. Pub/sub is at-most-once: while Redis is down a publish still reaches
 * this node and the remote part is dropped (never blocking the command that caused it); when the
 * subscriber is back it resubscribes and `onResume` handlers catch up from the database.
 */
export interface RedisBus extends Bus {
  /** resolves once the subscriber listens on the channel and the publishing connection is up */
  ready(): Promise<void>;
}

export function createRedisBus(redisUrl: string, options: RedisBusOptions = {}): RedisBus {
  const channel = options.channel ?? busChannel('tabula:');
  const node = crypto.randomUUID();
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const logger = options.logger;
  const connectionOptions = {
    // a publish while Redis is unreachable fails at once instead of queueing behind a reconnect
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (times: number) => Math.min(100 * times, 2000),
    connectionName: `tabula-bus-${node.slice(0, 8)}`,
  };
  const pub = new Redis(redisUrl, connectionOptions);
  const sub = new Redis(redisUrl, { ...connectionOptions, enableOfflineQueue: true, autoResubscribe: false, maxRetriesPerRequest: null });
  let closed = false;
  let everReady = false;
  /** the subscriber listens on the channel now (false from a lost connection until it resubscribed) */
  let listening = false;
  const lastErrorAt = { pub: 0, sub: 0 };
  const onError = (which: 'pub' | 'sub') => (err: Error) => {
    // one line per outage, not one per retry
    if (Date.now() - lastErrorAt[which] > 10_000) logger?.warn({ err: err.message, connection: which }, 'redis bus connection error');
    lastErrorAt[which] = Date.now();
  };
  pub.on('error', onError('pub'));
  sub.on('error', onError('sub'));

  // this node's own publishes come back on the channel: recognised by their first bytes, not parsed
  const ownPrefix = JSON.stringify({ n: node }).slice(0, -1);
  sub.on('message', (ch: string, payload: string) => {
    if (ch !== channel || payload.startsWith(ownPrefix)) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      logger?.warn({ channel }, 'redis bus: unreadable message dropped');
      return;
    }
    if (envelope.n === node || typeof envelope.b !== 'string' || !envelope.m) return;
    if (options.onDelivered && typeof envelope.t === 'number') options.onDelivered((Date.now() - envelope.t) / 1000);
    local.emit('message', envelope.b, envelope.m);
  });
  /**
   * Subscribes on every (re)connection. A subscribe that fails while the connection stays up (a
   * Redis still starting, a timeout under load) is tried again every second; one that fails with
   * the connection is tried again by the next 'ready'.
   */
  const listen = () => {
    if (closed || sub.status !== 'ready') return;
    sub.subscribe(channel).then(
      () => {
        if (everReady) {
          logger?.info({ channel }, 'redis bus resumed');
          local.emit('resume');
        }
        everReady = true;
        listening = true;
        local.emit('subscribed');
      },
      (err: Error) => {
        onError('sub')(err);
        setTimeout(listen, 1000).unref();
      },
    );
  };
  sub.on('ready', listen);
  sub.on('close', () => {
    listening = false;
  });

  return {
    async publish(boardCode, message) {
      local.emit('message', boardCode, message);
      if (closed || pub.status !== 'ready') return;
      // not awaited: one connection keeps publishes in order, and a dying connection must not
      // hold up the command that caused the message
      pub.publish(channel, JSON.stringify({ n: node, t: Date.now(), b: boardCode, m: message } satisfies Envelope)).catch(onError('pub'));
    },
    subscribe(handler) {
      local.on('message', handler);
      return () => local.off('message', handler);
    },
    onResume(handler) {
      local.on('resume', handler);
      return () => local.off('resume', handler);
    },
    async ping() {
      if (closed) throw new Error('redis bus closed');
      if (!listening || sub.status !== 'ready') throw new Error('redis bus: the subscriber is not listening');
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('redis bus: PING timed out')), PING_TIMEOUT_MS);
        timer.unref();
      });
      try {
        await Promise.race([pub.ping(), timeout]);
      } finally {
        clearTimeout(timer);
      }
      return 'ok';
    },
    ready() {
      const subscribed = everReady ? Promise.resolve() : new Promise<void>((resolve) => local.once('subscribed', () => resolve()));
      const publishing = pub.status === 'ready' ? Promise.resolve() : new Promise<void>((resolve) => pub.once('ready', () => resolve()));
      return Promise.all([subscribed, publishing]).then(() => undefined);
    },
    async close() {
      if (closed) return;
      closed = true;
      local.removeAllListeners();
      await Promise.all([pub, sub].map((c) => (c.status === 'ready' ? c.quit().catch(() => c.disconnect()) : c.disconnect())));
    },
  };
}

/**
 * Account-wide messages ride the board bus under a code no board can have (board codes are
 * [A-Za-z0-9_-]): the hub has no room by that name and ignores them.
 */
export const SESSIONS_TOPIC = '!sessions';

/**
 * A user's sessions ended: with `sessionId`, that one session (logout): its tokens are refused;
 * without, all of them (password change or reset, deactivation, delete): their tokens below
 * `version` are refused. `version` is the user's current token version either way.
 */
export interface SessionsRevoked {
  userId: string;
  version: number;
  sessionId?: string;
}

/** Tells every node (this one at once) that a user's sessions ended. */
export function publishSessionsRevoked(bus: Bus, revoked: SessionsRevoked): Promise<void> {
  return bus.publish(SESSIONS_TOPIC, { event: 'onSessionsRevoked' as HubEvent, data: revoked });
}

/** Calls `handler` for every SessionsRevoked message, from this node or another. */
export function onSessionsRevoked(bus: Bus, handler: (revoked: SessionsRevoked) => void): () => void {
  return bus.subscribe((code, message) => {
    if (code !== SESSIONS_TOPIC) return;
    const data = message.data as Partial<SessionsRevoked> | null;
    if (data && typeof data.userId === 'string' && typeof data.version === 'number') {
      handler({ userId: data.userId, version: data.version, ...(typeof data.sessionId === 'string' ? { sessionId: data.sessionId } : {}) });
    }
  });
}
