import Joi from 'joi';
import { adminBoardsBase, adminBoardsList } from '../boards/list';
import { boardItem } from '../boards/routes';
import { fromSql, iso, REPORT_SIZES, rowSchema, type Report } from './report';

/**
 * The reports on boards (docs/backoffice.md "Reports"): boards, duplicate-boards,
 * users-with-most-board, boards-overloaded-members. A board's owner is a signed-in account (its
 * username is shown) or a guest (its key `g_…`, never its secret: docs/security.md "Identity and trust").
 */

/**
 * boards: the board administration grid itself (backoffice.md §7 names `GET /api/admin/boards`
 * among the reports and as the grid): the same list and the same route, so its quick filters,
 * orders and text filter are the grid's; CSV and JSON downloads hold up to 3000 rows.
 */
export const boardsReport: Report = {
  name: 'boards',
  title: 'Boards',
  description:
    'Every board whatever its status, as the board administration grid lists it: owner, status, members, commands, sharing, assets.',
  list: adminBoardsList,
  base: adminBoardsBase,
  row: boardItem,
  servedAt: '/api/admin/boards',
};

/** Boards of one owner whose names are the same once trimmed, lower-cased and with runs of spaces as one. */
const DUPLICATE_BOARDS = `
  select coalesce(b.owner_id::text, b.owner_uid) as owner, min(u.username) as username,
    lower(regexp_replace(trim(b.name), '\\s+', ' ', 'g')) as name_key, min(b.name) as name,
    count(*) as boards, array_agg(b.code order by b.created_at) as codes,
    min(b.created_at) as first_created, max(b.created_at) as last_created
  from boards b left join users u on u.id = b.owner_id
  group by 1, 3
  having count(*) > 1`;

export const duplicateBoards: Report = {
  name: 'duplicate-boards',
  title: 'Duplicate boards',
  description: 'Boards of one owner with the same name (ignoring case and spaces): one row per owner and name, with the boards’ codes.',
  base: (db) => fromSql(db, DUPLICATE_BOARDS, 'd'),
  list: () => ({
    name: 'DuplicateBoards',
    fields: {
      owner: 'd.owner',
      username: 'd.username',
      name: 'd.name',
      boards: 'd.boards',
      codes: 'd.codes',
      firstCreated: 'd.first_created',
      lastCreated: 'd.last_created',
    },
    sortable: ['boards', 'name', 'lastCreated'],
    searchable: ['name', 'username'],
    defaultOrder: 'boards Desc',
    ...REPORT_SIZES,
    toItem: (r) => ({
      owner: r.owner ?? null,
      username: r.username ?? null,
      name: r.name,
      boards: Number(r.boards),
      codes: r.codes ?? [],
      firstCreated: iso(r.firstCreated),
      lastCreated: iso(r.lastCreated),
    }),
  }),
  row: rowSchema('DuplicateBoards', {
    owner: Joi.string().allow(null).description('the owner’s user id, or a guest owner’s key'),
    username: Joi.string().allow(null).description('null for a guest owner'),
    name: Joi.string().allow(''),
    boards: Joi.number().integer(),
    codes: Joi.array().items(Joi.string()).description('the boards’ codes, oldest first'),
    firstCreated: Joi.string(),
    lastCreated: Joi.string(),
  }),
};

export const usersWithMostBoards: Report = {
  name: 'users-with-most-board',
  title: 'Users with most boards',
  description: 'Signed-in accounts by the number of boards they own (active, disabled and marked for deletion), most first.',
  base: (db) =>
    fromSql(
      db,
      `select owner_id, count(*) as boards, count(*) filter (where status = 'active') as active, max(created_at) as last_created
       from boards where owner_id is not null group by owner_id`,
      'o',
    ).join('users as u', 'u.id', 'o.owner_id'),
  list: () => ({
    name: 'UsersWithMostBoards',
    fields: {
      id: 'u.id',
      username: 'u.username',
      displayName: 'u.display_name',
      boards: 'o.boards',
      active: 'o.active',
      lastCreated: 'o.last_created',
    },
    sortable: ['boards', 'active', 'lastCreated', 'username'],
    searchable: ['username', 'displayName'],
    defaultOrder: 'boards Desc',
    ...REPORT_SIZES,
    toItem: (r) => ({
      id: r.id,
      username: r.username,
      displayName: r.displayName,
      boards: Number(r.boards),
      active: Number(r.active),
      lastCreated: iso(r.lastCreated),
    }),
  }),
  row: rowSchema('UserWithMostBoards', {
    id: Joi.string(),
    username: Joi.string(),
    displayName: Joi.string().allow(''),
    boards: Joi.number().integer(),
    active: Joi.number().integer().description('of them, active boards'),
    lastCreated: Joi.string().description('when the newest was created'),
  }),
};

/**
 * boards-overloaded-members: the plans set no member limit (shared/policies.ts), so the threshold
 * is this constant unless the query's `Threshold` says otherwise.
 */
export const OVERLOADED_MEMBERS = 50;

export const boardsOverloadedMembers: Report = {
  name: 'boards-overloaded-members',
  title: 'Boards with too many members',
  description: `Boards with more members (signed-in and guests, the owner included) than Threshold (default ${OVERLOADED_MEMBERS}).`,
  base: (db) =>
    fromSql(db, 'select board_id, count(*) as members, count(user_id) as users from board_members group by board_id', 'm')
      .join('boards as b', 'b.id', 'm.board_id')
      .leftJoin('users as u', 'u.id', 'b.owner_id'),
  list: () => ({
    name: 'BoardsOverloadedMembers',
    fields: {
      id: 'b.id',
      code: 'b.code',
      name: 'b.name',
      owner: 'u.username',
      members: 'm.members',
      users: 'm.users',
      status: 'b.status',
      createdDate: 'b.created_at',
      lastSession: 'b.last_session_at',
    },
    sortable: ['members', 'createdDate', 'lastSession'],
    searchable: ['name', 'code', 'owner'],
    filters: {
      Threshold: {
        schema: Joi.number().integer().min(0).max(1_000_000).default(OVERLOADED_MEMBERS),
        apply: (q, value: number) => void q.where('m.members', '>', value),
      },
    },
    defaultOrder: 'members Desc',
    ...REPORT_SIZES,
    toItem: (r) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      owner: r.owner ?? null,
      members: Number(r.members),
      users: Number(r.users),
      status: r.status,
      createdDate: iso(r.createdDate),
      lastSession: iso(r.lastSession),
    }),
  }),
  row: rowSchema('BoardOverloadedMembers', {
    id: Joi.string(),
    code: Joi.string(),
    name: Joi.string().allow(''),
    owner: Joi.string().allow(null).description('the owner’s username; null for a guest owner'),
    members: Joi.number().integer(),
    users: Joi.number().integer().description('of them, signed-in accounts'),
    status: Joi.string(),
    createdDate: Joi.string(),
    lastSession: Joi.string().allow(null),
  }),
};
