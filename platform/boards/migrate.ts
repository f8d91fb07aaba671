import Boom from '@hapi/boom';
import type { Actor } from '../core/actor';
import { ensureDefaultWorkspace } from '../workspaces/repo';
import type { BoardApp } from './access';
import { forgetBoard } from './access-cache';

/**
 * POST /api/users/migrate {uniqueUserId} at login (panel.md §4 'Your local boards are being
 * merged with your account.'): the guest's boards move into the user's default workspace and
 * become theirs; the guest's memberships, chat messages and comments become the user's.
 * Idempotent: a second call finds nothing left to move.
 *
 * The command log keeps the guest uid as the author of what was drawn as a guest (the log is
 * append-only); shapes keep their creator uid.
 */
export async function migrateGuest(app: BoardApp, actor: Actor | null, guestUid: string): Promise<{ boards: number; memberships: number }> {
  if (!actor?.userId) throw Boom.unauthorized('Missing authentication');
  const userId = actor.userId;
  const uid = actor.uid;
  if (guestUid === uid || guestUid === userId) return { boards: 0, memberships: 0 };
  const workspace = await ensureDefaultWorkspace(app.db, userId);
  const result = await app.db.transaction(async (trx) => {
    const boards = await trx('boards')
      .whereNull('owner_id')
      .andWhere({ owner_uid: guestUid })
      .update({ owner_id: userId, owner_uid: uid, workspace_id: workspace.id, updated_at: trx.fn.now() });
    // a board the user already belongs to keeps the user's own member row
    await trx('board_members as g')
      .where('g.uid', guestUid)
      .whereExists(trx('board_members as u').whereRaw('u.board_id = g.board_id').andWhere((w) => w.where('u.uid', uid).orWhere('u.user_id', userId)))
      .delete();
    const memberships = await trx('board_members').where({ uid: guestUid }).update({ uid, user_id: userId, updated_at: trx.fn.now() });
    await trx('chat_messages').where({ uid: guestUid }).update({ uid, user_id: userId });
    await trx('comments').where({ author_uid: guestUid }).update({ author_uid: uid, author_user_id: userId });
    await trx('comment_threads').where({ created_by: guestUid }).update({ created_by: uid });
    await trx('comment_seen as g')
      .where('g.uid', guestUid)
      .whereExists(trx('comment_seen as u').whereRaw('u.thread_id = g.thread_id').andWhere('u.uid', uid))
      .delete();
    await trx('comment_seen').where({ uid: guestUid }).update({ uid });
    return { boards, memberships };
  });
  forgetBoard(app);
  return result;
}
