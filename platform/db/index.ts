import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import pg from 'pg';
import { migrationSource } from './migrations/index';

// Return BIGINT (int8) as a JS number: seq and counters stay far below 2^53.
pg.types.setTypeParser(20, (v: string) => Number(v));

export type Db = Knex;

export interface DbOptions {
  /** postgres://… — a real PostgreSQL through pg. */
  databaseUrl?: string;
  /** Embedded PostgreSQL (PGlite) data directory; omitted = in memory. */
  pgliteDir?: string;
  /** An embedded database already opened (tests start from a migrated copy: tests/helpers/template.ts). */
  pglite?: unknown;
}

/** Opens the database: real PostgreSQL when a URL is given, otherwise the embedded PGlite. */
export function openDb(options: DbOptions): Db {
  if (options.databaseUrl) {
    return knexFactory({
      client: 'pg',
      connection: options.databaseUrl,
      pool: { min: 0, max: Number(process.env.DATABASE_POOL_MAX ?? 10) },
    });
  }
  if (options.pgliteDir) fs.mkdirSync(path.dirname(options.pgliteDir), { recursive: true });
  return knexFactory({
    client: ClientPgLite as unknown as Knex.Config['client'],
    dialect: 'postgres',
    connection: options.pglite ? { pglite: options.pglite } : options.pgliteDir ? { filename: options.pgliteDir } : {},
  } as Knex.Config);
}

/** True when the connection is the single-connection embedded PGlite. */
export function isEmbedded(db: Db): boolean {
  return (db.client.config as Knex.Config).client !== 'pg';
}

export async function migrate(db: Db): Promise<void> {
  await db.migrate.latest({ migrationSource });
}
