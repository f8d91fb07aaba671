import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { intake, IntakeError, type IntakeResult } from './intake';
import { PDF_MIME } from './pdf';
import type { AssetRow } from './repo';
import { storeMade } from './service';
import { readObject, type AssetStorage } from './storage';

/**
 * Pictures in board backups (.wtb version 2, docs/panel.md "Backup file"): a backup carries each
 * picture its shapes show — a PDF as uploaded, a picture at its full size — and a restore puts
 * every one through the upload intake again (a backup is a file from anywhere: its bytes are
 * judged like an upload's) before the board is made, then stores them under new ids.
 */
export interface PictureFile {
  id: string;
  name: string;
  data: Buffer;
}

/** The pictures of board `boardId` among `ids` (ids of other boards are left out), with their bytes. */
export async function picturesForBackup(db: Knex, storage: AssetStorage, boardId: string, ids: readonly string[]): Promise<PictureFile[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const rows = (await db('assets').where({ board_id: boardId }).whereIn('id', wanted)) as AssetRow[];
  const out: PictureFile[] = [];
  for (const row of rows) {
    const object = await readObject(storage, `${row.id}/${row.mime === PDF_MIME ? 'original' : 'full'}`);
    if (object) out.push({ id: row.id, name: row.name, data: object.data });
  }
  return out;
}

/** A picture of a backup judged by the intake, waiting for its board. */
export interface PreparedPicture {
  oldId: string;
  newId: string;
  name: string;
  made: IntakeResult;
}

/**
 * Each picture through the intake (type by its bytes, the size limit, re-encoding). A refusal is
 * an IntakeError naming the picture's place in the file (`index`), so nothing is made.
 */
export async function preparePictures(pictures: readonly PictureFile[], workspaceMax: number | null): Promise<PreparedPicture[]> {
  const out: PreparedPicture[] = [];
  for (const [index, picture] of pictures.entries()) {
    const file = path.join(os.tmpdir(), `tabula-restore-${crypto.randomUUID()}`);
    await fs.promises.writeFile(file, picture.data);
    try {
      const made = await intake({ name: picture.name, path: file, bytes: picture.data.length, workspaceMax });
      out.push({ oldId: picture.id, newId: crypto.randomUUID(), name: picture.name, made });
    } catch (err) {
      if (err instanceof IntakeError) throw Object.assign(err, { index });
      throw err;
    } finally {
      await fs.promises.rm(file, { force: true });
    }
  }
  return out;
}

/** Stores the prepared pictures on the restored board, credited to the restorer. */
export async function storePictures(
  app: { db: Knex; assets: AssetStorage },
  boardId: string,
  userId: string,
  prepared: readonly PreparedPicture[],
): Promise<void> {
  for (const p of prepared) await storeMade(app, { id: p.newId, boardId, userId, uid: userId, name: p.name }, p.made);
}
