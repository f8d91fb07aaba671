import Boom from '@hapi/boom';
import type { CommentView } from '../../shared/collab';
import { COMMENT_MAX_LENGTH, UUID_REGEX } from '../../shared/constants';
import { can } from '../../shared/permissions';
import type { Actor } from '../core/actor';
import { badRequest } from '../core/errors';
import { getBoardAccess, UNAUTHORIZED_ACCESS, type BoardApp, profileImageOf } from '../boards/api';
import { nameOnBoard } from '../chat/api';
import { notifyMentions } from './mentions';
import {
  commentsOfBoard,
  countComments,
  deleteComment as deleteCommentRow,
  findComment,
  findThread,
  insertComment,
  insertThread,
  markSeen,
  seenOf,
  threadsOf,
  type CommentRow,
} from './repo';

export const THREAD_NOT_FOUND = 'Comment thread not found.';
export const COMMENT_NOT_FOUND = 'Comment not found.';
export const COMMENT_EMPTY = 'Comment is empty.';
export const COMMENT_TOO_LONG = `Comment must be at most ${COMMENT_MAX_LENGTH} characters.`;
export const LAST_COMMENT = 'The only comment of a thread cannot be deleted on its own.';

export type { CommentView };

export interface ThreadView {
  threadId: string;
  shapeId: string | null;
  comments: CommentView[];
  resolved: boolean;
  deleted: boolean;
}

async function commentAccess(app: BoardApp, code: string, actor: Actor | null) {
  const access = await getBoardAccess(app, code, actor);
  if (!can(access.role, 'write_comment')) throw Boom.forbidden(UNAUTHORIZED_ACCESS);
  return access;
}

/**
 * Hub `addComment(board, text, threadId)`: trimmed, non-empty, ≤ 2000 characters; the first
 * comment creates the thread (the client's thread id when it chose one). Others receive
 * commentAdded; the result feeds the sender's addCommentSucceeded.
 */
export async function addComment(
  app: BoardApp,
  code: string,
  actor: Actor | null,
  text: string,
  threadId?: string | null,
  opts: { connectionId?: string; displayName?: string } = {},
): Promise<{ createdThreadId: string | null; id: string; date: string; threadId: string }> {
  const access = await commentAccess(app, code, actor);
  const message = String(text ?? '').trim();
  if (!message) throw badRequest(COMMENT_EMPTY, { message: [COMMENT_EMPTY] });
  if (message.length > COMMENT_MAX_LENGTH) throw badRequest(COMMENT_TOO_LONG, { message: [COMMENT_TOO_LONG] });
  if (threadId && !UUID_REGEX.test(threadId)) throw Boom.notFound(THREAD_NOT_FOUND);

  const board = access.board;
  let thread = threadId ? await findThread(app.db, board.id, threadId) : undefined;
  let newThread = false;
  if (!thread) {
    thread = await insertThread(app.db, board.id, actor!.uid, threadId ?? undefined);
    // a thread id taken on another board cannot be reused here
    if (!thread) throw Boom.notFound(THREAD_NOT_FOUND);
    newThread = true;
  } else if (thread.deleted) {
    throw Boom.notFound(THREAD_NOT_FOUND);
  }
  const displayName = await nameOnBoard(app.db, access.member, actor!, opts.displayName);
  const row = await insertComment(app.db, { threadId: thread.id, uid: actor!.uid, userId: actor!.userId, name: displayName, message });
  await markSeen(app.db, thread.id, actor!.uid);
  const date = new Date(row.created_at).toISOString();
  await app.bus.publish(board.code, {
    event: 'commentAdded',
    data: {
      id: row.id,
      message,
      date,
      displayName,
      profileImage: await profileImageOf(app.db, actor!),
      threadId: thread.id,
      newThread,
      uid: actor!.uid,
    },
    except: opts.connectionId,
  });
  // the people the comment mentions are told (a failure there never fails the comment)
  await notifyMentions(app, board, { userId: actor!.userId, name: displayName }, message).catch((err) =>
    app.logger.error({ err, board: board.code }, 'mention notifications failed'),
  );
  return { createdThreadId: newThread ? thread.id : null, id: row.id, date, threadId: thread.id };
}

/**
 * Hub `deleteComment(board, threadId, commentId)`: by its author or the board owner, and only
 * while the thread has more than one comment (board.md §5). Publishes commentRemoved.
 */
export async function deleteComment(
  app: BoardApp,
  code: string,
  actor: Actor | null,
  threadId: string,
  commentId: string,
  opts: { connectionId?: string } = {},
): Promise<{ threadId: string; id: string }> {
  const access = await commentAccess(app, code, actor);
  if (!UUID_REGEX.test(threadId ?? '')) throw Boom.notFound(THREAD_NOT_FOUND);
  const thread = await findThread(app.db, access.board.id, threadId);
  if (!thread) throw Boom.notFound(THREAD_NOT_FOUND);
  const comment = UUID_REGEX.test(commentId ?? '') ? await findComment(app.db, thread.id, commentId) : undefined;
  if (!comment) throw Boom.notFound(COMMENT_NOT_FOUND);
  const isAuthor = comment.author_uid === actor!.uid || (!!actor!.userId && comment.author_user_id === actor!.userId);
  if (!isAuthor && access.role !== 'Owner') throw Boom.forbidden(UNAUTHORIZED_ACCESS);
  if ((await countComments(app.db, thread.id)) <= 1) throw badRequest(LAST_COMMENT);
  await deleteCommentRow(app.db, comment.id);
  const data = { threadId: thread.id, id: comment.id };
  await app.bus.publish(access.board.code, { event: 'commentRemoved', data, except: opts.connectionId });
  return data;
}

/** GET /api/boards/{id}/comments: every thread of the board with its comments and their seen flags. */
export async function listThreads(app: BoardApp, code: string, actor: Actor | null): Promise<ThreadView[]> {
  const access = await getBoardAccess(app, code, actor);
  const [threads, comments, seen] = await Promise.all([
    threadsOf(app.db, access.board.id),
    commentsOfBoard(app.db, access.board.id),
    seenOf(app.db, access.board.id, actor!.uid),
  ]);
  const byThread = new Map<string, CommentRow[]>();
  for (const c of comments) (byThread.get(c.thread_id) ?? byThread.set(c.thread_id, []).get(c.thread_id)!).push(c);
  return threads.map((t) => {
    const seenAt = seen.get(t.id);
    return {
      threadId: t.id,
      shapeId: t.shape_id,
      resolved: t.resolved,
      deleted: t.deleted,
      comments: (byThread.get(t.id) ?? []).map((c) => ({
        id: c.id,
        message: c.message,
        createdDate: new Date(c.created_at).toISOString(),
        name: c.author_name,
        profileImage: c.avatar ?? null,
        uid: c.author_uid,
        seen: c.author_uid === actor!.uid || (!!seenAt && new Date(c.created_at) <= seenAt),
      })),
    };
  });
}

/** POST /api/boards/{code}/comments/{threadId}/mark: the reader has seen the thread. */
export async function markThreadSeen(app: BoardApp, code: string, actor: Actor | null, threadId: string): Promise<void> {
  const access = await getBoardAccess(app, code, actor);
  const thread = UUID_REGEX.test(threadId) ? await findThread(app.db, access.board.id, threadId) : undefined;
  if (!thread) throw Boom.notFound(THREAD_NOT_FOUND);
  await markSeen(app.db, thread.id, actor!.uid);
}
