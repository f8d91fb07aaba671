import crypto from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server tests and benchmarks create their databases on. */
export const BASE_DATABASE_URL = () => process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** The migrated database new ones are copied from, when a run made one (tests/helpers/template.ts). */
export const TEMPLATE_ENV = 'TABULA_TEMPLATE_DB';

/** Runs one statement on the server's maintenance connection. */
export async function onServer(sql: string, base = BASE_DATABASE_URL()): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A new PostgreSQL database next to DATABASE_URL (for one test file, one pair of nodes or one
 * benchmark): a copy of the run's migrated template when there is one (`migrated`, the default),
 * else empty. `drop()` removes it, closing whatever still holds connections to it.
 */
export async function freshDatabase(
  prefix = 'tabula_t',
  options: { migrated?: boolean } = {},
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const base = BASE_DATABASE_URL();
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const template = options.migrated === false ? undefined : process.env[TEMPLATE_ENV];
  await onServer(template ? `create database ${name} template ${template}` : `create database ${name}`, base);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => onServer(`drop database if exists ${name} with (force)`, base) };
}
