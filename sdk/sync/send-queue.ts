import { SEND_RETRIES, SEND_RETRY_DELAY_MS } from '../../shared/constants';
import type { Command, CommandEffect } from '../../shared/model';
import type { Outbox } from './outbox';

export { SEND_RETRIES, SEND_RETRY_DELAY_MS };

/** The server's answer (shared/hub AppendedCommand / SendCommandAnswer), as far as it came. */
export interface SendResult {
  id?: string;
  seq?: number;
  /** an undo/redo's or clear's effect, computed by the server (also on a duplicate) */
  effect?: CommandEffect;
  duplicate?: boolean;
}

export interface SendQueueDeps {
  /** online with a connection id */
  canSend(): boolean;
  /** attempt 0 goes over the socket; the retries take the HTTP path */
  send(command: Command, attempt: number): Promise<SendResult>;
  /** a failure that retrying cannot fix (4xx other than 408/429): the command is dropped */
  isRejection(error: unknown): boolean;
  /** the socket went away mid-send: wait for reconnection instead of counting an attempt */
  isDisconnect(error: unknown): boolean;
  onSent(command: Command, result: SendResult): void;
  onRejected(command: Command, error: unknown): void;
  onRetry(attempt: number): void;
  onGiveUp(command: Command, error: unknown): void;
  onIdle?(): void;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Sends the outbox ONE command at a time, oldest first. A command leaves the outbox only when
 * the server confirmed it (or rejected it for good), so a disconnect or a reload keeps it;
 * it is resent with the same id, which the server treats idempotently.
 */
export class SendQueue {
  private running = false;
  private stalled = false;
  private stopped = false;

  constructor(
    private readonly outbox: Outbox,
    private readonly deps: SendQueueDeps,
  ) {}

  /** true after the retries ran out, until `retry()` */
  get isStalled(): boolean {
    return this.stalled;
  }

  /** Starts sending when idle (call when a command is queued or the connection came back). */
  kick(): void {
    if (this.running || this.stalled || this.stopped) return;
    void this.pump();
  }

  /** The user's Retry: clears the stall and resends the queue. */
  retry(): void {
    this.stalled = false;
    this.kick();
  }

  stop(): void {
    this.stopped = true;
  }

  private async pump(): Promise<void> {
    this.running = true;
    try {
      while (!this.stopped && !this.stalled && this.deps.canSend()) {
        const command = this.outbox.head();
        if (!command) break;
        const outcome = await this.sendOne(command);
        if (outcome === 'paused') break;
      }
    } finally {
      this.running = false;
    }
    if (!this.outbox.size) this.deps.onIdle?.();
    // A command queued while the last send was finishing.
    if (!this.stopped && !this.stalled && this.outbox.size && this.deps.canSend()) this.kick();
  }

  private async sendOne(command: Command): Promise<'sent' | 'dropped' | 'paused'> {
    for (let attempt = 0; attempt <= SEND_RETRIES; attempt++) {
      if (attempt > 0) {
        this.deps.onRetry(attempt);
        await sleep(SEND_RETRY_DELAY_MS * attempt);
        if (this.stopped) return 'paused';
      }
      if (!this.deps.canSend()) return 'paused';
      try {
        const result = await this.deps.send(command, attempt);
        this.outbox.remove(command.id);
        this.deps.onSent(command, result);
        return 'sent';
      } catch (error) {
        if (this.deps.isRejection(error)) {
          this.outbox.remove(command.id);
          this.deps.onRejected(command, error);
          return 'dropped';
        }
        if (this.deps.isDisconnect(error) && !this.deps.canSend()) return 'paused';
        if (attempt === SEND_RETRIES) {
          this.stalled = true;
          this.deps.onGiveUp(command, error);
          return 'paused';
        }
      }
    }
    return 'paused';
  }
}
