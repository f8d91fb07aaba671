import Joi from 'joi';
import { rowsOf } from './sql';
import { days, since, take, type NameCountRow, type Statistic } from './statistic';

/**
 * top-features (backoffice.md §2 "Statistic blocks: top features", §7 `Take`, `Type`): the board
 * features used most in the window, from what the boards record of them — the feature audit
 * (sdk/telemetry/usage.ts → POST /api/logs/usages → usage_logs): one record per feature and
 * visitor every few minutes, its context `action:<action id>` (an action of the board's registry
 * run from a key, a menu or the toolbar: undo, duplicate, align-left …) or `tool:<tool>` (a tool
 * chosen: pen, rectangle …), and `data.count` the uses it stands for.
 *
 * Type: `All`, `Action` (contexts `action:…`) or `Tool` (contexts `tool:…`) — the two kinds the
 * boards record; a record of another context counts under All only. A row is a context and the
 * uses it adds up to (a record without a usable count stands for one use; a count is capped at
 * USES_CAP, so one forged record cannot top the list). `Days` (30, 7, 1; default 30) bounds the
 * read to the window through the usage_logs created_at index: a year of records is never summed.
 */
export const FEATURE_TYPES = { All: null, Action: 'action:', Tool: 'tool:' } as const;
export const USES_CAP = 10_000;

export const topFeatures: Statistic<{ Take: number; Type: keyof typeof FEATURE_TYPES; Days: number }> = {
  name: 'top-features',
  title: 'Top features',
  description: 'The board features used most in the chosen period: actions and tools by their uses.',
  block: 'top-features',
  rows: 'name-count',
  params: {
    Take: take(),
    Type: Joi.string()
      .valid(...Object.keys(FEATURE_TYPES))
      .default('All'),
    Days: days(false),
  },
  async query(db, { Take, Type, Days }) {
    const from = since(Days);
    const prefix = FEATURE_TYPES[Type];
    const rows = await rowsOf<{ name: string; count: string | number }>(
      db,
      `select l.context as name,
         sum(case when jsonb_typeof(l.data -> 'count') = 'number'
           then least(greatest(floor((l.data ->> 'count')::numeric), 0), ?) else 1 end)::bigint as count
       from usage_logs l
       where l.created_at >= ? ${prefix ? 'and starts_with(l.context, ?)' : ''}
       group by l.context
       order by 2 desc, 1
       limit ?`,
      [USES_CAP, from, ...(prefix ? [prefix] : []), Take],
    );
    return rows.map((r): NameCountRow => ({ name: r.name, count: Number(r.count) }));
  },
};
