import Boom from '@hapi/boom';
import { MESSAGES } from '../../shared/messages';
import { POLICY } from '../../shared/policies';
import { hasWorkspaceRight } from '../../shared/workspace-roles';
import { type BoardConfig, boardStateAt } from '../boards/api';
import type { Actor } from '../core/actor';
import { badRequest } from '../core/errors';
import { resolveWorkspace } from '../workspaces/api';
import { bytesOf, findBackup, insertBackup } from './repo';
import { accountHasPolicy, boardForAction, boardWithShapes, portableShapes, userIdOf, type App } from './service';
import { scheduleThumbnail } from './thumbnails';
import { decodeWtb, encodeWtb, wtbFileName, WTB_EXTENSION, WTB_MAX_BYTES, WTB_MESSAGES } from './wtb';
import {
  picturesForBackup,
  preparePictures,
  storePictures,
  type PreparedPicture,
  resourcesOf,
  IntakeError,
  type AssetStorage,
} from '../assets/api';
import type { Shape } from '../../shared/model';
import { mapShapeTree, shapeAsset, withShapeAsset } from '../../shared/geometry';

/**
 * Backup and restore (panel.md §2, §7, §8; the file format: ./wtb.ts). Both need the
 * backup-boards policy and the Owner or Admin role of the workspace.
 *
 * POST /api/boards/{id}/backup makes the file and answers its id; the browser then navigates to
 * GET /api/boards/{id}/backup with that id — a navigation carries no bearer token, so the backup's
 * id (122 random bits) is what authorises the download, for BACKUP_TTL_MS.
 */
export const BACKUP_TTL_MS = 60 * 60_000;

/** The board settings a backup carries: those of board.md §3 boardConfig, nothing else stored beside them. */
export function portableSettings(config: BoardConfig | null | undefined): BoardConfig {
  const out: BoardConfig = {};
  for (const key of ['bg', 'bgColor', 'upload', 'privateMode', 'viewport', 'downsize'] as const)
    if (config?.[key] !== undefined) (out as Record<string, unknown>)[key] = config[key];
  return out;
}

export async function makeBackup(app: App, storage: AssetStorage, actor: Actor | null, ref: string): Promise<{ id: string }> {
  const { board, userId } = await boardForAction(app, actor, ref, 'backupBoards', POLICY.backupBoards);
  const shapes = portableShapes((await boardStateAt(app.db, board.id, Number(board.last_seq))).ordered());
  // the pictures the shapes show go in the file (platform/assets/backup.ts)
  const assets = await picturesForBackup(app.db, storage, board.id, resourcesOf(shapes));
  if (assets.reduce((sum, a) => sum + a.data.length, 0) > WTB_MAX_BYTES)
    throw badRequest(WTB_MESSAGES.picturesTooLarge, { id: [WTB_MESSAGES.picturesTooLarge] });
  const data = encodeWtb({ name: board.name, settings: portableSettings(board.board_config), tags: board.tags ?? [], shapes, assets });
  const id = await insertBackup(app.db, {
    boardId: board.id,
    createdBy: userId,
    fileName: wtbFileName(board.name),
    data,
    expiresAt: new Date(Date.now() + BACKUP_TTL_MS),
  });
  app.logger.info({ boardId: board.id, backupId: id, by: userId, bytes: data.length, pictures: assets.length }, 'board backed up');
  return { id };
}

/** The backup file named by its id (404 once it expired or for any other id). */
export async function backupFile(app: App, id: string): Promise<{ fileName: string; data: Buffer }> {
  const backup = await findBackup(app.db, id);
  if (!backup) throw Boom.notFound('Backup not found.');
  return { fileName: backup.file_name, data: bytesOf(backup.data) };
}

/**
 * POST /api/boards/restore/{workspaceId} (multipart `file`): a new board in the workspace from a
 * .wtb file; the original board, if any, is untouched ("importing will not override existing
 * boards"). Answers the new board's code.
 */
export async function restoreBoard(
  app: App,
  storage: AssetStorage,
  actor: Actor | null,
  workspaceRef: string,
  file: { filename?: string; data?: Buffer } | null,
): Promise<{ code: string }> {
  const userId = userIdOf(actor);
  const { workspace, role } = await resolveWorkspace(app, actor, workspaceRef);
  if (!hasWorkspaceRight(role, 'createBoards') || !hasWorkspaceRight(role, 'backupBoards'))
    throw Boom.forbidden(MESSAGES.unauthorizedAccess);
  if (!(await accountHasPolicy(app, userId, POLICY.backupBoards))) throw Boom.forbidden(MESSAGES.unauthorizedAccess);
  if (!file?.data || !file.data.length) throw badRequest(WTB_MESSAGES.noFile, { file: [WTB_MESSAGES.noFile] });
  if (file.filename !== undefined && !file.filename.toLowerCase().endsWith(WTB_EXTENSION))
    throw badRequest(WTB_MESSAGES.notWtb, { file: [WTB_MESSAGES.notWtb] });
  const limits = app.config.limits;
  const content = decodeWtb(file.data, { maxShapes: limits.boardMaxShapes, maxShapeBytes: limits.commandMaxBytes - 1024 });
  // the pictures the shapes show, judged by the upload intake before anything is made
  const shown = new Set(resourcesOf(content.shapes));
  let prepared: PreparedPicture[];
  try {
    const workspaceMax = Number((workspace.config as Record<string, unknown> | null)?.maxUploadSize) || null;
    prepared = await preparePictures(
      content.assets.filter((a) => shown.has(a.id)),
      workspaceMax,
    );
  } catch (err) {
    if (err instanceof IntakeError) throw badRequest(WTB_MESSAGES.invalid, { file: [err.message] });
    throw err;
  }
  const copies = new Map(prepared.map((p) => [p.oldId, p.newId]));
  // the restorer authors what the file holds (a file cannot make shapes someone else's); a picture
  // not in the file keeps no id (it would name an asset of some other board)
  const shapes = portableShapes(content.shapes).map((s) => {
    const owned = { ...s, uid: userId, ...(s.protectedBy ? { protectedBy: userId } : {}) } as Shape;
    return mapShapeTree(owned, (inner) => {
      const asset = shapeAsset(inner);
      return asset ? withShapeAsset(inner, copies.get(asset.resource)) : inner;
    })!;
  });
  const board = await boardWithShapes(app, {
    workspaceId: workspace.id,
    userId,
    name: content.name,
    settings: content.settings,
    tags: content.tags,
    shapes,
    author: () => userId,
  });
  await storePictures({ db: app.db, assets: storage }, board.id, userId, prepared);
  if (shapes.length) scheduleThumbnail(app, board.code, userId);
  app.logger.info(
    { boardId: board.id, workspaceId: workspace.id, by: userId, shapes: shapes.length, pictures: prepared.length },
    'board restored',
  );
  return { code: board.code };
}
