import type { Knex } from 'knex';
import type { ListDeclaration } from '../core/list';
import type { DbRow } from '../db/row';

/**
 * Assets nothing shows (backoffice.md §7 report `orphan-assets`; docs/assets.md "When a board
 * goes"): the operator's check that removed boards leave no pictures behind and that uploads
 * were not stranded. Two kinds:
 *  - `board removed`: the board is gone (board_id null) and the sweep (sweep.ts, every 5 minutes
 *    on nodes with jobs) has not yet removed its bytes — rows here for longer than that mean the
 *    sweep is not running;
 *  - `never shown`: uploaded to a board over an hour ago, yet no command of the board's log and
 *    no snapshot names it — an upload whose shape was never added (the uploader's page closed
 *    between the upload and the shape). Undo keeps a shape's commands in the log, so a picture
 *    deleted and undeletable is not counted.
 * The list protocol (Take, Skip, Orders, Filter, QuickFilter all / boardRemoved / neverShown;
 * Accept: text/csv). Reading every command of a board is the cost of this report: it is an
 * operator's occasional look, bounded to the assets it pages through.
 */
export const NEVER_SHOWN_AFTER = '1 hour';

const neverShown = (db: Knex) =>
  db.raw(
    `a.board_id is not null and a.created_at < now() - interval '${NEVER_SHOWN_AFTER}'
     and not exists (select 1 from commands c where c.board_id = a.board_id and c.payload::text like '%' || a.id::text || '%')
     and not exists (select 1 from snapshots s where s.board_id = a.board_id and s.state::text like '%' || a.id::text || '%')`,
  );

/** The report's rows before the protocol pages them: the two kinds of orphan. */
export function orphanAssetsBase(db: Knex): Knex.QueryBuilder {
  return db('assets as a')
    .leftJoin('boards as b', 'b.id', 'a.board_id')
    .where((w) => void w.whereNull('a.board_id').orWhereRaw(neverShown(db)));
}

export function orphanAssetsList(db: Knex): ListDeclaration<DbRow, Record<string, unknown>> {
  return {
    name: 'OrphanAssets',
    fields: {
      id: 'a.id',
      name: 'a.name',
      mime: 'a.mime',
      bytes: 'a.bytes',
      board: 'b.code',
      reason: db.raw(`case when a.board_id is null then 'board removed' else 'never shown' end`),
      createdDate: 'a.created_at',
    },
    sortable: ['createdDate', 'bytes', 'name'],
    searchable: ['name', 'board', 'mime'],
    quickFilters: {
      all: null,
      boardRemoved: (q) => void q.whereNull('a.board_id'),
      neverShown: (q) => void q.whereNotNull('a.board_id'),
    },
    defaultOrder: 'createdDate Desc',
    pageSize: 10,
    csvMax: 3000,
    toItem: (r) => ({
      id: r.id,
      name: r.name,
      mime: r.mime,
      bytes: Number(r.bytes),
      board: r.board ?? null,
      reason: r.reason,
      createdDate: new Date(r.createdDate).toISOString(),
    }),
  };
}
