import { BehaviorSubject, distinctUntilChanged, map } from 'rxjs';
import { auth, createRefreshCoordinator, session$, type LockManagerLike, type TokenPair } from './auth';
import { MESSAGES } from './messages';
import { toast } from './toast';

/**
 * The one HTTP layer of panel, admin and board (panel.md §7–§8).
 *  - bearer token when one is stored; `Uid` on every request when a uid exists
 *    (query for GET/HEAD and body-less calls, JSON body otherwise, form field for multipart);
 *  - 401 with `token-expired: true` → POST /api/accounts/refresh once (shared by concurrent
 *    calls) and retry; any other 401 → clear auth and go to /accounts/login?ret=<current>;
 *  - 403 → alert 'Unauthorized access'; no response at all → 'Something went wrong! …';
 *  - every call counts in `inFlight$`, which feeds the busy spinner.
 * Failures reject with HttpError (status, message, errors map) for the caller / form layer.
 */
export type FieldErrors = Record<string, string[]>;

export interface ErrorEnvelope {
  statusCode?: number;
  message?: string;
  errors?: FieldErrors;
  [key: string]: unknown;
}

export class HttpError extends Error {
  readonly status: number;
  readonly body: ErrorEnvelope | null;
  /** the envelope's field errors ({} when there are none) */
  readonly errors: FieldErrors;
  constructor(status: number, body: ErrorEnvelope | null, fallback: string) {
    super(body?.message || fallback);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
    this.errors = body?.errors && typeof body.errors === 'object' ? body.errors : {};
  }
  /** true when the request never got an answer (network down, server unreachable) */
  get noResponse(): boolean {
    return this.status === 0;
  }
  get hasFieldErrors(): boolean {
    return Object.keys(this.errors).length > 0;
  }
}

export type Query = Record<string, string | number | boolean | null | undefined | Array<string | number>>;

export interface RequestOptions {
  query?: Query;
  /** a plain object (sent as JSON) or FormData (multipart) */
  body?: unknown;
  headers?: Record<string, string>;
  /** no automatic toasts / login redirect: the caller handles every failure */
  silent?: boolean;
  signal?: AbortSignal;
}

export const inFlight$ = new BehaviorSubject<number>(0);
/** true while any request is in flight */
export const busy$ = inFlight$.pipe(
  map((n) => n > 0),
  distinctUntilChanged(),
);

export interface HttpHooks {
  /** where "go to the login page" leads; default a full navigation */
  redirectToLogin(ret: string): void;
  /** how 'Unauthorized access' is shown; default the browser's alert, as the spec says */
  unauthorized(message: string): void;
}

const hooks: HttpHooks = {
  redirectToLogin(ret) {
    window.location.assign(`/accounts/login?ret=${encodeURIComponent(ret)}`);
  },
  unauthorized(message) {
    window.alert(message);
  },
};

/** Lets an app route the login redirect through its router (e.g. react-router's navigate). */
export function configureHttp(overrides: Partial<HttpHooks>): void {
  Object.assign(hooks, overrides);
}

let baseUrl = '';
/** Prefix for every path (default: same origin). */
export function setApiBase(url: string): void {
  baseUrl = url.replace(/\/$/, '');
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;
}

function buildUrl(path: string, query: Query | undefined): string {
  const url = new URL(baseUrl + path, typeof window !== 'undefined' ? window.location.origin : 'http://localhost');
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) v.forEach((item) => url.searchParams.append(k, String(item)));
    else url.searchParams.set(k, String(v));
  }
  return baseUrl || typeof window === 'undefined' ? url.toString() : url.pathname + url.search;
}

function prepare(method: string, path: string, opts: RequestOptions): { url: string; init: RequestInit } {
  const { accessToken, uid } = auth.get();
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  let query = opts.query;
  let body: BodyInit | undefined;
  const hasBody = opts.body !== undefined && method !== 'GET' && method !== 'HEAD';
  if (hasBody && opts.body instanceof FormData) {
    if (uid && !opts.body.has('Uid')) opts.body.append('Uid', uid);
    body = opts.body;
  } else if (hasBody) {
    const payload = isPlainObject(opts.body) && uid && !('Uid' in opts.body) ? { ...opts.body, Uid: uid } : opts.body;
    headers['content-type'] = 'application/json';
    body = JSON.stringify(payload);
  } else if (uid && !(query && 'Uid' in query)) {
    query = { ...query, Uid: uid };
  }
  return { url: buildUrl(path, query), init: { method, headers, body, signal: opts.signal, credentials: 'same-origin' } };
}

async function parse(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

let refreshing: Promise<boolean> | null = null;

/** Refreshes once for all tabs of the origin (ui/auth createRefreshCoordinator). */
const coordinator = createRefreshCoordinator({
  storage: () => {
    try {
      return typeof localStorage === 'undefined' ? null : localStorage;
    } catch {
      return null;
    }
  },
  locks: () => (typeof navigator !== 'undefined' ? ((navigator as { locks?: LockManagerLike }).locks ?? null) : null),
  async exchange(refreshToken, accessToken) {
    const res = await fetch(buildUrl('/api/accounts/refresh', undefined), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ refreshToken, accessToken }),
    });
    if (!res.ok) return null;
    return (await res.json()) as TokenPair;
  },
  onStored: () => session$.next(auth.get()),
});

/**
 * Exchanges the refresh token for new tokens: one exchange at a time in this tab, and across tabs
 * (a tab that finds tokens another tab just stored uses them). `stale` is the access token found
 * wanting (default: the stored one). Resolves false on failure.
 */
export function refreshTokens(stale: string | null = auth.accessToken()): Promise<boolean> {
  refreshing ??= coordinator(stale)
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

function currentPath(): string {
  return typeof window === 'undefined' ? '/' : window.location.pathname + window.location.search;
}

async function send<T>(method: string, path: string, opts: RequestOptions, retried: boolean): Promise<T> {
  const { url, init } = prepare(method, path, opts);
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    if (!opts.silent) toast.error(MESSAGES.noResponse);
    throw new HttpError(0, null, MESSAGES.noResponse);
  }
  const data = await parse(res);
  if (res.ok) return data as T;

  const envelope: ErrorEnvelope | null = isPlainObject(data) ? (data as ErrorEnvelope) : null;
  if (res.status === 401) {
    const sentToken = (init.headers as Record<string, string>).authorization?.slice('Bearer '.length) ?? null;
    if (!retried && res.headers.get('token-expired') === 'true') {
      // another call may have refreshed meanwhile: then just retry with the new token
      if ((sentToken && auth.accessToken() && auth.accessToken() !== sentToken) || (await refreshTokens(sentToken))) {
        return send<T>(method, path, opts, true);
      }
    }
    if (!opts.silent) {
      if (sentToken) auth.clear();
      const here = currentPath();
      if (!here.startsWith('/accounts/')) hooks.redirectToLogin(here);
    }
  } else if (res.status === 403 && !opts.silent) {
    hooks.unauthorized(MESSAGES.unauthorized);
  }
  throw new HttpError(res.status, envelope, res.status >= 500 ? MESSAGES.noResponse : res.statusText || `HTTP ${res.status}`);
}

/** One request through the layer; resolves to the parsed JSON (or text, or undefined for 204). */
export async function request<T = unknown>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  inFlight$.next(inFlight$.getValue() + 1);
  try {
    return await send<T>(method.toUpperCase(), path, opts, false);
  } finally {
    inFlight$.next(inFlight$.getValue() - 1);
  }
}

export const http = {
  request,
  get: <T = unknown>(path: string, query?: Query, opts: Omit<RequestOptions, 'query' | 'body'> = {}) =>
    request<T>('GET', path, { ...opts, query }),
  post: <T = unknown>(path: string, body?: unknown, opts: Omit<RequestOptions, 'body'> = {}) =>
    request<T>('POST', path, { ...opts, body: body ?? {} }),
  put: <T = unknown>(path: string, body?: unknown, opts: Omit<RequestOptions, 'body'> = {}) =>
    request<T>('PUT', path, { ...opts, body: body ?? {} }),
  patch: <T = unknown>(path: string, body?: unknown, opts: Omit<RequestOptions, 'body'> = {}) =>
    request<T>('PATCH', path, { ...opts, body: body ?? {} }),
  delete: <T = unknown>(path: string, body?: unknown, opts: Omit<RequestOptions, 'body'> = {}) =>
    request<T>('DELETE', path, { ...opts, body }),
};

/**
 * The spec's rule for showing a failure that is not mapped onto fields (panel.md §8):
 * without an errors map the message; otherwise the '*' errors joined (and any other
 * errors passed in `unplaced`).
 */
export function errorText(err: unknown, unplaced?: FieldErrors): string {
  if (!(err instanceof HttpError)) return MESSAGES.noResponse;
  if (err.noResponse) return MESSAGES.noResponse;
  const source = unplaced ?? err.errors;
  const texts = Object.values(source).flat().filter(Boolean);
  if (!err.hasFieldErrors || texts.length === 0) return err.message || MESSAGES.noResponse;
  return texts.join(' ');
}

/** A failed call told to the person: an error toast (errorText), except what this layer already handled (401 → login, 403 → alert, no answer → toast). */
export function reportFailure(err: unknown): void {
  if (err instanceof HttpError && (err.status === 401 || err.status === 403 || err.noResponse)) return;
  toast.error(errorText(err));
}
