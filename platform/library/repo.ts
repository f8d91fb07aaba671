import type { Knex } from 'knex';
import type { Db } from '../db/index';
import { boardsBytesSql, type BoardRow, textArray } from '../boards/api';
import { isUuid } from '../workspaces/api';

type Conn = Db | Knex.Transaction;

/** A live board by code or id (not disabled, not past its dispose time). */
export async function findLiveBoard(db: Conn, ref: string): Promise<BoardRow | undefined> {
  return db<BoardRow>('boards')
    .where(isUuid(ref) ? { id: ref } : { code: ref })
    .andWhere('status', 'active')
    .andWhere((w) => w.whereNull('dispose_at').orWhere('dispose_at', '>', db.fn.now()))
    .first();
}

/* ---------------- board_library: changes and thumbnails ---------------- */

/** Records a board's latest change (kept when an older one arrives late). */
export async function noteChange(db: Conn, boardId: string, at: Date, by: string): Promise<void> {
  await db.raw(
    `insert into board_library (board_id, changed_at, changed_by) values (?, ?, ?)
     on conflict (board_id) do update set changed_at = excluded.changed_at, changed_by = excluded.changed_by
     where board_library.changed_at is null or board_library.changed_at <= excluded.changed_at`,
    [boardId, at, by],
  );
}

/**
 * Takes the rendering of the board at `seq` for this node: true unless a thumbnail at `seq` or
 * later is stored or being made (by any node: one statement decides).
 */
export async function claimThumbnail(db: Conn, boardId: string, seq: number): Promise<boolean> {
  const result = await db.raw(
    `insert into board_library (board_id, thumbnail_seq) values (?, ?)
     on conflict (board_id) do update set thumbnail_seq = excluded.thumbnail_seq
     where board_library.thumbnail_seq < excluded.thumbnail_seq
     returning board_id`,
    [boardId, seq],
  );
  return (result.rows as unknown[]).length > 0;
}

/** Stores a thumbnail (null image: the board is empty, no thumbnail). */
export async function storeThumbnail(
  db: Conn,
  boardId: string,
  thumb: { image: Buffer | null; type: string; key: string | null; seq: number; source: 'server' | 'client' },
): Promise<void> {
  const values = {
    thumbnail: thumb.image,
    thumbnail_type: thumb.image ? thumb.type : null,
    thumbnail_key: thumb.image ? thumb.key : null,
    thumbnail_seq: thumb.seq,
    thumbnail_source: thumb.source,
    thumbnail_at: new Date(),
  };
  await db('board_library')
    .insert({ board_id: boardId, ...values })
    .onConflict('board_id')
    .merge(values);
}

/** bytea as a Buffer (PGlite answers a Uint8Array). */
export const bytesOf = (value: Buffer | Uint8Array): Buffer =>
  Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);

export async function thumbnailByKey(db: Conn, key: string): Promise<{ thumbnail: Buffer; thumbnail_type: string } | undefined> {
  const row = await db('board_library').where({ thumbnail_key: key }).whereNotNull('thumbnail').first('thumbnail', 'thumbnail_type');
  return row ? { thumbnail: bytesOf(row.thumbnail), thumbnail_type: row.thumbnail_type } : undefined;
}

/* ---------------- backups ---------------- */

export interface BackupRow {
  id: string;
  board_id: string;
  created_by: string | null;
  file_name: string;
  data: Buffer;
  created_at: Date;
  expires_at: Date;
}

export async function insertBackup(
  db: Conn,
  backup: { boardId: string; createdBy: string; fileName: string; data: Buffer; expiresAt: Date },
): Promise<string> {
  // expired backups go as new ones are made
  await db('board_backups').where('expires_at', '<=', new Date()).delete().returning('id');
  const [row] = await db('board_backups')
    .insert({
      board_id: backup.boardId,
      created_by: backup.createdBy,
      file_name: backup.fileName,
      data: backup.data,
      expires_at: backup.expiresAt,
    })
    .returning('id');
  return (row as { id: string }).id;
}

export async function findBackup(db: Conn, id: string): Promise<BackupRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db<BackupRow>('board_backups').where({ id }).andWhere('expires_at', '>', new Date()).first();
}

/* ---------------- home ---------------- */

/** Live boards owned by the user. */
export async function countOwnedBoards(db: Conn, userId: string): Promise<number> {
  const [{ count }] = await db('boards').where({ owner_id: userId, status: 'active' }).count({ count: '*' });
  return Number(count);
}

/**
 * Bytes the user's account takes (docs/backoffice.md "Storage"): its boards as they are now
 * (platform/boards/storage.ts, the one definition) plus its profile image — what the back-office's
 * storage recalculation stores in users.storage_bytes.
 */
export async function storageOf(db: Conn, userId: string): Promise<number> {
  const result = await db.raw(
    `select ${boardsBytesSql('b.owner_id = ?')}
      + coalesce((select octet_length(i.bytes) from user_images i where i.user_id = ?), 0) as bytes`,
    [userId, userId],
  );
  return Number((result.rows as Array<{ bytes: string | number }>)[0]?.bytes ?? 0);
}

/** The user's tags plus `adds` (deduplicated, at most `max`): the stored list. */
export async function addUserTags(db: Db, userId: string, adds: string[], max: number): Promise<string[]> {
  return db.transaction(async (trx) => {
    const user = await trx('users').where({ id: userId }).forUpdate().first('tags');
    if (!user) return [];
    const tags = [...new Set([...((user.tags as string[]) ?? []), ...adds])].slice(0, max);
    await trx('users')
      .where({ id: userId })
      .update({ tags: trx.raw('?::text[]', [textArray(tags)]) });
    return tags;
  });
}
