import { rowsOf } from './sql';
import { days, since, take, type NameCountRow, type Statistic } from './statistic';

/**
 * statistics/templates (backoffice.md §2 "Statistic blocks: templates", §7 `Take`, `Days`): the
 * templates inserted most in the window — each insertion into a board is recorded
 * (template_uses: the template's name and title, built-in or custom, the board, who, when;
 * platform/templates). A row is a template's title (a custom one marked so: custom templates are
 * users' own, counted together under one row per template) and its uses, most used first. `Days`
 * (30, 7, 1, or 0 for All; default 30) reads through the used_at index.
 */
export const templateStatistics: Statistic<{ Take: number; Days: number }> = {
  name: 'statistics/templates',
  title: 'Templates',
  description: 'The templates inserted into boards most often in the chosen period, by their uses.',
  block: 'templates',
  rows: 'name-count',
  params: { Take: take(), Days: days(true) },
  async query(db, { Take, Days }) {
    const from = since(Days);
    const rows = await rowsOf<{ name: string; count: string | number }>(
      db,
      `select case when u.template_type = 2 then u.title || ' (custom)' else u.title end as name, count(*)::bigint as count
       from template_uses u
       ${from ? 'where u.used_at >= ?' : ''}
       group by u.template_name, u.template_type, u.title
       order by 2 desc, 1
       limit ?`,
      [...(from ? [from] : []), Take],
    );
    return rows.map((r): NameCountRow => ({ name: r.name, count: Number(r.count) }));
  },
};
