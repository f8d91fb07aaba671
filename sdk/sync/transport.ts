import type { HubEventMessage, HubMethod } from '../../shared/hub';

/**
 * The wire under a board's realtime session: one socket to the hub. The session calls hub
 * methods over it (`request`, e.g. joinBoard, which also enters the board's channel: the hub
 * then sends that board's events to the socket) and hears three things back: connected (first
 * connect and every automatic reconnect), disconnected, and each hub event. The token the
 * socket was opened with can be replaced (`reauthenticate`) or only kept for the next automatic
 * reconnect (`overrideReconnectionAuth`).
 *
 * nes-transport.ts puts the @hapi/nes client behind it; memory-transport.ts is the in-memory one
 * tests drive.
 */

export interface TransportAuth {
  headers: Record<string, string>;
}

export interface TransportListener {
  connected(): void;
  disconnected(willReconnect: boolean): void;
  message(message: HubEventMessage): void;
}

export interface TransportConnect {
  /** the bearer header of a signed-in visitor; none for a guest */
  auth?: TransportAuth;
  /** the wait between automatic reconnect attempts (ms) */
  delay: number;
}

export interface SyncTransport {
  /** the socket's id while connected (the connection id HTTP commands carry), else null */
  readonly id: string | null;
  /** where connected / disconnected / message go (one listener; set before connect) */
  listen(listener: TransportListener): void;
  /** opens the socket; rejects when the first attempt fails (a 401 carries `statusCode`) */
  connect(options: TransportConnect): Promise<void>;
  /** closes the socket for good (no reconnect) */
  disconnect(): Promise<void>;
  /** drops the socket as a network failure would: the automatic reconnect follows (the debug facility) */
  drop?(): void;
  /** a hub method call, resolved with the method's result; rejects with the hub's error */
  request<T = unknown>(method: HubMethod, args: unknown[]): Promise<T>;
  /** hands the open socket a fresh token */
  reauthenticate(auth: TransportAuth): Promise<void>;
  /** the token the next automatic reconnect opens with */
  overrideReconnectionAuth(auth: TransportAuth): void;
}
