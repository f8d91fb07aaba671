/**
 * Issue 9, finding 9 (docs/security.md "Sessions and tokens"), client side: two tabs of one
 * browser share one refresh token in localStorage. When both find their access token expired at
 * once, only one of them may exchange the refresh token; the other takes the tokens it stored.
 * Two coordinators (ui/auth createRefreshCoordinator) stand for the two tabs: one Storage shared
 * by both, a server that rotates refresh tokens and counts exchanges. Covered: with the Web Locks
 * API (a lock manager shared by the tabs) and without it (the localStorage lease).
 */
import { describe, expect, it } from 'vitest';
import { createRefreshCoordinator, type LockManagerLike, type TokenPair } from '../../../ui/auth';

/** localStorage as two tabs of one origin see it. */
class SharedStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

/** navigator.locks as the tabs of one origin share it: exclusive, first come first served. */
function sharedLocks(): LockManagerLike {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(callback, callback);
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

/** A server that rotates: each refresh token works once (no grace window here). */
function rotatingServer() {
  let generation = 0;
  const valid = new Set(['refresh-0']);
  const server = {
    exchanges: 0,
    refused: 0,
    async exchange(refreshToken: string): Promise<TokenPair | null> {
      server.exchanges++;
      await new Promise((r) => setTimeout(r, 20)); // a network round trip
      if (!valid.delete(refreshToken)) {
        server.refused++;
        return null;
      }
      generation++;
      valid.add(`refresh-${generation}`);
      return { accessToken: `access-${generation}`, refreshToken: `refresh-${generation}` };
    },
  };
  return server;
}

function twoTabs(withLocks: boolean) {
  const storage = new SharedStorage();
  storage.setItem('accessToken', 'access-0');
  storage.setItem('refreshToken', 'refresh-0');
  const server = rotatingServer();
  const locks = withLocks ? sharedLocks() : null;
  const tab = () => createRefreshCoordinator({ storage: () => storage, locks: () => locks, exchange: (token) => server.exchange(token) });
  return { storage, server, a: tab(), b: tab() };
}

describe.each([
  ['with the Web Locks API', true],
  ['without it (a lease in localStorage)', false],
])('two tabs refreshing at once, %s', (_name, withLocks) => {
  it('exchange the refresh token once; both go on with the tokens stored', async () => {
    const { storage, server, a, b } = twoTabs(withLocks);
    // both tabs saw access-0 refused as expired
    const [ra, rb] = await Promise.all([a('access-0'), b('access-0')]);
    expect([ra, rb]).toEqual([true, true]);
    expect(server.exchanges).toBe(1);
    expect(server.refused).toBe(0);
    expect(storage.getItem('accessToken')).toBe('access-1');
    expect(storage.getItem('refreshToken')).toBe('refresh-1');
    // and the session goes on: the next expiry refreshes with the stored token
    expect(await b('access-1')).toBe(true);
    expect(storage.getItem('refreshToken')).toBe('refresh-2');
    expect(server.refused).toBe(0);
  });

  it('a tab that finds tokens another tab stored uses them without refreshing', async () => {
    const { storage, server, a, b } = twoTabs(withLocks);
    expect(await a('access-0')).toBe(true);
    expect(await b('access-0')).toBe(true);
    expect(server.exchanges).toBe(1);
    expect(storage.getItem('accessToken')).toBe('access-1');
  });

  it('answers false when signed out (no refresh token)', async () => {
    const { storage, server, a } = twoTabs(withLocks);
    storage.removeItem('accessToken');
    storage.removeItem('refreshToken');
    expect(await a(null)).toBe(false);
    expect(server.exchanges).toBe(0);
  });
});
