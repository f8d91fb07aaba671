import type { HubEvent, HubEventMessage } from '../../shared/hub';
import type { HubSocket } from './session';

/**
 * The event writer: hub events go to sockets as nes `update` messages serialised once per
 * broadcast and written with the socket's `sendFrame` (ws `send` of those bytes: ws adds a 2-10
 * byte header and writes the shared payload without copying it) into the socket's TCP stream,
 * which is corked until the next flush (the hub's fork of nes keeps the stream of each upgrade:
 * ./nes/socket.ts).
 *
 * Why not nes's `socket.send`: it serialises the message for every socket. Here a broadcast to N
 * sockets serialises its event once; each socket's share is one buffered write, and a flush sends
 * each socket's frames of the last FLUSH_SPACING_MS in one system call. Events, method answers
 * and pings all go through ws's `send` on the same socket, so they keep their order.
 */

/** An event ready for many sockets: the nes `update` message, serialised. */
export interface EventFrame {
  message: Buffer;
}

/** The nes `update` message (`{ type: 'update', message: { event, data } }`), serialised once. */
export function prepareEvent(event: HubEvent, data: unknown): EventFrame {
  return { message: Buffer.from(`{"type":"update","message":${JSON.stringify({ event, data } satisfies HubEventMessage)}}`) };
}

/** Sends one event to one socket; a closed socket is not an error. */
export function sendEvent(socket: HubSocket, event: HubEvent, data: unknown): void {
  sendPrepared(socket, prepareEvent(event, data), event, data);
}

/**
 * Bytes written to the socket and not sent yet (ws's bufferedAmount: corked frames and what the
 * kernel did not take): a slow reader's backlog.
 */
export function pendingBytes(socket: HubSocket): number {
  return socket.bufferedAmount;
}

/**
 * Writes an event prepared once for many sockets (prepareEvent) to one socket, corking its TCP
 * stream until the next flush. A `lazy` event (cursor batches) may wait up to LAZY_FLUSH_MS for
 * that flush: on a busy board it leaves with the commands' next flush instead of costing every
 * socket a write of its own; any other event brings the flush back to its usual time.
 */
export function sendPrepared(socket: HubSocket, prepared: EventFrame, _event: HubEvent, _data: unknown, lazy = false): void {
  if (!socket.isOpen()) return;
  if (!corked.has(socket)) {
    socket.cork();
    corked.add(socket);
  }
  scheduleFlush(lazy);
  socket.sendFrame(prepared.message);
}

/* ---------------- flushing: one write per socket per FLUSH_SPACING_MS at most ---------------- */

/** the sockets corked since the last flush */
const corked = new Set<Pick<HubSocket, 'uncork'>>();
/** the pending flush: its timer, and whether it was set by a lazy event only (LAZY_FLUSH_MS out) */
let flushTimer: { cancel(): void } | null = null;
let flushIsLazy = false;
let lastFlushAt = 0;
/** HUB_FLUSH_MS's default: measured best of 0, 5, 10, 16 and 20 in bench/fanout.bench.ts. */
export const DEFAULT_FLUSH_MS = 5;
/** How long a lazy event (a cursor batch) may wait for the next flush (ms). */
export const LAZY_FLUSH_MS = 10;
let spacingMs = DEFAULT_FLUSH_MS;

/**
 * The least time between two flushes of the corked sockets (ms; HUB_FLUSH_MS, default 5). A quiet
 * board's event leaves at the end of the turn it was sent in; on a busy one the events of that
 * long leave together, in one write per socket. A write costs a system call and the TCP stack's
 * work on the node and on the receiver, so a socket gets at most 200 writes a second however many
 * events a board has (a burst — a group commit's batch, presence — shares one). 0 flushes at the
 * end of every turn.
 */
export function setFlushSpacing(ms: number): void {
  spacingMs = Number.isFinite(ms) ? Math.max(0, ms) : DEFAULT_FLUSH_MS;
}

/** Writes every corked socket's frames now (a pending flush is cancelled). */
export function flushNow(): void {
  flushTimer?.cancel();
  flush();
}

function flush(): void {
  flushTimer = null;
  lastFlushAt = performance.now();
  for (const socket of corked) socket.uncork();
  corked.clear();
}

/**
 * Sets the flush at its usual time, or LAZY_FLUSH_MS from now for a lazy event. Once per flush for
 * the events of a busy node: a usual-time flush is as soon as any can be, and a lazy one is only
 * moved up by the first other event.
 */
function scheduleFlush(lazy: boolean): void {
  if (flushTimer && (lazy || !flushIsLazy)) return;
  flushTimer?.cancel();
  flushIsLazy = lazy;
  const now = performance.now();
  const wait = lazy ? LAZY_FLUSH_MS : lastFlushAt + spacingMs - now;
  if (wait < 1) {
    const immediate = setImmediate(flush);
    flushTimer = { cancel: () => clearImmediate(immediate) };
  } else {
    const timeout = setTimeout(flush, wait);
    flushTimer = { cancel: () => clearTimeout(timeout) };
  }
}
