import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Db } from '../db/index';
import type { PlatformMetrics } from '../metrics/registry';
import type { Bus } from '../realtime/api';

/** What every plugin reaches through `server.app`. */
export interface AppContext {
  config: Config;
  db: Db;
  logger: Logger;
}

declare module '@hapi/hapi' {
  interface ServerApplicationState {
    config: Config;
    db: Db;
    logger: Logger;
    /** board-wide fan-out (in-process, or Redis with REDIS_URL) */
    bus: Bus;
    /** Prometheus metrics of this platform (platform/metrics); absent outside createPlatform */
    metrics?: PlatformMetrics;
    /** true once the node began stopping: GET /ready answers 503 'draining' */
    draining?: boolean;
    /** true once this node's migrations ran (createPlatform) */
    migrated?: boolean;
  }
}
