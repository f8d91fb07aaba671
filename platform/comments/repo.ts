import type { Knex } from 'knex';
import type { Db } from '../db/index';

type Conn = Db | Knex.Transaction;

export interface ThreadRow {
  id: string;
  board_id: string;
  shape_id: string | null;
  created_by: string;
  resolved: boolean;
  deleted: boolean;
  created_at: Date;
}

export interface CommentRow {
  id: string;
  thread_id: string;
  author_uid: string;
  author_user_id: string | null;
  author_name: string;
  message: string;
  created_at: Date;
  avatar?: string | null;
}

/** Creates a thread (with the client's id when it chose one); undefined when that id is taken. */
export async function insertThread(
  db: Conn,
  boardId: string,
  createdBy: string,
  id?: string,
  shapeId?: string,
): Promise<ThreadRow | undefined> {
  const [row] = await db('comment_threads')
    .insert({ ...(id ? { id } : {}), board_id: boardId, created_by: createdBy, shape_id: shapeId ?? null })
    .onConflict('id')
    .ignore()
    .returning('*');
  return row as ThreadRow | undefined;
}

export async function findThread(db: Conn, boardId: string, threadId: string): Promise<ThreadRow | undefined> {
  return db<ThreadRow>('comment_threads').where({ board_id: boardId, id: threadId }).first();
}

export async function insertComment(
  db: Conn,
  c: { threadId: string; uid: string; userId: string | null; name: string; message: string },
): Promise<CommentRow> {
  const [row] = await db('comments')
    .insert({ thread_id: c.threadId, author_uid: c.uid, author_user_id: c.userId, author_name: c.name, message: c.message })
    .returning('*');
  return row as CommentRow;
}

export async function findComment(db: Conn, threadId: string, commentId: string): Promise<CommentRow | undefined> {
  return db<CommentRow>('comments').where({ thread_id: threadId, id: commentId }).first();
}

export async function countComments(db: Conn, threadId: string): Promise<number> {
  const row = await db('comments').where({ thread_id: threadId }).count<{ count: string | number }>('* as count').first();
  return Number(row?.count ?? 0);
}

export async function deleteComment(db: Conn, commentId: string): Promise<void> {
  await db('comments').where({ id: commentId }).delete();
}

export async function threadsOf(db: Conn, boardId: string): Promise<ThreadRow[]> {
  return db<ThreadRow>('comment_threads').where({ board_id: boardId }).orderBy('created_at');
}

export async function commentsOfBoard(db: Conn, boardId: string): Promise<CommentRow[]> {
  return db('comments as c')
    .join('comment_threads as t', 't.id', 'c.thread_id')
    .leftJoin('users as u', 'u.id', 'c.author_user_id')
    .where('t.board_id', boardId)
    .select('c.*', 'u.avatar')
    .orderBy([{ column: 'c.created_at' }, { column: 'c.id' }]);
}

export async function seenOf(db: Conn, boardId: string, uid: string): Promise<Map<string, Date>> {
  const rows: Array<{ thread_id: string; seen_at: Date }> = await db('comment_seen as s')
    .join('comment_threads as t', 't.id', 's.thread_id')
    .where({ 't.board_id': boardId, 's.uid': uid })
    .select('s.thread_id', 's.seen_at');
  return new Map(rows.map((r) => [r.thread_id, new Date(r.seen_at)]));
}

export async function markSeen(db: Conn, threadId: string, uid: string): Promise<void> {
  await db('comment_seen').insert({ thread_id: threadId, uid }).onConflict(['thread_id', 'uid']).merge({ seen_at: db.fn.now() });
}

/* ---------------- the comment shapes of the board's log (kept in step by appendCommand) ---------------- */

/** Binds a thread to the comment shape placed for it (the shape's add command). */
export async function linkThreadShape(db: Conn, boardId: string, threadId: string, shapeId: string, resolved: boolean): Promise<void> {
  await db('comment_threads').where({ board_id: boardId, id: threadId }).update({ shape_id: shapeId, deleted: false, resolved });
}

export async function setThreadsState(
  db: Conn,
  boardId: string,
  shapeIds: string[],
  state: { deleted?: boolean; resolved?: boolean },
): Promise<void> {
  if (shapeIds.length === 0) return;
  await db('comment_threads').where({ board_id: boardId }).whereIn('shape_id', shapeIds).update(state);
}

/** Which of these shape ids are comment shapes of the board. */
export async function commentShapeIds(db: Conn, boardId: string, shapeIds: string[]): Promise<Set<string>> {
  if (shapeIds.length === 0) return new Set();
  const rows: Array<{ shape_id: string }> = await db('comment_threads')
    .where({ board_id: boardId })
    .whereIn('shape_id', shapeIds)
    .select('shape_id');
  return new Set(rows.map((r) => r.shape_id));
}
