import type { Db } from '../../db/index';
import { days, since, type Statistic, type TypeCountsRow } from './statistic';

/**
 * commands-usage (backoffice.md §7, Days): accepted commands by type over the window — `type`
 * is the command's `cmd` (shared/model.ts; 'redo' for a redo), count = regCount (signed-in
 * users) + nRegCount (guests and app participants) — from command_usage_daily, which the usage
 * writer fills (platform/admin/usage/writer.ts; up to a second behind). The window's first UTC
 * day is counted whole.
 */
export const commandsUsage: Statistic<{ Days: number }> = {
  name: 'commands-usage',
  title: 'Commands',
  description: 'Accepted commands by type, by signed-in users (regCount) and guests (nRegCount), most used first',
  block: 'commands',
  rows: 'type-counts',
  params: { Days: days(true) },
  async query(db: Db, p): Promise<TypeCountsRow[]> {
    const from = since(p.Days);
    const rows = (await db('command_usage_daily')
      .modify((q) => {
        if (from) q.where('day', '>=', from.toISOString().slice(0, 10));
      })
      .select(
        'type',
        db.raw('sum(count)::bigint as count'),
        db.raw('coalesce(sum(count) filter (where user_type = \'reg\'), 0)::bigint as "regCount"'),
        db.raw('coalesce(sum(count) filter (where user_type = \'guest\'), 0)::bigint as "nRegCount"'),
      )
      .groupBy('type')
      .orderBy([
        { column: 'count', order: 'desc' },
        { column: 'type', order: 'asc' },
      ])) as TypeCountsRow[];
    return rows.map((r) => ({ type: r.type, count: Number(r.count), regCount: Number(r.regCount), nRegCount: Number(r.nRegCount) }));
  },
};
