import { EventEmitter } from 'node:events';
import type { HubEvent } from '../../shared/hub';

/**
 * Board-wide fan-out. Domain services publish here (an accepted command, a renamed board,
 * a role change…); every node's hub receives every message and sends it to its own sockets
 * on that board. In one process this is an EventEmitter; with REDIS_URL the realtime plugin
 * swaps in the Redis bus (one connection publishes, another subscribes).
 */
export interface BoardMessage {
  event: HubEvent;
  data: unknown;
  /** deliver only to sockets of these user ids / guest uids */
  to?: string[];
  /** skip this connection id (the sender, when it already applied the change) */
  except?: string;
}

export interface Bus {
  publish(boardCode: string, message: BoardMessage): Promise<void>;
  subscribe(handler: (boardCode: string, message: BoardMessage) => void): () => void;
  close(): Promise<void>;
}

export function createLocalBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(boardCode, message) {
      emitter.emit('message', boardCode, message);
    },
    subscribe(handler) {
      emitter.on('message', handler);
      return () => emitter.off('message', handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
