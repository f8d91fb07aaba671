import type { Knex } from 'knex';

/**
 * Everything stored about a board that a hub method or a route could change: its row (name,
 * settings, levels, dispose time, last seq), the log with each command's status, the members
 * with their roles and names, chat, comment threads, comments and seen marks. Tests compare it
 * before and after an action that must be refused: equal means nothing was stored anywhere.
 */
export async function boardState(db: Knex, id: string) {
  const board = await db('boards').where({ id }).first();
  if (!board) return { exists: false };
  const threads = await db('comment_threads').where({ board_id: id }).orderBy('id').select('id', 'shape_id', 'resolved', 'deleted');
  const threadIds = threads.map((t) => t.id);
  return {
    exists: true,
    name: board.name,
    config: board.board_config,
    levels: [board.workspace_level, board.link_level],
    disposeAt: board.dispose_at ? new Date(board.dispose_at).toISOString() : null,
    lastSeq: Number(board.last_seq),
    commands: (await db('commands').where({ board_id: id }).orderBy('seq').select('seq', 'client_id', 'status')).map((r) => [
      Number(r.seq),
      r.client_id,
      r.status,
    ]),
    members: (await db('board_members').where({ board_id: id }).orderBy('uid').select('uid', 'role', 'name')).map((m) => [
      m.uid,
      m.role,
      m.name,
    ]),
    chat: (await db('chat_messages').where({ board_id: id }).orderBy('client_id').select('client_id')).map((m) => m.client_id),
    threads,
    comments: threadIds.length ? (await db('comments').whereIn('thread_id', threadIds).orderBy('id').select('id')).map((r) => r.id) : [],
    seen: threadIds.length
      ? (await db('comment_seen').whereIn('thread_id', threadIds).orderBy(['thread_id', 'uid']).select('thread_id', 'uid', 'seen_at')).map(
          (r) => `${r.thread_id}/${r.uid}/${new Date(r.seen_at).toISOString()}`,
        )
      : [],
  };
}
