import pino from 'pino';
import { loadConfig } from '../platform/config';
import { openDb } from '../platform/db/index';
import { createPlatform } from '../platform/server';
import { freshDatabase } from './support/database';

/**
 * A platform (not listening) on a fresh real PostgreSQL database for one benchmark:
 * DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres. `stop()` drops the database.
 */
export async function benchPlatform() {
  const database = await freshDatabase('tabula_bench');
  const { name, url } = database;
  const db = openDb({ databaseUrl: url });
  const config = loadConfig(
    { ...process.env, PORT: '0', DATABASE_URL: url, REDIS_URL: '', JOBS: 'off', DATA_DIR: `/tmp/${name}` },
    { accessTokenSecret: 'b'.repeat(48), cookieSecret: 'c'.repeat(48) },
  );
  const platform = await createPlatform(config, { db, logger: pino({ level: 'silent' }) });
  return {
    name,
    db,
    config,
    platform,
    app: platform.server.app,
    async stop() {
      await platform.stop();
      await database.drop();
    },
  };
}
