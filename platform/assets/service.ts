import crypto from 'node:crypto';
import Boom from '@hapi/boom';
import type { ServerApplicationState } from '@hapi/hapi';
import { uploadsAllowed } from '../../shared/constants';
import { can, isRestrictedInPrivateMode } from '../../shared/permissions';
import type { Actor } from '../core/actor';
import { badRequest } from '../core/errors';
import { getBoardAccess, UNAUTHORIZED_ACCESS, type BoardAccess, boardConfigOf } from '../boards/api';
import { downloadToFile, DownloadFailed, InvalidUrl } from './from-url';
import { intake, IntakeError, uploadLimit, type IntakeResult } from './intake';
import { copyAssets } from './copy';
import { findAsset, insertAsset, type AssetRow } from './repo';
import { readObject, type AssetStorage, type StoredObject } from './storage';
import { pageKey, PDF_MIME } from './pdf';
import { pdfPageVariants } from './pdf-render';
import { VARIANTS, type Variant } from './variants';

export type AssetApp = Pick<ServerApplicationState, 'config' | 'db' | 'logger' | 'bus' | 'metrics'> & { assets: AssetStorage };

/**
 * board.md §3 "Upload asset response": id, width, height, metadata with mimetype, and for a PDF
 * the page the shape shows first and the page count (the shape's `page {current, total}`).
 */
export interface UploadAnswer {
  id: string;
  width: number;
  height: number;
  metadata: { mimetype: string; page?: { current: number; total: number } };
}

export const ASSET_NOT_FOUND = 'Asset not found';
export const UPLOADS_DISABLED = 'Uploads are disabled on this board';
export const PAGE_OUT_OF_RANGE = 'The document has no such page';

/**
 * Draws page `page` of a PDF asset from its stored original and keeps its variants (the first
 * visitor to turn to a page pays for it once; two nodes drawing it at once write the same bytes).
 */
async function drawPage(app: AssetApp, row: AssetRow, page: number): Promise<void> {
  const original = await readObject(app.assets, `${row.id}/original`);
  if (!original) throw Boom.notFound(ASSET_NOT_FOUND);
  const variants = await pdfPageVariants(original.data, page);
  let added = 0;
  for (const variant of VARIANTS) {
    await app.assets.put(pageKey(row.id, page, variant), variants[variant].data, variants[variant].contentType);
    added += variants[variant].data.length;
  }
  await app.db('assets').where({ id: row.id }).increment('bytes', added);
}

/** What is uploaded: a file the request carried, or the address of one the server fetches. */
export type UploadSource = { file: { name: string; path: string; bytes: number } } | { url: string };

/**
 * POST /api/boards/{id}/assets: a visitor who may edit the board (Owner, Facilitator, Editor)
 * uploads one file, or names one by its address (upload via URL, ./from-url.ts); it is checked and made into its variants (./intake.ts) before anything is
 * stored; then the variants go to the storage and the row to the table.
 */
export async function uploadAsset(
  app: AssetApp,
  code: string,
  actor: Actor | null,
  source: UploadSource,
  quality: number | undefined,
): Promise<UploadAnswer> {
  const access = await getBoardAccess(app, code, actor);
  if (!can(access.role, 'edit_board')) throw Boom.forbidden(UNAUTHORIZED_ACCESS);
  if (!uploadsAllowed(boardConfigOf(access.board.board_config).upload, access.workspace?.config)) throw Boom.forbidden(UPLOADS_DISABLED);
  const workspaceMax = Number(access.workspace?.config?.maxUploadSize) || null;
  // errors go under the field the person filled: the file, or the address
  const field = 'url' in source ? 'url' : 'file';
  let made;
  let downloaded: Awaited<ReturnType<typeof downloadToFile>> | null = null;
  try {
    // fetched only for a visitor who may upload here (no fetching on anyone else's behalf)
    if ('url' in source)
      downloaded = await downloadToFile(source.url, { allowPrivate: app.config.fetchPrivateHosts, limit: uploadLimit(workspaceMax) });
    const file = downloaded ?? (source as { file: { name: string; path: string; bytes: number } }).file;
    made = await intake({ name: file.name, path: file.path, bytes: file.bytes, workspaceMax, quality });
  } catch (err) {
    if (err instanceof DownloadFailed) app.logger.info({ board: code, reason: err.reason }, 'upload via URL: the download failed');
    if (err instanceof IntakeError || err instanceof InvalidUrl || err instanceof DownloadFailed)
      throw badRequest(err.message, { [field]: [err.message] });
    throw err;
  } finally {
    await downloaded?.remove();
  }
  const name = downloaded?.name ?? ('file' in source ? source.file.name : '');
  const id = crypto.randomUUID();
  await storeMade(app, { id, boardId: access.board.id, userId: actor!.userId, uid: actor!.uid, name }, made);
  const page = made.mime === PDF_MIME ? { page: { current: 1, total: made.pages } } : {};
  return { id, width: made.width, height: made.height, metadata: { mimetype: made.mime, ...page } };
}

/**
 * Stores what the intake made (its variants and extras, then the row): an upload, and each picture
 * of a restored backup.
 */
export async function storeMade(
  app: Pick<AssetApp, 'db' | 'assets'>,
  asset: { id: string; boardId: string; userId: string | null; uid: string; name: string },
  made: IntakeResult,
): Promise<void> {
  const { id } = asset;
  for (const variant of VARIANTS) await app.assets.put(`${id}/${variant}`, made.variants[variant].data, made.variants[variant].contentType);
  for (const [key, object] of Object.entries(made.extra)) await app.assets.put(`${id}/${key}`, object.data, object.contentType);
  const bytes = [...VARIANTS.map((v) => made.variants[v]), ...Object.values(made.extra)].reduce((sum, o) => sum + o.data.length, 0);
  await insertAsset(app.db, {
    id,
    board_id: asset.boardId,
    uploader_id: asset.userId,
    uploader_uid: asset.userId ? null : asset.uid,
    name: asset.name.slice(0, 255),
    mime: made.mime,
    bytes,
    width: made.width,
    height: made.height,
    pages: made.pages,
    sha256: made.sha256,
  });
}

/**
 * Private mode hides others' pictures as it hides their shapes (board.md §6): a member it restricts
 * (not Owner or Facilitator) reads only the pictures they uploaded — an id seen before private mode
 * was turned on opens nothing of another's (404, as for an unknown id).
 */
function hiddenInPrivateMode(access: BoardAccess, row: AssetRow, actor: Actor | null): boolean {
  const on = (boardConfigOf(access.board.board_config).privateMode?.type ?? 0) !== 0;
  if (!isRestrictedInPrivateMode(on, access.role)) return false;
  return row.uploader_id ? row.uploader_id !== actor?.userId : row.uploader_uid !== actor?.uid;
}

/**
 * GET /api/assets/{id}/{variant}?Board=: the visitor must have access to the board named by
 * `Board`, and the asset must belong to that board — an asset id alone opens nothing, and a
 * visitor of board A cannot read board B's assets by their ids (404, as for an unknown id).
 */
export async function readAsset(
  app: AssetApp,
  id: string,
  variant: Variant,
  boardCode: string,
  actor: Actor | null,
  page = 1,
): Promise<{ row: AssetRow; object: StoredObject }> {
  const access = await getBoardAccess(app, boardCode, actor);
  const row = await findAsset(app.db, id);
  if (!row || row.board_id !== access.board.id || hiddenInPrivateMode(access, row, actor)) throw Boom.notFound(ASSET_NOT_FOUND);
  if (page > row.pages) throw badRequest(PAGE_OUT_OF_RANGE, { Page: [PAGE_OUT_OF_RANGE] });
  const key = pageKey(id, page, variant);
  if (page > 1 && !(await app.assets.get(key))) await drawPage(app, row, page);
  const object = await app.assets.get(key);
  if (!object) {
    app.logger.error({ asset: id, variant }, 'asset row without its stored object');
    throw Boom.notFound(ASSET_NOT_FOUND);
  }
  return { row, object };
}

/**
 * GET /api/media/{resource}/original?Board= (board.md §7 "original image download"): what was
 * uploaded, as far as it is kept — a PDF's original file, a picture's full size (pictures are
 * encoded again on upload, without their metadata: that is the original a board keeps). Same
 * access as a picture read.
 */
export async function readOriginal(
  app: AssetApp,
  id: string,
  boardCode: string,
  actor: Actor | null,
): Promise<{ row: AssetRow; object: StoredObject; fileName: string }> {
  const pdf = (await findAsset(app.db, id))?.mime === PDF_MIME;
  const { row, object } = pdf
    ? await readStored(app, id, 'original', boardCode, actor)
    : await readAsset(app, id, 'full', boardCode, actor);
  return { row, object, fileName: downloadName(row.name, object.contentType) };
}

/** A stored object of an asset by its key name, checked like readAsset. */
async function readStored(app: AssetApp, id: string, key: string, boardCode: string, actor: Actor | null) {
  const access = await getBoardAccess(app, boardCode, actor);
  const row = await findAsset(app.db, id);
  if (!row || row.board_id !== access.board.id || hiddenInPrivateMode(access, row, actor)) throw Boom.notFound(ASSET_NOT_FOUND);
  const object = await app.assets.get(`${id}/${key}`);
  if (!object) throw Boom.notFound(ASSET_NOT_FOUND);
  return { row, object };
}

const EXTENSION_OF: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'application/pdf': 'pdf',
};

/** The uploaded name with the extension of what is served (an SVG is served as the PNG it became). */
export function downloadName(name: string, contentType: string): string {
  const ext = EXTENSION_OF[contentType];
  const base = name.replace(/\.[^.]*$/, '') || 'picture';
  return ext ? `${base}.${ext}` : name;
}

/** One picture of a paste: the pasted shape's id and the asset it shows. */
export interface AssetToDuplicate {
  id: string;
  assetId: string;
}

/**
 * POST /api/boards/{board}/duplicate-assets (board.md §7): shapes pasted from another board bring
 * their pictures. Each asset is copied onto this board (./copy.ts) when the asker may edit and upload
 * here AND may open the board the asset is on; otherwise its answer's `assetId` is '' and the board
 * drops that picture. An asset already on this board answers its own id.
 */
export async function duplicateAssets(
  app: AssetApp,
  code: string,
  actor: Actor | null,
  items: readonly AssetToDuplicate[],
): Promise<{ assets: AssetToDuplicate[] }> {
  const access = await getBoardAccess(app, code, actor);
  if (!can(access.role, 'edit_board')) throw Boom.forbidden(UNAUTHORIZED_ACCESS);
  if (!uploadsAllowed(boardConfigOf(access.board.board_config).upload, access.workspace?.config)) throw Boom.forbidden(UPLOADS_DISABLED);
  const rows = (await app
    .db('assets')
    .whereIn(
      'id',
      [...new Set(items.map((i) => i.assetId))].filter((id) => UUID.test(id)),
    )
    .whereNotNull('board_id')) as AssetRow[];
  // the copies, by the board they come from: only from boards the asker may open
  const readable = new Map<string, boolean>();
  const byBoard = new Map<string, Map<string, string>>();
  const copyOf = new Map<string, string>();
  for (const row of rows) {
    if (row.board_id === access.board.id) continue;
    if (!readable.has(row.board_id)) readable.set(row.board_id, await mayOpen(app, row.board_id, actor));
    if (!readable.get(row.board_id)) continue;
    const id = crypto.randomUUID();
    copyOf.set(row.id, id);
    byBoard.set(row.board_id, (byBoard.get(row.board_id) ?? new Map()).set(row.id, id));
  }
  const target = { boardId: access.board.id, userId: actor!.userId, uid: actor!.uid };
  for (const [boardId, plan] of byBoard) await copyAssets(app.db, app.assets, boardId, plan, target);
  const here = new Set(rows.filter((r) => r.board_id === access.board.id).map((r) => r.id));
  return { assets: items.map((i) => ({ id: i.id, assetId: here.has(i.assetId) ? i.assetId : (copyOf.get(i.assetId) ?? '') })) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the actor may open the board with this id (any role but no access). */
async function mayOpen(app: AssetApp, boardId: string, actor: Actor | null): Promise<boolean> {
  const board = (await app.db('boards').where({ id: boardId }).first('code')) as { code: string } | undefined;
  if (!board) return false;
  return getBoardAccess(app, board.code, actor).then(
    () => true,
    () => false,
  );
}
