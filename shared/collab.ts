/**
 * What the board's chat and comments exchange (board.md §3 Chat message, Comment), one definition
 * for the server (platform/chat, platform/comments) and the board (sdk/collab).
 */

/** board.md §3 Chat message; `sender` is 'self' for the reader's own messages, else 'other'. */
export interface ChatMessage {
  id: string;
  message: string;
  displayName: string;
  sentDate: string;
  sender: 'self' | 'other';
  /** the sender's key on the board (members' uid) */
  uid: string;
  profileImage: string | null;
}

/** board.md §3 Comment (uid: the author's key on the board, so a client knows which it may delete). */
export interface CommentView {
  id: string;
  message: string;
  createdDate: string;
  name: string;
  profileImage: string | null;
  seen: boolean;
  uid: string;
}

/** board.md §5: newlines stripped, text trimmed; empty is not sent. */
export function cleanChatMessage(text: string): string {
  return text.replace(/[\r\n]+/g, '').trim();
}
