import Joi from 'joi';
import type { Knex } from 'knex';
import type { ListDeclaration } from '../core/list';
import type { Db } from '../db/index';
import { textArray } from '../boards/api';
import { BOARD_PAGE_SIZE, type BoardListItem } from '../../shared/board-list';

/**
 * The panel's board list (panel.md §2 "Board list", §3 board list item, §7 GET
 * /api/workspace/{id}/boards, §9 page size 30) on the one list protocol, with the spec's query
 * names: Text (free text on the name), Filter (All, Owned, NotOwned), Tags (comma separated: boards
 * holding every one), Sort (LastVisited, Alphabet, LastChanged), Take, Skip.
 */
export { BOARD_FILTERS, BOARD_PAGE_SIZE, BOARD_SORTS, type BoardListItem } from '../../shared/board-list';
/** Tags in one Tags filter. */
export const TAGS_FILTER_MAX = 20;

export interface BoardListRow {
  id: string;
  name: string;
  code: string;
  tags: string[] | null;
  lastSession: Date | string | null;
  membersCount: number | string;
  thumbnailKey: string | null;
  isChanged: boolean;
}

/** Where a stored thumbnail is served: its key changes with every image, so the URL is cached for good. */
export const thumbnailUrl = (key: string | null): string | null => (key ? `/api/thumbnails/${key}` : null);

export const toBoardItem = (r: BoardListRow): BoardListItem => ({
  id: r.id,
  name: r.name,
  code: r.code,
  thumbnail: thumbnailUrl(r.thumbnailKey),
  isChanged: !!r.isChanged,
  membersCount: Number(r.membersCount),
  lastSession: r.lastSession ? new Date(r.lastSession).toISOString() : null,
  tags: r.tags ?? [],
});

/** The tags of a Tags filter value: trimmed, non-empty, distinct. */
export const tagsOf = (value: string): string[] =>
  [
    ...new Set(
      value
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ].slice(0, TAGS_FILTER_MAX);

/** The list for one asker (Owned/NotOwned and the '*' marker are theirs). */
export function boardList(db: Db, userId: string): ListDeclaration<BoardListRow, BoardListItem> {
  return {
    name: 'Boards',
    params: { Filter: 'Text', QuickFilter: 'Filter', Orders: 'Sort' },
    fields: {
      id: 'b.id',
      name: 'b.name',
      code: 'b.code',
      tags: 'b.tags',
      lastSession: 'b.last_session_at',
      thumbnailKey: 'l.thumbnail_key',
      // changed since the asker's last visit, by someone else
      isChanged: db.raw(
        'l.changed_at is not null and (v.visited_at is null or l.changed_at > v.visited_at) and l.changed_by is distinct from ?',
        [userId],
      ),
      lastVisited: 'v.visited_at',
      alphabet: db.raw('lower(b.name)'),
      lastChanged: db.raw('coalesce(l.changed_at, b.created_at)'),
    },
    sortable: ['lastVisited', 'alphabet', 'lastChanged', 'id'],
    searchable: ['name'],
    presets: {
      LastVisited: ['lastVisited Desc', 'lastChanged Desc', 'id'],
      Alphabet: ['alphabet', 'id'],
      LastChanged: ['lastChanged Desc', 'id'],
    },
    quickFilters: {
      All: null,
      Owned: (q) => void q.where('b.owner_id', userId),
      NotOwned: (q) => void q.where((w) => w.whereNull('b.owner_id').orWhereNot('b.owner_id', userId)),
    },
    filters: {
      Tags: {
        schema: Joi.string().trim().max(1000).allow(''),
        apply: (q, value: string) => {
          const tags = tagsOf(value);
          if (tags.length) q.whereRaw('b.tags @> ?::text[]', [textArray(tags)]);
        },
      },
    },
    defaultOrder: 'LastVisited',
    pageSize: BOARD_PAGE_SIZE,
    maxTake: 100,
    csvMax: 3000,
    // the members of the page's boards only (a count per sorted row would cost the whole list)
    async enrich(rows) {
      const counts = await db('board_members')
        .whereIn(
          'board_id',
          rows.map((r) => r.id),
        )
        .where((w) => w.whereNull('role').orWhereNot('role', 'NoAccess'))
        .groupBy('board_id')
        .select('board_id', db.raw('count(*) as n'));
      const byBoard = new Map(counts.map((c: { board_id: string; n: string | number }) => [c.board_id, Number(c.n)]));
      return rows.map((r) => ({ ...r, membersCount: byBoard.get(r.id) ?? 0 }));
    },
    toItem: toBoardItem,
  };
}

/** The live boards with what the list reads of them (thumbnail, change, the asker's last visit: their Joined member rows; an invitation not yet opened is no visit). */
export function boardsWithListData(db: Db | Knex.Transaction, userId: string): Knex.QueryBuilder {
  const visits = db('board_members')
    .where({ user_id: userId, status: 'Joined' })
    .groupBy('board_id')
    .select('board_id', db.raw('max(updated_at) as visited_at'));
  return db('boards as b')
    .leftJoin('board_library as l', 'l.board_id', 'b.id')
    .leftJoin(visits.as('v'), 'v.board_id', 'b.id')
    .where('b.status', 'active')
    .andWhere((w) => w.whereNull('b.dispose_at').orWhere('b.dispose_at', '>', db.fn.now()));
}

/** A member's (explicit) role that lets them in, or a visit by link while the link still does. */
const MEMBER_GRANT = `(m.role is not null and m.role <> 'NoAccess') or (m.role is null and b.link_level <> 'NoAccess')`;

/**
 * The boards of a workspace the asker sees: every one for Owner and Admin; for Member and
 * ClientAdmin those they can open (their own, the workspace's sharing level, their member role),
 * never one whose owner revoked them.
 */
export function workspaceBoards(db: Db, userId: string, workspaceId: string, seesAll: boolean): Knex.QueryBuilder {
  const q = boardsWithListData(db, userId).where('b.workspace_id', workspaceId);
  if (seesAll) return q;
  return q.where((w) =>
    w.where('b.owner_id', userId).orWhere((x) =>
      x
        .whereNotExists(
          db('board_members as m')
            .whereRaw('m.board_id = b.id and m.user_id = ?', [userId])
            .whereRaw("m.role = 'NoAccess'")
            .select(db.raw('1')),
        )
        .andWhere((y) =>
          y
            .whereNot('b.workspace_level', 'NoAccess')
            .orWhereNot('b.link_level', 'NoAccess')
            .orWhereExists(
              db('board_members as m')
                .whereRaw('m.board_id = b.id and m.user_id = ?', [userId])
                .whereRaw(`(${MEMBER_GRANT})`)
                .select(db.raw('1')),
            ),
        ),
    ),
  );
}

/** 'Shared with me': boards the asker is a member of, in workspaces they do not belong to. */
export function sharedBoards(db: Db, userId: string): Knex.QueryBuilder {
  return boardsWithListData(db, userId)
    .where((w) => w.whereNull('b.owner_id').orWhereNot('b.owner_id', userId))
    .whereNotExists(db('workspaces as ws').whereRaw('ws.id = b.workspace_id and ws.owner_id = ?', [userId]).select(db.raw('1')))
    .whereNotExists(
      db('workspace_members as wm').whereRaw('wm.workspace_id = b.workspace_id and wm.user_id = ?', [userId]).select(db.raw('1')),
    )
    .whereExists(
      db('board_members as m').whereRaw('m.board_id = b.id and m.user_id = ?', [userId]).whereRaw(`(${MEMBER_GRANT})`).select(db.raw('1')),
    );
}
