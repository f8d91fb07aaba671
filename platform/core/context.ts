import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Db } from '../db/index';
import type { Bus } from '../realtime/bus';

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
  }
}
