import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { BASE_DATABASE_URL } from './database';

/**
 * Tests that need a service the machine may lack (a real PostgreSQL, a `redis-server` binary)
 * never vanish (docs/testing.md, "Before you commit"):
 *  - with the service they are registered as usual;
 *  - without it, in CI (CI=true) they are replaced by one failing test naming what is missing,
 *    so the run goes red;
 *  - without it, locally, they are registered as skipped with the reason in their name, so the
 *    summary counts them ("skipped") instead of forgetting them.
 * The one thing that is never "missing": the PGlite pass (TEST_DB=pglite) cannot run several
 * processes on one database; those suites skip there (visibly) and run in the PostgreSQL pass,
 * which scripts/test.mjs refuses to leave out in CI.
 */
export const inCI = (): boolean => Boolean(process.env.CI) && process.env.CI !== 'false' && process.env.CI !== '0';

export const redisServerAvailable = (): boolean => spawnSync('redis-server', ['--version']).status === 0;

/** Whether the PostgreSQL server the tests create their databases on answers. */
export async function postgresReachable(url = BASE_DATABASE_URL()): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export interface Needs {
  /** several processes on one database: TEST_DB=pg (PGlite is one process) */
  sharedDatabase?: boolean;
  /** a reachable PostgreSQL at DATABASE_URL (or the default 127.0.0.1:5432) */
  postgres?: boolean;
  /** a `redis-server` binary, to start a private Redis on a free port */
  redisServer?: boolean;
}

/** What is missing for `needs`: `missing` (services; fail in CI) and `notHere` (the PGlite pass; skip). */
export async function checkNeeds(needs: Needs): Promise<{ missing: string[]; notHere: string | null }> {
  const missing: string[] = [];
  if (needs.redisServer && !redisServerAvailable()) missing.push('a redis-server binary on PATH');
  if ((needs.postgres || (needs.sharedDatabase && process.env.TEST_DB === 'pg')) && !(await postgresReachable())) {
    missing.push(`PostgreSQL at ${BASE_DATABASE_URL().replace(/\/\/[^@/]*@/, '//')}`);
  }
  const notHere = needs.sharedDatabase && process.env.TEST_DB !== 'pg' ? 'runs with TEST_DB=pg: PGlite is one process' : null;
  return { missing, notHere };
}
