import { describe, expect, it } from 'vitest';
import { dismissalKey, isShown, shownUntil, type Announcement } from '../../../shared/announcements';

/** backoffice.md §2 "Announcement display to users" (shared/announcements.ts). */
const NOW = Date.parse('2026-01-10T12:00:00Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
const announcement = (type: Announcement['type'], start: number, end: number, id = 'a1'): Announcement => ({
  id,
  type,
  message: 'm',
  start: at(start),
  end: at(end),
  duration: end - start,
  untilStart: 0,
});
const none = { starts: [], ids: [] };

describe('announcement display', () => {
  it('shows a maintenance announcement only while it starts in the future', () => {
    expect(isShown(announcement('ScheduledMaintenance', 5, 7), NOW, none)).toBe(true);
    expect(isShown(announcement('ScheduledMaintenance', -1, 7), NOW, none)).toBe(false);
    expect(shownUntil(announcement('ScheduledMaintenance', 5, 7))).toBe(Date.parse(at(5)));
  });

  it('remembers a maintenance dismissal by start time: another announcement at the same start stays dismissed', () => {
    const first = announcement('ScheduledMaintenance', 5, 7, 'a1');
    const key = dismissalKey(first);
    expect(key).toEqual({ kind: 'starts', key: at(5) });
    expect(isShown(announcement('ScheduledMaintenance', 5, 9, 'a2'), NOW, { starts: [key.key], ids: [] })).toBe(false);
    expect(isShown(announcement('ScheduledMaintenance', 6, 9, 'a3'), NOW, { starts: [key.key], ids: [] })).toBe(true);
  });

  it('shows news until it ends, dismissed by id', () => {
    const news = announcement('News', -5, 5);
    expect(isShown(news, NOW, none)).toBe(true);
    expect(isShown(announcement('News', -10, -1), NOW, none)).toBe(false);
    expect(dismissalKey(news)).toEqual({ kind: 'ids', key: 'a1' });
    expect(isShown(news, NOW, { starts: [], ids: ['a1'] })).toBe(false);
  });
});
