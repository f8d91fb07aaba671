import Boom from '@hapi/boom';
import { MESSAGES } from '../../shared/messages';
import { getBoardAccess } from '../boards/api';
import { coreActionsOf, isOperator } from '../admin/api';
import type { Actor } from '../core/actor';
import { badRequest } from '../core/errors';
import { findUserById } from '../users/api';
import { boardsWithListData, thumbnailUrl } from './board-list';
import { renderThumbnailPng } from '../core/render/index';
import { addUserTags, countOwnedBoards, findLiveBoard, storageOf, storeThumbnail } from './repo';
import { userIdOf, type App } from './service';
import { newThumbnailKey, THUMBNAIL_HEIGHT, THUMBNAIL_TYPE, THUMBNAIL_WIDTH } from './thumbnails';
import type { HomeData } from '../../shared/board-list';

export type { HomeData } from '../../shared/board-list';

export const RECENT_BOARDS = 8;
export const USER_TAGS_MAX = 50;

/**
 * GET /api/panel/home: the signed-in user's overview. totalBoards: live boards they own;
 * storage: bytes their boards take now (docs/panel.md); coreAction: from board_activity (sessions =
 * days × boards they were active on, edits and collaborations among them); recentBoards: the 8
 * they visited last that they may still open.
 */
export async function homeData(app: App, actor: Actor | null): Promise<HomeData> {
  const userId = userIdOf(actor);
  const user = await findUserById(app.db, userId);
  if (!user) throw Boom.forbidden(MESSAGES.unauthorizedAccess);
  const recent = (await boardsWithListData(app.db, userId)
    .whereNotNull('v.visited_at')
    .orderBy('v.visited_at', 'desc')
    .limit(RECENT_BOARDS * 3)
    .select('b.code', 'b.name', 'l.thumbnail_key')) as Array<{ code: string; name: string; thumbnail_key: string | null }>;
  const recentBoards: HomeData['recentBoards'] = [];
  for (const board of recent) {
    if (recentBoards.length === RECENT_BOARDS) break;
    // a board one visited may have been closed to them since (their role, the link, the workspace)
    const open = await getBoardAccess(app, board.code, actor).then(
      () => true,
      () => false,
    );
    if (open) recentBoards.push({ code: board.code, name: board.name, thumbnail: thumbnailUrl(board.thumbnail_key) });
  }
  const [totalBoards, storage, coreAction] = await Promise.all([
    countOwnedBoards(app.db, userId),
    storageOf(app.db, userId),
    coreActionsOf(app.db, userId),
  ]);
  return {
    displayName: user.display_name?.trim() || user.username,
    role: user.role_code,
    signupDate: new Date(user.created_at).toISOString(),
    totalBoards,
    storage,
    tags: user.tags ?? [],
    coreAction,
    recentBoards,
  };
}

/** PUT /api/users/tags {adds}: adds tags to the user (deduplicated, at most USER_TAGS_MAX); answers them all. */
export async function addTags(app: App, actor: Actor | null, adds: string[]): Promise<{ tags: string[] }> {
  const userId = userIdOf(actor);
  const clean = [...new Set(adds.map((t) => t.trim()).filter(Boolean))];
  return { tags: await addUserTags(app.db, userId, clean, USER_TAGS_MAX) };
}

/** The most bytes of a client-made thumbnail (decoded). */
export const CLIENT_THUMBNAIL_MAX_BYTES = 1024 * 1024;
const DATA_URL = /^data:image\/(png|jpeg|webp);base64,([A-Za-z0-9+/]+={0,2})$/;

/**
 * POST /api/admin/boards/{id}/thumbnails {thumbnail}: stores a thumbnail the client made (a PNG,
 * JPEG or WebP data URL, at most 1 MiB): the board's owner (Owner role on it) or an operator. The
 * picture is decoded and drawn again at thumbnail size (nothing of the upload is served as sent).
 */
export async function storeClientThumbnail(app: App, actor: Actor | null, ref: string, dataUrl: string): Promise<{ thumbnail: string }> {
  const userId = userIdOf(actor);
  const board = await findLiveBoard(app.db, ref);
  if (!board) throw Boom.notFound(MESSAGES.boardNotFound);
  if (!(await isOperator(app.db, userId))) {
    const access = await getBoardAccess(app, board.code, actor);
    if (access.role !== 'Owner') throw Boom.forbidden(MESSAGES.unauthorizedAccess);
  }
  const refuse = (text: string) => badRequest(text, { thumbnail: [text] });
  const found = DATA_URL.exec(dataUrl);
  if (!found) throw refuse('thumbnail must be a PNG, JPEG or WebP data URL');
  const bytes = Buffer.from(found[2]!, 'base64');
  if (bytes.length > CLIENT_THUMBNAIL_MAX_BYTES) throw refuse(`thumbnail must be at most ${CLIENT_THUMBNAIL_MAX_BYTES} bytes`);
  let image: Buffer;
  try {
    image = await renderThumbnailPng({
      input: bytes,
      format: found[1],
      width: THUMBNAIL_WIDTH,
      height: THUMBNAIL_HEIGHT,
      background: '#ffffff',
    });
  } catch {
    throw refuse('thumbnail is not a readable image');
  }
  const key = newThumbnailKey();
  await storeThumbnail(app.db, board.id, { image, type: THUMBNAIL_TYPE, key, seq: Number(board.last_seq), source: 'client' });
  return { thumbnail: thumbnailUrl(key)! };
}
