import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate, openDb } from '../../platform/db/index';
import { prepareTemplates } from '../helpers/template';
import { onServer } from '../helpers/database';
import { E2E_RUN_ENV, PGDATA_TEMPLATE_ENV } from './support/server';
import { build } from '../../scripts/build.mjs';

/**
 * Playwright's global setup: the built server and apps (built when stale: the browser tests run
 * what `npm start` runs), and one migrated database every test server starts from — a PostgreSQL
 * template with DATABASE_URL (CI), else an embedded data directory each server copies.
 */
export default async function setup(): Promise<() => Promise<void>> {
  build({ ifStale: true });
  if (process.env.DATABASE_URL) {
    // the servers a worker keeps for all its spec files (support/suite.ts useServer) are killed with
    // the worker, so their databases, named after the run, are dropped here at the end
    const run = crypto.randomBytes(4).toString('hex');
    process.env[E2E_RUN_ENV] = run;
    const dropTemplates = await prepareTemplates({ pg: true, pglite: false });
    return async () => {
      const names = await runDatabases(run);
      for (const name of names) await onServer(`drop database if exists ${name} with (force)`);
      await dropTemplates();
    };
  }
  const dir = path.join(os.tmpdir(), `tabula-e2e-pgdata-${crypto.randomUUID()}`);
  const db = openDb({ pgliteDir: dir });
  await migrate(db);
  await db.destroy();
  process.env[PGDATA_TEMPLATE_ENV] = dir;
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}

/** The databases this run's servers made (tabula_e2e_<run>_…). */
async function runDatabases(run: string): Promise<string[]> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const res = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [`tabula_e2e_${run}_%`]);
    return res.rows.map((r) => r.datname);
  } finally {
    await client.end();
  }
}
