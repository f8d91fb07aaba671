import Boom from '@hapi/boom';
import type { Server } from '@hapi/hapi';
import type { Logger } from 'pino';

/**
 * The hub's frame guard (docs/security.md "The hub's frames"). @hapi/nes 14 trusts the shape of
 * what it parses: the 4-byte frame `null` made it read `null.type` (lib/socket.js:274), an
 * `auth` that is a number made it assign a property on a number, a `method` that is an object
 * reached shot's `toUpperCase` — each a TypeError that nes rethrows as a "system" error out of
 * its message handler, an unhandled rejection that ended the process.
 *
 * Here every frame is read ONCE, before nes sees it: parsed, checked to be a well-formed nes
 * message (an object; `type` one of nes's; an `id` that is a non-empty string or a finite
 * number; each type's fields of the kinds nes reads), counted against the socket's frame budget
 * and only then handed to nes's own lifecycle (`_lifecycle`, `_error`, `_send`). Anything else is
 * answered with a 400 (a 429 over budget) in nes's error format, with the request's type and id
 * when they can be read. An error thrown while handling a frame is logged and answered as a 500;
 * it never leaves the handler. A frame over `maxFrameBytes` never gets here: ws refuses it from its
 * header (close 1009, "Message too big") before buffering it.
 *
 * This replaces nes's `_onMessage` on each socket of THIS server's listener (not nes's prototype):
 * the socket's ws listener calls `this._onMessage(message)` when a message arrives. The nes
 * internals used are checked when the guard is installed: another nes version without them
 * fails the start instead of running unguarded.
 */

/** What of nes 14's socket the guard uses. */
interface NesSocket {
  id: string;
  _onMessage(message: unknown): Promise<void>;
  _lifecycle(request: Frame): Promise<{ response?: object; options?: object }>;
  _error(err: Error, request?: Partial<Frame>): Promise<void>;
  _send(message: object, options?: object): Promise<void>;
  _pinged: boolean;
  _processingCount: number;
  disconnect(): unknown;
}

/** What of nes 14's listener the guard uses. */
interface NesListener {
  _wss: { options: { maxPayload?: number } };
  _sockets: { add(socket: NesSocket): void };
}

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
  /** the largest frame ws reads (ws maxPayload); larger ones close the socket with 1009 */
  maxFrameBytes: number;
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
      if (subs !== undefined && !(Array.isArray(subs) && subs.length <= MAX_SUBS && subs.every((s) => isText(s, MAX_PATH)))) return bad('subs');
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

function nesInternals(server: Server): NesListener {
  const listener = (server.plugins as { nes?: { _listener?: NesListener } }).nes?._listener;
  if (!listener?._wss?.options || typeof listener._sockets?.add !== 'function') {
    throw new Error('frame guard: @hapi/nes internals not found (listener._wss, listener._sockets): the hub would run unguarded');
  }
  return listener;
}

/**
 * Installs the guard on the nes listener of `server` (after the nes plugin is registered):
 * ws's maxPayload, and the checked message handler on every socket it accepts.
 */
export function installFrameGuard(server: Server, options: FrameGuardOptions): void {
  const listener = nesInternals(server);
  listener._wss.options.maxPayload = options.maxFrameBytes;
  const { logger } = options;
  const add = listener._sockets.add.bind(listener._sockets);
  let checked = false;
  listener._sockets.add = (socket: NesSocket) => {
    if (!checked) {
      for (const name of ['_onMessage', '_lifecycle', '_error', '_send', 'disconnect'] as const) {
        if (typeof socket[name] !== 'function') throw new Error(`frame guard: @hapi/nes socket has no ${name}(): the hub would run unguarded`);
      }
      checked = true;
    }
    socket._onMessage = (message: unknown) => onFrame(socket, message);
    add(socket);
  };

  const answer = (socket: NesSocket, err: Error, request?: Partial<Frame>): Promise<void> =>
    socket._error(err, request && (request.type !== undefined || request.id !== undefined) ? request : undefined).catch(() => {
      // the socket closed meanwhile: nothing to answer
    });

  async function onFrame(socket: NesSocket, message: unknown): Promise<void> {
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
      const refuse = () => answer(socket, Boom.tooManyRequests(options.tooMany), { type: request.type, id: request.id });
      if (verdict === 'over') return await refuse();
      // a heartbeat answer never waits behind the socket's work
      if (request.type === 'ping') return await lifecycle(socket, request);
      const q = queueOf(socket);
      if (q.running < CONCURRENT_MAX) return await run(socket, q, request);
      const bytes = typeof message === 'string' ? message.length : Buffer.isBuffer(message) ? message.length : 0;
      if (q.waiting.length >= WAITING_MAX || q.bytes + bytes > WAITING_MAX_BYTES) return await refuse();
      q.waiting.push({ request, bytes });
      q.bytes += bytes;
    } catch (err) {
      // never out of the handler: an error here would be an unhandled rejection
      logger.error({ err, connectionId: socket.id }, 'hub: a frame could not be handled');
    }
  }

  /**
   * A socket past twice its frame budget in one window: its frames are dropped unread and
   * unanswered until the window ends (answering them would cost the node more than the flooder;
   * closing it would only make it reconnect and join again, which costs more still).
   */
  function drop(socket: NesSocket): void {
    if (dropping.has(socket)) return;
    dropping.add(socket);
    logger.warn({ connectionId: socket.id }, 'hub: dropping the frames of a flooding socket (twice its frame budget)');
  }
  const dropping = new WeakSet<NesSocket>();

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
      await lifecycle(socket, request);
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

  /** nes 14's own `_onMessage` after its JSON.parse, except that no error is rethrown. */
  async function lifecycle(socket: NesSocket, request: Frame): Promise<void> {
    socket._pinged = true;
    ++socket._processingCount;
    try {
      let result: { response?: object; options?: object } | undefined;
      let error: unknown;
      try {
        result = await socket._lifecycle(request);
      } catch (err) {
        error = err;
      }
      if (error !== undefined && !Boom.isBoom(error)) {
        // nes rethrew these ('system' errors: TypeError, RangeError…) and the process ended
        logger.error({ err: error, connectionId: socket.id, type: request.type }, 'hub: nes failed on a frame');
        error = Boom.internal();
      }
      try {
        if (error !== undefined) await socket._error(error as Error, request);
        else if (result?.response) await socket._send(result.response, result.options);
      } catch {
        socket.disconnect();
      }
    } finally {
      --socket._processingCount;
    }
  }
}
