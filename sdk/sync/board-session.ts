import { BehaviorSubject } from 'rxjs';
import { isAnnouncementRemoval, type Announcement, type AnnouncementEvent } from '../../shared/announcements';
import type { HubEventMessage } from '../../shared/hub';
import { isRestrictedInPrivateMode } from '../../shared/permissions';
import { policiesOf } from '../../shared/policies';
import { decodeClaims } from '../../ui/auth';
import type { SessionContext } from './context';
import { statusOf } from './errors';
import { BOARD_MESSAGES as M } from './messages';
import type { Presence } from './presence';
import type { BoardClaims, BoardInfo } from './types';

export interface BoardSessionDeps {
  ctx: SessionContext;
  presence: Presence;
  /** the current access token (its plan's policies stand in when the board sends none) */
  token: () => string | null;
  /** this page's version; a different server version is offered as an update */
  version?: string;
  /** signed in (access denied) or a guest (the login page) */
  signedIn: () => boolean;
  /** page navigation, passed in by the UI (access denied, login) */
  navigate: (url: string) => void;
  /** loads the board again (its document, with what the server now sends this member) */
  reload: () => void;
  /** GET /api/announcements */
  announcements: () => Promise<Announcement[]>;
}

/**
 * The board as this visitor holds it and what it may do there: the board's info (name, config),
 * the claims (role, permissions, policies) and their changes, private mode turning on or off for
 * this member, the operators' announcements, a newer server version, and the endings of a
 * session (board not found or removed, access denied or revoked) — as streams and phases, with
 * navigation left to the `navigate` callback the UI passes in.
 */
export class BoardSession {
  readonly board$ = new BehaviorSubject<BoardInfo | null>(null);
  readonly claims$ = new BehaviorSubject<BoardClaims>({ role: null, permissions: [], policies: [] });
  /** the operators' current announcements (GET /api/announcements at join, then the `announcement` event) */
  readonly announcements$ = new BehaviorSubject<Announcement[]>([]);
  /** the server's version when it differs from this page's: 'A new Tabula version is available' */
  readonly newVersion$ = new BehaviorSubject<string | null>(null);
  /** the events received during each GET /api/announcements in flight */
  private readonly announcing = new Set<AnnouncementEvent[]>();
  /**
   * The board this client holds was filtered by private mode (the server sent only this
   * member's shapes): once private mode is off, or the member becomes Owner or Facilitator, the
   * board is loaded again to receive the others' shapes (docs/security.md "Private mode").
   */
  private restricted = false;
  /** …and its blurry variant: the others' texts and sticky notes it holds are the blurred ones the server sent */
  private heldBlurry = false;

  constructor(private readonly deps: BoardSessionDeps) {}

  /** What joinBoard answered: the board, the claims, the members, the server's version. */
  applyBoardInfo(info: BoardInfo): void {
    if (typeof info.uid === 'string') this.deps.presence.identify(info.uid);
    this.board$.next(info);
    const claims = info.claims ?? {};
    this.claims$.next({
      role: claims.role ?? null,
      permissions: claims.permissions ?? [],
      policies: claims.policies ?? this.tokenPolicies(),
      client: claims.client ?? null,
    });
    this.deps.presence.joined(info.members ?? [], info.online);
    const version = this.deps.version;
    // the server runs another version than this page: the announcement bar offers the update
    if (version && info.version && info.version !== version && this.newVersion$.value !== info.version) this.newVersion$.next(info.version);
  }

  /** The board's name or config as this visitor just changed it. */
  changed(change: { boardName?: string; boardConfig?: Record<string, unknown> }): void {
    const board = this.board$.value;
    if (!board) return;
    const { boardName, boardConfig } = change;
    this.board$.next({
      ...board,
      ...(boardName !== undefined ? { boardName } : {}),
      ...(boardConfig ? { boardConfig: { ...(board.boardConfig ?? {}), ...boardConfig } } : {}),
    });
  }

  /** The document loaded a board the server filtered (or not) for private mode, in its blurry variant (or not). */
  held(restricted: boolean, blurry: boolean): void {
    // filtered for this member (the server says so, or the board's config and role at join do)
    this.restricted = restricted || this.restrictedNow();
    this.heldBlurry = blurry;
  }

  /**
   * Private mode turned on (for this member): from now on the server sends nothing of the
   * others' shapes (the editor hides those it holds). Turned off, or the member became Owner or
   * Facilitator: the board this client holds lacks what was not sent, so it is loaded again —
   * as it is when the blurry variant turns on or off while restricted (the server then sends
   * the others' texts and sticky notes blurred, or no longer: the held board must match).
   */
  restrictionChanged(now: boolean, blurry = false): void {
    if (now && blurry === this.heldBlurry) this.restricted = true;
    else if (now || this.restricted) this.deps.reload();
  }

  /** Whether private mode restricts what this member is sent, from the board's config and their role. */
  restrictedNow(): boolean {
    const mode = this.board$.value?.boardConfig?.privateMode;
    return isRestrictedInPrivateMode(!!mode && (mode.type ?? 0) !== 0, this.claims$.value.role as never);
  }

  /** The board's events about itself and this visitor's rights; false for any other event. */
  handle(message: HubEventMessage): boolean {
    const data = message.data as Record<string, unknown> | null;
    switch (message.event) {
      case 'onBoardRenamed': {
        const name = typeof data === 'string' ? data : (data?.name ?? data?.boardName);
        if (typeof name === 'string') this.changed({ boardName: name });
        return true;
      }
      case 'onConfigChanged':
        this.changed({ boardConfig: (data?.config ?? data) as Record<string, unknown> });
        this.restrictionChanged(this.restrictedNow(), this.blurryNow());
        return true;
      case 'onRoleChanged':
        this.roleChanged(data);
        return true;
      case 'onBoardNotFound':
        this.notFound();
        return true;
      case 'onAccessDenied':
        this.accessDenied();
        return true;
      case 'onBoardRemoved':
        this.deps.ctx.setState('removed', 100, M.boardRemoved);
        this.deps.ctx.notify({ key: 'removed', kind: 'error', text: M.boardRemoved, persistent: true });
        return true;
      case 'announcement':
        if (data && typeof data.id === 'string') this.announced(data as AnnouncementEvent);
        return true;
      default:
        return false;
    }
  }

  /** The current announcements, for a board opened (or back) after they were published; failures are ignored. */
  async loadAnnouncements(): Promise<void> {
    const during: AnnouncementEvent[] = [];
    this.announcing.add(during);
    try {
      const list = await this.deps.announcements();
      if (this.deps.ctx.closed || !Array.isArray(list)) return;
      // events that arrived while the list was being read are newer than it
      const changed = new Set(during.map((e) => e.id));
      this.announcements$.next([...list.filter((a) => !changed.has(a.id)), ...this.announcements$.value.filter((a) => changed.has(a.id))]);
    } catch {
      // the bar is a courtesy: a failed read leaves it as it is
    } finally {
      this.announcing.delete(during);
    }
  }

  /** Joining or loading the board failed: not found, access denied, the login page, or `fallback`. */
  joinFailed(error: unknown, fallback: string = M.connectFailed): void {
    const status = statusOf(error);
    if (status === 404) return this.notFound();
    if (status === 403) return this.accessDenied();
    if (status === 401) return this.forceLogin();
    this.fail(fallback, error, { toast: fallback === M.connectFailed });
  }

  /** The session failed for good (phase 'failed'), with a toast if asked. */
  fail(message: string, error: unknown, options: { toast?: boolean } = {}): void {
    const { ctx } = this.deps;
    ctx.setState('failed', undefined, message);
    ctx.error(message, error);
    if (options.toast) ctx.notify({ key: 'connection', kind: 'error', text: message, persistent: message === M.connectFailed });
  }

  notFound(): void {
    this.deps.ctx.setState('notFound', 100, M.boardNotFound);
    this.deps.ctx.error(M.boardNotFound);
  }

  accessDenied(): void {
    this.deps.ctx.setState('denied', 100, M.unauthorized);
    this.deps.ctx.error(M.unauthorized);
    if (this.deps.signedIn()) this.go('/access-denied');
    else this.go(loginUrl());
  }

  forceLogin(): void {
    this.deps.ctx.setState('denied', 100, M.unauthorized);
    this.go(loginUrl());
  }

  /** The `announcement` event: a published announcement (added or replaced by id) or a withdrawal. */
  private announced(event: AnnouncementEvent): void {
    for (const during of this.announcing) during.push(event);
    const rest = this.announcements$.value.filter((a) => a.id !== event.id);
    this.announcements$.next(isAnnouncementRemoval(event) ? rest : [...rest, event]);
  }

  private roleChanged(data: Record<string, unknown> | null): void {
    const role = data && 'role' in data ? data.role : data;
    if (role === null || role === undefined || role === 'NoAccess') {
      this.claims$.next({ ...this.claims$.value, role: null, permissions: [] });
      this.deps.ctx.notify({ key: 'revoked', kind: 'error', text: M.permissionRevoked, persistent: true });
      this.deps.ctx.setState('denied', 100, M.permissionRevoked);
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

  /** The plan's policies from the access token's claims (board.md §6 "Policies by plan"). */
  private tokenPolicies(): string[] {
    const claims = decodeClaims(this.deps.token());
    return claims ? [...policiesOf(claims as never)] : [];
  }

  private go(url: string): void {
    if (!this.deps.ctx.closed) this.deps.navigate(url);
  }
}

function loginUrl(): string {
  const ret = typeof location === 'undefined' ? '/' : location.pathname + location.search;
  return `/accounts/login?ret=${encodeURIComponent(ret)}`;
}
