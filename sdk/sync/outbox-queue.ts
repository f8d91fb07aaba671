import { RETRY_NOTICE_MS } from '../../shared/constants';
import type { Command } from '../../shared/model';
import type { SessionContext } from './context';
import { isDisconnect, messageOf, statusOf } from './errors';
import { BOARD_MESSAGES as M } from './messages';
import type { Outbox } from './outbox';
import { SendQueue, type SendResult } from './send-queue';

export interface OutboxQueueHooks {
  /** the socket's id, null while disconnected */
  connectionId(): string | null;
  send(command: Command, attempt: number): Promise<SendResult>;
  sent(command: Command, result: SendResult): void;
  /** the server refused the command for good (the board is reloaded; a 403 means stale claims) */
  rejected(command: Command, status: number | null): void;
  /** the Reload action of 'Changes not saved' */
  reload(): void;
  /** the Retry action of 'Changes not saved' */
  retry(): void;
}

/**
 * The board session's send queue over its outbox: it sends while online with a socket; a 4xx
 * other than 408, 429 and 401 drops the command ('rejected'), anything else is retried (the
 * 'retrying' toast) until the retries run out ('Changes not saved', with Reload and Retry).
 */
export function outboxQueue(outbox: Outbox, ctx: SessionContext, hooks: OutboxQueueHooks): SendQueue {
  return new SendQueue(outbox, {
    canSend: () => ctx.phase === 'online' && Boolean(hooks.connectionId()),
    send: (command, attempt) => hooks.send(command, attempt),
    isRejection: (e) => {
      const status = statusOf(e);
      return status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429 && status !== 401;
    },
    isDisconnect,
    onSent: (command, result) => hooks.sent(command, result),
    onRejected: (command, error) => {
      const status = statusOf(error);
      ctx.notify({ key: `rejected-${command.id}`, kind: 'error', text: status === 403 ? M.unauthorized : messageOf(error) });
      hooks.rejected(command, status);
    },
    onRetry: () => ctx.notify({ key: 'retrying', kind: 'warning', text: M.retrying, duration: RETRY_NOTICE_MS }),
    onGiveUp: (_command, error) => {
      ctx.error(M.notSaved, error);
      ctx.notify({
        key: 'not-saved',
        kind: 'error',
        text: M.notSaved,
        persistent: true,
        actions: [
          { label: M.reload, run: () => hooks.reload() },
          { label: M.retry, run: () => hooks.retry() },
        ],
      });
    },
  });
}
