/**
 * A load generator's hub client: the nes protocol (version 2) over a bare `ws` socket, answering
 * the node's pings, with method calls like nes's `client.message`. Events arrive as the raw bytes
 * of their frame (`onEvent`), not parsed: a benchmark that parses 40,000 JSON messages a second
 * on the same machine measures its own clients more than the node (bench/fanout.bench.ts).
 */
import WebSocket from 'ws';

interface Pending {
  resolve(value: unknown): void;
  reject(err: Error & { statusCode?: number }): void;
}

const UPDATE_PREFIX = Buffer.from('{"type":"update"');

export class LeanHubClient {
  /** every `update` frame (hub event), as received */
  onEvent: (frame: Buffer) => void = () => {};
  private ids = 0;
  private readonly pending = new Map<number, Pending>();

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => this.receive(data));
    ws.on('close', () => {
      for (const p of this.pending.values()) p.reject(new Error('socket closed'));
      this.pending.clear();
    });
  }

  /**
   * Connects to a platform (`http://host:port`) and says hello (no token: a guest socket); `from`
   * sends X-Forwarded-For (a client address, for a node that trusts the loopback proxy).
   */
  static async connect(url: string, options: { from?: string } = {}): Promise<LeanHubClient> {
    const headers = options.from ? { 'x-forwarded-for': options.from } : undefined;
    const ws = new WebSocket(url.replace(/^http/, 'ws'), { perMessageDeflate: false, skipUTF8Validation: true, headers });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const client = new LeanHubClient(ws);
    await client.request({ type: 'hello', version: '2' });
    return client;
  }

  /** A hub method call (nes `message`): resolves to the method's answer, rejects with its error. */
  call(method: string, ...args: unknown[]): Promise<unknown> {
    return this.request({ type: 'message', message: { method, args } });
  }

  close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }

  private request(packet: Record<string, unknown>): Promise<unknown> {
    const id = ++this.ids;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.ws.send(JSON.stringify({ ...packet, id }));
    });
  }

  private receive(data: Buffer): void {
    if (data.subarray(0, UPDATE_PREFIX.length).equals(UPDATE_PREFIX)) return this.onEvent(data);
    const packet = JSON.parse(data.toString('utf8')) as {
      type: string;
      id?: number;
      message?: unknown;
      statusCode?: number;
      payload?: { message?: string };
    };
    if (packet.type === 'ping') {
      this.ws.send(JSON.stringify({ type: 'ping', id: packet.id }));
      return;
    }
    const waiting = packet.id === undefined ? undefined : this.pending.get(packet.id);
    if (!waiting) return;
    this.pending.delete(packet.id!);
    if (packet.statusCode && packet.statusCode >= 400) {
      waiting.reject(Object.assign(new Error(packet.payload?.message ?? 'hub error'), { statusCode: packet.statusCode }));
    } else waiting.resolve(packet.message ?? null);
  }
}
