import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * Presence is not the document (ARCHITECTURE.md): who is online on a board, their cursors,
 * follow relations and the last attention call. Never written to the command log. Kept in
 * memory; with REDIS_URL mirrored into one Redis hash per board with a TTL, so every node lists
 * the members online on any node.
 */
export interface OnlineMember {
  uid: string;
  name: string;
  profileImage?: string | null;
  /* no e-mail (`username`): onUserJoined and the online list reach every member (boards/contact.ts) */
  role?: string | null;
  /** when this member joined (ms): the online list shows the latest first */
  timestamp: number;
  isOnline: true;
}

export interface Attention {
  uid: string;
  name: string;
  data: unknown;
  at: number;
}

export interface Presence {
  join(board: string, connectionId: string, member: OnlineMember): Promise<void>;
  /** removes a connection; `stillOnline` is false when it was the member's last on the board */
  leave(board: string, connectionId: string): Promise<{ uid: string | null; stillOnline: boolean }>;
  rename(board: string, uid: string, name: string): Promise<void>;
  /** distinct members, latest timestamp first, then name */
  online(board: string): Promise<OnlineMember[]>;
  /** keeps this node's connections alive in the shared store (heartbeat) */
  refresh(entries: Array<{ board: string; connectionId: string; member: OnlineMember }>): Promise<void>;
  setCursor(board: string, uid: string, cursor: unknown): Promise<void>;
  /** several members' latest cursors at once (a cursor batch: one write per flush) */
  setCursors(board: string, cursors: ReadonlyArray<readonly [uid: string, cursor: unknown]>): Promise<void>;
  cursors(board: string): Promise<Record<string, unknown>>;
  follow(board: string, follower: string, followee: string): Promise<void>;
  /** ends `follower`'s follow; answers whom it followed */
  unfollow(board: string, follower: string): Promise<string | null>;
  followeeOf(board: string, uid: string): Promise<string | null>;
  followersOf(board: string, uid: string): Promise<string[]>;
  setAttention(board: string, attention: Attention): Promise<void>;
  attention(board: string): Promise<Attention | null>;
  close(): Promise<void>;
}

/** Online list order (board.md §9): latest timestamp first, then name. */
export function byLatestThenName(a: OnlineMember, b: OnlineMember): number {
  return b.timestamp - a.timestamp || a.name.localeCompare(b.name);
}

/** One entry per uid (several tabs or nodes): the latest connection's row wins. */
function distinct(members: OnlineMember[]): OnlineMember[] {
  const byUid = new Map<string, OnlineMember>();
  for (const m of members) {
    const seen = byUid.get(m.uid);
    if (!seen || m.timestamp > seen.timestamp) byUid.set(m.uid, m);
  }
  return [...byUid.values()].sort(byLatestThenName);
}

interface BoardPresence {
  connections: Map<string, OnlineMember>;
  cursors: Map<string, unknown>;
  follows: Map<string, string>;
  attention: Attention | null;
}

export function createMemoryPresence(): Presence {
  const boards = new Map<string, BoardPresence>();
  const get = (board: string) => {
    let p = boards.get(board);
    if (!p) boards.set(board, (p = { connections: new Map(), cursors: new Map(), follows: new Map(), attention: null }));
    return p;
  };
  const forget = (p: BoardPresence, uid: string) => {
    p.cursors.delete(uid);
    p.follows.delete(uid);
    for (const [follower, followee] of p.follows) if (followee === uid) p.follows.delete(follower);
  };
  return {
    async join(board, connectionId, member) {
      get(board).connections.set(connectionId, member);
    },
    async leave(board, connectionId) {
      const p = boards.get(board);
      const member = p?.connections.get(connectionId);
      if (!p || !member) return { uid: null, stillOnline: false };
      p.connections.delete(connectionId);
      const stillOnline = [...p.connections.values()].some((m) => m.uid === member.uid);
      if (!stillOnline) forget(p, member.uid);
      if (p.connections.size === 0) boards.delete(board);
      return { uid: member.uid, stillOnline };
    },
    async rename(board, uid, name) {
      for (const m of boards.get(board)?.connections.values() ?? []) if (m.uid === uid) m.name = name;
    },
    async online(board) {
      return distinct([...(boards.get(board)?.connections.values() ?? [])]);
    },
    async refresh() {
      /* memory entries live as long as their connection */
    },
    async setCursor(board, uid, cursor) {
      get(board).cursors.set(uid, cursor);
    },
    async setCursors(board, cursors) {
      // a batch flushed after the board's last connection left does not bring the board back
      const p = boards.get(board);
      if (p) for (const [uid, cursor] of cursors) p.cursors.set(uid, cursor);
    },
    async cursors(board) {
      return Object.fromEntries(boards.get(board)?.cursors ?? []);
    },
    async follow(board, follower, followee) {
      get(board).follows.set(follower, followee);
    },
    async unfollow(board, follower) {
      const p = boards.get(board);
      const followee = p?.follows.get(follower) ?? null;
      p?.follows.delete(follower);
      return followee;
    },
    async followeeOf(board, uid) {
      return boards.get(board)?.follows.get(uid) ?? null;
    },
    async followersOf(board, uid) {
      return [...(boards.get(board)?.follows ?? [])].filter(([, followee]) => followee === uid).map(([follower]) => follower);
    },
    async setAttention(board, attention) {
      get(board).attention = attention;
    },
    async attention(board) {
      return boards.get(board)?.attention ?? null;
    },
    async close() {
      boards.clear();
    },
  };
}

/** How long a presence entry outlives its last refresh: past the ~120 s dead-connection window. */
export const PRESENCE_TTL_MS = 150_000;
/** How often a node refreshes its connections' entries. */
export const PRESENCE_REFRESH_MS = 30_000;

/**
 * Memory presence mirrored into Redis: hash `{prefix}presence:{board}` (prefix: REDIS_PREFIX,
 * default 'tabula:', so `tabula:presence:{board}`) with fields
 * `s:{connectionId}` (member + last seen), `c:{uid}` (cursor), `f:{follower}` (followee) and
 * `a` (attention); the key expires PRESENCE_TTL_MS after the last write and entries of a node
 * that died stop counting once their `seen` is older than that. Reads come from Redis; when
 * Redis is unreachable they fall back to this node's memory (and writes only log).
 */
export function createRedisPresence(
  redisUrl: string,
  options: { prefix?: string; logger?: Logger } = {},
): Presence & { ready(): Promise<void> } {
  const memory = createMemoryPresence();
  const prefix = options.prefix ?? 'tabula:';
  const key = (board: string) => `${prefix}presence:${board}`;
  const redis = new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (times: number) => Math.min(100 * times, 2000),
    connectionName: 'tabula-presence',
  });
  let lastErrorAt = 0;
  const logError = (err: unknown) => {
    if (Date.now() - lastErrorAt > 10_000)
      options.logger?.warn({ err: (err as Error).message }, 'redis presence unavailable; using this node only');
    lastErrorAt = Date.now();
  };
  redis.on('error', logError);
  /** runs a Redis write; failures only log (presence is best effort) */
  const write = async (fn: () => Promise<unknown>) => {
    if (redis.status !== 'ready') return;
    await fn().catch(logError);
  };
  /** a Redis read, or the memory answer when Redis cannot answer */
  const read = async <T>(fn: () => Promise<T>, fallback: () => Promise<T>): Promise<T> => {
    if (redis.status !== 'ready') return fallback();
    try {
      return await fn();
    } catch (err) {
      logError(err);
      return fallback();
    }
  };
  const all = async (board: string) => redis.hgetall(key(board));
  const liveMembers = (hash: Record<string, string>, board: string) => {
    const now = Date.now();
    const members: OnlineMember[] = [];
    const stale: string[] = [];
    for (const [field, value] of Object.entries(hash)) {
      if (!field.startsWith('s:')) continue;
      try {
        const entry = JSON.parse(value) as { m: OnlineMember; seen: number };
        if (now - entry.seen > PRESENCE_TTL_MS) stale.push(field);
        else members.push(entry.m);
      } catch {
        stale.push(field);
      }
    }
    if (stale.length) void write(() => redis.hdel(key(board), ...stale));
    return members;
  };

  return {
    ready() {
      return redis.status === 'ready' ? Promise.resolve() : new Promise((resolve) => redis.once('ready', () => resolve()));
    },
    async join(board, connectionId, member) {
      await memory.join(board, connectionId, member);
      await write(() =>
        redis
          .multi()
          .hset(key(board), `s:${connectionId}`, JSON.stringify({ m: member, seen: Date.now() }))
          .pexpire(key(board), PRESENCE_TTL_MS)
          .exec(),
      );
    },
    async leave(board, connectionId) {
      const local = await memory.leave(board, connectionId);
      return read(
        async () => {
          const k = key(board);
          // one atomic step: of two tabs closing at once, exactly one sees the other gone
          const replies = await redis.multi().hget(k, `s:${connectionId}`).hdel(k, `s:${connectionId}`).hgetall(k).exec();
          const raw = replies?.[0]?.[1] as string | null;
          const hash = (replies?.[2]?.[1] ?? {}) as Record<string, string>;
          const uid = raw ? (JSON.parse(raw) as { m: OnlineMember }).m.uid : local.uid;
          if (!uid) return { uid: null, stillOnline: false };
          const stillOnline = liveMembers(hash, board).some((m) => m.uid === uid);
          if (!stillOnline) {
            const followers = Object.entries(hash)
              .filter(([f, v]) => f.startsWith('f:') && v === uid)
              .map(([f]) => f);
            await redis.hdel(k, `c:${uid}`, `f:${uid}`, ...followers);
          }
          return { uid, stillOnline };
        },
        async () => local,
      );
    },
    async rename(board, uid, name) {
      await memory.rename(board, uid, name);
      await write(async () => {
        const hash = await all(board);
        const multi = redis.multi();
        for (const [field, value] of Object.entries(hash)) {
          if (!field.startsWith('s:')) continue;
          const entry = JSON.parse(value) as { m: OnlineMember; seen: number };
          if (entry.m.uid === uid) multi.hset(key(board), field, JSON.stringify({ ...entry, m: { ...entry.m, name } }));
        }
        await multi.exec();
      });
    },
    async online(board) {
      return read(
        async () => distinct(liveMembers(await all(board), board)),
        () => memory.online(board),
      );
    },
    async refresh(entries) {
      if (!entries.length) return;
      await write(async () => {
        const multi = redis.multi();
        const now = Date.now();
        const boards = new Set<string>();
        for (const { board, connectionId, member } of entries) {
          multi.hset(key(board), `s:${connectionId}`, JSON.stringify({ m: member, seen: now }));
          boards.add(board);
        }
        for (const board of boards) multi.pexpire(key(board), PRESENCE_TTL_MS);
        await multi.exec();
      });
    },
    async setCursor(board, uid, cursor) {
      await memory.setCursor(board, uid, cursor);
      await write(() => redis.multi().hset(key(board), `c:${uid}`, JSON.stringify(cursor)).pexpire(key(board), PRESENCE_TTL_MS).exec());
    },
    async setCursors(board, cursors) {
      if (!cursors.length) return;
      await memory.setCursors(board, cursors);
      const fields = Object.fromEntries(cursors.map(([uid, cursor]) => [`c:${uid}`, JSON.stringify(cursor)]));
      await write(() => redis.multi().hset(key(board), fields).pexpire(key(board), PRESENCE_TTL_MS).exec());
    },
    async cursors(board) {
      return read(
        async () => {
          const out: Record<string, unknown> = {};
          for (const [field, value] of Object.entries(await all(board)))
            if (field.startsWith('c:')) out[field.slice(2)] = JSON.parse(value);
          return out;
        },
        () => memory.cursors(board),
      );
    },
    async follow(board, follower, followee) {
      await memory.follow(board, follower, followee);
      await write(() => redis.multi().hset(key(board), `f:${follower}`, followee).pexpire(key(board), PRESENCE_TTL_MS).exec());
    },
    async unfollow(board, follower) {
      const local = await memory.unfollow(board, follower);
      return read(
        async () => {
          const followee = await redis.hget(key(board), `f:${follower}`);
          await redis.hdel(key(board), `f:${follower}`);
          return followee ?? local;
        },
        async () => local,
      );
    },
    async followeeOf(board, uid) {
      return read(
        async () => redis.hget(key(board), `f:${uid}`),
        () => memory.followeeOf(board, uid),
      );
    },
    async followersOf(board, uid) {
      return read(
        async () =>
          Object.entries(await all(board))
            .filter(([f, v]) => f.startsWith('f:') && v === uid)
            .map(([f]) => f.slice(2)),
        () => memory.followersOf(board, uid),
      );
    },
    async setAttention(board, attention) {
      await memory.setAttention(board, attention);
      await write(() => redis.multi().hset(key(board), 'a', JSON.stringify(attention)).pexpire(key(board), PRESENCE_TTL_MS).exec());
    },
    async attention(board) {
      return read(
        async () => {
          const raw = await redis.hget(key(board), 'a');
          return raw ? (JSON.parse(raw) as Attention) : null;
        },
        () => memory.attention(board),
      );
    },
    async close() {
      await memory.close();
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}
