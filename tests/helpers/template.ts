import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate, openDb } from '../../platform/db/index';
import { BASE_DATABASE_URL, onServer, TEMPLATE_ENV } from './database';

/**
 * Migrated databases made once per test run (vitest's and playwright's global setup), so each test
 * file and each browser test's server starts from a copy instead of migrating from scratch:
 * - PostgreSQL (when reachable): a database every fresh one is created from (`CREATE DATABASE …
 *   TEMPLATE`, tests/helpers/database.ts), named in TABULA_TEMPLATE_DB;
 * - PGlite: a dump of a migrated embedded database, in the file named by TABULA_PGLITE_TEMPLATE
 *   (tests/helpers/platform.ts loads it).
 * The returned function removes both.
 */
export const PGLITE_TEMPLATE_ENV = 'TABULA_PGLITE_TEMPLATE';

export async function prepareTemplates(options: { pg: boolean; pglite: boolean }): Promise<() => Promise<void>> {
  const cleanups: Array<() => Promise<void>> = [];
  if (options.pg) {
    const name = `tabula_tpl_${crypto.randomBytes(5).toString('hex')}`;
    await onServer(`create database ${name}`);
    const url = new URL(BASE_DATABASE_URL());
    url.pathname = `/${name}`;
    const db = openDb({ databaseUrl: url.toString() });
    try {
      await migrate(db);
    } finally {
      await db.destroy();
    }
    process.env[TEMPLATE_ENV] = name;
    cleanups.push(() => onServer(`drop database if exists ${name} with (force)`));
  }
  if (options.pglite) {
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = new PGlite();
    const db = openDb({ pglite });
    await migrate(db);
    const dump = await pglite.dumpDataDir('none');
    await db.destroy();
    const file = path.join(os.tmpdir(), `tabula-pglite-template-${process.pid}.tar`);
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    process.env[PGLITE_TEMPLATE_ENV] = file;
    cleanups.push(async () => fs.rmSync(file, { force: true }));
  }
  return async () => {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
  };
}

let dump: Buffer | undefined;
/** A new embedded database: a copy of the run's migrated dump when there is one, else empty (null: none made). */
export async function pgliteFromTemplate(): Promise<unknown | null> {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  if (!file || !fs.existsSync(file)) return null;
  dump ??= fs.readFileSync(file);
  const { PGlite } = await import('@electric-sql/pglite');
  return new PGlite({ loadDataDir: new Blob([new Uint8Array(dump)]) });
}
