import crypto from 'node:crypto';
import Boom from '@hapi/boom';
import type { ServerApplicationState } from '@hapi/hapi';
import { uploadsAllowed } from '../../shared/constants';
import { can } from '../../shared/permissions';
import type { Actor } from '../core/actor';
import { badRequest } from '../core/errors';
import { getBoardAccess, UNAUTHORIZED_ACCESS } from '../boards/access';
import { boardConfigOf } from '../boards/config';
import { downloadToFile, DownloadFailed, InvalidUrl } from './from-url';
import { intake, IntakeError, uploadLimit } from './intake';
import { findAsset, insertAsset, type AssetRow } from './repo';
import type { AssetStorage, StoredObject } from './storage';
import { pageKey, PDF_MIME, pdfPageVariants } from './pdf';
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
  const original = await app.assets.get(`${row.id}/original`);
  if (!original) throw Boom.notFound(ASSET_NOT_FOUND);
  const chunks: Buffer[] = [];
  for await (const chunk of original.body) chunks.push(Buffer.from(chunk as Uint8Array));
  const variants = await pdfPageVariants(Buffer.concat(chunks), page);
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
  for (const variant of VARIANTS) await app.assets.put(`${id}/${variant}`, made.variants[variant].data, made.variants[variant].contentType);
  for (const [name, object] of Object.entries(made.extra)) await app.assets.put(`${id}/${name}`, object.data, object.contentType);
  const bytes = [...VARIANTS.map((v) => made.variants[v]), ...Object.values(made.extra)].reduce((sum, o) => sum + o.data.length, 0);
  await insertAsset(app.db, {
    id,
    board_id: access.board.id,
    uploader_id: actor!.userId,
    uploader_uid: actor!.userId ? null : actor!.uid,
    name: name.slice(0, 255),
    mime: made.mime,
    bytes,
    width: made.width,
    height: made.height,
    pages: made.pages,
    sha256: made.sha256,
  });
  const page = made.mime === PDF_MIME ? { page: { current: 1, total: made.pages } } : {};
  return { id, width: made.width, height: made.height, metadata: { mimetype: made.mime, ...page } };
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
  if (!row || row.board_id !== access.board.id) throw Boom.notFound(ASSET_NOT_FOUND);
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
