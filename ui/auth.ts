import { useMemo, useSyncExternalStore } from 'react';
import { BehaviorSubject } from 'rxjs';

/**
 * Auth storage (panel.md §7): access token, refresh token and `uid` (the local user id) in
 * localStorage. A guest gets a random uid on first visit; after login the uid is the
 * account's id (the login response's `id` claim).
 */
const KEY = { accessToken: 'accessToken', refreshToken: 'refreshToken', uid: 'uid' } as const;

export interface Session {
  accessToken: string | null;
  refreshToken: string | null;
  uid: string | null;
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

/** Access-token claims the panel reads (panel.md §3): sub, role, plan, lang, qty, client, id. */
export interface Claims {
  sub?: string;
  role: string[];
  plan?: string;
  lang?: string;
  qty?: number;
  client?: string;
  id?: string;
  exp?: number;
  [claim: string]: unknown;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function read(): Session {
  const s = storage();
  return {
    accessToken: s?.getItem(KEY.accessToken) ?? null,
    refreshToken: s?.getItem(KEY.refreshToken) ?? null,
    uid: s?.getItem(KEY.uid) ?? null,
  };
}

function write(next: Partial<Session>): void {
  const s = storage();
  for (const [k, v] of Object.entries(next) as Array<[keyof Session, string | null | undefined]>) {
    if (v === undefined) continue;
    if (v === null) s?.removeItem(KEY[k]);
    else s?.setItem(KEY[k], v);
  }
  session$.next(read());
}

/** The current session; emits on every change (this tab and, through `storage` events, others). */
export const session$ = new BehaviorSubject<Session>(read());

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || (Object.values(KEY) as string[]).includes(e.key)) session$.next(read());
  });
}

/** 24 random hex digits; works outside secure contexts too (no crypto.randomUUID). */
export function randomUid(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Decodes a JWT's payload without verifying it (the server verifies); null when malformed. */
export function decodeClaims(token: string | null): Claims | null {
  if (!token) return null;
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = decodeURIComponent(
      Array.from(atob(part.replace(/-/g, '+').replace(/_/g, '/')), (c) => '%' + c.charCodeAt(0).toString(16).padStart(2, '0')).join(''),
    );
    const raw = JSON.parse(json) as Record<string, unknown>;
    const role = raw.role;
    return { ...raw, role: Array.isArray(role) ? role.map(String) : typeof role === 'string' && role ? [role] : [] } as Claims;
  } catch {
    return null;
  }
}

export const auth = {
  get: read,
  accessToken: () => read().accessToken,
  refreshToken: () => read().refreshToken,
  uid: () => read().uid,
  isSignedIn: () => Boolean(read().accessToken),
  claims: () => decodeClaims(read().accessToken),
  /** true when the access token's role claim contains `role` (e.g. 'admin', 'partner') */
  hasRole: (role: string) => Boolean(decodeClaims(read().accessToken)?.role.some((r) => r.toLowerCase() === role.toLowerCase())),
  /** Stores the tokens of a fresh login and the account id as the local user id. */
  signIn(tokens: TokenPair, id: string | undefined): void {
    write({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, ...(id ? { uid: id } : {}) });
  },
  /** Stores rotated tokens (refresh). */
  setTokens(tokens: TokenPair): void {
    write({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
  },
  /** Replaces only the access token (e.g. the fresh one a profile save answers). */
  setAccessToken(accessToken: string): void {
    write({ accessToken });
  },
  /** Forgets the session and the account's uid; the next visit starts a fresh guest uid. */
  clear(): void {
    write({ accessToken: null, refreshToken: null, uid: null });
  },
  /** The guest's local user id: made once on first visit when none is stored. */
  ensureGuestUid(): string {
    const current = read().uid;
    if (current) return current;
    const uid = randomUid();
    write({ uid });
    return uid;
  },
};

/** The session as React state. */
export function useSession(): Session {
  return useSyncExternalStore(
    (onChange) => {
      const sub = session$.subscribe(onChange);
      return () => sub.unsubscribe();
    },
    () => session$.getValue(),
    () => session$.getValue(),
  );
}

/** The signed-in user's claims as React state (null for a guest). */
export function useClaims(): Claims | null {
  const { accessToken } = useSession();
  return useMemo(() => decodeClaims(accessToken), [accessToken]);
}

/* ---------------- one refresh across tabs ---------------- */

/** The part of the Web Locks API (navigator.locks) the coordinator uses. */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface RefreshCoordinatorOptions {
  /** the storage every tab shares (localStorage) */
  storage: () => Storage | null;
  /** navigator.locks where available (secure contexts); else a lease in `storage` is used */
  locks?: () => LockManagerLike | null | undefined;
  /** POST /api/accounts/refresh: the new tokens, or null when refused */
  exchange: (refreshToken: string, accessToken: string | null) => Promise<TokenPair | null>;
  /** after this tab stored new tokens (the default instance tells session$) */
  onStored?: () => void;
}

/** Name of the Web Lock, and key of the storage lease, that serialise refreshes across tabs. */
export const REFRESH_LOCK = 'tabula-token-refresh';
/** A lease older than this is abandoned (its tab closed mid-refresh). */
export const REFRESH_LEASE_MS = 10_000;
const LEASE_POLL_MS = 50;

/**
 * Refreshing the tokens once for all tabs (docs/security.md "Sessions and tokens"). Every tab of
 * the origin shares one refresh token; two tabs refreshing it at once used to log the user out
 * (the second use looked like theft). The refresh runs under a cross-tab lock (Web Locks, or a
 * lease in localStorage where they are missing), and a tab that gets the lock after another tab
 * stored fresh tokens takes those instead of refreshing again. The server's grace window covers
 * what slips through (another browser profile, a lock-less browser racing its lease).
 *
 * `refresh(stale)`: `stale` is the access token the caller found wanting (refused as expired, or
 * about to expire); when the stored token is another one by the time the lock is held, another
 * tab (or call) refreshed meanwhile and it is used as is. Resolves true when fresh tokens are stored.
 */
export function createRefreshCoordinator(options: RefreshCoordinatorOptions): (stale: string | null) => Promise<boolean> {
  const tabId = randomUid();
  const readTokens = () => {
    const s = options.storage();
    return { accessToken: s?.getItem(KEY.accessToken) ?? null, refreshToken: s?.getItem(KEY.refreshToken) ?? null };
  };

  async function underLease<T>(run: () => Promise<T>): Promise<T> {
    const s = options.storage();
    if (!s) return run();
    const key = `${REFRESH_LOCK}-lease`;
    const deadline = Date.now() + REFRESH_LEASE_MS;
    for (;;) {
      const [holder, until] = (s.getItem(key) ?? '').split(':');
      if (!holder || holder === tabId || Number(until) < Date.now() || Date.now() > deadline) {
        s.setItem(key, `${tabId}:${Date.now() + REFRESH_LEASE_MS}`);
        // two tabs may both have seen it free: the last write wins, the other waits again
        await sleep(LEASE_POLL_MS);
        if ((s.getItem(key) ?? '').startsWith(`${tabId}:`) || Date.now() > deadline) break;
      } else {
        await sleep(LEASE_POLL_MS);
      }
    }
    try {
      return await run();
    } finally {
      if ((s.getItem(key) ?? '').startsWith(`${tabId}:`)) s.removeItem(key);
    }
  }

  return async function refresh(stale: string | null): Promise<boolean> {
    const locked = async (): Promise<boolean> => {
      const current = readTokens();
      // another tab refreshed while this one waited: its tokens are this tab's too
      if (current.accessToken && current.accessToken !== stale) return true;
      if (!current.refreshToken) return false;
      const tokens = await options.exchange(current.refreshToken, current.accessToken).catch(() => null);
      if (!tokens?.accessToken || !tokens.refreshToken) {
        // refused, but another tab may have stored new tokens meanwhile (no lock in that tab)
        const after = readTokens();
        return Boolean(after.accessToken && after.refreshToken !== current.refreshToken);
      }
      const s = options.storage();
      s?.setItem(KEY.accessToken, tokens.accessToken);
      s?.setItem(KEY.refreshToken, tokens.refreshToken);
      options.onStored?.();
      return true;
    };
    const locks = options.locks?.();
    return locks ? locks.request(REFRESH_LOCK, locked) : underLease(locked);
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
