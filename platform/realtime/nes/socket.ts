import Boom from '@hapi/boom';
import type { Request, Server, ServerInjectOptions } from '@hapi/hapi';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import crypto from 'node:crypto';
import type { RawData, WebSocket } from 'ws';
import type { Listener } from './listener';

/**
 * One hub websocket: the server side of @hapi/nes 14.0.1's lib/socket.js (BSD-3-Clause,
 * ./LICENSE.md) in TypeScript, with the platform's changes (./README.md): no cookie or iron-token
 * auth and no subscriptions (the platform uses `direct` auth and `message`); frames reach
 * `settings.onFrame` (the hub's frame guard) instead of a bare JSON.parse; an error that is not a
 * Boom is answered as a 500 instead of rethrown (nes rethrew it out of its message handler and the
 * process ended); answers are written as they come (ws keeps their order) instead of one per turn;
 * and events prepared once for many sockets are written with `sendFrame`, inside a cork the event
 * writer (../wire.ts) holds on the socket's TCP stream — the stream Node handed to the upgrade.
 * The wire protocol is nes's, version 2, unchanged: the browser's nes client speaks to it.
 */

/**
 * Answers written in one turn of the event loop leave together: the first corks the socket's TCP
 * stream and the check phase of that turn uncorks it, so the answers to all the frames read from
 * one chunk cost one system call, not one each (a flooded node spent a tenth of its time in
 * writev). Nested with the event writer's cork (../wire.ts): Node counts corks.
 */
const held = new Set<NesSocket>();
let releasing = false;
function holdWrites(socket: NesSocket): void {
  if (held.has(socket)) return;
  socket.cork();
  held.add(socket);
  if (releasing) return;
  releasing = true;
  setImmediate(() => {
    releasing = false;
    for (const s of held) s.uncork();
    held.clear();
  });
}

/** nes's protocol version (the `version` of a hello). */
export const PROTOCOL_VERSION = '2';

/** A nes client message, as the frame guard passed it on. */
export interface NesRequest {
  type: string;
  id: string | number;
  [field: string]: unknown;
}

export interface NesSocketAuth {
  isAuthenticated: boolean;
  credentials: Record<string, unknown> | null;
  artifacts: unknown;
  strategy?: string;
}

export interface NesSocketInfo {
  remoteAddress: string;
  remotePort: number;
  'x-forwarded-for'?: string;
  /** the upgrade request's User-Agent (board sessions record it: platform/admin/usage) */
  'user-agent'?: string;
}

interface Outcome {
  response?: Record<string, unknown>;
  options?: { replace?: Record<string, string> };
}

export class NesSocket<App extends object = object> {
  readonly id: string;
  readonly server: Server;
  app: App = {} as App;
  readonly auth: NesSocketAuth = { isAuthenticated: false, credentials: null, artifacts: null };
  readonly info: NesSocketInfo;
  /** the client's address (behind TRUSTED_PROXIES: core/client-ip.ts), for its address budgets */
  readonly address: string;

  private helloed = false;
  /** seen alive since the last heartbeat (a frame from it, or an answer written to it) */
  private pinged = true;
  private processing = 0;
  private authTimeout: NodeJS.Timeout | null = null;
  private verifiedAt = 0;
  private readonly removed: Promise<void>;
  private markRemoved!: () => void;

  constructor(
    private readonly ws: WebSocket,
    req: IncomingMessage,
    private readonly stream: Duplex,
    private readonly listener: Listener,
    address: string,
  ) {
    this.server = listener.server;
    this.id = listener.generateId();
    this.address = address;
    this.removed = new Promise((resolve) => (this.markRemoved = resolve));
    const forwarded = req.headers['x-forwarded-for'];
    this.info = {
      remoteAddress: req.socket.remoteAddress ?? '',
      remotePort: req.socket.remotePort ?? 0,
      'x-forwarded-for': Array.isArray(forwarded) ? forwarded.join(', ') : forwarded,
      'user-agent': req.headers['user-agent']?.slice(0, 300),
    };
    const timeout = listener.settings.auth.timeout;
    if (timeout) this.authTimeout = setTimeout(() => void this.disconnect(), timeout);
    ws.on('message', (message: RawData) => void listener.onFrame(this, message));
  }

  /** Closes the socket; resolves once it is gone (onDisconnection ran). */
  disconnect(): Promise<void> {
    this.clearAuthTimeout();
    this.ws.close();
    return this.removed;
  }

  /** Sends `message` as a nes update (`{ type: 'update', message }`). */
  send(message: unknown): Promise<void> {
    return this.sendMessage({ type: 'update', message });
  }

  isOpen(): boolean {
    return this.ws.readyState === 1;
  }

  /** Bytes queued on this socket and not handed to the kernel yet (ws `bufferedAmount`): a slow reader's backlog. */
  get bufferedAmount(): number {
    return this.ws.bufferedAmount;
  }

  /**
   * Writes one nes message serialised beforehand (the same bytes for many sockets: ../wire.ts),
   * as a text frame, in order with everything else written to this socket.
   */
  sendFrame(message: Buffer): void {
    if (this.isOpen()) this.ws.send(message, { binary: false });
  }

  /** Holds this socket's writes in memory until `uncork` (Node's stream cork): one system call for many frames. */
  cork(): void {
    if (!this.stream.destroyed) this.stream.cork();
  }

  uncork(): void {
    if (!this.stream.destroyed) this.stream.uncork();
  }

  /** Whether the socket showed life since the last heartbeat (else the heartbeat closes it). */
  active(): boolean {
    return this.pinged || this.processing > 0;
  }

  /** The heartbeat starts a new round. */
  resetPinged(): void {
    this.pinged = false;
  }

  /** Serialises and writes a nes message; resolves once written. */
  sendMessage(message: Record<string, unknown>, options?: Outcome['options']): Promise<void> {
    if (!this.isOpen()) return Promise.reject(Boom.internal('Socket not open'));
    let text: string;
    try {
      text = JSON.stringify(message);
      for (const [token, value] of Object.entries(options?.replace ?? {})) text = text.replace(`"${token}"`, value);
    } catch (err) {
      this.server.log(['nes', 'serialization', 'error'], message.type as string);
      if (message.id) return this.answerError(Boom.internal('Failed serializing message'), message as Partial<NesRequest>);
      return Promise.reject(err);
    }
    holdWrites(this);
    return new Promise((resolve, reject) => {
      this.ws.send(text, (err) => {
        if (err) return reject(err);
        // a connection that takes our writes is alive
        if (message.type !== 'ping') this.pinged = true;
        resolve();
      });
    });
  }

  /** Answers an error in nes's format (`{ statusCode, payload, type, id }`), echoing what of the request is known. */
  answerError(err: Error, request?: Partial<NesRequest>): Promise<void> {
    const boom = Boom.boomify(err);
    const payload: Record<string, unknown> = { ...boom.output.payload };
    delete payload.statusCode;
    const message: Record<string, unknown> = { statusCode: boom.output.statusCode, payload };
    if (request) {
      message.type = request.type;
      message.id = request.id;
    }
    const path = (err as { path?: unknown }).path;
    if (path) message.path = path;
    return this.sendMessage(message);
  }

  /**
   * Handles one well-formed request and writes its answer (nes's `_onMessage` after its parse).
   * An error that is not a Boom is reported to `settings.onSystemError` and answered as a 500.
   */
  async handle(request: NesRequest): Promise<void> {
    this.pinged = true;
    ++this.processing;
    try {
      let outcome: Outcome | undefined;
      let error: unknown;
      try {
        outcome = await this.lifecycle(request);
      } catch (err) {
        error = err;
      }
      if (error !== undefined && !Boom.isBoom(error)) {
        this.listener.settings.onSystemError?.(error, this, request);
        error = Boom.internal();
      }
      try {
        if (error !== undefined) await this.answerError(error as Error, request);
        else if (outcome?.response) await this.sendMessage(outcome.response, outcome.options);
      } catch {
        void this.disconnect();
      }
    } finally {
      --this.processing;
    }
  }

  /** Called by the listener when the socket closed. */
  closed(): void {
    this.clearAuthTimeout();
    this.markRemoved();
  }

  private clearAuthTimeout(): void {
    if (this.authTimeout) clearTimeout(this.authTimeout);
    this.authTimeout = null;
  }

  private async lifecycle(request: NesRequest): Promise<Outcome> {
    if (!request.type) throw Boom.badRequest('Cannot parse message');
    if (!request.id) throw Boom.badRequest('Message missing id');
    await this.verifyAuth();
    if (request.type === 'ping') return {};
    if (request.type === 'hello') return this.processHello(request);
    if (!this.helloed) throw Boom.badRequest('Connection is not initialized');
    switch (request.type) {
      case 'reauth':
        return this.processReauth(request);
      case 'request':
        return this.processRequest(request);
      case 'message':
        return this.processMessage(request);
      case 'sub':
        // no subscription paths on this server (nes answers the same for an unknown path)
        throw Boom.notFound('Subscription not found');
      case 'unsub':
        return { response: { type: 'unsub', id: request.id } };
    }
    throw Boom.badRequest('Unknown message type');
  }

  private async processHello(request: NesRequest): Promise<Outcome> {
    if (this.helloed) throw Boom.badRequest('Connection already initialized');
    if (request.version !== PROTOCOL_VERSION) {
      throw Boom.badRequest(
        `Incorrect protocol version (expected ${PROTOCOL_VERSION} but received ${(request.version as string) || 'none'})`,
      );
    }
    // prevents the client from reusing the socket if erred (left open so it gets the answer)
    this.helloed = true;
    await this.authenticate(request);
    await this.listener.settings.onConnection?.(this);
    const subs = request.subs as string[] | undefined;
    if (subs?.length) {
      const err = Boom.notFound('Subscription not found') as Boom.Boom & { path?: string };
      err.path = subs[0];
      throw err;
    }
    return { response: { type: 'hello', id: request.id, heartbeat: this.listener.settings.heartbeat, socket: this.id } };
  }

  private async processReauth(request: NesRequest): Promise<Outcome> {
    try {
      await this.authenticate(request);
    } catch (err) {
      // disconnect after sending the answer
      setTimeout(() => void this.disconnect());
      throw err;
    }
    return { response: { type: 'reauth', id: request.id } };
  }

  private async processRequest(request: NesRequest): Promise<Outcome> {
    let method = request.method as string;
    if (!method) throw Boom.badRequest('Message missing method');
    let path = request.path as string;
    if (!path) throw Boom.badRequest('Message missing path');
    const headers = request.headers as Record<string, string> | undefined;
    if (headers && Object.keys(headers).some((k) => k.toLowerCase() === 'authorization'))
      throw Boom.badRequest('Cannot include an Authorization header');
    if (path[0] !== '/') {
      // a route id
      const route = this.server.lookup(path);
      if (!route) throw Boom.notFound();
      path = route.path;
      method = route.method;
      if (method === '*') throw Boom.badRequest('Cannot use route id with wildcard method route config');
    }
    if (path === this.listener.settings.auth.endpoint) throw Boom.notFound();
    const shot = {
      method,
      url: path,
      payload: request.payload,
      headers,
      auth: this.auth.isAuthenticated ? this.auth : undefined,
      validate: false,
      plugins: { nes: { socket: this } },
      remoteAddress: this.info.remoteAddress,
    } as unknown as ServerInjectOptions;
    const res = await this.server.inject(shot);
    const response: Record<string, unknown> = { type: 'request', id: request.id, statusCode: res.statusCode, payload: res.result };
    const options: Outcome['options'] = {};
    const type = res.headers['content-type'];
    if (typeof res.result === 'string' && typeof type === 'string' && /^application\/json/.test(type)) {
      const token = crypto.randomBytes(24).toString('base64url');
      options.replace = { [token]: res.result };
      response.payload = token;
    }
    return { response, options };
  }

  private async processMessage(request: NesRequest): Promise<Outcome> {
    const onMessage = this.listener.settings.onMessage;
    if (!onMessage) throw Boom.notImplemented();
    const message = await onMessage(this, request.message);
    return { response: { type: 'message', id: request.id, message } };
  }

  /** `direct` auth: the hello's or reauth's headers are injected into the auth route (nes.auth). */
  private async authenticate(request: NesRequest): Promise<void> {
    const auth = request.auth as { headers?: Record<string, string | undefined> } | undefined;
    if (!auth && !this.auth.isAuthenticated && this.listener.authRequired()) throw Boom.unauthorized('Connection requires authentication');
    this.clearAuthTimeout();
    if (!auth) return;
    const config = this.listener.settings.auth;
    const route = this.server.lookup(config.id);
    if (!route) throw Boom.internal('nes auth route missing');
    auth.headers = auth.headers ?? {};
    auth.headers['x-forwarded-for'] = this.info['x-forwarded-for'];
    const res = await this.server.inject({
      url: route.path,
      method: 'auth',
      headers: auth.headers as Record<string, string>,
      remoteAddress: this.info.remoteAddress,
      allowInternals: true,
      validate: false,
    } as ServerInjectOptions);
    const result = res.result as { message?: string; credentials?: Record<string, unknown>; artifacts?: unknown; strategy?: string } | null;
    if (res.statusCode !== 200) throw Boom.unauthorized(result?.message);
    if (!result?.credentials) return;
    this.auth.isAuthenticated = true;
    this.auth.credentials = result.credentials;
    this.auth.artifacts = result.artifacts;
    this.auth.strategy = result.strategy;
    this.verifiedAt = Date.now();
  }

  /** Every minAuthVerifyInterval, the strategy's `verify` checks the socket's credentials again. */
  private async verifyAuth(): Promise<void> {
    const interval = this.listener.settings.auth.minAuthVerifyInterval;
    const now = Date.now();
    if (!interval || now - this.verifiedAt < interval) return;
    this.verifiedAt = now;
    try {
      await this.server.auth.verify(this as unknown as Request);
    } catch (err) {
      if (isSystemError(err)) throw err;
      setImmediate(() => void this.disconnect());
      throw Boom.forbidden('Credential verification failed');
    }
  }
}

/** A programming error (nes's Bounce 'system' errors): never taken for a refusal. */
function isSystemError(err: unknown): boolean {
  return (
    err instanceof TypeError ||
    err instanceof RangeError ||
    err instanceof ReferenceError ||
    err instanceof SyntaxError ||
    err instanceof EvalError ||
    err instanceof URIError
  );
}
