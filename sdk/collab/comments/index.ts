/**
 * Comments (board.md §4 "Comment threads"): the store and the functions other parts of the board
 * use (the comment tool, the context menu's comment variant, the comments panel).
 */
export { CommentsStore, type Comment, type CommentBoxTarget, type CommentsSession, type Thread } from './comments-store';
export { attachComments, commentsOf } from './registry';
export { cleanComment, insertMention, mentionAt, mentionCandidates, truncateAuthor, type MentionQuery } from './text';

import type { Editor } from '../../editor/editor';
import { commentsOf } from './registry';

/** Context menu helpers: open, resolve / reopen and delete the thread of a comment marker. */
export function openCommentThread(editor: Editor, shapeId: string): void {
  commentsOf(editor)?.openShape(shapeId);
}

export function setCommentResolved(editor: Editor, shapeId: string, resolved: boolean): void {
  const shape = editor.doc.get(shapeId);
  // the comment feature's own kind (a pin and its thread): not a kind switch (shape-registry.test.ts)
  if (shape?.cmd === 'comment') commentsOf(editor)?.setResolved(shape.threadId, resolved);
}

export function deleteCommentThread(editor: Editor, shapeId: string): void {
  const shape = editor.doc.get(shapeId);
  // the comment feature's own kind (a pin and its thread): not a kind switch (shape-registry.test.ts)
  if (shape?.cmd === 'comment') commentsOf(editor)?.deleteThread(shape.threadId);
}
