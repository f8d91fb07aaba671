import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig, type Config } from '../../platform/config';
import { openDb } from '../../platform/db/index';
import { freshDatabase } from './database';
import { pgliteFromTemplate } from './template';
import { createPlatform, type Platform } from '../../platform/server';

/**
 * A platform on a fresh database for one test file.
 * TEST_DB=pg creates a new PostgreSQL database next to DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres) and drops it afterwards; otherwise an
 * in-memory embedded PGlite is used. Both start as copies of the run's migrated template
 * (tests/helpers/template.ts) when the global setup made one.
 */
export interface TestPlatform extends Platform {
  url: string;
}

export const testDbKind = (): 'pg' | 'pglite' => (process.env.TEST_DB === 'pg' ? 'pg' : 'pglite');

export async function startTestPlatform(overrides: Partial<Config> = {}, options: { listen?: boolean } = {}): Promise<TestPlatform> {
  const dataDir = path.join(os.tmpdir(), `tabula-test-${crypto.randomUUID()}`);
  const config = loadConfig(
    { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', SMTP_URL: '', JOBS: 'off' },
    { accessTokenSecret: 'test-secret-'.padEnd(48, 'x'), cookieSecret: 'test-cookie-secret-'.padEnd(48, 'y'), ...overrides },
  );
  let dropDb: (() => Promise<void>) | undefined;
  let db;
  if (testDbKind() === 'pg') {
    const database = await freshDatabase('tabula_t');
    db = openDb({ databaseUrl: database.url });
    config.databaseUrl = database.url;
    dropDb = database.drop;
  } else {
    // a copy of the run's migrated embedded database when the global setup made one (tests/helpers/template.ts)
    const pglite = await pgliteFromTemplate();
    db = openDb(pglite ? { pglite } : {});
  }
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const platform = await createPlatform(config, { db, logger });
  if (options.listen) await platform.server.start();
  const stop = platform.stop;
  return {
    ...platform,
    url: options.listen ? platform.server.info.uri : 'http://127.0.0.1',
    async stop() {
      await stop();
      await dropDb?.();
    },
  };
}
