import type { HubMethod } from '../../shared/hub';
import { decodeClaims } from '../../ui/auth';
import { HttpError } from './api';
import { isTokenExpired, statusOf } from './errors';
import type { SyncTransport, TransportAuth, TransportListener } from './transport';

/** Refresh the socket's token this long before it expires. */
const REAUTH_MARGIN_MS = 60_000;

export interface ConnectionTokens {
  /** the current access token, or null for a guest */
  token?: () => string | null;
  /** refreshes the access token; resolves the new token or null */
  refresh?: () => Promise<string | null>;
}

/** How opening the socket ended. */
export type Opened = { ok: true } | { ok: false; login: true } | { ok: false; login: false; error: unknown };

/**
 * The session's socket and its tokens: opens the transport with the bearer token (refreshing an
 * expired one once), calls hub methods (a call refused for an expired token refreshes, hands the
 * socket the new token and is made once more), re-authenticates the socket a minute before its
 * token expires, and runs HTTP calls that refresh an expired token once.
 */
export class Connection {
  /** the transport once connect() began, until close() */
  transport: SyncTransport | null = null;
  private closed = false;
  private reauthTimer: ReturnType<typeof setTimeout> | null = null;
  /** the token last handed to the socket (connect, reauthenticate) */
  private socketToken: string | null = null;
  private socketRefresh: Promise<boolean> | null = null;

  constructor(
    private readonly tokens: ConnectionTokens,
    /** an HTTP call found the visitor signed out for good: the login page */
    private readonly forceLogin: () => void,
  ) {}

  /** the socket's id: the connection id sent with HTTP commands */
  get id(): string | null {
    return this.transport?.id ?? null;
  }

  /** Opens `transport`; a 401 refreshes the token once and tries again. */
  async open(transport: SyncTransport, listener: TransportListener, delay: number): Promise<Opened> {
    this.transport = transport;
    transport.listen(listener);
    for (let refreshed = false; ; refreshed = true) {
      try {
        await transport.connect({ auth: this.socketAuth(), delay });
        return { ok: true };
      } catch (error) {
        if (this.closed) return { ok: false, login: false, error };
        await transport.disconnect().catch(() => undefined);
        if (statusOf(error) !== 401) return { ok: false, login: false, error };
        // an expired token: refresh once and connect again, otherwise log in
        if (!refreshed && this.tokens.refresh && (await this.tokens.refresh().catch(() => null))) continue;
        return { ok: false, login: true };
      }
    }
  }

  /** A hub method call, resolved with the method's result. */
  async call<T = unknown>(method: HubMethod, ...args: unknown[]): Promise<T> {
    if (!this.transport) throw new Error('not connected');
    try {
      return await this.transport.request<T>(method, args);
    } catch (error) {
      // the socket's token expired (the server re-checks it on every call): refresh, hand the
      // new token to the socket and call once more
      if (!isTokenExpired(error) || !(await this.refreshSocket()) || !this.transport) throw error;
      return this.transport.request<T>(method, args);
    }
  }

  /** Hands the socket a fresh token (after a refresh or a new `token` prop). */
  async reauthenticate(): Promise<void> {
    const auth = this.socketAuth();
    if (!this.transport || !auth) return;
    try {
      await this.transport.reauthenticate(auth);
    } catch {
      this.transport.overrideReconnectionAuth(auth);
    }
    this.scheduleReauth();
  }

  /** The socket dropped: its automatic reconnect opens with the current token. */
  keepAuthForReconnect(): void {
    const auth = this.socketAuth();
    if (auth) this.transport?.overrideReconnectionAuth(auth);
  }

  /** Runs an HTTP call; a 401 marked token-expired refreshes the token once and retries. */
  async http<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) {
        if (error.tokenExpired && this.tokens.refresh) {
          const fresh = await this.tokens.refresh().catch(() => null);
          if (fresh) {
            void this.reauthenticate();
            return run();
          }
        }
        this.forceLogin();
      }
      throw error;
    }
  }

  /** Refreshes the token and re-authenticates the socket a minute before the token expires. */
  scheduleReauth(): void {
    if (this.reauthTimer) clearTimeout(this.reauthTimer);
    this.reauthTimer = null;
    const exp = decodeClaims(this.tokens.token?.() ?? null)?.exp;
    if (!exp || this.closed) return;
    const wait = Math.max(5_000, exp * 1000 - Date.now() - REAUTH_MARGIN_MS);
    this.reauthTimer = setTimeout(
      async () => {
        this.reauthTimer = null;
        if (this.tokens.refresh) await this.tokens.refresh().catch(() => null);
        await this.reauthenticate();
      },
      Math.min(wait, 2 ** 31 - 1),
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reauthTimer) clearTimeout(this.reauthTimer);
    const transport = this.transport;
    this.transport = null;
    await transport?.disconnect().catch(() => undefined);
  }

  /**
   * A fresh token for the socket (one at a time): the stored token when another call or tab
   * already refreshed it, else a refresh; then `reauthenticate`. Resolves false when there is
   * none (the caller's failure stands: the HTTP layer refreshes or goes to the login page).
   */
  private refreshSocket(): Promise<boolean> {
    this.socketRefresh ??= (async () => {
      const transport = this.transport;
      if (!transport) return false;
      const stored = this.tokens.token?.() ?? null;
      const usable = stored && stored !== this.socketToken && (decodeClaims(stored)?.exp ?? 0) * 1000 > Date.now();
      if (!usable && !(this.tokens.refresh && (await this.tokens.refresh().catch(() => null)))) return false;
      const auth = this.socketAuth();
      if (!auth || this.transport !== transport) return false;
      try {
        await transport.reauthenticate(auth);
      } catch {
        transport.overrideReconnectionAuth(auth);
        return false;
      }
      this.scheduleReauth();
      return true;
    })().finally(() => {
      this.socketRefresh = null;
    });
    return this.socketRefresh;
  }

  private socketAuth(): TransportAuth | undefined {
    const token = this.tokens.token?.();
    this.socketToken = token ?? null;
    return token ? { headers: { authorization: `Bearer ${token}` } } : undefined;
  }
}
