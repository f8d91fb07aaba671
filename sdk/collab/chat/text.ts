/** Chat text rules (board.md §5, §9): pure, shared by the chat box and its tests. */
export { cleanChatMessage } from '../../../shared/collab';

/** A chat time shown 12-hour with am/pm (board.md §9), e.g. '9:05 pm', in the reader's local time. */
export function formatChatTime(date: Date | string | number): string {
  const d = new Date(date);
  if (Number.isNaN(d.getTime())) return '';
  const h = d.getHours();
  const m = String(d.getMinutes()).padStart(2, '0');
  return `${h % 12 || 12}:${m} ${h < 12 ? 'am' : 'pm'}`;
}
