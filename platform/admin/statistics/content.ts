import { SHAPE_KINDS } from '../../../shared/model';
import { figures, oneRow, type Figure } from './sql';
import type { Statistic } from './statistic';

/**
 * dashboard-statistics (backoffice.md §2 "Statistic blocks: content statistics", §7): what the
 * boards hold, as title/value figures — commands and shapes, pictures and documents, chat,
 * comments, thumbnails — and the bytes the command log and the snapshots take on disk.
 *
 * Never a scan of the command log (tens of millions of rows after a year): the commands a board
 * holds are its sequence counter (`boards.last_seq`, summed), the last 30 days' commands and shapes
 * are read from the daily counts the command append keeps (`command_usage_daily`: counted since
 * usage recording began, migration 024), and the log's size is PostgreSQL's own figure for the table.
 */
const FIGURES: readonly Figure[] = [
  ['Commands in board logs', 'commands', 'count'],
  ['Commands in the last 30 days', 'commands_30', 'count'],
  ['Shapes added in the last 30 days', 'shapes_30', 'count'],
  ['Command log size', 'commands_bytes', 'bytes'],
  ['Snapshots size', 'snapshots_bytes', 'bytes'],
  ['Pictures and documents', 'assets', 'count'],
  ['Pictures and documents size', 'assets_bytes', 'bytes'],
  ['Uploaded in the last 30 days', 'uploads_30', 'count'],
  ['Chat messages', 'chat', 'count'],
  ['Chat messages in the last 30 days', 'chat_30', 'count'],
  ['Comment threads', 'threads', 'count'],
  ['Open comment threads', 'open_threads', 'count'],
  ['Comments', 'comments', 'count'],
  ['Board thumbnails', 'thumbnails', 'count'],
];

export const contentStatistics: Statistic = {
  name: 'dashboard-statistics',
  title: 'Content',
  description:
    'What the boards hold: commands and shapes (the last 30 days as the command append counts them), pictures and documents, chat, comments, thumbnails, and the disk size of the command log and snapshots.',
  block: 'content',
  rows: 'title-value',
  params: {},
  async query(db) {
    const row = await oneRow<Record<string, unknown>>(
      db,
      `select
         (select coalesce(sum(last_seq), 0)::bigint from boards) as commands,
         (select coalesce(sum(count), 0)::bigint from command_usage_daily
           where day > (now() at time zone 'UTC')::date - 30) as commands_30,
         (select coalesce(sum(count), 0)::bigint from command_usage_daily
           where day > (now() at time zone 'UTC')::date - 30 and type = any(?::text[])) as shapes_30,
         pg_total_relation_size('commands') as commands_bytes,
         pg_total_relation_size('snapshots') as snapshots_bytes,
         (select count(*)::int from assets where board_id is not null) as assets,
         (select coalesce(sum(bytes), 0)::bigint from assets where board_id is not null) as assets_bytes,
         (select count(*)::int from assets where board_id is not null and created_at >= now() - interval '30 days') as uploads_30,
         (select count(*)::int from chat_messages) as chat,
         (select count(*)::int from chat_messages where created_at >= now() - interval '30 days') as chat_30,
         (select count(*)::int from comment_threads where not deleted) as threads,
         (select count(*)::int from comment_threads where not deleted and not resolved) as open_threads,
         (select count(*)::int from comments c join comment_threads t on t.id = c.thread_id where not t.deleted) as comments,
         (select count(*)::int from board_library where thumbnail is not null) as thumbnails`,
      [`{${SHAPE_KINDS.join(',')}}`],
    );
    return figures(row, FIGURES);
  },
};
