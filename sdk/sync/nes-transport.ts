import { Client } from '@hapi/nes/lib/client';
import type { HubEventMessage, HubMethod } from '../../shared/hub';
import type { SyncTransport, TransportAuth, TransportConnect, TransportListener } from './transport';

/**
 * The hub's socket through @hapi/nes: the platform's host over ws/wss, reconnecting on its own
 * every `delay` ms without end after a drop (board.md §9), 20 s per request.
 */
export class NesTransport implements SyncTransport {
  private readonly client: Client;

  constructor(server: string) {
    this.client = new Client(wsUrl(server), { timeout: 20_000 });
    this.client.onError = () => undefined;
  }

  get id(): string | null {
    return this.client.id ?? null;
  }

  listen(listener: TransportListener): void {
    this.client.onUpdate = (message) => listener.message(message as HubEventMessage);
    this.client.onDisconnect = (willReconnect) => listener.disconnected(willReconnect);
    this.client.onConnect = () => listener.connected();
  }

  connect({ auth, delay }: TransportConnect): Promise<void> {
    return this.client.connect({ auth, delay, maxDelay: delay, retries: Infinity, timeout: 10_000 });
  }

  disconnect(): Promise<void> {
    return this.client.disconnect();
  }

  /** Closes the websocket under the client, as nes itself does on a missed heartbeat: it reconnects. */
  drop(): void {
    (this.client as unknown as { _ws?: { close(): void } | null })._ws?.close();
  }

  async request<T>(method: HubMethod, args: unknown[]): Promise<T> {
    const { payload } = await this.client.message({ method, args });
    return payload as T;
  }

  reauthenticate(auth: TransportAuth): Promise<void> {
    return this.client.reauthenticate(auth).then(() => undefined);
  }

  overrideReconnectionAuth(auth: TransportAuth): void {
    this.client.overrideReconnectionAuth(auth);
  }
}

/** The hub's address: the platform's host and port over ws (http) or wss (https). */
export function wsUrl(server: string): `ws://${string}` | `wss://${string}` {
  const url = new URL(server);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.pathname = '/';
  url.search = '';
  url.hash = '';
  return url.toString() as `ws://${string}`;
}
