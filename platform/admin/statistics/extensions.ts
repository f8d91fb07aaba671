import { EXTENSION_DEFAULT_PLUGGED, EXTENSIONS } from '../../../shared/workspace-roles';
import { oneRow } from './sql';
import type { NameCountRow, Statistic } from './statistic';

/**
 * extension-statistics (backoffice.md §2 "Statistic blocks: extensions", §7): for each board
 * extension of the catalogue (shared/workspace-roles EXTENSIONS: comments, frames, cursors …), how
 * many workspaces have it plugged and how many unplugged it. A workspace without a choice for an
 * extension has it as EXTENSION_DEFAULT_PLUGGED says (plugged), so the counts come from the
 * workspaces and their choices (workspace_extensions). The first row, 'All', is every workspace:
 * the dashboard shows each row as a part of it.
 */
export const extensionStatistics: Statistic = {
  name: 'extension-statistics',
  title: 'Extensions',
  description:
    'Workspaces with each board extension plugged and unplugged (a workspace that never chose has it plugged); the first row, All, counts every workspace.',
  block: 'extensions',
  rows: 'name-count',
  params: {},
  async query(db) {
    const columns = EXTENSIONS.map(
      (_e, i) =>
        `count(*) filter (where x.extension_id = ? and x.plugged)::int as p${i},
         count(*) filter (where x.extension_id = ? and not x.plugged)::int as u${i}`,
    ).join(',\n');
    const row = await oneRow<Record<string, number>>(
      db,
      `select (select count(*)::int from workspaces) as workspaces, ${columns}
       from workspace_extensions x join workspaces w on w.id = x.workspace_id`,
      EXTENSIONS.flatMap((e) => [e.extensionId, e.extensionId]),
    );
    const workspaces = Number(row.workspaces);
    return [
      { name: 'All', count: workspaces },
      ...EXTENSIONS.flatMap((e, i): NameCountRow[] => {
        const chosenPlugged = Number(row[`p${i}`]);
        const chosenUnplugged = Number(row[`u${i}`]);
        const undecided = workspaces - chosenPlugged - chosenUnplugged;
        const plugged = chosenPlugged + (EXTENSION_DEFAULT_PLUGGED ? undecided : 0);
        return [
          { name: `${e.title}: plugged`, count: plugged },
          { name: `${e.title}: unplugged`, count: workspaces - plugged },
        ];
      }),
    ];
  },
};
