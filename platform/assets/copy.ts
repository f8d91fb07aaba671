import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Shape } from '../../shared/model';
import { mapShapeTree, shapeAsset, shapeTree, withShapeAsset } from '../../shared/geometry';
import { PDF_MIME } from './pdf';
import type { AssetRow } from './repo';
import { readObject, type AssetStorage } from './storage';
import { VARIANTS } from './variants';

/**
 * Copies of a board's assets on another board (docs/assets.md "Copies"): a duplicated board, and
 * pictures pasted into another board (POST /api/boards/{board}/duplicate-assets), get assets of
 * their own — new ids, rows on the target board, the bytes copied — so each board's pictures are
 * read, counted and removed with that board alone. A PDF's original is copied; its pages past the
 * first are drawn again for the copy when someone turns to them.
 */
export interface CopyTarget {
  boardId: string;
  /** who the copies are credited to */
  userId: string | null;
  uid: string | null;
}

/** New ids for the assets `ids` (the copies' ids are known before the shapes that use them are written). */
export const planCopies = (ids: readonly string[]): Map<string, string> =>
  new Map([...new Set(ids)].filter((id) => /^[0-9a-f-]{36}$/i.test(id)).map((id) => [id, crypto.randomUUID()]));

/**
 * Copies the assets of `plan` (old id → new id) that belong to board `fromBoardId` onto `target`;
 * answers the old ids copied (an id of another board, or unknown, is left out: nothing crosses
 * boards that the asker could not read).
 */
export async function copyAssets(
  db: Knex,
  storage: AssetStorage,
  fromBoardId: string,
  plan: ReadonlyMap<string, string>,
  target: CopyTarget,
): Promise<Set<string>> {
  const copied = new Set<string>();
  if (plan.size === 0) return copied;
  const rows = (await db('assets')
    .where({ board_id: fromBoardId })
    .whereIn('id', [...plan.keys()])) as AssetRow[];
  for (const row of rows) {
    const id = plan.get(row.id)!;
    const keys: string[] = [...VARIANTS, ...(row.mime === PDF_MIME ? ['original'] : [])];
    let bytes = 0;
    for (const key of keys) {
      const object = await readObject(storage, `${row.id}/${key}`);
      if (!object) continue;
      await storage.put(`${id}/${key}`, object.data, object.contentType);
      bytes += object.data.length;
    }
    await db('assets').insert({
      id,
      board_id: target.boardId,
      uploader_id: target.userId,
      uploader_uid: target.userId ? null : target.uid,
      name: row.name,
      mime: row.mime,
      bytes,
      width: row.width,
      height: row.height,
      pages: row.pages,
      sha256: row.sha256,
    });
    copied.add(row.id);
  }
  return copied;
}

/** The asset ids the shapes' pictures use (the registry's shapeAsset: an uploaded picture's resource), pictures inside groups too. */
export const resourcesOf = (shapes: readonly Shape[]): string[] =>
  shapes.flatMap(shapeTree).flatMap((s) => {
    const asset = shapeAsset(s);
    return asset ? [asset.resource] : [];
  });

/** The shapes with their pictures' resources replaced by the copies' ids, inside groups too (others unchanged). */
export const withCopiedResources = (shapes: readonly Shape[], copies: ReadonlyMap<string, string>): Shape[] =>
  shapes.map((shape) =>
    mapShapeTree(shape, (s) => {
      const copy = copies.get(shapeAsset(s)?.resource ?? '');
      return copy ? withShapeAsset(s, copy) : s;
    })!,
  );
