/** Chat (board.md §4 "Chat box"): the store behind the chat box, and its text rules. */
export { ChatStore, type ChatMessage, type ChatSession } from './chat-store';
export { cleanChatMessage, formatChatTime } from './text';
