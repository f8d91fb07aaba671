import { isEmbedded, type Db } from '../../db/index';

/**
 * "Rebuild indexes" (backoffice.md §2 admin actions; docs/backoffice.md "Admin actions"): REINDEX
 * and ANALYZE of the hot tables, one table at a time, timed. On PostgreSQL REINDEX runs
 * CONCURRENTLY (writes go on meanwhile; it cannot run in a transaction, and it does not here); on
 * the embedded PGlite — one connection, nothing to run beside — a plain REINDEX. An interrupted
 * concurrent rebuild leaves an invalid index named `…_ccnew…`; those of these tables are dropped
 * first. Between tables the run stops when its node stops (the AbortSignal).
 */
export const HOT_TABLES = ['commands', 'snapshots', 'board_members', 'boards', 'board_activity', 'users', 'user_audits'] as const;

export interface TableRebuilt {
  table: string;
  /** indexes on the table */
  indexes: number;
  reindexMs: number;
  analyzeMs: number;
}

export interface IndexesRebuilt {
  concurrently: boolean;
  /** invalid leftovers of interrupted concurrent rebuilds, dropped */
  droppedInvalid: string[];
  tables: TableRebuilt[];
  totalMs: number;
}

const timed = async (work: () => Promise<unknown>): Promise<number> => {
  const start = performance.now();
  await work();
  return Math.round(performance.now() - start);
};

export async function rebuildIndexes(db: Db, signal: AbortSignal): Promise<IndexesRebuilt> {
  const start = performance.now();
  const concurrently = !isEmbedded(db);
  const droppedInvalid: string[] = [];
  if (concurrently) {
    const leftovers = (await db.raw(
      `select c.relname as name
         from pg_index i
         join pg_class c on c.oid = i.indexrelid
         join pg_class t on t.oid = i.indrelid
         join pg_namespace n on n.oid = t.relnamespace
        where not i.indisvalid and n.nspname = current_schema() and t.relname in (${HOT_TABLES.map(() => '?').join(', ')})
          and c.relname ~ '_ccnew[0-9]*$'`,
      [...HOT_TABLES],
    )) as { rows: Array<{ name: string }> };
    for (const { name } of leftovers.rows) {
      await db.raw('drop index concurrently if exists ??', [name]);
      droppedInvalid.push(name);
    }
  }
  const tables: TableRebuilt[] = [];
  for (const table of HOT_TABLES) {
    signal.throwIfAborted();
    const [{ n }] = (await db('pg_indexes')
      .whereRaw('schemaname = current_schema()')
      .where({ tablename: table })
      .count({ n: '*' })) as Array<{
      n: number | string;
    }>;
    const reindexMs = await timed(() => db.raw(`reindex table ${concurrently ? 'concurrently ' : ''}??`, [table]));
    const analyzeMs = await timed(() => db.raw('analyze ??', [table]));
    tables.push({ table, indexes: Number(n), reindexMs, analyzeMs });
  }
  return { concurrently, droppedInvalid, tables, totalMs: Math.round(performance.now() - start) };
}
