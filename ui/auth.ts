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
