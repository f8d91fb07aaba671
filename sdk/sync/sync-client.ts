import { BehaviorSubject, ReplaySubject, Subject } from 'rxjs';
import { HUB_RECONNECT_MS, SEND_RETRIES } from '../../shared/constants';
import type { Announcement } from '../../shared/announcements';
import type { ChannelEvent, HubEventMessage, HubMethod } from '../../shared/hub';
import type { Command } from '../../shared/model';
import { boardHttp, type BoardHttp, type Credentials, type UploadedAsset } from './api';
import { BoardSession } from './board-session';
import { Connection } from './connection';
import type { SessionContext } from './context';
import { DocumentSync } from './document-sync';
import { statusOf } from './errors';
import { BOARD_MESSAGES as M } from './messages';
import { NesTransport } from './nes-transport';
import { Presence } from './presence';
import type { SyncOptions } from './options';
import type { BoardClaims, BoardInfo, BoardMember, Notice, SyncPhase, SyncState } from './types';

export { oversized, SEND_MAX_BYTES } from './command-wire';
export type { SyncOptions } from './options';

/** Hub reconnect delay 2 s (board.md §9). */
export const RECONNECT_DELAY_MS = HUB_RECONNECT_MS;

type Dismiss = { dismiss: string };

/**
 * The board's realtime session (board.md §4): connect over the hub with a bearer token (signed
 * in) or the roaming uid (guest); join; load the board with a percent; replay; go online. It is
 * the composition of its parts — the socket and its tokens (connection.ts over a transport.ts),
 * the document (document-sync.ts: seq order, gap fill, outbox, catch-up), who is on the board
 * (presence.ts) and the board's info, claims and endings (board-session.ts) — and reconnects
 * every 2 s after a drop, catching up from the last seq.
 */
export class SyncClient {
  readonly state$ = new BehaviorSubject<SyncState>({ phase: 'idle', percent: 0 });
  readonly board$: BehaviorSubject<BoardInfo | null>;
  readonly members$: BehaviorSubject<BoardMember[]>;
  readonly claims$: BehaviorSubject<BoardClaims>;
  readonly me$: BehaviorSubject<BoardMember | null>;
  /** toasts to show (or dismiss by key); the last few are replayed to a late subscriber (the UI mounts after connect starts) */
  readonly notices$ = new ReplaySubject<Notice | Dismiss>(20, 5000);
  /** every hub event, as received */
  readonly events$ = new Subject<HubEventMessage>();
  /** commands waiting to be confirmed */
  readonly pending$: BehaviorSubject<number>;
  /** commands confirmed by the server (id, seq) */
  readonly confirmed$: Subject<{ command: Command; seq: number | undefined }>;
  readonly errors$ = new Subject<{ message: string; error?: unknown }>();
  /** the operators' current announcements (GET /api/announcements at join, then the `announcement` event); the announcement bar reads it */
  readonly announcements$: BehaviorSubject<Announcement[]>;
  /** the server's version when it differs from this page's (SyncOptions.version): 'A new Tabula version is available' */
  readonly newVersion$: BehaviorSubject<string | null>;

  private readonly connection: Connection;
  private readonly document: DocumentSync;
  private readonly presence: Presence;
  private readonly session: BoardSession;
  private readonly http: BoardHttp;
  private joinedOnce = false;
  private closed = false;
  private unwatchNetwork: (() => void) | null = null;

  constructor(private readonly opts: SyncOptions) {
    const creds: Credentials = { server: opts.server, uid: opts.uid, token: () => opts.token?.() ?? null };
    this.http = opts.http ?? boardHttp(creds, opts.boardCode);
    const ctx = this.context();
    this.connection = new Connection(opts, () => this.session.forceLogin());
    this.presence = new Presence(opts.uid, opts.name || null, opts.target, (name, data, target) =>
      this.call('messaging', this.opts.boardCode, null, target, { name, data }),
    );
    this.session = new BoardSession({
      ctx,
      presence: this.presence,
      token: () => opts.token?.() ?? null,
      version: opts.version,
      signedIn: () => this.signedIn,
      navigate: (url) => {
        if (!opts.embedded) (opts.navigate ?? ((u: string) => location.assign(u)))(url);
      },
      reload: () => void this.document.resync(),
      announcements: () => this.http.request<Announcement[]>('GET', '/api/announcements'),
    });
    this.document = new DocumentSync({
      ctx,
      boardCode: opts.boardCode,
      target: opts.target,
      storage: opts.storage,
      http: this.http,
      run: (call) => this.connection.http(call),
      call: (method, ...args) => this.call(method, ...args),
      connectionId: () => this.connectionId,
      selfUid: () => this.presence.uid,
      othersOnline: () => this.presence.othersOnline(),
      held: (restricted, blurry) => this.session.held(restricted, blurry),
      restrictionChanged: (now, blurry) => this.session.restrictionChanged(now, blurry),
      // refused for lack of rights: our claims are stale, ask the board again
      refused: () =>
        void this.joinCall().then(
          (info) => this.session.applyBoardInfo(info),
          () => undefined,
        ),
      reload: () => (opts.reload ?? (() => location.reload()))(),
      reconnect: () => this.dropConnection(),
      // SEND_RETRIES reconnect attempts stand for the send queue's retries while the socket is down
      unsentWaitMs: (opts.reconnectDelay ?? RECONNECT_DELAY_MS) * SEND_RETRIES,
    });
    ({ board$: this.board$, claims$: this.claims$, announcements$: this.announcements$, newVersion$: this.newVersion$ } = this.session);
    ({ members$: this.members$, me$: this.me$ } = this.presence);
    ({ pending$: this.pending$, confirmed$: this.confirmed$ } = this.document);
  }

  get phase(): SyncPhase {
    return this.state$.value.phase;
  }

  get lastSeq(): number {
    return this.document.lastSeq;
  }

  /** the hub socket's id: the connection id sent with HTTP commands */
  get connectionId(): string | null {
    return this.connection.id;
  }

  /** this visitor's key on the board: the uid its members, commands and events carry */
  get uid(): string {
    return this.presence.uid;
  }

  get signedIn(): boolean {
    return Boolean(this.opts.token?.());
  }

  /** Unconfirmed commands (for tests and the UI's "saving" hint). */
  pending(): readonly Command[] {
    return this.document.outbox.all();
  }

  /* ---------------- session ---------------- */

  async connect(): Promise<void> {
    if (this.connection.transport || this.closed) return;
    this.setState('connecting');
    const transport = this.opts.transport ?? new NesTransport(this.opts.server);
    const listener = {
      connected: () => {
        if (this.joinedOnce) void this.onReconnected();
      },
      disconnected: (willReconnect: boolean) => this.onDisconnected(willReconnect),
      message: (message: HubEventMessage) => this.onHubEvent(message),
    };
    const opened = await this.connection.open(transport, listener, this.opts.reconnectDelay ?? RECONNECT_DELAY_MS);
    if (this.closed) return;
    this.watchNetwork();
    if (!opened.ok) {
      if (opened.login) this.session.forceLogin();
      else this.session.fail(M.connectFailed, opened.error, { toast: true });
      return;
    }
    await this.join();
  }

  /** Sends a command the editor already applied locally. */
  send(command: Command): void {
    if (!this.closed) this.document.send(command);
  }

  /** Resends the queue after 'Changes not saved due to network error.'. */
  retry(): void {
    this.document.retry();
  }

  /** Hands the socket a fresh token (after a refresh or a new `token` prop). */
  reauthenticate(): Promise<void> {
    return this.connection.reauthenticate();
  }

  async renameMember(name: string): Promise<unknown> {
    const result = await this.call('renameMember', this.opts.boardCode, name);
    this.presence.renamed(name);
    return result;
  }

  async renameBoard(name: string): Promise<unknown> {
    const result = await this.call('renameBoard', this.opts.boardCode, name);
    this.session.changed({ boardName: name });
    return result;
  }

  async updateConfig(config: Record<string, unknown>): Promise<unknown> {
    const result = await this.call('updateConfig', this.opts.boardCode, config);
    this.session.changed({ boardConfig: config });
    return result;
  }

  /** A board-area HTTP call as this visitor (sharing, members …), refreshing an expired token once. */
  request<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: Record<string, unknown>): Promise<T> {
    return this.connection.http(() => this.http.request<T>(method, path, body));
  }

  /** Uploads a file onto the board (POST /api/boards/{code}/assets), refreshing an expired token once. */
  upload(file: Blob, name: string, options?: { quality?: number; onProgress?: (percent: number) => void }): Promise<UploadedAsset> {
    return this.connection.http(() => this.http.upload(file, name, options));
  }

  /** Upload via URL: the server fetches the file (POST /api/boards/{code}/assets with { url }). */
  uploadUrl(url: string, options?: { quality?: number }): Promise<UploadedAsset> {
    return this.connection.http(() => this.http.uploadUrl(url, options));
  }

  /** A picture's original to download (GET /api/media/{id}/original?Board=), refreshing an expired token once. */
  original(resource: string): Promise<{ blob: Blob; name: string }> {
    return this.connection.http(() => this.http.original(resource));
  }

  /** A picture of the board (GET /api/assets/{id}/{variant}?Board=), refreshing an expired token once. */
  asset(resource: string, variant: string, page?: number): Promise<Blob> {
    return this.connection.http(() => this.http.asset(resource, variant, page));
  }

  /** A channel event (presence, never stored: cursors, follow, attention) to the board or to one member's key. */
  channel(name: ChannelEvent, data: unknown, target = ''): Promise<unknown> {
    return this.presence.channel(name, data, target);
  }

  /**
   * The server appended a command at `seq` on this visitor's behalf that this page did not send
   * (a template inserted by addTemplate): fetch it unless it arrives on its own shortly.
   */
  expectSeq(seq: number): void {
    this.document.expectSeq(seq);
  }

  /** A hub method call (nes `message`), resolved with the method's result. */
  call<T = unknown>(method: HubMethod, ...args: unknown[]): Promise<T> {
    return this.connection.call<T>(method, ...args);
  }

  /**
   * Drops the hub socket as a network failure would (window.tabulaDebug.closeConnection): the
   * reconnect path follows — 'Trying to reconnect...', then 'Connection restored.'.
   */
  dropConnection(): void {
    if (!this.closed) this.connection.transport?.drop?.();
  }

  async destroy(): Promise<void> {
    this.closed = true;
    this.unwatchNetwork?.();
    this.document.stop();
    await this.connection.close();
  }

  /* ---------------- join, reconnect ---------------- */

  private async join(): Promise<void> {
    let info: BoardInfo;
    try {
      info = await this.joinCall();
    } catch (error) {
      this.session.joinFailed(error);
      return;
    }
    if (this.closed) return;
    this.joinedOnce = true;
    this.session.applyBoardInfo(info);
    void this.session.loadAnnouncements();
    this.setState('joined');
    this.connection.scheduleReauth();
    await this.document.load((error) => this.session.joinFailed(error, M.failedToLoad));
  }

  private joinCall(): Promise<BoardInfo> {
    const { workspace, boardCode, clientid, uid } = this.opts;
    const name = this.presence.displayName;
    return this.call<BoardInfo>('joinBoard', workspace ?? '', boardCode, clientid ?? '', {
      uid,
      ...(name ? { name } : {}),
      ...(this.document.loaded ? { lastSeq: this.document.lastSeq } : {}),
    });
  }

  private onHubEvent(message: HubEventMessage): void {
    if (!message || typeof message !== 'object') return;
    this.events$.next(message);
    if (!this.document.handle(message) && !this.presence.handle(message)) this.session.handle(message);
  }

  private onDisconnected(willReconnect: boolean): void {
    if (this.closed || !this.joinedOnce) return;
    const phase = this.phase;
    if (phase === 'notFound' || phase === 'removed' || phase === 'denied' || phase === 'failed') return;
    this.setState('reconnecting', this.state$.value.percent);
    this.presence.clear();
    this.connection.keepAuthForReconnect();
    // unsent commands wait for the socket in the outbox; after the reconnect attempts, 'Changes not saved'
    this.document.disconnected();
    if (willReconnect) this.notify({ key: 'connection', kind: 'warning', text: M.reconnecting, persistent: true });
    else this.session.fail(M.restoreFailed, null, { toast: true });
  }

  /**
   * The browser's own word on the network (issue 34 item 7): 'offline' takes the board off the
   * socket at once — commands then wait in the outbox instead of going into a socket that may
   * take a heartbeat (up to two minutes) to notice it is dead — and the socket is dropped so it
   * reconnects; 'online' while still reconnecting drops whatever socket is left, for a fresh one now.
   */
  private watchNetwork(): void {
    if (typeof window === 'undefined' || this.unwatchNetwork) return;
    const offline = () => {
      if (this.phase !== 'online') return;
      this.dropConnection();
      this.onDisconnected(true);
    };
    const online = () => {
      if (this.phase === 'reconnecting') this.dropConnection();
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    this.unwatchNetwork = () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }

  private async onReconnected(): Promise<void> {
    if (this.closed) return;
    try {
      if (this.document.loaded) {
        // the new socket re-enters the board; onReconnected brings the commands after lastSeq
        const { clientid, uid } = this.opts;
        const name = this.presence.displayName;
        const answer = await this.document.catchUp({ uid, ...(name ? { name } : {}), ...(clientid ? { clientid } : {}) });
        if (answer?.online) this.presence.markOnline(answer.online);
      } else {
        this.session.applyBoardInfo(await this.joinCall());
      }
    } catch (error) {
      this.dismiss('connection');
      if (statusOf(error) === 404) return this.session.notFound();
      if (statusOf(error) === 403) return this.session.accessDenied();
      this.session.fail(M.restoreFailed, error, { toast: true });
      return;
    }
    this.dismiss('connection');
    this.notify({ key: 'restored', kind: 'success', text: M.restored });
    // announcements published while the socket was away
    void this.session.loadAnnouncements();
    if (!this.document.loaded) {
      await this.document.load((error) => this.session.joinFailed(error, M.failedToLoad));
      return;
    }
    this.setState('online', 100);
    this.document.resumed();
  }

  /* ---------------- plumbing ---------------- */

  private setState(phase: SyncPhase, percent = this.state$.value.percent, error?: string): void {
    if (this.closed && phase !== 'idle') return;
    this.state$.next({ phase, percent, ...(error ? { error } : {}) });
  }

  private notify(notice: Notice): void {
    if (!this.closed) this.notices$.next(notice);
  }

  private dismiss(key: string): void {
    this.notices$.next({ dismiss: key });
  }

  /** What the parts share: this session's phase, toasts, errors and end. */
  private context(): SessionContext {
    const error = (message: string, e?: unknown) => this.errors$.next(e === undefined ? { message } : { message, error: e });
    const ctx = { setState: this.setState.bind(this), notify: this.notify.bind(this), dismiss: this.dismiss.bind(this), error };
    return Object.defineProperties(ctx, { closed: { get: () => this.closed }, phase: { get: () => this.phase } }) as SessionContext;
  }
}
