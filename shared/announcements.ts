/**
 * Announcements (backoffice.md §2 "Announcements form" and "Announcement display to users", §3):
 * what operators publish to every open board. Pure types and rules, shared by the platform
 * (storage, the `announcement` hub event) and the SDK's announcement bar.
 */

export const ANNOUNCEMENT_TYPES = ['ScheduledMaintenance', 'News'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

/** The longest message an operator may publish (ours: the spec does not bound it). */
export const ANNOUNCEMENT_MESSAGE_MAX = 1000;

/** An announcement as boards and the back-office receive it (backoffice.md §3). */
export interface Announcement {
  id: string;
  type: AnnouncementType;
  message: string;
  /** ISO start and end */
  start: string;
  end: string;
  /** minutes from start to end */
  duration: number;
  /** seconds from now (when sent) until the start; 0 once started */
  untilStart: number;
}

/** The `announcement` hub event: a published announcement, or the withdrawal of one. */
export type AnnouncementEvent = Announcement | { id: string; removed: true };

export const isAnnouncementRemoval = (e: AnnouncementEvent): e is { id: string; removed: true } =>
  (e as { removed?: unknown }).removed === true;

/** What the board remembers of dismissed announcements (localStorage): maintenance by start time, news by id. */
export interface Dismissed {
  starts: readonly string[];
  ids: readonly string[];
}

/** The key a dismissal is remembered by (backoffice.md §2: a maintenance announcement by its start time). */
export function dismissalKey(a: Pick<Announcement, 'id' | 'type' | 'start'>): { kind: 'starts' | 'ids'; key: string } {
  return a.type === 'ScheduledMaintenance' ? { kind: 'starts', key: new Date(a.start).toISOString() } : { kind: 'ids', key: a.id };
}

/**
 * Whether the bar shows an announcement now: a maintenance announcement only if it starts in
 * the future and was not dismissed (by start time); news while it has not ended and was not
 * dismissed (by id).
 */
export function isShown(a: Announcement, now: number, dismissed: Dismissed): boolean {
  const { kind, key } = dismissalKey(a);
  if (dismissed[kind].includes(key)) return false;
  if (a.type === 'ScheduledMaintenance') return Date.parse(a.start) > now;
  return Date.parse(a.end) > now;
}

/** When an announcement shown now stops being shown by itself (ms epoch): maintenance at its start, news at its end. */
export const shownUntil = (a: Announcement): number => Date.parse(a.type === 'ScheduledMaintenance' ? a.start : a.end);
