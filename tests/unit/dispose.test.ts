import { describe, expect, it } from 'vitest';
import { DISPOSE_CHOICES, disposeSentence, remainingText } from '../../sdk/ui/dispose';

/** The dispose timer's display (board.md §4, §9): 'a week' for seven days, hours under a day, Never. */
describe('dispose timer display', () => {
  const now = Date.UTC(2026, 10, 24, 12, 0, 0);
  const inMs = (ms: number) => new Date(now + ms).toISOString();
  const HOUR = 3_600_000;

  it('seven days shows "a week"', () => {
    expect(remainingText(inMs(7 * 24 * HOUR), now)).toBe('a week');
  });

  it('whole days above a day, rounded', () => {
    expect(remainingText(inMs(3 * 24 * HOUR + 2 * HOUR), now)).toBe('3 days');
    expect(remainingText(inMs(24 * HOUR), now)).toBe('a day');
    expect(remainingText(inMs(30 * 24 * HOUR), now)).toBe('30 days');
  });

  it('under one day shows hours', () => {
    expect(remainingText(inMs(5 * HOUR), now)).toBe('5 hours');
    expect(remainingText(inMs(HOUR), now)).toBe('an hour');
    expect(remainingText(inMs(10 * 60_000), now)).toBe('an hour');
    expect(remainingText(inMs(23 * HOUR + 10 * 60_000), now)).toBe('23 hours');
    expect(remainingText(inMs(-HOUR), now)).toBe('less than an hour');
  });

  it('no dispose time is Never: the board is kept', () => {
    expect(remainingText(null, now)).toBeNull();
    expect(disposeSentence(null, now)).toBe('This board is kept until you delete it.');
    expect(disposeSentence(inMs(7 * 24 * HOUR), now)).toBe('This board will be deleted automatically in a week.');
  });

  it('offers Never (0) and a week among the choices', () => {
    expect(DISPOSE_CHOICES[0]).toEqual({ days: 0, label: 'Never' });
    expect(DISPOSE_CHOICES.find((c) => c.days === 7)?.label).toBe('a week');
  });
});
