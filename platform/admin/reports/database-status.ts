import Joi from 'joi';
import type { Db } from '../../db/index';

/**
 * GET /api/admin/database-status (backoffice.md §7 names it mongo-server-status: our database is
 * PostgreSQL, so it says what PostgreSQL says): the database's size, its connections by state, the
 * largest tables, and the costliest statements when the pg_stat_statements extension is installed
 * in this database — otherwise `statements.available` is false and `statements.note` says why,
 * with no figures. One object, not a list (docs/backoffice.md "Reports").
 */
export const LARGEST_TABLES = 10;
export const TOP_STATEMENTS = 10;

export interface DatabaseStatus {
  checkedAt: string;
  version: string;
  database: string;
  sizeBytes: number;
  connections: Array<{ state: string; count: number }>;
  largestTables: Array<{ name: string; totalBytes: number; tableBytes: number; indexBytes: number; rows: number }>;
  statements: {
    available: boolean;
    note: string;
    top: Array<{ query: string; calls: number; totalMs: number; meanMs: number; rows: number }>;
  };
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

async function statementsOf(db: Db): Promise<DatabaseStatus['statements']> {
  const installed = rowsOf<{ n: number }>(await db.raw(`select count(*)::int as n from pg_extension where extname = 'pg_stat_statements'`));
  if (!installed[0]?.n)
    return {
      available: false,
      note: 'pg_stat_statements is not installed in this database (CREATE EXTENSION pg_stat_statements, with the library in shared_preload_libraries): no statement figures.',
      top: [],
    };
  try {
    const top = rowsOf<{ query: string; calls: string; total: string; mean: string; rows: string }>(
      await db.raw(
        `select query, calls, total_exec_time as total, mean_exec_time as mean, rows
         from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
         order by total_exec_time desc limit ?`,
        [TOP_STATEMENTS],
      ),
    );
    return {
      available: true,
      note: `the ${TOP_STATEMENTS} statements that took the most time since the statistics were last reset`,
      top: top.map((s) => ({
        query: s.query,
        calls: Number(s.calls),
        totalMs: Number(s.total),
        meanMs: Number(s.mean),
        rows: Number(s.rows),
      })),
    };
  } catch (err) {
    return { available: false, note: `pg_stat_statements is installed but cannot be read: ${(err as Error).message}`, top: [] };
  }
}

export async function databaseStatus(db: Db): Promise<DatabaseStatus> {
  const [about] = rowsOf<{ version: string; database: string; size: string }>(
    await db.raw('select version() as version, current_database() as database, pg_database_size(current_database()) as size'),
  );
  const connections = rowsOf<{ state: string | null; count: number }>(
    await db.raw(
      `select coalesce(state, 'background') as state, count(*)::int as count from pg_stat_activity
       where datname = current_database() or datname is null group by 1 order by 2 desc, 1`,
    ),
  );
  const tables = rowsOf<{ name: string; total: string; table: string; index: string; rows: string }>(
    await db.raw(
      `select c.relname as name, pg_total_relation_size(c.oid) as total, pg_table_size(c.oid) as "table",
         pg_indexes_size(c.oid) as "index", greatest(c.reltuples, 0)::bigint as rows
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p', 'm') and n.nspname = current_schema()
       order by pg_total_relation_size(c.oid) desc, c.relname limit ?`,
      [LARGEST_TABLES],
    ),
  );
  return {
    checkedAt: new Date().toISOString(),
    version: about!.version,
    database: about!.database,
    sizeBytes: Number(about!.size),
    connections: connections.map((c) => ({ state: c.state ?? 'background', count: Number(c.count) })),
    largestTables: tables.map((t) => ({
      name: t.name,
      totalBytes: Number(t.total),
      tableBytes: Number(t.table),
      indexBytes: Number(t.index),
      rows: Number(t.rows),
    })),
    statements: await statementsOf(db),
  };
}

/** The status as CSV rows: one line per figure (section, name, value). */
export function databaseStatusRows(s: DatabaseStatus): Array<{ section: string; name: string; value: string | number }> {
  return [
    { section: 'database', name: 'name', value: s.database },
    { section: 'database', name: 'version', value: s.version },
    { section: 'database', name: 'sizeBytes', value: s.sizeBytes },
    { section: 'database', name: 'checkedAt', value: s.checkedAt },
    ...s.connections.map((c) => ({ section: 'connections', name: c.state, value: c.count })),
    ...s.largestTables.map((t) => ({ section: 'largestTables', name: t.name, value: t.totalBytes })),
    { section: 'statements', name: 'available', value: String(s.statements.available) },
    { section: 'statements', name: 'note', value: s.statements.note },
    ...s.statements.top.map((q) => ({ section: 'statements', name: q.query, value: q.totalMs })),
  ];
}

const schema = (label: string, keys: Joi.PartialSchemaMap) => Joi.object(keys).prefs({ presence: 'required' }).label(label);

export const DATABASE_STATUS = schema('DatabaseStatus', {
  checkedAt: Joi.string(),
  version: Joi.string().description('PostgreSQL’s version()'),
  database: Joi.string(),
  sizeBytes: Joi.number().integer().description('pg_database_size of this database'),
  connections: Joi.array().items(
    schema('DatabaseConnections', {
      state: Joi.string().description('pg_stat_activity state (active, idle, idle in transaction …); background: a server process'),
      count: Joi.number().integer(),
    }),
  ),
  largestTables: Joi.array().items(
    schema('DatabaseTable', {
      name: Joi.string(),
      totalBytes: Joi.number().integer().description('table, indexes and TOAST'),
      tableBytes: Joi.number().integer(),
      indexBytes: Joi.number().integer(),
      rows: Joi.number().integer().description('the planner’s estimate (reltuples)'),
    }),
  ),
  statements: schema('DatabaseStatements', {
    available: Joi.boolean().description('whether pg_stat_statements could be read'),
    note: Joi.string(),
    top: Joi.array().items(
      schema('DatabaseStatement', {
        query: Joi.string(),
        calls: Joi.number().integer(),
        totalMs: Joi.number(),
        meanMs: Joi.number(),
        rows: Joi.number().integer(),
      }),
    ),
  }),
});
