import type { HubEvent, HubEventMessage } from '../../shared/hub';
import type { HubSocket } from './session';

/**
 * The event writer: hub events go to sockets as websocket frames encoded once per broadcast and
 * written straight to each socket's TCP stream, which is corked until the next flush.
 *
 * Why not nes's `socket.send`: it serialises the message for every socket and waits for each
 * write to complete before the next, so it sends at most one frame per socket per turn. Why not
 * ws's `send`: it frames the same bytes again for every socket. Here a broadcast to N sockets
 * serialises and frames its event once; each socket's share is one buffered write, and a flush
 * sends each socket's frames of the last FLUSH_SPACING_MS in one system call.
 *
 * Events keep their order (they all take this path); method answers and pings still go through
 * nes and ws (whole frames, between ours). Without the ws internals used here (another version),
 * or while ws is busy with a frame of its own (compression), events go through ws's `send`, and
 * without a ws at all through nes's `socket.send`.
 */

/** An event ready for many sockets: the nes `update` message and the same as one websocket text frame. */
export interface EventFrame {
  message: Buffer;
  frame: Buffer;
}

/** The nes `update` message (`{ type: 'update', message: { event, data } }`) and its websocket frame. */
export function prepareEvent(event: HubEvent, data: unknown): EventFrame {
  const message = Buffer.from(`{"type":"update","message":${JSON.stringify({ event, data } satisfies HubEventMessage)}}`);
  return { message, frame: textFrame(message) };
}

/** An unmasked, final websocket text frame (RFC 6455 §5.2) around `payload`: server to client. */
export function textFrame(payload: Buffer): Buffer {
  const n = payload.length;
  const head = n < 126 ? 2 : n < 65536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + n);
  frame[0] = 0x81;
  if (n < 126) frame[1] = n;
  else if (n < 65536) {
    frame[1] = 126;
    frame.writeUInt16BE(n, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(n), 2);
  }
  payload.copy(frame, head);
  return frame;
}

/** Sends one event to one socket; a closed socket is not an error. */
export function sendEvent(socket: HubSocket, event: HubEvent, data: unknown): void {
  sendPrepared(socket, prepareEvent(event, data), event, data);
}

/** What of nes's socket and ws's WebSocket the writer uses (checked at run time). */
interface Wire {
  _ws?: {
    readyState: number;
    /** ws: bytes queued and not yet handed to the kernel */
    bufferedAmount?: number;
    send(data: Buffer, options: { binary: boolean }, cb?: (err?: Error) => void): void;
    _sender?: { _state?: number };
    _socket?: RawSocket;
  };
}
interface RawSocket {
  cork(): void;
  uncork(): void;
  write(chunk: Buffer): boolean;
  destroyed?: boolean;
}

/**
 * Bytes written to the socket and not sent yet (ws's bufferedAmount: corked frames and what the
 * kernel did not take): a slow reader's backlog. 0 when unknown.
 */
export function pendingBytes(socket: HubSocket): number {
  const ws = (socket as unknown as Wire)._ws;
  return typeof ws?.bufferedAmount === 'number' ? ws.bufferedAmount : 0;
}

/** ws's Sender state when it writes frames at once (no compression or blob read in progress). */
const SENDER_IDLE = 0;

/**
 * Writes an event prepared once for many sockets (prepareEvent) to one socket, corking its TCP
 * stream until the next flush. A `lazy` event (cursor batches) may wait up to LAZY_FLUSH_MS for
 * that flush: on a busy board it leaves with the commands' next flush instead of costing every
 * socket a write of its own; any other event brings the flush back to its usual time.
 */
export function sendPrepared(socket: HubSocket, prepared: EventFrame, event: HubEvent, data: unknown, lazy = false): void {
  const ws = (socket as unknown as Wire)._ws;
  if (!ws || typeof ws.send !== 'function') {
    if (socket.isOpen()) socket.send({ event, data } satisfies HubEventMessage).catch(() => {});
    return;
  }
  if (ws.readyState !== 1) return;
  const raw = ws._socket;
  if (!raw || typeof raw.cork !== 'function' || typeof raw.write !== 'function') {
    ws.send(prepared.message, { binary: false }, () => {});
    return;
  }
  if (!corked.has(raw)) {
    raw.cork();
    corked.add(raw);
  }
  scheduleFlush(lazy);
  if (ws._sender?._state === SENDER_IDLE) raw.write(prepared.frame);
  else ws.send(prepared.message, { binary: false }, () => {});
}

/* ---------------- flushing: one write per socket per FLUSH_SPACING_MS at most ---------------- */

const corked = new Set<RawSocket>();
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

function flush(): void {
  flushTimer = null;
  lastFlushAt = performance.now();
  for (const raw of corked) if (!raw.destroyed) raw.uncork();
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
