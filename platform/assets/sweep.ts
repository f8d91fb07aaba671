import type { Knex } from 'knex';
import type { AssetStorage } from './storage';

/** How often a node with jobs sweeps the assets of removed boards. */
export const SWEEP_INTERVAL_MS = 5 * 60_000;
const BATCH = 100;

/**
 * The assets of removed boards (docs/assets.md "When a board goes"): however a board went, its
 * asset rows stay with `board_id` null (migration 023). The sweep removes their stored bytes, then
 * the rows — in that order, so a node stopped half-way leaves rows the next sweep finds, never bytes
 * nothing points to. Several nodes sweeping at once do the same idempotent work. Answers how many
 * assets it removed.
 */
export async function sweepOrphanedAssets(db: Knex, storage: AssetStorage): Promise<number> {
  let removed = 0;
  for (;;) {
    const ids = (await db('assets').whereNull('board_id').orderBy('created_at').limit(BATCH).pluck('id')) as string[];
    if (ids.length === 0) return removed;
    for (const id of ids) await storage.removePrefix(`${id}/`);
    // returning(): knex-pglite answers a bare delete with the driver's result object, not a count
    removed += (await db('assets').whereIn('id', ids).whereNull('board_id').delete().returning('id')).length;
    if (ids.length < BATCH) return removed;
  }
}
