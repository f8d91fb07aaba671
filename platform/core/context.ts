import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Db } from '../db/index';

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
  }
}
