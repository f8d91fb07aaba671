import { HUB_RECONNECT_MS, SEND_RETRIES } from '../../shared/constants';
import type { SessionContext } from './context';
import { BOARD_MESSAGES as M } from './messages';

export interface UnsentWatchDeps {
  ctx: SessionContext;
  /** commands waiting in the outbox */
  size(): number;
  /** the Reload action: the page again (the outbox is kept in this browser) */
  reload(): void;
  /** the Retry action while the socket is down: reconnect now, then the queue sends */
  retry(): void;
  /** how long the queue waits for the socket before saying so (default: SEND_RETRIES hub reconnect periods) */
  waitMs?: number;
}

/**
 * Commands made while the hub socket is down (issue 34 item 7; board.md §4 "Network send", §8).
 * The send queue waits until the board is online with a connection id (board.md §4), and the
 * commands stay in the persisted outbox meanwhile, whatever took the socket away (the browser's
 * offline event, an unreachable server). While they wait, the hub's reconnect attempts (every
 * 2 s, §9) stand for the queue's retries: after SEND_RETRIES of them with commands still waiting,
 * the persistent 'Changes not saved due to network error.' with Reload and Retry shows (the same
 * notice, key 'not-saved', as a send whose retries ran out). The notice goes away once the commands
 * are confirmed (DocumentSync.confirmed) after the socket is back.
 */
export class UnsentWatch {
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly deps: UnsentWatchDeps) {}

  /** A command waits for the socket (queued while it is down, or the socket dropped with commands queued). */
  waiting(): void {
    if (this.timer || !this.deps.size() || this.deps.ctx.closed) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        const { ctx } = this.deps;
        if (ctx.closed || ctx.phase === 'online' || !this.deps.size()) return;
        ctx.error(M.notSaved);
        ctx.notify({
          key: 'not-saved',
          kind: 'error',
          text: M.notSaved,
          persistent: true,
          actions: [
            { label: M.reload, run: () => this.deps.reload() },
            { label: M.retry, run: () => this.deps.retry() },
          ],
        });
      },
      this.deps.waitMs ?? HUB_RECONNECT_MS * SEND_RETRIES,
    );
  }

  /** The socket is back (or the session ended): nothing to say. */
  resumed(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
