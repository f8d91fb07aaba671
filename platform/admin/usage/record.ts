import type { ServerApplicationState } from '@hapi/hapi';
import proxyaddr from 'proxy-addr';
import type { Actor } from '../../core/actor';
import { trustOf } from '../../core/client-ip';
import { countryOf } from '../sender';

/** What the hub knows of a socket's client: its address and the X-Forwarded-For it came with. */
export interface SocketInfo {
  remoteAddress?: string;
  'x-forwarded-for'?: string | string[];
}

/** The client address of a hub socket, with X-Forwarded-For believed only from TRUSTED_PROXIES (core/client-ip.ts). */
export function socketAddress(info: SocketInfo | undefined, proxies: readonly string[]): string {
  const socketAddr = info?.remoteAddress ?? '';
  if (!proxies.length) return socketAddr;
  const req = {
    headers: { 'x-forwarded-for': info?.['x-forwarded-for'] },
    socket: { remoteAddress: socketAddr },
    connection: { remoteAddress: socketAddr },
  };
  try {
    return proxyaddr(req as never, trustOf(proxies));
  } catch {
    return socketAddr;
  }
}

export interface BoardJoin {
  actor: Actor;
  boardCode: string;
  /** the board's command count when joined (attribute `size` when > 0) */
  lastSeq: number;
  /** the hub socket's info (address, X-Forwarded-For) */
  socket: SocketInfo | undefined;
}

/**
 * Writes one user-audit row for a board join (backoffice.md §2 User Audit). Never blocks or
 * fails the join: the caller does not await it, and an error is only logged.
 * Attributes: `size` (commands on the board), `freq` (how many times this person joined it).
 */
export function recordBoardJoin(app: ServerApplicationState, join: BoardJoin): void {
  void (async () => {
    const { db } = app;
    const ip = socketAddress(join.socket, app.config.trustedProxies ?? []).slice(0, 64) || null;
    const previous = (await db('user_audits')
      .where({ board_code: join.boardCode, uid: join.actor.uid, type: 'join' })
      .count({ n: '*' })
      .first()) as { n: number | string } | undefined;
    const attributes: Record<string, number> = { freq: Number(previous?.n ?? 0) + 1 };
    if (join.lastSeq > 0) attributes.size = join.lastSeq;
    await db('user_audits').insert({
      user_id: join.actor.userId,
      uid: join.actor.uid.slice(0, 100),
      board_code: join.boardCode.slice(0, 100),
      type: 'join',
      source: join.actor.clientId ? 'embed' : 'web',
      ip,
      country: countryOf(ip),
      attributes: JSON.stringify(attributes),
    });
  })().catch((err: unknown) => app.logger.warn({ err, board: join.boardCode }, 'user audit: join not recorded'));
}
