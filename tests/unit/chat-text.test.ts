import { describe, expect, it } from 'vitest';
import { cleanChatMessage, formatChatTime } from '../../sdk/collab/chat';

/** Chat text rules (board.md §5 "Chat", §9 "Chat time shown 12-hour with am/pm"). */
describe('chat message cleanup', () => {
  it('strips newlines and trims', () => {
    expect(cleanChatMessage('  hello\nthere \r\n')).toBe('hellothere');
    expect(cleanChatMessage('\n\n  hi  ')).toBe('hi');
  });

  it('leaves nothing to send when only whitespace', () => {
    expect(cleanChatMessage('   \n\t ')).toBe('');
    expect(cleanChatMessage('')).toBe('');
  });
});

describe('chat time', () => {
  const at = (h: number, m: number) => new Date(2026, 0, 5, h, m);

  it('shows 12-hour times with am/pm', () => {
    expect(formatChatTime(at(0, 5))).toBe('12:05 am');
    expect(formatChatTime(at(9, 30))).toBe('9:30 am');
    expect(formatChatTime(at(12, 0))).toBe('12:00 pm');
    expect(formatChatTime(at(13, 7))).toBe('1:07 pm');
    expect(formatChatTime(at(23, 59))).toBe('11:59 pm');
  });

  it('reads ISO strings and shows nothing for a bad date', () => {
    expect(formatChatTime(at(15, 45).toISOString())).toBe('3:45 pm');
    expect(formatChatTime('not a date')).toBe('');
  });
});
