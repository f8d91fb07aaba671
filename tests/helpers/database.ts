import crypto from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server tests and benchmarks create their databases on. */
export const BASE_DATABASE_URL = () => process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A new, empty PostgreSQL database next to DATABASE_URL (for one test file, one pair of nodes or
 * one benchmark); `drop()` removes it, closing whatever still holds connections to it.
 */
export async function freshDatabase(prefix = 'tabula_t'): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const base = BASE_DATABASE_URL();
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => run(`drop database if exists ${name} with (force)`) };
}
