import { BehaviorSubject, type Observable, type Subscription } from 'rxjs';
import type { HubEventMessage, HubMethod } from '../../../shared/hub';
import { cleanChatMessage, type ChatMessage as SharedChatMessage } from '../../../shared/collab';
import type * as Wire from '../../../shared/wire';

/** board.md §3 Chat message (as the server sends it), and whether it is still being sent. */
export interface ChatMessage extends SharedChatMessage {
  /** sent, not yet acknowledged ('sending...') */
  pending?: boolean;
}

/** What the chat needs of the board's session (SyncClient has it). */
export interface ChatSession {
  readonly uid: string;
  readonly events$: Observable<HubEventMessage>;
  call<T = unknown>(method: HubMethod, ...args: unknown[]): Promise<T>;
  request<T>(method: 'GET', path: string): Promise<T>;
}

const newId = () => globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * The board's chat (board.md §4 "Chat box"): history from GET /api/boards/{code}/messages (the
 * latest page, older pages with From = the oldest shown), messages sent with the hub's
 * sendMessage (shown 'sending...' until answered), others' messages from onMessageReceived,
 * and an unread count while the box is closed.
 */
export class ChatStore {
  readonly messages$ = new BehaviorSubject<ChatMessage[]>([]);
  readonly unread$ = new BehaviorSubject<number>(0);
  /** 'Failed to load messages' shows while true */
  readonly loadFailed$ = new BehaviorSubject<boolean>(false);
  /** older pages may exist */
  readonly hasOlder$ = new BehaviorSubject<boolean>(true);
  readonly loading$ = new BehaviorSubject<boolean>(false);
  private open = false;
  private loaded = false;
  private readonly sub: Subscription;

  constructor(
    private readonly session: ChatSession,
    private readonly code: string,
    private readonly me: () => string,
    /** a page holds at most this many messages (the server's CHAT_PAGE_SIZE) */
    private readonly pageSize = 50,
  ) {
    this.sub = session.events$.subscribe((e) => {
      if (e.event === 'onMessageReceived') this.received(e.data as ChatMessage);
      // messages sent while the connection was down: the latest page again
      else if (e.event === 'onReconnected' && this.loaded) void this.loadLatest();
    });
  }

  get isOpen(): boolean {
    return this.open;
  }

  setOpen(open: boolean): void {
    this.open = open;
    if (open) {
      this.unread$.next(0);
      if (!this.loaded) void this.loadLatest();
    }
  }

  /** The latest page of the history. */
  async loadLatest(): Promise<void> {
    const page = await this.fetch(null);
    if (!page) return;
    this.loaded = true;
    const known = new Set(page.map((m) => m.id));
    const newest = page[page.length - 1]?.sentDate ?? '';
    // older pages already shown, and messages that arrived while the page loaded, stay
    const kept = this.messages$.value.filter((m) => !known.has(m.id));
    const before = kept.filter((m) => !m.pending && m.sentDate < (page[0]?.sentDate ?? ''));
    const after = kept.filter((m) => !before.includes(m) && (m.pending || m.sentDate >= newest));
    this.messages$.next([...before, ...page, ...after]);
  }

  /** The page before the oldest message shown (scrolled to the top). */
  async loadOlder(): Promise<number> {
    const oldest = this.messages$.value.find((m) => !m.pending);
    if (!oldest || !this.hasOlder$.value || this.loading$.value) return 0;
    const page = await this.fetch(oldest.sentDate);
    if (!page) return 0;
    const known = new Set(this.messages$.value.map((m) => m.id));
    const older = page.filter((m) => !known.has(m.id));
    this.messages$.next([...older, ...this.messages$.value]);
    return older.length;
  }

  /**
   * Sends a message (newlines stripped, trimmed; false when empty). Shown at once as
   * 'sending...'; the hub's answer replaces it. Rejects when the hub refused or failed it (the
   * box says 'Failed to send message, reload the board').
   */
  async send(text: string): Promise<boolean> {
    const message = cleanChatMessage(text);
    if (!message) return false;
    const id = newId();
    const draft: ChatMessage = {
      id,
      message,
      displayName: this.me(),
      sentDate: new Date().toISOString(),
      sender: 'self',
      uid: this.session.uid,
      profileImage: null,
      pending: true,
    };
    this.messages$.next([...this.messages$.value, draft]);
    try {
      const sent = await this.session.call<ChatMessage>('sendMessage', this.code, { id, message });
      this.replace(id, { ...sent, sender: 'self', pending: false });
    } catch (error) {
      this.messages$.next(this.messages$.value.filter((m) => m.id !== id));
      throw error;
    }
    return true;
  }

  dispose(): void {
    this.sub.unsubscribe();
  }

  private async fetch(from: string | null): Promise<ChatMessage[] | null> {
    this.loading$.next(true);
    try {
      const query = from ? `?From=${encodeURIComponent(from)}` : '';
      const page = await this.session.request<Wire.ChatMessages>('GET', `/api/boards/${encodeURIComponent(this.code)}/messages${query}`);
      this.loadFailed$.next(false);
      if (page.length < this.pageSize) this.hasOlder$.next(false);
      return page;
    } catch {
      this.loadFailed$.next(true);
      return null;
    } finally {
      this.loading$.next(false);
    }
  }

  private received(message: ChatMessage | null): void {
    if (!message || typeof message.id !== 'string') return;
    if (this.messages$.value.some((m) => m.id === message.id)) return;
    this.messages$.next([...this.messages$.value, { ...message, sender: message.uid === this.session.uid ? 'self' : 'other' }]);
    if (!this.open) this.unread$.next(this.unread$.value + 1);
  }

  private replace(id: string, message: ChatMessage): void {
    this.messages$.next(this.messages$.value.map((m) => (m.id === id ? message : m)));
  }
}
