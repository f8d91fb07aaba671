import { BehaviorSubject, filter, type Observable, type Subscription } from 'rxjs';
import { COMMENT_DEFAULT_COLOR, COMMENT_MARKER_SIZE } from '../../../shared/constants';
import type { HubEventMessage, HubMethod } from '../../../shared/hub';
import type { CommentView } from '../../../shared/collab';
import type * as Wire from '../../../shared/wire';
import type { CommentShape } from '../../../shared/model';
import type { Editor } from '../../editor/editor';
import { cleanComment } from './text';

/** board.md §3 Comment (shared/collab CommentView). */
export type Comment = CommentView;

/** board.md §3 Thread, as GET /api/boards/{id}/comments answers it (shared/wire.ts). */
export type Thread = Wire.CommentThread;

/** What the comments need of the board's session (SyncClient has it). */
export interface CommentsSession {
  readonly uid: string;
  readonly events$: Observable<HubEventMessage>;
  call<T = unknown>(method: HubMethod, ...args: unknown[]): Promise<T>;
  request<T>(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<T>;
}

/** The comment box: an existing thread, or a new comment being written at a board point. */
export type CommentBoxTarget = { threadId: string } | { draft: { x: number; y: number } };

interface AddedEvent {
  id: string;
  message: string;
  date: string;
  displayName: string;
  profileImage: string | null;
  threadId: string;
  newThread: boolean;
  uid?: string;
}

const newId = () =>
  globalThis.crypto?.randomUUID?.() ??
  '00000000-0000-4000-8000-000000000000'.replace(/0/g, () => Math.floor(Math.random() * 16).toString(16));

/**
 * Comment threads of a board (board.md §4 "Comment threads"): the thread list (GET …/comments),
 * kept live by commentAdded / commentRemoved; the markers are the board's comment shapes (the
 * editor's document: placing, resolving, colouring and removing go through the command log).
 * Opening a thread marks it seen (POST …/comments/{threadId}/mark). The comment tool, the
 * selection, the comments panel and the context menu all open threads through `open`.
 */
export class CommentsStore {
  readonly threads$ = new BehaviorSubject<ReadonlyMap<string, Thread>>(new Map());
  /** what the comment box shows (null: closed) */
  readonly box$ = new BehaviorSubject<CommentBoxTarget | null>(null);
  readonly panel$ = new BehaviorSubject<boolean>(false);
  readonly loadFailed$ = new BehaviorSubject<boolean>(false);
  private readonly subs: Subscription[] = [];

  constructor(
    private readonly session: CommentsSession,
    private readonly editor: Editor,
    private readonly code: string,
    private readonly me: () => string,
  ) {
    this.subs.push(
      session.events$.pipe(filter((e) => e.event === 'commentAdded')).subscribe((e) => this.added(e.data as AddedEvent)),
      session.events$.pipe(filter((e) => e.event === 'commentRemoved')).subscribe((e) => {
        const { threadId, id } = (e.data ?? {}) as { threadId?: string; id?: string };
        if (threadId && id) this.update(threadId, (t) => ({ ...t, comments: t.comments.filter((c) => c.id !== id) }));
      }),
    );
  }

  /* ---------------- reading ---------------- */

  async load(): Promise<void> {
    try {
      const list = await this.session.request<Wire.CommentThreads>('GET', `/api/boards/${encodeURIComponent(this.code)}/comments`);
      const map = new Map(this.threads$.value);
      for (const t of list) map.set(t.threadId, t);
      this.threads$.next(map);
      this.loadFailed$.next(false);
    } catch {
      this.loadFailed$.next(true);
    }
  }

  thread(threadId: string): Thread | undefined {
    return this.threads$.value.get(threadId);
  }

  /** The marker (comment shape) of a thread on the board, if placed and not removed. */
  marker(threadId: string): CommentShape | undefined {
    return this.markers().find((s) => s.threadId === threadId);
  }

  /** Every comment marker on the board (resolved ones included). */
  markers(): CommentShape[] {
    // the comment feature's own kind (a pin and its thread): not a kind switch (shape-registry.test.ts)
    return this.editor.getShapes().filter((s): s is CommentShape => s.cmd === 'comment');
  }

  unreadCount(threadId: string): number {
    return this.thread(threadId)?.comments.filter((c) => !c.seen).length ?? 0;
  }

  /** May this visitor add, resolve, colour and delete comments (write_comment)? */
  canWrite(): boolean {
    return this.editor.permissions().permissions.includes('write_comment');
  }

  /** Deleting one comment: only while the thread has more than one (board.md §5), by its author or the owner. */
  canDeleteComment(threadId: string, comment: Comment): boolean {
    const thread = this.thread(threadId);
    if (!thread || thread.comments.length <= 1 || !this.canWrite()) return false;
    return comment.uid === this.session.uid || this.editor.permissions().role === 'Owner';
  }

  /* ---------------- the comment box ---------------- */

  /** Opens a thread's box and marks it seen. */
  open(threadId: string): void {
    this.box$.next({ threadId });
    void this.markSeen(threadId);
  }

  /** Opens the box of the thread a marker shape belongs to. */
  openShape(shapeId: string): void {
    const shape = this.editor.doc.get(shapeId);
    // the comment feature's own kind (a pin and its thread): not a kind switch (shape-registry.test.ts)
    if (shape?.cmd === 'comment') this.open(shape.threadId);
  }

  /** Starts a new comment at a board point (the marker is placed when the first comment is sent). */
  startDraft(x: number, y: number): void {
    this.box$.next({ draft: { x, y } });
  }

  close(): void {
    this.box$.next(null);
  }

  /** Zooms to a thread's marker and opens it (the comments panel). */
  reveal(threadId: string): void {
    const m = this.marker(threadId);
    if (m) {
      const k = COMMENT_MARKER_SIZE;
      this.editor.zoomToRect({ x: m.x - 4 * k, y: m.y - 3 * k, w: 9 * k, h: 7 * k });
    }
    this.open(threadId);
  }

  async markSeen(threadId: string): Promise<void> {
    const thread = this.thread(threadId);
    if (!thread || thread.comments.every((c) => c.seen)) return;
    this.update(threadId, (t) => ({ ...t, comments: t.comments.map((c) => ({ ...c, seen: true })) }));
    await this.session.request('POST', `/api/boards/${encodeURIComponent(this.code)}/comments/${threadId}/mark`, {}).catch(() => undefined);
  }

  /* ---------------- writing ---------------- */

  /** Places a marker at (x, y) with its first comment; answers the new thread id (null when the text is empty or too long). */
  async create(x: number, y: number, text: string, color = COMMENT_DEFAULT_COLOR): Promise<string | null> {
    const message = cleanComment(text);
    if (!message) return null;
    const threadId = newId();
    this.editor.execute({ cmd: 'comment', shape: { ...this.editor.shapeBase('comment'), x, y, threadId, color, resolved: false } });
    this.update(threadId, () => ({ threadId, shapeId: null, comments: [], resolved: false, deleted: false }));
    this.box$.next({ threadId });
    await this.post(threadId, message);
    return threadId;
  }

  /** Adds a reply to a thread (trimmed; false when empty or too long). */
  async reply(threadId: string, text: string): Promise<boolean> {
    const message = cleanComment(text);
    if (!message) return false;
    await this.post(threadId, message);
    return true;
  }

  async deleteComment(threadId: string, commentId: string): Promise<void> {
    const comment = this.thread(threadId)?.comments.find((c) => c.id === commentId);
    if (!comment || !this.canDeleteComment(threadId, comment)) return;
    await this.session.call('deleteComment', this.code, threadId, commentId);
    this.update(threadId, (t) => ({ ...t, comments: t.comments.filter((c) => c.id !== commentId) }));
  }

  /** Resolves (hides from the canvas) or reopens a thread. */
  setResolved(threadId: string, resolved: boolean): void {
    const m = this.marker(threadId);
    if (!m || !this.canWrite()) return;
    this.editor.execute({ cmd: 'propertyModifier', shapes: [m.id], props: [{ name: 'resolved', value: resolved }] });
    this.update(threadId, (t) => ({ ...t, resolved }));
    if (resolved) this.close();
  }

  /** The marker's colour, 1–6 (board.md §3 Comment colours). */
  setColor(threadId: string, color: number): void {
    const m = this.marker(threadId);
    if (!m || !this.canWrite() || m.color === color) return;
    this.editor.execute({ cmd: 'propertyModifier', shapes: [m.id], props: [{ name: 'color', value: color }] });
  }

  /** Removes the marker and with it the whole thread. */
  deleteThread(threadId: string): void {
    const m = this.marker(threadId);
    if (!m || !this.canWrite()) return;
    this.editor.execute({ cmd: 'remove', shapes: [m.id] });
    this.update(threadId, (t) => ({ ...t, deleted: true }));
    this.close();
  }

  dispose(): void {
    for (const s of this.subs) s.unsubscribe();
  }

  /* ---------------- internals ---------------- */

  private async post(threadId: string, message: string): Promise<void> {
    const res = await this.session.call<{ id: string; date: string; threadId: string }>('addComment', this.code, message, threadId);
    const comment: Comment = {
      id: res.id,
      message,
      createdDate: res.date,
      name: this.me(),
      profileImage: null,
      seen: true,
      uid: this.session.uid,
    };
    this.update(res.threadId ?? threadId, (t) =>
      t.comments.some((c) => c.id === comment.id) ? t : { ...t, comments: [...t.comments, comment] },
    );
  }

  private added(e: AddedEvent | null): void {
    if (!e || typeof e.threadId !== 'string' || typeof e.id !== 'string') return;
    const box = this.box$.value;
    const viewing = !!box && 'threadId' in box && box.threadId === e.threadId;
    const own = e.uid === this.session.uid;
    const comment: Comment = {
      id: e.id,
      message: e.message,
      createdDate: e.date,
      name: e.displayName,
      profileImage: e.profileImage ?? null,
      seen: own || viewing,
      uid: e.uid ?? '',
    };
    this.update(e.threadId, (t) => (t.comments.some((c) => c.id === e.id) ? t : { ...t, comments: [...t.comments, comment] }));
    if (viewing && !own)
      void this.session
        .request('POST', `/api/boards/${encodeURIComponent(this.code)}/comments/${e.threadId}/mark`, {})
        .catch(() => undefined);
  }

  private update(threadId: string, change: (t: Thread) => Thread): void {
    const map = new Map(this.threads$.value);
    const current = map.get(threadId) ?? { threadId, shapeId: null, comments: [], resolved: false, deleted: false };
    map.set(threadId, change(current));
    this.threads$.next(map);
  }
}
