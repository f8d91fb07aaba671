import type * as Wire from './wire';

/**
 * What the board's chat and comments exchange (board.md §3 Chat message, Comment), one definition
 * for the server (platform/chat, platform/comments) and the board (sdk/collab): the routes'
 * response schemas (shared/wire.ts; docs/api.md "Wire types").
 */

/** board.md §3 Chat message; `sender` is 'self' for the reader's own messages, else 'other'. */
export type ChatMessage = Wire.ChatMessage;

/** board.md §3 Comment (uid: the author's key on the board, so a client knows which it may delete). */
export type CommentView = Wire.Comment;

/** board.md §5: newlines stripped, text trimmed; empty is not sent. */
export function cleanChatMessage(text: string): string {
  return text.replace(/[\r\n]+/g, '').trim();
}
