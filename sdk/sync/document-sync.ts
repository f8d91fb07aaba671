import { BehaviorSubject, Subject } from 'rxjs';
import type { HubEventMessage, HubMethod } from '../../shared/hub';
import { commandTooLarge } from '../../shared/messages';
import type { Command } from '../../shared/model';
import { isHiddenCommand } from '../../shared/permissions';
import type { BoardHttp, BoardLoad } from './api';
import { effectOf, oversized, SEND_MAX_BYTES } from './command-wire';
import type { SessionContext } from './context';
import { Outbox } from './outbox';
import { outboxQueue } from './outbox-queue';
import type { SendQueue, SendResult } from './send-queue';
import { SeqOrder } from './seq-order';
import type { BoardMember, SyncTarget } from './types';
import { UnsentWatch } from './unsent-watch';

/** Wait this long for a missing seq to arrive on its own before fetching it. */
const GAP_WAIT_MS = 300;
/** After a reconnect or a clear names the server's last seq: fetch whatever has not arrived by then. */
const EXPECT_WAIT_MS = 500;

export interface DocumentSyncDeps {
  ctx: SessionContext;
  boardCode: string;
  target: SyncTarget;
  storage?: Storage | null;
  http: BoardHttp;
  /** runs an HTTP call (refreshing an expired token once) */
  run<T>(call: () => Promise<T>): Promise<T>;
  /** a hub method call */
  call<T>(method: HubMethod, ...args: unknown[]): Promise<T>;
  /** the socket's id, null while disconnected */
  connectionId(): string | null;
  selfUid(): string;
  othersOnline(): boolean;
  /** what private mode left out of the board just loaded (it was filtered, in its blurry variant) */
  held(restricted: boolean, blurry: boolean): void;
  /** the catch-up says private mode restricts this member now (or not), blurry (or not) */
  restrictionChanged(now: boolean, blurry: boolean): void;
  /** a command was refused for lack of rights: the claims are stale */
  refused(): void;
  /** the Reload action of 'Changes not saved' */
  reload(): void;
  /** the Retry action while the socket is down: reconnect now */
  reconnect(): void;
  /** how long commands wait for the socket before 'Changes not saved' (the reconnect attempts standing for the retries) */
  unsentWaitMs?: number;
}

/**
 * The board's document over the wire (board.md §4, ARCHITECTURE.md "server-sequenced log"): loads
 * the board into the target, applies the live commands in seq order (ignoring duplicates), fetches
 * a missing range over HTTP when a seq is skipped, catches up from lastSeq after a reconnect, and
 * sends the editor's commands one at a time through the persisted outbox, replaying it after a
 * reconnect (the server treats a resent id idempotently).
 */
export class DocumentSync {
  /** commands waiting to be confirmed */
  readonly pending$: BehaviorSubject<number>;
  /** commands confirmed by the server (id, seq) */
  readonly confirmed$ = new Subject<{ command: Command; seq: number | undefined }>();
  readonly outbox: Outbox;
  private readonly queue: SendQueue;
  /** commands waiting for the socket: 'Changes not saved' after the reconnect attempts (./unsent-watch.ts) */
  private readonly unsent: UnsentWatch;
  private readonly order: SeqOrder;
  private loadedOnce = false;
  private buffered: Command[] = [];
  private gapTimer: ReturnType<typeof setTimeout> | null = null;
  private fillingGap = false;
  private resyncing = false;
  constructor(private readonly deps: DocumentSyncDeps) {
    this.outbox = new Outbox(deps.boardCode, deps.storage);
    this.pending$ = new BehaviorSubject(this.outbox.size);
    this.order = new SeqOrder((command) => deps.target.applyRemote(command));
    this.queue = outboxQueue(this.outbox, deps.ctx, {
      connectionId: deps.connectionId,
      send: (command, attempt) => this.sendOnce(command, attempt),
      sent: (command, result) => this.confirmed(command, result),
      rejected: (_command, status) => {
        this.pending$.next(this.outbox.size);
        void this.resync();
        if (status === 403) deps.refused();
      },
      reload: deps.reload,
      retry: () => this.retry(),
    });
    this.unsent = new UnsentWatch({
      ctx: deps.ctx,
      size: () => this.outbox.size,
      reload: deps.reload,
      retry: () => this.retry(),
      waitMs: deps.unsentWaitMs,
    });
  }

  /** the highest seq with nothing missing below it */
  get lastSeq(): number {
    return this.order.lastSeq;
  }

  /** the board is in the target (live commands are applied, not buffered) */
  get loaded(): boolean {
    return this.loadedOnce;
  }

  /** Sends a command the editor already applied locally. */
  send(command: Command): void {
    this.outbox.add(command);
    this.pending$.next(this.outbox.size);
    // made while the socket is down: it waits in the outbox (kept in this browser) for the socket
    if (this.deps.ctx.phase !== 'online') this.unsent.waiting();
    this.queue.kick();
  }

  /**
   * Resends the queue after 'Changes not saved due to network error.'; while the socket is down,
   * asks it to reconnect now and waits for it again.
   */
  retry(): void {
    this.deps.ctx.dismiss('not-saved');
    this.queue.retry();
    if (this.deps.ctx.phase !== 'online') {
      this.deps.reconnect();
      this.unsent.waiting();
    }
  }

  /** The socket went away: what the outbox holds waits for it. */
  disconnected(): void {
    this.unsent.waiting();
  }

  /**
   * Online again (after a reconnect): sends what waits in the outbox, also after the retries had
   * run out while the network was gone (the connection is back: that is what Retry waited for).
   */
  resumed(): void {
    this.unsent.resumed();
    this.queue.retry();
  }

  /** Sends what waits in the outbox. */
  kick(): void {
    this.queue.kick();
  }

  stop(): void {
    this.queue.stop();
    this.unsent.resumed();
    if (this.gapTimer) clearTimeout(this.gapTimer);
  }

  /** Loads the whole board with a percent, replays it into the target and goes online; `failed` hears a failed load. */
  async load(failed: (error: unknown) => void): Promise<void> {
    const { ctx } = this.deps;
    ctx.setState('loading', 0);
    let data: BoardLoad;
    try {
      data = await this.deps.run(() => this.deps.http.load({ onProgress: (p) => ctx.setState('loading', p) }));
    } catch (error) {
      failed(error);
      return;
    }
    if (ctx.closed) return;
    ctx.setState('replaying', 100);
    // let the overlay paint 100 % before the (possibly long) replay blocks the thread
    await nextFrame();
    if (ctx.closed) return;
    this.replace(data);
    ctx.setState('online', 100);
    this.unsent.resumed();
    this.queue.kick();
  }

  /** The socket is back on the board (hub `reconnect` with lastSeq): the server sends what came after it. */
  async catchUp(info: Record<string, unknown>): Promise<{ lastSeq?: number; online?: BoardMember[] } | null> {
    const answer = await this.deps.call<{ lastSeq?: number; online?: BoardMember[] } | null>(
      'reconnect',
      this.deps.boardCode,
      this.order.lastSeq,
      info,
    );
    if (typeof answer?.lastSeq === 'number' && answer.lastSeq > this.order.lastSeq) this.expectSeq(answer.lastSeq);
    return answer;
  }

  /** The document's events (commands, catch-up, clear); false for any other event. */
  handle(message: HubEventMessage): boolean {
    const data = message.data as Record<string, unknown> | null;
    switch (message.event) {
      case 'onCommand':
        this.receive((data?.command ?? data) as Command);
        return true;
      case 'onReconnected':
        for (const command of (data?.commands ?? []) as Command[]) this.receive(command);
        this.deps.restrictionChanged(data?.restricted === true, data?.blurry === true);
        return true;
      case 'onClearBoard':
        // the clear command itself comes as onCommand (it disables everything before it)
        if (typeof data?.seq === 'number') this.expectSeq(data.seq);
        return true;
      default:
        return false;
    }
  }

  /**
   * Puts the board as loaded into the editor: the snapshot and commands, then the live commands
   * that arrived meanwhile, then our own unconfirmed edits (from before a reload) on top.
   */
  private replace(data: BoardLoad): void {
    this.deps.held(data.restricted === true, data.blurry === true);
    // `{ seq, hidden: true }` stands for a command private mode does not send: it only fills its seq
    this.deps.target.load(
      data.snapshot,
      data.commands.filter((c) => !isHiddenCommand(c)),
    );
    const known = new Set(data.commands.map((c) => c.id));
    for (const c of [...this.outbox.all()]) if (known.has(c.id)) this.outbox.remove(c.id);
    this.order.reset(data.lastSeq);
    this.loadedOnce = true;
    const buffered = this.buffered;
    this.buffered = [];
    for (const command of buffered) this.receive(command);
    for (const command of this.outbox.all()) this.deps.target.applyRemote(command);
    this.pending$.next(this.outbox.size);
  }

  /**
   * The server refused a command the editor had already applied: reload the board's state from
   * the server so the screen shows what everyone else sees (unsent edits stay on top).
   */
  async resync(): Promise<void> {
    const { ctx } = this.deps;
    if (this.resyncing || ctx.closed || !this.loadedOnce) return;
    this.resyncing = true;
    this.loadedOnce = false; // live commands wait in `buffered` meanwhile
    try {
      const data = await this.deps.run(() => this.deps.http.load());
      if (!ctx.closed) this.replace(data);
    } catch (error) {
      ctx.error('resync failed', error);
      const buffered = this.buffered;
      this.buffered = [];
      this.loadedOnce = true;
      for (const command of buffered) this.receive(command);
    } finally {
      this.resyncing = false;
    }
  }

  private async sendOnce(command: Command, attempt: number): Promise<SendResult> {
    // a frame over the hub's cap would close the socket, and the reconnect would resend it for
    // ever: such a command is refused here, as the server refuses one over its own command cap
    if (oversized(command)) throw Object.assign(new Error(commandTooLarge(SEND_MAX_BYTES)), { statusCode: 400 });
    if (attempt === 0) return this.deps.call<SendResult>('sendCommand', this.deps.boardCode, command);
    const coreActions = ['edited', ...(this.deps.othersOnline() ? ['collaborated'] : [])];
    return this.deps.run(() => this.deps.http.post({ boardCommand: command, connectionId: this.deps.connectionId(), coreActions }));
  }

  private confirmed(command: Command, result: SendResult): void {
    this.pending$.next(this.outbox.size);
    const seq = typeof result?.seq === 'number' ? result.seq : undefined;
    if (seq !== undefined) {
      // the answer is all the sender gets of its own command: an undo's effect comes with it
      this.deps.target.confirm(command.id, seq, effectOf(result));
      this.order.accept(seq, null);
      this.watchGap();
    }
    this.deps.ctx.dismiss('not-saved');
    this.confirmed$.next({ command, seq });
  }

  private receive(command: Command): void {
    if (!this.loadedOnce) {
      this.buffered.push(command);
      return;
    }
    if (isHiddenCommand(command)) {
      if (typeof command.seq === 'number') this.order.accept(command.seq, null);
      this.watchGap();
      return;
    }
    if (typeof command.seq !== 'number') {
      this.deps.target.applyRemote(command);
      return;
    }
    if (this.outbox.has(command.id) && command.uid === this.deps.selfUid()) {
      // Our own command, accepted before its answer reached us (e.g. across a reconnect).
      this.outbox.remove(command.id);
      this.pending$.next(this.outbox.size);
      this.deps.target.confirm(command.id, command.seq, effectOf(command));
      this.order.accept(command.seq, null);
    } else {
      this.order.accept(command.seq, command);
    }
    this.watchGap();
  }

  /** The server holds commands up to `seq`: fetch whatever has not arrived shortly. */
  expectSeq(seq: number): void {
    if (seq <= this.order.lastSeq) return;
    setTimeout(() => {
      if (!this.deps.ctx.closed && this.order.lastSeq < seq && !this.fillingGap) void this.fillGap(true);
    }, EXPECT_WAIT_MS);
  }

  /** A seq jumped past lastSeq + 1: fetch the missing range unless it arrives on its own. */
  private watchGap(): void {
    if (!this.order.hasGap() || this.gapTimer || this.fillingGap) return;
    this.gapTimer = setTimeout(() => {
      this.gapTimer = null;
      void this.fillGap();
    }, GAP_WAIT_MS);
  }

  /** GET …/commands?after=lastSeq: the missing range (and what followed), applied in order. */
  private async fillGap(force = false): Promise<void> {
    if ((!force && !this.order.hasGap()) || this.deps.ctx.closed || !this.loadedOnce) return;
    this.fillingGap = true;
    try {
      const data = await this.deps.run(() => this.deps.http.load({ after: this.order.lastSeq }));
      for (const command of data.commands) this.receive(command);
    } catch (error) {
      this.deps.ctx.error('gap fetch failed', error);
    } finally {
      this.fillingGap = false;
    }
    if (this.order.hasGap()) this.watchGap();
  }
}

/** After the next paint (or 50 ms, since hidden tabs get no animation frames). */
function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 50);
    if (typeof requestAnimationFrame !== 'undefined') requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}
