import { describe, expect, it } from 'vitest';
import { defaultBoardName, isTimeZone, UNTITLED_BOARD_NAME } from '../../../shared/board-name';
import { RESERVED_BOARD_NAME } from '../../../shared/constants';

/** The default name of a new board (issue 34 item 9): 'Untitled board · Nov 28', never 'new board'. */
describe('defaultBoardName', () => {
  const at = new Date('2025-11-28T22:30:00Z');

  it("is 'Untitled board · Mon D' in UTC by default", () => {
    expect(defaultBoardName(at)).toBe('Untitled board · Nov 28');
    expect(defaultBoardName(new Date('2025-03-05T00:00:00Z'))).toBe('Untitled board · Mar 5');
    expect(defaultBoardName(at)).not.toBe(RESERVED_BOARD_NAME);
    expect(defaultBoardName(at).startsWith(UNTITLED_BOARD_NAME)).toBe(true);
  });

  it("takes the day in the creator's time zone", () => {
    expect(defaultBoardName(at, 'Asia/Tehran')).toBe('Untitled board · Nov 29');
    expect(defaultBoardName(at, 'America/Los_Angeles')).toBe('Untitled board · Nov 28');
  });

  it('falls back to UTC for an unknown or empty zone', () => {
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(defaultBoardName(at, 'Mars/Olympus_Mons')).toBe('Untitled board · Nov 28');
    expect(defaultBoardName(at, '')).toBe('Untitled board · Nov 28');
    expect(defaultBoardName(at, null)).toBe('Untitled board · Nov 28');
  });
});
