import type { Knex } from 'knex';
import type { ListDeclaration } from '../../core/list';
import type { Db } from '../../db/index';

/** Board status as the back-office shows it (backoffice.md §4): 1 active, 2 disabled, 3 marked for deletion. */
export const BOARD_STATUS = { active: 1, disabled: 2, markedForDeletion: 3 } as const;

/** Boards not used for this many days, holding no command, are removal candidates (docs/backoffice.md). */
export const REMOVAL_CANDIDATE_DAYS = 30;

const iso = (value: unknown) => (value == null ? null : new Date(value as string).toISOString());

export interface AdminBoardRow {
  id: string;
  name: string;
  owner: string | null;
  ownerUsername: string | null;
  status: number;
  membersCount: number;
  commandsCount: number;
  linkLevel: string;
  hasClient: boolean;
  /** bytes of the board's pictures and documents */
  assetsSize: number | string;
  createdDate: Date;
  lastSession: Date | null;
  code: string;
}

/** The status number of a boards row (SQL), over `b`. */
export const statusSql =
  "(case when b.status = 'disabled' then 2 when b.status <> 'active' or (b.dispose_at is not null and b.dispose_at <= now()) then 3 else 1 end)";
const dayIs = (column: string, offsetDays: number) => (q: Knex.QueryBuilder) =>
  void q.whereRaw(`(${column} at time zone 'UTC')::date = (now() at time zone 'UTC')::date - ?::int`, [offsetDays]);

/**
 * The board administration grid (backoffice.md §2 "Board administration"): the quick filters,
 * the text filter (name, code, owner's username), orders CreatedDate / LastSession, 10 a page,
 * CSV 3000. Every board of the platform, whatever its status.
 */
export function adminBoardsList(db: Db): ListDeclaration<AdminBoardRow, Record<string, unknown>> {
  const raw = (sql: string) => db.raw(sql);
  return {
    name: 'AdminBoards',
    fields: {
      id: 'b.id',
      code: 'b.code',
      name: 'b.name',
      owner: raw('coalesce(b.owner_id::text, b.owner_uid)'),
      ownerUsername: 'u.username',
      status: raw(statusSql),
      membersCount: raw('(select count(*)::int from board_members bm where bm.board_id = b.id)'),
      commandsCount: 'b.last_seq',
      linkLevel: 'b.link_level',
      hasClient: raw('exists (select 1 from board_activity a where a.board_id = b.id and a.client_id is not null)'),
      assetsSize: raw('(select coalesce(sum(a.bytes), 0)::bigint from assets a where a.board_id = b.id)'),
      CreatedDate: 'b.created_at',
      LastSession: 'b.last_session_at',
    },
    sortable: ['CreatedDate', 'LastSession'],
    searchable: ['name', 'code', 'ownerUsername'],
    quickFilters: {
      all: null,
      // boards with pictures: uploaded ones, or image shapes by address
      asset: (q) =>
        void q.whereRaw(
          "(exists (select 1 from assets a where a.board_id = b.id) or exists (select 1 from commands c where c.board_id = b.id and c.kind = 'image'))",
        ),
      ctoday: dayIs('b.created_at', 0),
      utoday: dayIs('b.last_session_at', 0),
      cyesterday: dayIs('b.created_at', 1),
      uyesterday: dayIs('b.last_session_at', 1),
      client: (q) => void q.whereRaw('exists (select 1 from board_activity a where a.board_id = b.id and a.client_id is not null)'),
      withuser: (q) => void q.whereNotNull('b.owner_id'),
      'removal-candidate': (q) =>
        void q
          .where('b.last_seq', 0)
          .whereRaw(`coalesce(b.last_session_at, b.created_at) < now() - (?::int * interval '1 day')`, [REMOVAL_CANDIDATE_DAYS]),
      disposable: (q) => void q.whereNotNull('b.dispose_at'),
      Inactive: (q) => void q.whereRaw(`${statusSql} <> 1`),
    },
    defaultOrder: 'CreatedDate Desc',
    pageSize: 10,
    // the grid is the `boards` report too: its JSON download asks for as many rows as its CSV
    maxTake: 3000,
    csvMax: 3000,
    toItem: (r) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      owner: r.owner,
      ownerUsername: r.ownerUsername,
      status: Number(r.status),
      membersCount: Number(r.membersCount),
      commandsCount: Number(r.commandsCount),
      // backoffice.md §3: 1 = shared with users only, otherwise public (anyone with the link)
      shareType: r.linkLevel === 'NoAccess' ? 1 : 2,
      hasClient: !!r.hasClient,
      assetsSize: Number(r.assetsSize),
      createdDate: iso((r as unknown as Record<string, unknown>).CreatedDate),
      lastSession: iso((r as unknown as Record<string, unknown>).LastSession),
    }),
  };
}

/** The grid's base query: every board, with its owner's account. */
export const adminBoardsBase = (db: Db) => db('boards as b').leftJoin('users as u', 'u.id', 'b.owner_id');
