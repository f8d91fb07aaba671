import type { BoardHttp } from './api';
import type { SyncTransport } from './transport';
import type { SyncTarget } from './types';

/** What a board's realtime session (SyncClient) is opened with. */
export interface SyncOptions {
  /** platform base url (http/https); the hub is the same host over ws/wss */
  server: string;
  boardCode: string;
  workspace?: string | null;
  clientid?: string | null;
  uid: string;
  name?: string | null;
  /** the current access token, or null for a guest (roaming user) */
  token?: () => string | null;
  /** refreshes the access token (POST /api/accounts/refresh); resolves the new token or null */
  refresh?: () => Promise<string | null>;
  /** where remote changes go (the Editor) */
  target: SyncTarget;
  /** the client's version; a different BoardInfo.version offers an update */
  version?: string;
  /** page navigation (access denied, login); defaults to location.assign */
  navigate?: (url: string) => void;
  /** the Reload action of 'Changes not saved'; defaults to location.reload */
  reload?: () => void;
  /** embedded boards never navigate away on their own */
  embedded?: boolean;
  storage?: Storage | null;
  reconnectDelay?: number;
  /** the hub socket; defaults to the @hapi/nes client on the server's host (tests pass memory-transport.ts) */
  transport?: SyncTransport;
  /** the board's HTTP calls; defaults to fetch against `server` */
  http?: BoardHttp;
}
