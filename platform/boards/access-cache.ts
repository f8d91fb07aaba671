import type { Actor } from '../core/actor';
import type { BoardApp } from './access';
import { findBoardForVisitor } from './repo';

/**
 * A short-lived memory of "who is this visitor on this board" for the append path (a drawing
 * user sends several commands a second): the board row, the visitor's member row and the
 * workspace, kept ACCESS_TTL_MS at most. Every change that can alter a role, the private mode or
 * the board's existence forgets the board: on this node at once (the service functions call
 * `forgetBoard`), on every node through the bus events those changes publish (onRoleChanged,
 * onConfigChanged, onBoardRemoved, onBoardRenamed, onBoardMemberRenamed). Changes that publish
 * nothing (dispose timer, guest merge) reach other nodes within the TTL.
 */
export const ACCESS_TTL_MS = 1000;

type Found = NonNullable<Awaited<ReturnType<typeof findBoardForVisitor>>>;

interface Cache {
  entries: Map<string, { at: number; found: Found }>;
  /** board code and id → keys of its entries */
  byBoard: Map<string, Set<string>>;
}

const FORGETTING_EVENTS = new Set(['onRoleChanged', 'onConfigChanged', 'onBoardRemoved', 'onBoardRenamed', 'onBoardMemberRenamed']);
const caches = new WeakMap<object, Cache>();

function cacheOf(app: BoardApp): Cache {
  let cache = caches.get(app.db);
  if (!cache) {
    caches.set(app.db, (cache = { entries: new Map(), byBoard: new Map() }));
    app.bus.subscribe((code, message) => {
      if (FORGETTING_EVENTS.has(message.event)) forgetBoard(app, code);
    });
  }
  return cache;
}

export async function cachedVisitorLookup(app: BoardApp, ref: string, actor: Actor): Promise<Found | undefined> {
  const cache = cacheOf(app);
  const key = `${ref}\n${actor.uid}\n${actor.userId ?? ''}`;
  const hit = cache.entries.get(key);
  if (
    hit &&
    Date.now() - hit.at < ACCESS_TTL_MS &&
    (!hit.found.board.dispose_at || new Date(hit.found.board.dispose_at).getTime() > Date.now())
  ) {
    return hit.found;
  }
  const found = await findBoardForVisitor(app.db, ref, actor);
  if (!found) {
    cache.entries.delete(key);
    return undefined;
  }
  if (cache.entries.size > 10_000) {
    cache.entries.clear();
    cache.byBoard.clear();
  }
  cache.entries.set(key, { at: Date.now(), found });
  for (const name of [found.board.code, found.board.id]) {
    let keys = cache.byBoard.get(name);
    if (!keys) cache.byBoard.set(name, (keys = new Set()));
    keys.add(key);
  }
  return found;
}

/** Forgets what is known about a board (by code or id); no argument: every board. */
export function forgetBoard(app: BoardApp, ...refs: string[]): void {
  const cache = caches.get(app.db);
  if (!cache) return;
  if (refs.length === 0) {
    cache.entries.clear();
    cache.byBoard.clear();
    return;
  }
  for (const ref of refs) {
    for (const key of cache.byBoard.get(ref) ?? []) {
      const entry = cache.entries.get(key);
      cache.entries.delete(key);
      if (entry) {
        cache.byBoard.get(entry.found.board.code)?.delete(key);
        cache.byBoard.get(entry.found.board.id)?.delete(key);
      }
    }
    cache.byBoard.delete(ref);
  }
}
