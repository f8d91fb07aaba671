import type { Db } from '../db/index';

export interface ChatMessageRow {
  id: string;
  board_id: string;
  client_id: string;
  uid: string;
  user_id: string | null;
  display_name: string;
  message: string;
  created_at: Date;
  avatar?: string | null;
}

/** Stores a message once per sender id (a retried send returns the first row; `created` false). */
export async function insertMessage(
  db: Db,
  m: { boardId: string; clientId: string; uid: string; userId: string | null; displayName: string; message: string },
): Promise<{ row: ChatMessageRow; created: boolean }> {
  const inserted = await db('chat_messages')
    .insert({ board_id: m.boardId, client_id: m.clientId, uid: m.uid, user_id: m.userId, display_name: m.displayName, message: m.message })
    .onConflict(['board_id', 'client_id'])
    .ignore()
    .returning('*');
  if (inserted[0]) return { row: inserted[0] as ChatMessageRow, created: true };
  const row = await db<ChatMessageRow>('chat_messages').where({ board_id: m.boardId, client_id: m.clientId }).first();
  return { row: row!, created: false };
}

/** The `limit` latest messages sent before `before` (all when null), oldest first. */
export async function messagesBefore(db: Db, boardId: string, before: Date | null, limit: number): Promise<ChatMessageRow[]> {
  const q = db('chat_messages as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .where('c.board_id', boardId)
    .select('c.*', 'u.avatar')
    .orderBy([
      { column: 'c.created_at', order: 'desc' },
      { column: 'c.id', order: 'desc' },
    ])
    .limit(limit);
  if (before) q.andWhere('c.created_at', '<', before);
  return (await q).reverse();
}
