import { CLIENT_VERSION } from '../../shared/constants';
import type { SyncClient } from '../sync/sync-client';
import { latencyTest, type LatencyResult } from '../telemetry/latency';

/** window.tabulaDebug (board.md §1/§2: a global debug facility for version, latency test and closing the connection). */
export interface TabulaDebug {
  /** this page's client version (CLIENT_VERSION) */
  readonly version: string;
  /** measures the round trip to the platform (sdk/telemetry/latency.ts) */
  latencyTest(): Promise<LatencyResult>;
  /** drops the hub socket as a network failure would: the board reconnects ('Trying to reconnect...', 'Connection restored.') */
  closeConnection(): void;
}

declare global {
  interface Window {
    tabulaDebug?: TabulaDebug;
  }
}

/**
 * Installs window.tabulaDebug on the hosted board page (docs/board-screen.md "Debug facility"),
 * for support and for trying the reconnect path by hand. `session()` is the board's current
 * session (a remounted board has a new one).
 */
export function installDebug(server: string, session: () => SyncClient | null): TabulaDebug {
  const debug: TabulaDebug = Object.freeze({
    version: CLIENT_VERSION,
    latencyTest: () => latencyTest(server),
    closeConnection: () => session()?.dropConnection(),
  });
  window.tabulaDebug = debug;
  return debug;
}
