import crypto from 'node:crypto';
import { defaultBoardName } from '../../shared/board-name';
import type { DownsizeSetting } from '../../shared/constants';
import type { Knex } from 'knex';
import type { Role } from '../../shared/permissions';
import type { Db } from '../db/index';
import { isUuid, type WorkspaceRow } from '../workspaces/api';

type Conn = Db | Knex.Transaction;

/** board.md §3 boardConfig. */
export interface BoardConfig {
  bg?: string;
  bgColor?: string;
  /** 0 workspace setting, 1 enabled, 2 disabled (default 2) */
  upload?: 0 | 1 | 2;
  /** type 0 off, 1 on; blurry only when on */
  privateMode?: { type: number; blurry: boolean };
  viewport?: { x: number; y: number; w: number; h: number } | null;
  /** pictures larger than the view (shared/constants DOWNSIZE_SETTINGS) */
  downsize?: DownsizeSetting;
}

/** A row of `boards` (002_boards). */
export interface BoardRow {
  id: string;
  code: string;
  name: string;
  workspace_id: string | null;
  owner_id: string | null;
  owner_uid: string | null;
  board_config: BoardConfig;
  dispose_at: Date | null;
  status: string;
  workspace_level: string;
  link_level: string;
  last_seq: number;
  snapshot_seq: number;
  tags: string[];
  created_at: Date;
  updated_at: Date;
  last_session_at: Date | null;
}

export interface MemberRow {
  id: string;
  board_id: string;
  uid: string;
  user_id: string | null;
  name: string;
  role: Role | null;
  status: string;
  created_at: Date;
  updated_at: Date;
}

/** A member with the profile fields of their account (share dialog, board members list). */
export interface MemberView extends MemberRow {
  username: string | null;
  display_name: string | null;
  avatar: string | null;
}

/** 12 url-safe characters from 72 random bits: unguessable board codes. */
export const newBoardCode = (): string => crypto.randomBytes(9).toString('base64url');

export async function insertBoard(
  db: Conn,
  board: { name?: string; workspaceId: string | null; ownerId: string | null; ownerUid: string | null },
): Promise<BoardRow> {
  // never the reserved 'new board' (issue 34 item 9): 'Untitled board · Nov 28' in UTC unless named
  const name = board.name ?? defaultBoardName(new Date());
  for (;;) {
    try {
      const [row] = await db('boards')
        .insert({
          code: newBoardCode(),
          name,
          workspace_id: board.workspaceId,
          owner_id: board.ownerId,
          owner_uid: board.ownerUid,
        })
        .returning('*');
      return row as BoardRow;
    } catch (err) {
      // a code collision (72 random bits: practically never) simply draws again
      if ((err as { code?: string }).code !== '23505') throw err;
    }
  }
}

export async function updateBoard(db: Conn, id: string, changes: Partial<Omit<BoardRow, 'id' | 'code' | 'last_seq'>>): Promise<BoardRow> {
  const [row] = await db('boards')
    .where({ id })
    .update({ ...changes, updated_at: db.fn.now() })
    .returning('*');
  return row as BoardRow;
}

/**
 * Merges `patch` into the board's stored config in one statement, so two patches at once both
 * land (a read-modify-write from a cached row lost one); answers the stored config.
 */
export async function mergeBoardConfig(db: Conn, id: string, patch: Record<string, unknown>): Promise<Record<string, unknown>> {
  const [row] = await db('boards')
    .where({ id })
    .update({ board_config: db.raw("coalesce(board_config, '{}'::jsonb) || ?::jsonb", [JSON.stringify(patch)]), updated_at: db.fn.now() })
    .returning('board_config');
  return ((row as { board_config?: Record<string, unknown> } | undefined)?.board_config ?? {}) as Record<string, unknown>;
}

export async function deleteBoard(db: Conn, id: string): Promise<boolean> {
  // returning(): knex-pglite answers a bare delete with the driver's result object, not a count
  return (await db('boards').where({ id }).delete().returning('id')).length > 0;
}

/** Boards whose dispose time has passed (the disposal job removes them in small batches). */
export async function boardsPastDisposal(db: Conn, now: Date, limit: number): Promise<Array<Pick<BoardRow, 'id' | 'code'>>> {
  return db('boards').select('id', 'code').where('dispose_at', '<=', now).orderBy('dispose_at').limit(limit);
}

/**
 * The board, the visitor's member row and the board's workspace in ONE round trip (every
 * append and every hub call checks access: this is on the hot path). A board past its dispose
 * time is gone for everyone, even before the disposal job deletes it.
 */
export async function findBoardForVisitor(
  db: Conn,
  ref: string,
  who: { uid: string; userId: string | null },
): Promise<{ board: BoardRow; member: MemberRow | undefined; workspace: WorkspaceRow | undefined } | undefined> {
  const result = await db.raw(
    `select row_to_json(b) as board, row_to_json(m) as member, row_to_json(w) as workspace
       from boards b
       left join lateral (
         select * from board_members bm
          where bm.board_id = b.id and (bm.uid = ? or bm.user_id = ?::uuid)
          order by bm.role is null, bm.updated_at desc limit 1
       ) m on true
       left join lateral (
         -- the workspace with the visitor's workspace_members role (workspaces/repo workspaceRoleOf)
         select ws.*, (select wm.role from workspace_members wm where wm.workspace_id = ws.id and wm.user_id = ?::uuid) as member_role
           from workspaces ws where ws.id = b.workspace_id
       ) w on true
      where ${isUuid(ref) ? 'b.id = ?::uuid' : 'b.code = ?'} and b.status = 'active'
        and (b.dispose_at is null or b.dispose_at > now())`,
    [who.uid, who.userId, who.userId, ref],
  );
  const row = (result.rows as Array<{ board: BoardRow; member: MemberRow | null; workspace: WorkspaceRow | null }>)[0];
  if (!row) return undefined;
  return {
    board: revive(row.board),
    member: row.member ? revive(row.member) : undefined,
    workspace: row.workspace ? revive(row.workspace) : undefined,
  };
}

/** row_to_json gives timestamps as strings and bigints as numbers: dates back to Date. */
function revive<T>(row: T): T {
  const out = row as Record<string, unknown>;
  for (const key of ['created_at', 'updated_at', 'last_session_at', 'dispose_at'])
    if (typeof out[key] === 'string') out[key] = new Date(out[key] as string);
  return row;
}

/* ---------------- members ---------------- */

export async function findMemberById(db: Conn, boardId: string, ref: string): Promise<MemberRow | undefined> {
  return db<MemberRow>('board_members')
    .where({ board_id: boardId })
    .andWhere((w) => (isUuid(ref) ? w.where({ id: ref }).orWhere({ uid: ref }) : w.where({ uid: ref })))
    .first();
}

/**
 * Records a visit: creates the member row (status Joined) or marks an invited member Joined.
 * Keeps an explicit role and a chosen name.
 */
export async function touchMember(
  db: Conn,
  boardId: string,
  who: { uid: string; userId: string | null; name?: string },
): Promise<MemberRow> {
  const [row] = await db('board_members')
    .insert({ board_id: boardId, uid: who.uid, user_id: who.userId, name: who.name ?? '', status: 'Joined' })
    .onConflict(['board_id', 'uid'])
    .merge({ status: 'Joined', updated_at: db.fn.now(), user_id: db.raw('coalesce(excluded.user_id, board_members.user_id)') })
    .returning('*');
  return row as MemberRow;
}

/** Invites (or re-invites) a member with a role; an existing row is replaced (board.md §3). */
export async function upsertInvitedMember(
  db: Conn,
  boardId: string,
  m: { uid: string; userId: string; name: string; role: Role },
): Promise<MemberRow> {
  const [row] = await db('board_members')
    .insert({ board_id: boardId, uid: m.uid, user_id: m.userId, name: m.name, role: m.role, status: 'Invited' })
    .onConflict(['board_id', 'uid'])
    .merge({ role: m.role, user_id: m.userId, updated_at: db.fn.now() })
    .returning('*');
  return row as MemberRow;
}

export async function setMemberRole(db: Conn, memberId: string, role: Role | null): Promise<MemberRow> {
  const [row] = await db('board_members').where({ id: memberId }).update({ role, updated_at: db.fn.now() }).returning('*');
  return row as MemberRow;
}

export async function setMemberName(
  db: Conn,
  boardId: string,
  who: { uid: string; userId: string | null },
  name: string,
): Promise<MemberRow> {
  const [row] = await db('board_members')
    .insert({ board_id: boardId, uid: who.uid, user_id: who.userId, name, status: 'Joined' })
    .onConflict(['board_id', 'uid'])
    .merge({ name, updated_at: db.fn.now() })
    .returning('*');
  return row as MemberRow;
}

export async function listMembers(db: Conn, boardId: string): Promise<MemberView[]> {
  return db('board_members as m')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .where('m.board_id', boardId)
    .select('m.*', 'u.username', 'u.display_name', 'u.avatar')
    .orderBy('m.created_at');
}
