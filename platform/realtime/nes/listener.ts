import type Boom from '@hapi/boom';
import type { Server } from '@hapi/hapi';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { NesSocket, type NesRequest } from './socket';

/**
 * The hub's websocket listener: @hapi/nes 14.0.1's lib/listener.js (BSD-3-Clause, ./LICENSE.md)
 * in TypeScript, with the platform's changes (./README.md). It takes the HTTP server's upgrades
 * itself (ws `noServer` and `handleUpgrade`, both public), so that an upgrade can be refused
 * before ws allocates anything (`settings.admitUpgrade`: the address budgets) and each socket
 * keeps the TCP stream Node handed over (its writes are corked by the event writer, ../wire.ts).
 * Heartbeats, the sockets' registry and `eachSocket` are nes's.
 */

export interface NesSettings<App extends object = object> {
  auth: {
    /** the internal route (method 'auth') that checks a hello's headers */
    endpoint: string;
    id: string;
    /** that route's auth config (strategy, mode) */
    route: object;
    /** a socket that sends no hello within this long is closed (ms; false: never) */
    timeout: number | false;
    /** how often a socket's credentials are verified again by the strategy (ms; false: never) */
    minAuthVerifyInterval: number | false;
  };
  /** nes heartbeat: a ping every `interval`; a socket silent for `timeout` after it is closed */
  heartbeat: { interval: number; timeout: number } | false;
  /** the largest frame ws reads (bytes); larger ones close the socket (1009) from their header */
  maxPayload: number;
  onConnection?(socket: NesSocket<App>): void | Promise<void>;
  onDisconnection?(socket: NesSocket<App>): void;
  onMessage?(socket: NesSocket<App>, message: unknown): unknown;
  /** reads each frame of a socket (the hub's frame guard); without it, nes's parse-and-handle */
  onFrame?(socket: NesSocket<App>, message: RawData): Promise<void>;
  /** told of an error that is not a Boom while a frame was handled (answered as a 500) */
  onSystemError?(err: unknown, socket: NesSocket<App>, request: NesRequest): void;
  /** the client address of an upgrade request (behind trusted proxies) */
  addressOf(req: IncomingMessage): string;
  /**
   * Decides whether an upgrade from `address` may open a socket, before ws reads it: refused (the
   * HTTP answer: its status, message and headers), or admitted until its `release` (the socket closed).
   */
  admitUpgrade?(address: string): Promise<{ refused: Boom.Boom } | { release(): void }>;
}

const COUNTER_MIN = 10000;
const COUNTER_MAX = 99999;

export class Listener<App extends object = object> {
  readonly sockets = new Map<string, NesSocket<App>>();
  private readonly wss: WebSocketServer;
  private counter = COUNTER_MIN;
  private heartbeat: NodeJS.Timeout | null = null;
  private beatTimeout: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    readonly server: Server,
    readonly settings: NesSettings<App>,
  ) {
    this.wss = new WebSocketServer({ noServer: true, maxPayload: settings.maxPayload });
    this.wss.on('error', () => {});
    server.listener.on('upgrade', (req: IncomingMessage, stream: Duplex, head: Buffer) => void this.upgrade(req, stream, head));
  }

  private async upgrade(req: IncomingMessage, stream: Duplex, head: Buffer): Promise<void> {
    stream.on('error', () => {});
    const address = this.settings.addressOf(req);
    let release = () => {};
    if (this.settings.admitUpgrade) {
      let admission: Awaited<ReturnType<NonNullable<NesSettings['admitUpgrade']>>> | null = null;
      try {
        admission = await this.settings.admitUpgrade(address);
      } catch {
        // the budgets failed (not over): the socket is let in
      }
      if (admission && 'refused' in admission) return refuseUpgrade(stream, admission.refused);
      if (admission) release = () => admission.release();
    }
    // released once, whether the handshake fails or the socket closes
    let released = false;
    const releaseOnce = () => {
      if (!released) release();
      released = true;
    };
    stream.once('close', releaseOnce);
    if (stream.destroyed) return releaseOnce();
    this.wss.handleUpgrade(req, stream, head, (ws) => this.connected(ws, req, stream, address));
  }

  private connected(ws: WebSocket, req: IncomingMessage, stream: Duplex, address: string): void {
    ws.on('error', () => {});
    if (this.stopped) {
      ws.close();
      return;
    }
    const socket = new NesSocket<App>(ws, req, stream, this as Listener, address);
    this.sockets.set(socket.id, socket);
    ws.once('close', () => {
      this.sockets.delete(socket.id);
      socket.closed();
      this.settings.onDisconnection?.(socket);
    });
  }

  /** A frame of `socket`: to the frame guard, or parsed and handled as nes does. */
  onFrame(socket: NesSocket<App>, message: RawData): Promise<void> {
    if (this.settings.onFrame) return this.settings.onFrame(socket, message);
    let request: NesRequest;
    try {
      request = JSON.parse(String(message));
    } catch {
      return socket.answerError(new Error('Cannot parse message')).catch(() => {});
    }
    return socket.handle(request);
  }

  generateId(): string {
    const id = `${Date.now()}:${this.server.info.id}:${this.counter++}`;
    if (this.counter > COUNTER_MAX) this.counter = COUNTER_MIN;
    return id;
  }

  /** Whether a hello must carry credentials (the auth route's mode is 'required'). */
  authRequired(): boolean {
    const route = this.server.lookup(this.settings.auth.id);
    const auth = route ? (this.server.auth as unknown as { lookup(route: object): { mode?: string } | false }).lookup(route) : null;
    return !!auth && auth.mode === 'required';
  }

  /** Starts the heartbeats (server start); a restarted server takes sockets again. */
  start(): void {
    this.stopped = false;
    this.beat();
  }

  /** Closes every socket (server stop). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.heartbeat) clearTimeout(this.heartbeat);
    if (this.beatTimeout) clearTimeout(this.beatTimeout);
    await Promise.all([...this.sockets.values()].map((socket) => socket.disconnect()));
    this.wss.close();
    for (const ws of this.wss.clients) ws.terminate();
  }

  /** Calls `each` for every socket, one after the other (awaiting each). */
  async eachSocket(each: (socket: NesSocket<App>) => unknown): Promise<void> {
    if (this.stopped) return;
    for (const socket of [...this.sockets.values()]) await each(socket);
  }

  private beat(): void {
    const heartbeat = this.settings.heartbeat;
    if (!heartbeat) return;
    // skip the first time
    if (this.heartbeat && this.sockets.size) {
      for (const socket of this.sockets.values()) socket.sendMessage({ type: 'ping' }).catch(() => {});
      // verify the clients answered
      this.beatTimeout = setTimeout(() => {
        for (const socket of [...this.sockets.values()]) {
          if (!socket.active()) void socket.disconnect();
          else socket.resetPinged();
        }
      }, heartbeat.timeout);
    }
    this.heartbeat = setTimeout(() => this.beat(), heartbeat.interval);
  }
}

/** Answers a refused upgrade with its HTTP status, headers (Retry-After) and the error envelope, and closes the connection. */
function refuseUpgrade(stream: Duplex, refusal: Boom.Boom): void {
  if (stream.destroyed) return;
  const { statusCode, payload, headers } = refusal.output;
  const body = JSON.stringify({ statusCode, message: payload.message });
  const lines = [
    `HTTP/1.1 ${statusCode} ${payload.error}`,
    'Connection: close',
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${String(value)}`),
  ];
  stream.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
}
