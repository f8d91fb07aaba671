import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate, openDb } from '../../platform/db/index';
import { prepareTemplates } from '../helpers/template';
import { PGDATA_TEMPLATE_ENV } from './support/server';
import { build } from '../../scripts/build.mjs';

/**
 * Playwright's global setup: the built server and apps (built when stale: the browser tests run
 * what `npm start` runs), and one migrated database every test server starts from — a PostgreSQL
 * template with DATABASE_URL (CI), else an embedded data directory each server copies.
 */
export default async function setup(): Promise<() => Promise<void>> {
  build({ ifStale: true });
  if (process.env.DATABASE_URL) return prepareTemplates({ pg: true, pglite: false });
  const dir = path.join(os.tmpdir(), `tabula-e2e-pgdata-${crypto.randomUUID()}`);
  const db = openDb({ pgliteDir: dir });
  await migrate(db);
  await db.destroy();
  process.env[PGDATA_TEMPLATE_ENV] = dir;
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}
