import type { Knex } from 'knex';
import type { Announcement, AnnouncementType } from '../../shared/announcements';

/** A row of `announcements` (migration 023). */
export interface AnnouncementRow {
  id: string;
  type: AnnouncementType;
  message: string;
  starts_at: Date | string;
  ends_at: Date | string;
  created_by: string | null;
  published_at: Date | string;
}

/** The row as boards receive it (backoffice.md §3: duration in minutes, untilStart in seconds from `now`). */
export function toAnnouncement(
  row: Pick<AnnouncementRow, 'id' | 'type' | 'message' | 'starts_at' | 'ends_at'>,
  now = Date.now(),
): Announcement {
  const start = new Date(row.starts_at);
  const end = new Date(row.ends_at);
  return {
    id: row.id,
    type: row.type,
    message: row.message,
    start: start.toISOString(),
    end: end.toISOString(),
    duration: Math.round((end.getTime() - start.getTime()) / 60_000),
    untilStart: Math.max(0, Math.round((start.getTime() - now) / 1000)),
  };
}

export async function insertAnnouncement(
  db: Knex,
  input: { type: AnnouncementType; message: string; start: Date; end: Date; createdBy: string | null },
): Promise<AnnouncementRow> {
  const [row] = await db('announcements')
    .insert({ type: input.type, message: input.message, starts_at: input.start, ends_at: input.end, created_by: input.createdBy })
    .returning('*');
  return row as AnnouncementRow;
}

/** The announcements that have not ended, by start. */
export async function currentAnnouncements(db: Knex, now = new Date()): Promise<AnnouncementRow[]> {
  return db('announcements')
    .where('ends_at', '>', now)
    .orderBy([{ column: 'starts_at' }, { column: 'published_at' }])
    .select('*');
}

export async function deleteAnnouncement(db: Knex, id: string): Promise<AnnouncementRow | undefined> {
  const [row] = await db('announcements').where({ id }).delete().returning('*');
  return row as AnnouncementRow | undefined;
}
