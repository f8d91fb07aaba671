import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { Client } from '@hapi/nes';
import { freePort } from '../e2e/support/server';
import type { HubEvent, HubEventMessage, HubMethod } from '../../shared/hub';

/**
 * A Node nes client for hub tests: connects to a listening platform (as a signed-in user with
 * a bearer token, or as a guest), calls hub methods (`client.message({ method, args })`) and
 * records every server event (`{ event, data }`) so tests can wait for them.
 * Node 20 has no global WebSocket, so this imports the Client from '@hapi/nes' (which plugs in
 * `ws`); the browser imports '@hapi/nes/lib/client'.
 */
export interface HubError extends Error {
  statusCode?: number;
  data?: { message?: string; errors?: Record<string, string[]> } & Record<string, unknown>;
  type?: string;
}

export class HubClient {
  readonly events: HubEventMessage[] = [];
  private readonly listeners = new Set<() => void>();
  disconnects = 0;
  connects = 0;

  private constructor(readonly client: Client) {
    client.onUpdate = (message) => {
      this.events.push(message as HubEventMessage);
      for (const listener of [...this.listeners]) listener();
    };
    client.onError = () => {};
    client.onDisconnect = () => {
      this.disconnects++;
    };
    client.onConnect = () => {
      this.connects++;
    };
  }

  /** Connects to `url` (http://host:port of the platform). */
  static async connect(url: string, options: { token?: string; reconnect?: boolean; delay?: number } = {}): Promise<HubClient> {
    const ws = url.replace(/^http/, 'ws') as `ws://${string}`;
    const client = new Client(ws, { timeout: 15_000 });
    const hub = new HubClient(client);
    await client.connect({
      reconnect: options.reconnect ?? false,
      delay: options.delay ?? 100,
      maxDelay: options.delay ?? 100,
      timeout: 5_000,
      ...(options.token ? { auth: { headers: { authorization: `Bearer ${options.token}` } } } : {}),
    });
    return hub;
  }

  /** the socket id: the connectionId the platform uses for this client */
  get id(): string | null {
    return this.client.id;
  }

  /** Calls a hub method; resolves its answer (nes `{ payload }`). */
  async call<T = any>(method: HubMethod | string, ...args: unknown[]): Promise<T> {
    const { payload } = await this.client.message({ method, args });
    return payload as T;
  }

  /** Calls a hub method that must fail; resolves the error (statusCode, data: { message, errors }). */
  async fail(method: HubMethod | string, ...args: unknown[]): Promise<HubError> {
    try {
      const payload = await this.call(method, ...args);
      throw Object.assign(new Error(`${method} was expected to fail but answered ${JSON.stringify(payload)}`), { unexpected: true });
    } catch (err) {
      if ((err as { unexpected?: boolean }).unexpected) throw err;
      return err as HubError;
    }
  }

  /** Sends any raw nes message (malformed envelopes for fuzzing). */
  async raw(message: unknown): Promise<unknown> {
    const { payload } = await this.client.message(message as never);
    return payload;
  }

  /** Every recorded `event`'s data, in arrival order. */
  received<T = any>(event: HubEvent): T[] {
    return this.events.filter((e) => e.event === event).map((e) => e.data as T);
  }

  /** Resolves the data of the first recorded (or future) `event` matching `match`. */
  waitFor<T = any>(event: HubEvent, match: (data: T) => boolean = () => true, timeoutMs = 5_000): Promise<T> {
    const find = () => this.events.find((e) => e.event === event && match(e.data as T))?.data as T | undefined;
    return this.until(find, timeoutMs, `no ${event} event`);
  }

  /** Resolves once `count` events named `event` were recorded. */
  waitForCount<T = any>(event: HubEvent, count: number, timeoutMs = 10_000): Promise<T[]> {
    return this.until(
      () => {
        const all = this.received<T>(event);
        return all.length >= count ? all : undefined;
      },
      timeoutMs,
      `fewer than ${count} ${event} events`,
    );
  }

  /** Resolves when `check` answers something other than undefined. */
  until<T>(check: () => T | undefined, timeoutMs = 5_000, what = 'condition'): Promise<T> {
    return new Promise((resolve, reject) => {
      const done = check();
      if (done !== undefined) return resolve(done);
      const listener = () => {
        const value = check();
        if (value === undefined) return;
        cleanup();
        resolve(value);
      };
      const poll = setInterval(listener, 50);
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`timed out after ${timeoutMs} ms: ${what}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        clearInterval(poll);
        this.listeners.delete(listener);
      };
      this.listeners.add(listener);
    });
  }

  /** Forgets the recorded events. */
  clear(): void {
    this.events.length = 0;
  }

  async close(): Promise<void> {
    await this.client.disconnect().catch(() => {});
  }
}

/** Waits `ms` milliseconds (to show that something did NOT arrive). */
export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until every peer holds the commands 1..total without a gap (`contiguous()`), or throws. */
export async function allCaughtUp(peers: ReadonlyArray<{ contiguous(): number }>, total: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (peers.some((p) => p.contiguous() < total)) {
    if (Date.now() > deadline) throw new Error(`not caught up: ${peers.map((p) => `${p.contiguous()}/${total}`).join(', ')}`);
    await pause(100);
  }
}

/**
 * A private redis-server on a free port for tests that restart Redis (never the shared one on
 * 6379). `stop()` kills it, `start()` brings it back on the same port, empty.
 */
export interface TestRedis {
  url: string;
  port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export { redisServerAvailable } from './services';

export async function startTestRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (await canConnect(port)) return;
      await pause(50);
    }
    throw new Error(`redis-server did not start on port ${port}`);
  };
  const stop = async () => {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, start, stop };
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
