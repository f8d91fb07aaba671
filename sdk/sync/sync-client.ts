import { Client } from '@hapi/nes/lib/client';
import { BehaviorSubject, ReplaySubject, Subject } from 'rxjs';
import { HUB_RECONNECT_MS, PAYLOAD_MAX_BYTES, RETRY_NOTICE_MS } from '../../shared/constants';
import { commandTooLarge } from '../../shared/messages';
import type { ChannelEvent, HubEventMessage, HubMethod } from '../../shared/hub';
import { isAnnouncementRemoval, type Announcement, type AnnouncementEvent } from '../../shared/announcements';
import type { Command, CommandEffect } from '../../shared/model';
import { isHiddenCommand, isRestrictedInPrivateMode } from '../../shared/permissions';
import { policiesOf } from '../../shared/policies';
import { decodeClaims } from '../../ui/auth';
import { boardRequest, fetchBoard, HttpError, postCommand, type BoardLoad, type Credentials } from './api';
import { BOARD_MESSAGES as M } from './messages';
import { Outbox } from './outbox';
import { SendQueue, type SendResult } from './send-queue';
import { SeqOrder } from './seq-order';
import type { BoardClaims, BoardInfo, BoardMember, Notice, SyncPhase, SyncState, SyncTarget } from './types';

/** Hub reconnect delay 2 s (board.md §9). */
export const RECONNECT_DELAY_MS = HUB_RECONNECT_MS;
/** Refresh the socket's token this long before it expires. */
const REAUTH_MARGIN_MS = 60_000;

export interface SyncOptions {
  /** platform base url (http/https); the hub is the same host over ws/wss */
  server: string;
  boardCode: string;
  workspace?: string | null;
  clientid?: string | null;
  uid: string;
  name?: string | null;
  /** the current access token, or null for a guest (roaming user) */
  token?: () => string | null;
  /** refreshes the access token (POST /api/accounts/refresh); resolves the new token or null */
  refresh?: () => Promise<string | null>;
  /** where remote changes go (the Editor) */
  target: SyncTarget;
  /** the client's version; a different BoardInfo.version offers an update */
  version?: string;
  /** page navigation (access denied, login); defaults to location.assign */
  navigate?: (url: string) => void;
  /** embedded boards never navigate away on their own */
  embedded?: boolean;
  storage?: Storage | null;
  reconnectDelay?: number;
}

type Dismiss = { dismiss: string };

/**
 * The board's realtime session (board.md §4): connect over nes with a bearer token (signed in)
 * or the roaming uid (guest); join; load the board with a percent; replay; go online. Sends the
 * editor's commands one at a time through the persisted outbox, follows the server events,
 * reconnects every 2 s after a drop and catches up from the last seq.
 */
export class SyncClient {
  readonly state$ = new BehaviorSubject<SyncState>({ phase: 'idle', percent: 0 });
  readonly board$ = new BehaviorSubject<BoardInfo | null>(null);
  readonly members$ = new BehaviorSubject<BoardMember[]>([]);
  readonly claims$ = new BehaviorSubject<BoardClaims>({ role: null, permissions: [], policies: [] });
  readonly me$ = new BehaviorSubject<BoardMember | null>(null);
  /** toasts to show (or dismiss by key); the last few are replayed to a late subscriber (the UI mounts after connect starts) */
  readonly notices$ = new ReplaySubject<Notice | Dismiss>(20, 5000);
  /** every hub event, as received */
  readonly events$ = new Subject<HubEventMessage>();
  /** commands waiting to be confirmed */
  readonly pending$: BehaviorSubject<number>;
  /** commands confirmed by the server (id, seq) */
  readonly confirmed$ = new Subject<{ command: Command; seq: number | undefined }>();
  readonly errors$ = new Subject<{ message: string; error?: unknown }>();
  /** the operators' current announcements (GET /api/announcements at join, then the `announcement` event); the announcement bar reads it */
  readonly announcements$ = new BehaviorSubject<Announcement[]>([]);
  /** the server's version when it differs from this page's (SyncOptions.version): 'A new Tabula version is available' */
  readonly newVersion$ = new BehaviorSubject<string | null>(null);
  /** the events received during each GET /api/announcements in flight */
  private readonly announcing = new Set<AnnouncementEvent[]>();

  private client: Client | null = null;
  private readonly outbox: Outbox;
  private readonly queue: SendQueue;
  private readonly order: SeqOrder;
  private loaded = false;
  private joinedOnce = false;
  private closed = false;
  private buffered: Command[] = [];
  private gapTimer: ReturnType<typeof setTimeout> | null = null;
  private reauthTimer: ReturnType<typeof setTimeout> | null = null;
  /** the token last handed to the socket (connect, reauthenticate) */
  private socketToken: string | null = null;
  private socketRefresh: Promise<boolean> | null = null;
  private fillingGap = false;
  private resyncing = false;
  /**
   * The board this client holds was filtered by private mode (the server sent only this
   * member's shapes): once private mode is off, or the member becomes Owner or Facilitator, the
   * board is loaded again to receive the others' shapes (docs/security.md "Private mode").
   */
  private restricted = false;
  /** …and its blurry variant: the others' texts and sticky notes it holds are the blurred ones the server sent */
  private heldBlurry = false;
  private readonly creds: Credentials;
  /** the name this visitor joined with, or renamed to (re-sent on reconnect) */
  private displayName: string | null;
  /** the key the board knows this visitor by (members' and commands' `uid`); see identify() */
  private selfUid: string;

  constructor(private readonly opts: SyncOptions) {
    this.outbox = new Outbox(opts.boardCode, opts.storage);
    this.displayName = opts.name || null;
    this.selfUid = opts.uid;
    this.pending$ = new BehaviorSubject(this.outbox.size);
    this.order = new SeqOrder((command) => this.opts.target.applyRemote(command));
    this.creds = { server: opts.server, uid: opts.uid, token: () => opts.token?.() ?? null };
    this.queue = new SendQueue(this.outbox, {
      canSend: () => this.state$.value.phase === 'online' && Boolean(this.client?.id),
      send: (command, attempt) => this.sendOnce(command, attempt),
      isRejection: (e) => {
        const status = statusOf(e);
        return status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429 && status !== 401;
      },
      isDisconnect: (e) => isDisconnect(e),
      onSent: (command, result) => this.confirmed(command, result),
      onRejected: (command, error) => {
        this.pending$.next(this.outbox.size);
        const status = statusOf(error);
        this.notify({ key: `rejected-${command.id}`, kind: 'error', text: status === 403 ? M.unauthorized : messageOf(error) });
        void this.resync();
        // refused for lack of rights: our claims are stale, ask the board again
        if (status === 403) void this.joinCall().then((info) => this.applyBoardInfo(info), () => undefined);
      },
      onRetry: () => this.notify({ key: 'retrying', kind: 'warning', text: M.retrying, duration: RETRY_NOTICE_MS }),
      onGiveUp: (_command, error) => {
        this.errors$.next({ message: M.notSaved, error });
        this.notify({
          key: 'not-saved',
          kind: 'error',
          text: M.notSaved,
          persistent: true,
          actions: [
            { label: M.reload, run: () => location.reload() },
            { label: M.retry, run: () => this.retry() },
          ],
        });
      },
    });
  }

  get phase(): SyncPhase {
    return this.state$.value.phase;
  }

  get lastSeq(): number {
    return this.order.lastSeq;
  }

  /** the nes socket id: the connection id sent with HTTP commands */
  get connectionId(): string | null {
    return this.client?.id ?? null;
  }

  /** this visitor's key on the board: the uid its members, commands and events carry */
  get uid(): string {
    return this.selfUid;
  }

  get signedIn(): boolean {
    return Boolean(this.opts.token?.());
  }

  /** Unconfirmed commands (for tests and the UI's "saving" hint). */
  pending(): readonly Command[] {
    return this.outbox.all();
  }

  /* ---------------- session ---------------- */

  async connect(): Promise<void> {
    if (this.client || this.closed) return;
    this.setState('connecting');
    const client = new Client(wsUrl(this.opts.server), { timeout: 20_000 });
    this.client = client;
    client.onError = () => undefined;
    client.onUpdate = (message) => this.onHubEvent(message as HubEventMessage);
    client.onDisconnect = (willReconnect) => this.onDisconnected(willReconnect);
    client.onConnect = () => {
      if (this.joinedOnce) void this.onReconnected();
    };
    const delay = this.opts.reconnectDelay ?? RECONNECT_DELAY_MS;
    for (let refreshed = false; ; refreshed = true) {
      try {
        await client.connect({ auth: this.socketAuth(), delay, maxDelay: delay, retries: Infinity, timeout: 10_000 });
        break;
      } catch (error) {
        if (this.closed) return;
        await client.disconnect().catch(() => undefined);
        if (statusOf(error) === 401) {
          // an expired token: refresh once and connect again, otherwise log in
          if (!refreshed && this.opts.refresh && (await this.opts.refresh().catch(() => null))) continue;
          this.forceLogin();
          return;
        }
        this.fail(M.connectFailed, error, { toast: true });
        return;
      }
    }
    if (this.closed) return;
    await this.join();
  }

  /** Sends a command the editor already applied locally. */
  send(command: Command): void {
    if (this.closed) return;
    this.outbox.add(command);
    this.pending$.next(this.outbox.size);
    this.queue.kick();
  }

  /** Resends the queue after 'Changes not saved due to network error.'. */
  retry(): void {
    this.dismiss('not-saved');
    this.queue.retry();
  }

  /** Hands the socket a fresh token (after a refresh or a new `token` prop). */
  async reauthenticate(): Promise<void> {
    const auth = this.socketAuth();
    if (!this.client || !auth) return;
    try {
      await this.client.reauthenticate(auth);
    } catch {
      this.client.overrideReconnectionAuth(auth);
    }
    this.scheduleReauth();
  }

  async renameMember(name: string): Promise<unknown> {
    const result = await this.call('renameMember', this.opts.boardCode, name);
    this.displayName = name;
    const me = this.me$.value;
    if (me) this.me$.next({ ...me, name });
    this.members$.next(this.members$.value.map((m) => (m.uid === this.selfUid ? { ...m, name } : m)));
    return result;
  }

  async renameBoard(name: string): Promise<unknown> {
    const result = await this.call('renameBoard', this.opts.boardCode, name);
    const board = this.board$.value;
    if (board) this.board$.next({ ...board, boardName: name });
    return result;
  }

  async updateConfig(config: Record<string, unknown>): Promise<unknown> {
    const result = await this.call('updateConfig', this.opts.boardCode, config);
    const board = this.board$.value;
    if (board) this.board$.next({ ...board, boardConfig: { ...(board.boardConfig ?? {}), ...config } });
    return result;
  }

  /** A board-area HTTP call as this visitor (sharing, members …), refreshing an expired token once. */
  request<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: Record<string, unknown>): Promise<T> {
    return this.http(() => boardRequest<T>(this.creds, method, path, body));
  }

  /** A channel event (presence, never stored: cursors, follow, attention) to the board or to one member's key. */
  channel(name: ChannelEvent, data: unknown, target = ''): Promise<unknown> {
    return this.call('messaging', this.opts.boardCode, null, target, { name, data });
  }

  /** A hub method call (nes `message`), resolved with the method's result. */
  async call<T = unknown>(method: HubMethod, ...args: unknown[]): Promise<T> {
    if (!this.client) throw new Error('not connected');
    try {
      const { payload } = await this.client.message({ method, args });
      return payload as T;
    } catch (error) {
      // the socket's token expired (the server re-checks it on every call): refresh, hand the
      // new token to the socket and call once more
      if (!isTokenExpired(error) || !(await this.refreshSocket()) || !this.client) throw error;
      const { payload } = await this.client.message({ method, args });
      return payload as T;
    }
  }

  /**
   * A fresh token for the socket (one at a time): the stored token when another call or tab
   * already refreshed it, else a refresh; then nes `reauthenticate`. Resolves false when there is
   * none (the caller's failure stands: the HTTP layer refreshes or goes to the login page).
   */
  private refreshSocket(): Promise<boolean> {
    this.socketRefresh ??= (async () => {
      const client = this.client;
      if (!client) return false;
      const stored = this.opts.token?.() ?? null;
      const usable = stored && stored !== this.socketToken && (decodeClaims(stored)?.exp ?? 0) * 1000 > Date.now();
      if (!usable && !(this.opts.refresh && (await this.opts.refresh().catch(() => null)))) return false;
      const auth = this.socketAuth();
      if (!auth || this.client !== client) return false;
      try {
        await client.reauthenticate(auth);
      } catch {
        client.overrideReconnectionAuth(auth);
        return false;
      }
      this.scheduleReauth();
      return true;
    })().finally(() => {
      this.socketRefresh = null;
    });
    return this.socketRefresh;
  }

  async destroy(): Promise<void> {
    this.closed = true;
    this.queue.stop();
    if (this.gapTimer) clearTimeout(this.gapTimer);
    if (this.reauthTimer) clearTimeout(this.reauthTimer);
    const client = this.client;
    this.client = null;
    await client?.disconnect().catch(() => undefined);
  }

  /* ---------------- join, load, replay ---------------- */

  private async join(): Promise<void> {
    let info: BoardInfo;
    try {
      info = await this.joinCall();
    } catch (error) {
      this.joinFailed(error);
      return;
    }
    if (this.closed) return;
    this.joinedOnce = true;
    this.applyBoardInfo(info);
    void this.loadAnnouncements();
    this.setState('joined');
    this.scheduleReauth();
    await this.load();
  }

  private joinCall(): Promise<BoardInfo> {
    const { workspace, boardCode, clientid, uid } = this.opts;
    const name = this.displayName;
    return this.call<BoardInfo>('joinBoard', workspace ?? '', boardCode, clientid ?? '', {
      uid,
      ...(name ? { name } : {}),
      ...(this.loaded ? { lastSeq: this.order.lastSeq } : {}),
    });
  }

  private async load(): Promise<void> {
    this.setState('loading', 0);
    let data;
    try {
      data = await this.http(() => fetchBoard(this.creds, this.opts.boardCode, { onProgress: (p) => this.setState('loading', p) }));
    } catch (error) {
      this.joinFailed(error, M.failedToLoad);
      return;
    }
    if (this.closed) return;
    this.setState('replaying', 100);
    // let the overlay paint 100 % before the (possibly long) replay blocks the thread
    await nextFrame();
    if (this.closed) return;
    this.replace(data);
    this.setState('online', 100);
    this.queue.kick();
  }

  /**
   * Puts the board as loaded into the editor: the snapshot and commands, then the live commands
   * that arrived meanwhile, then our own unconfirmed edits (from before a reload) on top.
   */
  private replace(data: BoardLoad): void {
    // filtered for this member (the server says so, or the board's config and role at join do)
    this.restricted = data.restricted === true || this.restrictedNow();
    this.heldBlurry = data.blurry === true;
    // `{ seq, hidden: true }` stands for a command private mode does not send: it only fills its seq
    this.opts.target.load(data.snapshot, data.commands.filter((c) => !isHiddenCommand(c)));
    const known = new Set(data.commands.map((c) => c.id));
    for (const c of [...this.outbox.all()]) if (known.has(c.id)) this.outbox.remove(c.id);
    this.order.reset(data.lastSeq);
    this.loaded = true;
    const buffered = this.buffered;
    this.buffered = [];
    for (const command of buffered) this.receive(command);
    for (const command of this.outbox.all()) this.opts.target.applyRemote(command);
    this.pending$.next(this.outbox.size);
  }

  /**
   * The server refused a command the editor had already applied: reload the board's state from
   * the server so the screen shows what everyone else sees (unsent edits stay on top).
   */
  private async resync(): Promise<void> {
    if (this.resyncing || this.closed || !this.loaded) return;
    this.resyncing = true;
    this.loaded = false; // live commands wait in `buffered` meanwhile
    try {
      const data = await this.http(() => fetchBoard(this.creds, this.opts.boardCode));
      if (!this.closed) this.replace(data);
    } catch (error) {
      this.errors$.next({ message: 'resync failed', error });
      const buffered = this.buffered;
      this.buffered = [];
      this.loaded = true;
      for (const command of buffered) this.receive(command);
    } finally {
      this.resyncing = false;
    }
  }

  /* ---------------- sending ---------------- */

  private async sendOnce(command: Command, attempt: number): Promise<SendResult> {
    // a frame over the hub's cap would close the socket, and the reconnect would resend it for
    // ever: such a command is refused here, as the server refuses one over its own command cap
    if (oversized(command)) throw Object.assign(new Error(commandTooLarge(SEND_MAX_BYTES)), { statusCode: 400 });
    if (attempt === 0) return this.call<SendResult>('sendCommand', this.opts.boardCode, command);
    const coreActions = ['edited', ...(this.members$.value.some((m) => m.uid !== this.selfUid && m.isOnline !== false) ? ['collaborated'] : [])];
    return this.http(() => postCommand(this.creds, this.opts.boardCode, { boardCommand: command, connectionId: this.connectionId, coreActions }));
  }

  private confirmed(command: Command, result: SendResult): void {
    this.pending$.next(this.outbox.size);
    const seq = typeof result?.seq === 'number' ? result.seq : undefined;
    if (seq !== undefined) {
      // the answer is all the sender gets of its own command: an undo's effect comes with it
      this.opts.target.confirm(command.id, seq, effectOf(result));
      this.order.accept(seq, null);
      this.watchGap();
    }
    this.dismiss('not-saved');
    this.confirmed$.next({ command, seq });
  }

  /* ---------------- receiving ---------------- */

  private receive(command: Command): void {
    if (!this.loaded) {
      this.buffered.push(command);
      return;
    }
    if (isHiddenCommand(command)) {
      if (typeof command.seq === 'number') this.order.accept(command.seq, null);
      this.watchGap();
      return;
    }
    if (typeof command.seq !== 'number') {
      this.opts.target.applyRemote(command);
      return;
    }
    if (this.outbox.has(command.id) && command.uid === this.selfUid) {
      // Our own command, accepted before its answer reached us (e.g. across a reconnect).
      this.outbox.remove(command.id);
      this.pending$.next(this.outbox.size);
      this.opts.target.confirm(command.id, command.seq, effectOf(command));
      this.order.accept(command.seq, null);
    } else {
      this.order.accept(command.seq, command);
    }
    this.watchGap();
  }

  /** A seq jumped past lastSeq + 1: fetch the missing range unless it arrives on its own. */
  private watchGap(): void {
    if (!this.order.hasGap() || this.gapTimer || this.fillingGap) return;
    this.gapTimer = setTimeout(() => {
      this.gapTimer = null;
      void this.fillGap();
    }, 300);
  }

  private async fillGap(force = false): Promise<void> {
    if ((!force && !this.order.hasGap()) || this.closed || !this.loaded) return;
    this.fillingGap = true;
    try {
      const data = await this.http(() => fetchBoard(this.creds, this.opts.boardCode, { after: this.order.lastSeq }));
      for (const command of data.commands) this.receive(command);
    } catch (error) {
      this.errors$.next({ message: 'gap fetch failed', error });
    } finally {
      this.fillingGap = false;
    }
    if (this.order.hasGap()) this.watchGap();
  }

  private onHubEvent(message: HubEventMessage): void {
    if (!message || typeof message !== 'object') return;
    this.events$.next(message);
    const data = message.data as Record<string, any> | null;
    switch (message.event) {
      case 'onCommand':
        this.receive((data?.command ?? data) as Command);
        break;
      case 'onReconnected':
        for (const command of (data?.commands ?? []) as Command[]) this.receive(command);
        this.restrictionChanged(data?.restricted === true, data?.blurry === true);
        break;
      case 'onClearBoard':
        // the clear command itself comes as onCommand (it disables everything before it)
        if (typeof data?.seq === 'number') this.expectSeq(data.seq);
        break;
      case 'onMeJoined':
        if (typeof data?.uid === 'string') this.identify(data.uid);
        this.me$.next(data as BoardMember);
        if (Array.isArray(data?.online)) this.markOnline(data.online as BoardMember[]);
        this.upsertMember({ ...(data as BoardMember), isSelf: true, isOnline: true });
        break;
      case 'onUserJoined':
        this.upsertMember({ ...(data as BoardMember), isOnline: true });
        break;
      case 'onUserLeft':
        this.members$.next(this.members$.value.map((m) => (m.uid === (data?.uid ?? data) ? { ...m, isOnline: false } : m)));
        break;
      case 'onBoardMemberRenamed':
        this.members$.next(this.members$.value.map((m) => (m.uid === data?.uid ? { ...m, name: data.name } : m)));
        break;
      case 'onBoardRenamed': {
        const board = this.board$.value;
        const name = typeof data === 'string' ? data : (data?.name ?? data?.boardName);
        if (board && typeof name === 'string') this.board$.next({ ...board, boardName: name });
        break;
      }
      case 'onConfigChanged': {
        const board = this.board$.value;
        const config = (data?.config ?? data) as Record<string, unknown>;
        if (board) this.board$.next({ ...board, boardConfig: { ...(board.boardConfig ?? {}), ...config } });
        this.restrictionChanged(this.restrictedNow(), this.blurryNow());
        break;
      }
      case 'onRoleChanged':
        this.roleChanged(data);
        break;
      case 'onBoardNotFound':
        this.notFound();
        break;
      case 'onAccessDenied':
        this.accessDenied();
        break;
      case 'onBoardRemoved':
        this.setState('removed', 100, M.boardRemoved);
        this.notify({ key: 'removed', kind: 'error', text: M.boardRemoved, persistent: true });
        break;
      case 'announcement':
        if (data && typeof data.id === 'string') this.announced(data as AnnouncementEvent);
        break;
      default:
        break;
    }
  }

  /** The current announcements, for a board opened (or back) after they were published; failures are ignored. */
  private async loadAnnouncements(): Promise<void> {
    const during: AnnouncementEvent[] = [];
    this.announcing.add(during);
    try {
      const list = await boardRequest<Announcement[]>(this.creds, 'GET', '/api/announcements');
      if (this.closed || !Array.isArray(list)) return;
      // events that arrived while the list was being read are newer than it
      const changed = new Set(during.map((e) => e.id));
      this.announcements$.next([...list.filter((a) => !changed.has(a.id)), ...this.announcements$.value.filter((a) => changed.has(a.id))]);
    } catch {
      // the bar is a courtesy: a failed read leaves it as it is
    } finally {
      this.announcing.delete(during);
    }
  }

  /** The `announcement` event: a published announcement (added or replaced by id) or a withdrawal. */
  private announced(event: AnnouncementEvent): void {
    for (const during of this.announcing) during.push(event);
    const rest = this.announcements$.value.filter((a) => a.id !== event.id);
    this.announcements$.next(isAnnouncementRemoval(event) ? rest : [...rest, event]);
  }

  private upsertMember(member: BoardMember): void {
    if (!member?.uid) return;
    const rest = this.members$.value.filter((m) => m.uid !== member.uid);
    this.members$.next([...rest, { ...this.members$.value.find((m) => m.uid === member.uid), ...member }]);
  }

  /** The server names the key this visitor is known by (a guest sent its secret, not its key). */
  private identify(uid: string): void {
    if (uid === this.selfUid) return;
    this.selfUid = uid;
    this.opts.target.identify?.(uid);
  }

  private applyBoardInfo(info: BoardInfo): void {
    if (typeof info.uid === 'string') this.identify(info.uid);
    this.board$.next(info);
    const claims = info.claims ?? {};
    this.claims$.next({
      role: claims.role ?? null,
      permissions: claims.permissions ?? [],
      policies: claims.policies ?? this.tokenPolicies(),
      client: claims.client ?? null,
    });
    const members = (info.members ?? []).map((m) => (m.uid === this.selfUid ? { ...m, isSelf: true, isOnline: true } : m));
    this.members$.next(members);
    if (Array.isArray(info.online)) this.markOnline(info.online as BoardMember[]);
    const me = members.find((m) => m.uid === this.selfUid);
    // onMeJoined (sent before the answer) carries the name this session joined with
    if (me) this.me$.next({ ...me, ...(this.me$.value ?? {}) });
    // the server runs another version than this page: the announcement bar offers the update
    if (this.opts.version && info.version && info.version !== this.opts.version && this.newVersion$.value !== info.version) this.newVersion$.next(info.version);
  }

  /** The plan's policies from the access token's claims (board.md §6 "Policies by plan"). */
  private tokenPolicies(): string[] {
    const claims = decodeClaims(this.opts.token?.() ?? null);
    return claims ? [...policiesOf(claims as never)] : [];
  }

  private roleChanged(data: Record<string, any> | null): void {
    const role = data && 'role' in data ? data.role : data;
    if (role === null || role === undefined || role === 'NoAccess') {
      this.claims$.next({ ...this.claims$.value, role: null, permissions: [] });
      this.notify({ key: 'revoked', kind: 'error', text: M.permissionRevoked, persistent: true });
      this.setState('denied', 100, M.permissionRevoked);
      setTimeout(() => this.go('/access-denied'), 1500);
      return;
    }
    const claims = (data?.claims ?? data) as Partial<BoardClaims>;
    this.claims$.next({
      role: typeof role === 'string' ? role : (claims.role ?? null),
      permissions: claims.permissions ?? this.claims$.value.permissions,
      policies: claims.policies ?? this.claims$.value.policies,
      client: claims.client ?? this.claims$.value.client ?? null,
    });
    this.restrictionChanged(this.restrictedNow(), this.blurryNow());
  }

  /** Whether private mode's blurry variant restricts this member (others' texts and notes sent blurred). */
  private blurryNow(): boolean {
    return this.restrictedNow() && this.board$.value?.boardConfig?.privateMode?.blurry === true;
  }

  /** Whether private mode restricts what this member is sent, from the board's config and their role. */
  private restrictedNow(): boolean {
    const mode = this.board$.value?.boardConfig?.privateMode;
    return isRestrictedInPrivateMode(!!mode && (mode.type ?? 0) !== 0, this.claims$.value.role as never);
  }

  /**
   * Private mode turned on (for this member): from now on the server sends nothing of the
   * others' shapes (the editor hides those it holds). Turned off, or the member became Owner or
   * Facilitator: the board this client holds lacks what was not sent, so it is loaded again —
   * as it is when the blurry variant turns on or off while restricted (the server then sends
   * the others' texts and sticky notes blurred, or no longer: the held board must match).
   */
  private restrictionChanged(now: boolean, blurry = false): void {
    if (now && blurry === this.heldBlurry) this.restricted = true;
    else if (now || this.restricted) void this.resync();
  }

  /* ---------------- connection loss ---------------- */

  private onDisconnected(willReconnect: boolean): void {
    if (this.closed || !this.joinedOnce) return;
    const phase = this.phase;
    if (phase === 'notFound' || phase === 'removed' || phase === 'denied' || phase === 'failed') return;
    this.setState('reconnecting', this.state$.value.percent);
    this.members$.next([]);
    const auth = this.socketAuth();
    if (auth) this.client?.overrideReconnectionAuth(auth);
    if (willReconnect) this.notify({ key: 'connection', kind: 'warning', text: M.reconnecting, persistent: true });
    else this.fail(M.restoreFailed, null, { toast: true });
  }

  private async onReconnected(): Promise<void> {
    if (this.closed) return;
    try {
      if (this.loaded) {
        // the new socket re-enters the board; onReconnected brings the commands after lastSeq
        const { clientid, uid } = this.opts;
        const answer = await this.call<{ lastSeq?: number; online?: BoardMember[] } | null>('reconnect', this.opts.boardCode, this.order.lastSeq, {
          uid,
          ...(this.displayName ? { name: this.displayName } : {}),
          ...(clientid ? { clientid } : {}),
        });
        if (answer?.online) this.markOnline(answer.online);
        if (typeof answer?.lastSeq === 'number' && answer.lastSeq > this.order.lastSeq) this.expectSeq(answer.lastSeq);
      } else {
        this.applyBoardInfo(await this.joinCall());
      }
    } catch (error) {
      this.dismiss('connection');
      if (statusOf(error) === 404) return this.notFound();
      if (statusOf(error) === 403) return this.accessDenied();
      this.fail(M.restoreFailed, error, { toast: true });
      return;
    }
    this.dismiss('connection');
    this.notify({ key: 'restored', kind: 'success', text: M.restored });
    // announcements published while the socket was away
    void this.loadAnnouncements();
    if (!this.loaded) {
      await this.load();
      return;
    }
    this.setState('online', 100);
    this.queue.kick();
  }

  /** The server holds commands up to `seq`: fetch whatever has not arrived shortly. */
  private expectSeq(seq: number): void {
    if (seq <= this.order.lastSeq) return;
    setTimeout(() => {
      if (!this.closed && this.order.lastSeq < seq && !this.fillingGap) void this.fillGap(true);
    }, 500);
  }

  /** Marks these members online (presence list from join / reconnect / onMeJoined). */
  private markOnline(online: BoardMember[]): void {
    const byUid = new Map(online.map((m) => [m.uid, m]));
    const merged = this.members$.value.map((m) => (byUid.has(m.uid) ? { ...m, ...byUid.get(m.uid), isOnline: true } : { ...m, isOnline: false }));
    for (const m of online) if (!merged.some((x) => x.uid === m.uid)) merged.push({ ...m, isOnline: true });
    this.members$.next(merged.map((m) => (m.uid === this.selfUid ? { ...m, isSelf: true, isOnline: true } : m)));
  }

  /* ---------------- failures ---------------- */

  private joinFailed(error: unknown, fallback: string = M.connectFailed): void {
    const status = statusOf(error);
    if (status === 404) return this.notFound();
    if (status === 403) return this.accessDenied();
    if (status === 401) return this.forceLogin();
    this.fail(fallback, error, { toast: fallback === M.connectFailed });
  }

  private fail(message: string, error: unknown, options: { toast?: boolean } = {}): void {
    this.setState('failed', this.state$.value.percent, message);
    this.errors$.next({ message, error });
    if (options.toast) this.notify({ key: 'connection', kind: 'error', text: message, persistent: message === M.connectFailed });
  }

  private notFound(): void {
    this.setState('notFound', 100, M.boardNotFound);
    this.errors$.next({ message: M.boardNotFound });
  }

  private accessDenied(): void {
    this.setState('denied', 100, M.unauthorized);
    this.errors$.next({ message: M.unauthorized });
    if (this.signedIn) this.go('/access-denied');
    else this.go(loginUrl());
  }

  private forceLogin(): void {
    this.setState('denied', 100, M.unauthorized);
    this.go(loginUrl());
  }

  private go(url: string): void {
    if (this.closed || this.opts.embedded) return;
    (this.opts.navigate ?? ((u: string) => location.assign(u)))(url);
  }

  /* ---------------- tokens ---------------- */

  /** Runs an HTTP call; a 401 marked token-expired refreshes the token once and retries. */
  private async http<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) {
        if (error.tokenExpired && this.opts.refresh) {
          const fresh = await this.opts.refresh().catch(() => null);
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

  private socketAuth(): { headers: Record<string, string> } | undefined {
    const token = this.opts.token?.();
    this.socketToken = token ?? null;
    return token ? { headers: { authorization: `Bearer ${token}` } } : undefined;
  }

  /** Refreshes the token and re-authenticates the socket a minute before the token expires. */
  private scheduleReauth(): void {
    if (this.reauthTimer) clearTimeout(this.reauthTimer);
    this.reauthTimer = null;
    const exp = decodeClaims(this.opts.token?.() ?? null)?.exp;
    if (!exp || this.closed) return;
    const wait = Math.max(5_000, exp * 1000 - Date.now() - REAUTH_MARGIN_MS);
    this.reauthTimer = setTimeout(async () => {
      this.reauthTimer = null;
      if (this.opts.refresh) await this.opts.refresh().catch(() => null);
      await this.reauthenticate();
    }, Math.min(wait, 2 ** 31 - 1));
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
}

/** After the next paint (or 50 ms, since hidden tabs get no animation frames). */
function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 50);
    if (typeof requestAnimationFrame !== 'undefined') requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

function wsUrl(server: string): `ws://${string}` | `wss://${string}` {
  const url = new URL(server);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.pathname = '/';
  url.search = '';
  url.hash = '';
  return url.toString() as `ws://${string}`;
}

function loginUrl(): string {
  const ret = typeof location === 'undefined' ? '/' : location.pathname + location.search;
  return `/accounts/login?ret=${encodeURIComponent(ret)}`;
}

/** The server-computed effect an answer (or a stored undo/clear) carries, if it is one. */
function effectOf(from: { effect?: unknown } | Command | null | undefined): CommandEffect | undefined {
  const effect = (from as { effect?: unknown } | null | undefined)?.effect;
  return effect && typeof effect === 'object' && !Array.isArray(effect) ? (effect as CommandEffect) : undefined;
}

/** A hub call refused because the socket's token expired (401 'Token expired'). */
function isTokenExpired(error: unknown): boolean {
  return statusOf(error) === 401 && /expired/i.test(messageOf(error));
}

/** The most bytes one command may take on the wire: the hub's frame cap less its envelope. */
export const SEND_MAX_BYTES = PAYLOAD_MAX_BYTES - 64 * 1024;

/** Whether a command's JSON is over SEND_MAX_BYTES (UTF-8 bytes; counted only when its length could be). */
export function oversized(command: Command): boolean {
  const json = JSON.stringify(command);
  return json.length * 3 > SEND_MAX_BYTES && new TextEncoder().encode(json).length > SEND_MAX_BYTES;
}

function statusOf(error: unknown): number | null {
  if (error instanceof HttpError) return error.status;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? status : null;
}

function isDisconnect(error: unknown): boolean {
  const type = (error as { type?: string } | null)?.type;
  return type === 'disconnect' || type === 'ws' || type === 'timeout' || error instanceof TypeError;
}

function messageOf(error: unknown): string {
  const data = (error as { data?: { message?: string } } | null)?.data;
  if (data?.message) return data.message;
  return error instanceof Error ? error.message : String(error);
}
