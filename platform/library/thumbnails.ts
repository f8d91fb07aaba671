import crypto from 'node:crypto';
import sharp from 'sharp';
import { boardToSvg } from '../../shared/geometry/board';
import { pictureKey } from '../../shared/geometry/image';
import { isAnnotation, shapeAsset, shapeTree } from '../../shared/geometry';
import type { Shape } from '../../shared/model';
import { type BoardApp, isPrivateModeOn, type BoardRow, boardStateAt } from '../boards/api';
import { pageKey, readObject, type AssetStorage } from '../assets/api';
import { renderThumbnailPng } from '../core/render/index';
import { claimThumbnail, findLiveBoard, noteChange, storeThumbnail } from './repo';

/**
 * Board thumbnails, rendered by the server (docs/panel.md "Board list, backup and thumbnails"):
 * the board's state (boards/snapshots boardStateAt: latest snapshot + the commands after it) drawn
 * by the shared geometry (shared/geometry boardToSvg) and rasterised to a PNG by the render process
 * (./render: sharp, off the node's threads and at a lower priority).
 *
 * When: this node hears every accepted command on the board bus (onCommand, onClearBoard); a board
 * is refreshed THUMBNAIL_DELAY_MS after its last change (at most THUMBNAIL_MAX_DELAY_MS after the
 * first one of a burst), one board at a time per node, off the command path. The refresh also
 * records the change (board_library.changed_at/by: the list's '*' and LastChanged). With several
 * nodes each hears every change; the first node to claim the board's seq (one conditional upsert)
 * renders it, the others skip it.
 *
 * What: shapes bottom → top, comments left out, the board's own uploaded pictures drawn from their
 * smallest preview (at most THUMBNAIL_PICTURES of them; nothing is fetched from outside: pictures
 * by address, and ids of other boards' assets, stay grey boxes); an empty board has no thumbnail (the panel shows its placeholder), and neither has
 * a board in private mode (its thumbnail would show members what private mode hides from them).
 */
export const THUMBNAIL_DELAY_MS = 1500;
export const THUMBNAIL_MAX_DELAY_MS = 10_000;
export const THUMBNAIL_WIDTH = 480;
export const THUMBNAIL_HEIGHT = 300;
export const THUMBNAIL_TYPE = 'image/png';
/** The most pictures a thumbnail draws (a small image; the render stays bounded on a board of hundreds). */
export const THUMBNAIL_PICTURES = 50;

interface Pending {
  first: number;
  at: Date;
  by: string;
  timer: NodeJS.Timeout;
}

interface ThumbState {
  pending: Map<string, Pending>;
  chain: Promise<void>;
  running: number;
  stop?: () => void;
  /** where the board's pictures are (the assets plugin's storage), once the server knows it */
  storage?: () => AssetStorage | undefined;
}

const states = new WeakMap<object, ThumbState>();

function stateOf(app: BoardApp): ThumbState {
  let s = states.get(app.db);
  if (!s) states.set(app.db, (s = { pending: new Map(), chain: Promise.resolve(), running: 0 }));
  return s;
}

/** Listens to the board bus (once per app); `storage` gives the pictures' storage. */
export function startThumbnails(app: BoardApp, storage?: () => AssetStorage | undefined): void {
  const s = stateOf(app);
  if (storage) s.storage = storage;
  if (s.stop) return;
  s.stop = app.bus.subscribe((code, message) => {
    if (message.event === 'onCommand' || message.event === 'onClearBoard') {
      const uid = (message.data as { uid?: unknown } | null)?.uid;
      scheduleThumbnail(app, code, typeof uid === 'string' ? uid : '');
    } else if (message.event === 'onBoardRemoved') {
      const entry = s.pending.get(code);
      if (entry) clearTimeout(entry.timer);
      s.pending.delete(code);
    }
  });
}

/** A board changed (by `by`): its thumbnail and change record are refreshed a short while later. */
export function scheduleThumbnail(app: BoardApp, code: string, by: string): void {
  const s = stateOf(app);
  const now = Date.now();
  const entry = s.pending.get(code);
  if (entry) clearTimeout(entry.timer);
  const first = entry?.first ?? now;
  const delay = Math.max(0, Math.min(THUMBNAIL_DELAY_MS, first + THUMBNAIL_MAX_DELAY_MS - now));
  const next: Pending = { first, at: new Date(now), by, timer: setTimeout(() => flush(app, code), delay) };
  next.timer.unref?.();
  s.pending.set(code, next);
}

function flush(app: BoardApp, code: string): void {
  const s = stateOf(app);
  const entry = s.pending.get(code);
  if (!entry) return;
  s.pending.delete(code);
  s.running++;
  s.chain = s.chain
    .then(() => refresh(app, code, entry))
    .catch((err: unknown) => app.logger.warn({ err, board: code }, 'thumbnail refresh failed'))
    .finally(() => void s.running--);
}

async function refresh(app: BoardApp, code: string, entry: Pending): Promise<void> {
  const board = await findLiveBoard(app.db, code);
  if (!board) return;
  await noteChange(app.db, board.id, entry.at, entry.by);
  // every node hears every change: the first to claim the board's seq renders it
  if (!(await claimThumbnail(app.db, board.id, Number(board.last_seq)))) return;
  await renderThumbnail(app, board);
}

/** Resolves when no thumbnail is due or rendering on this node (tests; graceful stop: `flushNow`). */
export async function thumbnailsIdle(app: BoardApp, opts: { flushNow?: boolean } = {}): Promise<void> {
  const s = stateOf(app);
  if (opts.flushNow)
    for (const [code, entry] of [...s.pending]) {
      clearTimeout(entry.timer);
      flush(app, code);
    }
  while (s.running || (opts.flushNow && s.pending.size)) await s.chain;
}

/** Stops listening and drops what is pending (server stop). */
export function stopThumbnails(app: BoardApp): void {
  const s = stateOf(app);
  s.stop?.();
  s.stop = undefined;
  for (const entry of s.pending.values()) clearTimeout(entry.timer);
  s.pending.clear();
}

/**
 * The board's own pictures among `shapes`, as data URLs of their smallest preview (a PDF's page as
 * shown, when it was drawn): only assets of this board are read — a shape naming another board's
 * asset draws a grey box.
 */
async function thumbnailPictures(app: BoardApp, storage: AssetStorage | undefined, boardId: string, shapes: readonly Shape[]) {
  const pictures = new Map<string, string>();
  // each picture shown: an asset, and the page a document shows
  const shown = new Map<string, { id: string; page: number }>();
  for (const s of shapes.flatMap(shapeTree)) {
    const asset = shapeAsset(s);
    if (asset) shown.set(pictureKey(asset.resource, asset.page), { id: asset.resource, page: asset.page ?? 1 });
  }
  const wanted = [...shown].slice(0, THUMBNAIL_PICTURES);
  if (!storage || wanted.length === 0) return pictures;
  const ids = [...new Set(wanted.map(([, w]) => w.id))];
  const own = new Set((await app.db('assets').where({ board_id: boardId }).whereIn('id', ids).pluck('id')) as string[]);
  for (const [key, { id, page }] of wanted) {
    if (!own.has(id)) continue;
    // a page not drawn yet shows as the document's first
    const object = (await readObject(storage, pageKey(id, page, 'preview'))) ?? (await readObject(storage, pageKey(id, 1, 'preview')));
    if (!object) continue;
    // as PNG: the SVG rasteriser reads PNG and JPEG pictures, not the previews' WebP
    const png = await sharp(object.data, { limitInputPixels: 4096 * 4096 })
      .png()
      .toBuffer()
      .catch(() => null);
    if (png) pictures.set(key, `data:image/png;base64,${png.toString('base64')}`);
  }
  return pictures;
}

/** The PNG of shapes (null: nothing to draw); `pictures` maps the board's pictures (pictureKey) to data URLs. */
export async function thumbnailOf(
  shapes: readonly Shape[],
  config: BoardRow['board_config'],
  pictures: ReadonlyMap<string, string> = new Map(),
): Promise<Buffer | null> {
  // annotations (comment pins) are not drawn
  const drawn = shapes.filter((s) => !isAnnotation(s));
  if (!drawn.length) return null;
  const background = /^#[0-9a-fA-F]{6}$/.test(config?.bgColor ?? '') ? config!.bgColor! : '#ffffff';
  // no address is fetched (offline: a picture from a url is a grey box); an uploaded picture is
  // drawn only from `pictures` (any other asset: '' draws the grey box), nested ones too
  const svg = boardToSvg(drawn, {
    maxSize: THUMBNAIL_WIDTH * 2,
    background,
    pattern: config?.bg,
    offline: true,
    assetUrl: (resource, page) => pictures.get(pictureKey(resource, page)) ?? '',
  });
  return renderThumbnailPng({ input: Buffer.from(svg), width: THUMBNAIL_WIDTH, height: THUMBNAIL_HEIGHT, background });
}

export const newThumbnailKey = (): string => crypto.randomBytes(18).toString('base64url');

/** Renders and stores the board's thumbnail at its current seq. */
export async function renderThumbnail(app: BoardApp, board: BoardRow): Promise<void> {
  const seq = Number(board.last_seq);
  const shapes = isPrivateModeOn(board.board_config) ? [] : (await boardStateAt(app.db, board.id, seq)).ordered();
  // the events that waited meanwhile go out before the SVG is drawn (a busy board's deliveries
  // wait for one step of this background work at a time, not for all of it)
  await new Promise((resolve) => setImmediate(resolve));
  const pictures = await thumbnailPictures(app, stateOf(app).storage?.(), board.id, shapes);
  const image = await thumbnailOf(shapes, board.board_config, pictures);
  await storeThumbnail(app.db, board.id, { image, type: THUMBNAIL_TYPE, key: image ? newThumbnailKey() : null, seq, source: 'server' });
}
