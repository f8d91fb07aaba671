import Boom from '@hapi/boom';
import type { Logger } from 'pino';
import type { RawData } from 'ws';
import type { NesSocket } from './nes/socket';

/**
 * The hub's frame guard (docs/security.md "The hub's frames"). @hapi/nes 14 trusts the shape of
 * what it parses: the 4-byte frame `null` made it read `null.type` (lib/socket.js:274), an
 * `auth` that is a number made it assign a property on a number, a `method` that is an object
 * reached shot's `toUpperCase` — each a TypeError that nes rethrew as a "system" error out of
 * its message handler, an unhandled rejection that ended the process.
 *
 * Here every frame is read ONCE, before the socket handles it: counted against the socket's frame
 * budget (past twice the budget it is dropped unread), parsed, checked to be a well-formed nes
 * message (an object; `type` one of nes's; an `id` that is a non-empty string or a finite number;
 * each type's fields of the kinds nes reads), and only then handed to the socket (`handle`, of the
 * hub's fork of nes: ./nes). Anything else is answered with a 400 (a 429 over budget) in nes's
 * error format, with the request's type and id when they can be read. An error thrown while
 * handling a frame is logged and answered as a 500; it never leaves the handler. A frame over
 * PAYLOAD_MAX_BYTES (ws `maxPayload`) never gets here: ws refuses it from its header (close 1009, "Message too big")
 * before buffering it. The guard is the fork's `onFrame` hook (./nes/listener.ts).
 */

/** A frame that passed the checks: a nes message. */
export interface Frame {
  type: FrameType;
  id: string | number;
  [field: string]: unknown;
}

export type FrameType = (typeof FRAME_TYPES)[number];
/** The message types a nes 14 client sends. */
export const FRAME_TYPES = ['hello', 'reauth', 'ping', 'message', 'request', 'sub', 'unsub'] as const;
const TYPES: ReadonlySet<string> = new Set(FRAME_TYPES);

/**
 * Frames of one socket handled at once; the next ones wait in order (FIFO), at most WAITING_MAX
 * of them and WAITING_MAX_BYTES in all, and past that are answered 429. A socket's share of the
 * node (event loop, database pool) is bounded whatever its rate: a board client sends one command
 * at a time and waits for the answer, so it never waits here.
 */
export const CONCURRENT_MAX = 4;
export const WAITING_MAX = 256;
export const WAITING_MAX_BYTES = 8 * 1024 * 1024;

const MAX_ID = 128;
const MAX_PATH = 4096;
const MAX_HEADERS = 50;
const MAX_HEADER = 16 * 1024;
const MAX_SUBS = 100;

export interface FrameGuardOptions {
  /** counts one frame of `socket`: within its budget, over it (a 429), or so far over it that the socket is closed */
  admit(socket: object): 'ok' | 'over' | 'abusive';
  /** the text of the 429 answer */
  tooMany: string;
  logger: Logger;
}

export type FrameCheck = { ok: true; frame: Frame } | { ok: false; message: string; request?: Partial<Frame> };

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string | number =>
  (typeof v === 'string' && v.length > 0 && v.length <= MAX_ID) || (typeof v === 'number' && Number.isFinite(v) && v !== 0);
const isText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;

/** `headers` of an auth or request: absent, or an object of at most 50 string values. */
function headersOk(headers: unknown): boolean {
  if (headers === undefined) return true;
  if (!isPlainObject(headers)) return false;
  const entries = Object.entries(headers);
  return entries.length <= MAX_HEADERS && entries.every(([k, v]) => k.length <= 200 && typeof v === 'string' && v.length <= MAX_HEADER);
}

/** hello/reauth `auth` (the platform's nes auth is 'direct': an object with headers), or absent. */
const authOk = (auth: unknown): boolean => auth === undefined || (isPlainObject(auth) && headersOk(auth.headers));

/** Checks a parsed frame; on failure, the error text and what of the request can be echoed. */
export function checkFrame(value: unknown): FrameCheck {
  if (!isPlainObject(value)) return { ok: false, message: 'Cannot parse message' };
  const { type, id } = value;
  const knownType = typeof type === 'string' && TYPES.has(type) ? (type as FrameType) : undefined;
  const echo: Partial<Frame> = {};
  if (knownType) echo.type = knownType;
  if (isId(id)) echo.id = id;
  if (type === undefined || type === null || type === '') return { ok: false, message: 'Cannot parse message', request: echo };
  if (!knownType) return { ok: false, message: 'Unknown message type', request: echo };
  if (!isId(id)) return { ok: false, message: 'Message missing id', request: echo };
  const bad = (what: string): FrameCheck => ({ ok: false, message: `Invalid ${knownType} message: ${what}`, request: echo });
  switch (knownType) {
    case 'hello': {
      if (value.version !== undefined && !isText(value.version, 10)) return bad('version');
      if (!authOk(value.auth)) return bad('auth');
      const subs = value.subs;
      if (subs !== undefined && !(Array.isArray(subs) && subs.length <= MAX_SUBS && subs.every((s) => isText(s, MAX_PATH))))
        return bad('subs');
      break;
    }
    case 'reauth':
      if (!authOk(value.auth)) return bad('auth');
      break;
    case 'request':
      if (!isText(value.method, 20)) return bad('method');
      if (!isText(value.path, MAX_PATH)) return bad('path');
      if (!headersOk(value.headers)) return bad('headers');
      break;
    case 'sub':
    case 'unsub':
      if (!isText(value.path, MAX_PATH)) return bad('path');
      break;
    // 'ping' carries nothing else; 'message' carries any value (the hub's dispatcher validates it)
  }
  return { ok: true, frame: value as Frame };
}

/** A websocket message as text: ws hands over a Buffer (text and binary frames alike). */
function textOf(message: unknown): string {
  if (typeof message === 'string') return message;
  if (Buffer.isBuffer(message)) return message.toString('utf8');
  if (Array.isArray(message)) return Buffer.concat(message as Buffer[]).toString('utf8');
  if (message instanceof ArrayBuffer) return Buffer.from(message).toString('utf8');
  return String(message);
}

const sizeOf = (message: RawData): number =>
  Buffer.isBuffer(message) ? message.length : Array.isArray(message) ? message.reduce((n, b) => n + b.length, 0) : message.byteLength;

/** The guard: reads a frame of `socket` (the fork's `onFrame`); never throws. */
export function createFrameGuard(options: FrameGuardOptions): (socket: NesSocket, message: RawData) => Promise<void> {
  const { logger } = options;
  /** the 429 of a frame over budget or past the queue: made once (a Boom per refusal cost a flooded node a tenth of its time) */
  const tooMany = Boom.tooManyRequests(options.tooMany);

  const answer = (socket: NesSocket, err: Error, request?: Partial<Frame>): Promise<void> =>
    socket.answerError(err, request && (request.type !== undefined || request.id !== undefined) ? request : undefined).catch(() => {
      // the socket closed meanwhile: nothing to answer
    });

  /**
   * A socket past twice its frame budget in one window: its frames are dropped unread and
   * unanswered until the window ends (answering them would cost the node more than the flooder;
   * closing it would only make it reconnect and join again, which costs more still).
   */
  const dropping = new WeakSet<NesSocket>();
  function drop(socket: NesSocket): void {
    if (dropping.has(socket)) return;
    dropping.add(socket);
    logger.warn({ connectionId: socket.id }, 'hub: dropping the frames of a flooding socket (twice its frame budget)');
  }

  interface Queue {
    running: number;
    waiting: Array<{ request: Frame; bytes: number }>;
    bytes: number;
  }
  const queues = new WeakMap<NesSocket, Queue>();
  const queueOf = (socket: NesSocket): Queue => {
    let q = queues.get(socket);
    if (!q) queues.set(socket, (q = { running: 0, waiting: [], bytes: 0 }));
    return q;
  };

  /** Handles a frame in one of the socket's slots, then starts the next waiting ones. */
  async function run(socket: NesSocket, q: Queue, request: Frame): Promise<void> {
    q.running++;
    try {
      await socket.handle(request);
    } catch (err) {
      logger.error({ err, connectionId: socket.id }, 'hub: a frame could not be handled');
    } finally {
      q.running--;
      while (q.running < CONCURRENT_MAX && q.waiting.length) {
        const next = q.waiting.shift()!;
        q.bytes -= next.bytes;
        void run(socket, q, next.request);
      }
    }
  }

  return async function onFrame(socket, message) {
    try {
      // counted before anything is read: past twice its budget a socket's frames are dropped unread
      const verdict = options.admit(socket);
      if (verdict === 'abusive') return drop(socket);
      let value: unknown;
      try {
        value = JSON.parse(textOf(message));
      } catch {
        return await answer(socket, Boom.badRequest('Cannot parse message'));
      }
      const check = checkFrame(value);
      if (!check.ok) return await answer(socket, Boom.badRequest(check.message), check.request);
      const request = check.frame;
      const refuse = () => answer(socket, tooMany, { type: request.type, id: request.id });
      if (verdict === 'over') return await refuse();
      // a heartbeat answer never waits behind the socket's work
      if (request.type === 'ping') return await socket.handle(request);
      const q = queueOf(socket);
      if (q.running < CONCURRENT_MAX) return await run(socket, q, request);
      const bytes = sizeOf(message);
      if (q.waiting.length >= WAITING_MAX || q.bytes + bytes > WAITING_MAX_BYTES) return await refuse();
      q.waiting.push({ request, bytes });
      q.bytes += bytes;
    } catch (err) {
      // never out of the handler: an error here would be an unhandled rejection
      logger.error({ err, connectionId: socket.id }, 'hub: a frame could not be handled');
    }
  };
}
