import zlib from 'node:zlib';
import type { Shape } from '../../shared/model';
import { validateShape } from '../core/model-schemas';
import { checkConfigPatch, type BoardConfig } from '../boards/api';
import { badRequest } from '../core/errors';
import { inputRefusal } from '../core/input-guard';
import { MESSAGES } from '../../shared/messages';

/**
 * The board backup file, `.wtb` (docs/panel.md "Board list, backup and thumbnails"): gzip over
 * UTF-8 JSON
 *   { "format": "tabula-board", "version": 1, "exportedAt": ISO time,
 *     "board": { "name", "settings": boardConfig, "tags": [] },
 *     "shapes": [shape, …],      // the board as it is now, bottom → top (no history)
 *     "assets": [{ "id", "name", "data": base64 }, …] }   // version 2: the pictures the shapes show
 * Version 1 files (no assets) are still read. Reading one is hostile-input parsing: the
 * compressed and the uncompressed sizes are capped (a zip bomb stops at the cap), the JSON must be
 * this format and version, every shape passes the shape schema (core/model-schemas), no NUL,
 * lone surrogate or deep nesting anywhere (core/input-guard), ids are unique, the settings pass
 * the board's own setting rules; an asset is an id, a name and base64 bytes (what they are is for
 * the upload intake to say when the board is restored). Any failure is a 400 under `file`, never a 500.
 */
export const WTB_FORMAT = 'tabula-board';
export const WTB_VERSION = 2;
/** The versions a restore reads (1: before assets). */
export const WTB_READABLE_VERSIONS: readonly number[] = [1, 2];
export const WTB_EXTENSION = '.wtb';
/** The most bytes of an uploaded .wtb file (compressed; pictures barely compress). */
export const WTB_MAX_BYTES = 64 * 1024 * 1024;
/** The most bytes its JSON may take once decompressed (the pictures in base64 are 4/3 of their bytes). */
export const WTB_MAX_JSON_BYTES = 96 * 1024 * 1024;
/** The most pictures a backup carries. */
export const WTB_MAX_ASSETS = 500;

export const WTB_MESSAGES = {
  noFile: 'No File Selected',
  notWtb: MESSAGES.notWtbBackup,
  corrupted: 'The file is not a readable board backup (it is damaged or not a .wtb file).',
  tooLarge: 'The backup is too large to restore.',
  version: `This backup was made by another version of the product (supported: versions ${WTB_READABLE_VERSIONS.join(' and ')}).`,
  picturesTooLarge: `The board's pictures are too large for one backup file (at most ${WTB_MAX_BYTES / 1024 / 1024} MiB).`,
  invalid: 'The backup holds invalid board data.',
  tooManyShapes: (max: number) => `The backup holds more than ${max} shapes.`,
} as const;

/** A picture a backup carries: the asset id its shapes name, the uploaded name, the bytes. */
export interface WtbAsset {
  id: string;
  name: string;
  data: Buffer;
}

export interface WtbBoard {
  name: string;
  settings: BoardConfig;
  tags: string[];
  shapes: Shape[];
  assets: WtbAsset[];
}

export interface WtbFile {
  format: typeof WTB_FORMAT;
  version: typeof WTB_VERSION;
  exportedAt: string;
  board: { name: string; settings: BoardConfig; tags: string[] };
  shapes: Shape[];
  assets: Array<{ id: string; name: string; data: string }>;
}

export function encodeWtb(board: WtbBoard, now = new Date()): Buffer {
  const file: WtbFile = {
    format: WTB_FORMAT,
    version: WTB_VERSION,
    exportedAt: now.toISOString(),
    board: { name: board.name, settings: board.settings, tags: board.tags },
    shapes: board.shapes,
    assets: board.assets.map((a) => ({ id: a.id, name: a.name, data: a.data.toString('base64') })),
  };
  return zlib.gzipSync(Buffer.from(JSON.stringify(file), 'utf8'));
}

const refuse = (text: string, detail?: Record<string, string[]>) => badRequest(text, { file: [text], ...(detail ?? {}) });
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Reads an uploaded .wtb (see the module comment); throws a 400 under `file` for anything else. */
export function decodeWtb(data: Buffer, limits: { maxShapes: number; maxShapeBytes: number }): WtbBoard {
  if (!data.length) throw refuse(WTB_MESSAGES.noFile);
  if (data.length > WTB_MAX_BYTES) throw refuse(WTB_MESSAGES.tooLarge);
  let text: string;
  try {
    text = zlib.gunzipSync(data, { maxOutputLength: WTB_MAX_JSON_BYTES }).toString('utf8');
  } catch (err) {
    throw refuse(
      (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError
        ? WTB_MESSAGES.tooLarge
        : WTB_MESSAGES.corrupted,
    );
  }
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    throw refuse(WTB_MESSAGES.corrupted);
  }
  if (!isObject(file) || file.format !== WTB_FORMAT) throw refuse(WTB_MESSAGES.corrupted);
  if (typeof file.version !== 'number' || !WTB_READABLE_VERSIONS.includes(file.version)) throw refuse(WTB_MESSAGES.version);
  // the pictures' base64 is checked here, not by the generic walk (it is long by nature)
  const assets = readAssets(file.version === 1 ? [] : file.assets);
  const problem = inputRefusal({ ...file, assets: [] }, ['file']);
  if (problem) throw refuse(WTB_MESSAGES.invalid, (problem.output.payload as unknown as { errors: Record<string, string[]> }).errors);
  const board = file.board;
  if (!isObject(board) || typeof board.name !== 'string' || !Array.isArray(file.shapes)) throw refuse(WTB_MESSAGES.invalid);
  const name = board.name.trim().slice(0, 200) || 'Restored board';
  const tags = board.tags === undefined ? [] : board.tags;
  if (!Array.isArray(tags) || tags.length > 50 || tags.some((t) => typeof t !== 'string' || !t.trim() || t.length > 40))
    throw refuse(WTB_MESSAGES.invalid, { 'file.board.tags': ['must be up to 50 tags of 1 to 40 characters'] });
  let settings: BoardConfig = {};
  if (board.settings !== undefined) {
    if (!isObject(board.settings)) throw refuse(WTB_MESSAGES.invalid, { 'file.board.settings': ['must be an object'] });
    try {
      settings = checkConfigPatch('Owner', board.settings);
    } catch (err) {
      const errors = ((err as { output?: { payload?: { errors?: Record<string, string[]> } } }).output?.payload?.errors ?? {}) as Record<
        string,
        string[]
      >;
      throw refuse(WTB_MESSAGES.invalid, Object.fromEntries(Object.entries(errors).map(([k, v]) => [`file.board.settings.${k}`, v])));
    }
  }
  const shapes = file.shapes as unknown[];
  if (shapes.length > limits.maxShapes) throw refuse(WTB_MESSAGES.tooManyShapes(limits.maxShapes));
  const ids = new Set<string>();
  shapes.forEach((shape, i) => {
    const result = validateShape(shape);
    if (result.errors) {
      throw refuse(
        WTB_MESSAGES.invalid,
        Object.fromEntries(Object.entries(result.errors).map(([k, v]) => [`file.shapes.${i}${k === '*' ? '' : `.${k}`}`, v])),
      );
    }
    const id = (shape as Shape).id;
    if (ids.has(id)) throw refuse(WTB_MESSAGES.invalid, { [`file.shapes.${i}.id`]: ['is used by another shape'] });
    ids.add(id);
    if (Buffer.byteLength(JSON.stringify(shape)) > limits.maxShapeBytes)
      throw refuse(WTB_MESSAGES.invalid, { [`file.shapes.${i}`]: ['is too large'] });
  });
  return { name, settings, tags: [...new Set((tags as string[]).map((t) => t.trim()))], shapes: shapes as Shape[], assets };
}

const ASSET_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The `assets` of a version 2 file: ids unique UUIDs, names short text, data base64 (the intake judges the bytes on restore). */
function readAssets(value: unknown): WtbAsset[] {
  if (!Array.isArray(value)) throw refuse(WTB_MESSAGES.invalid, { 'file.assets': ['must be a list'] });
  if (value.length > WTB_MAX_ASSETS)
    throw refuse(WTB_MESSAGES.invalid, { 'file.assets': [`must hold at most ${WTB_MAX_ASSETS} pictures`] });
  const ids = new Set<string>();
  return value.map((asset, i) => {
    const at = `file.assets.${i}`;
    if (!isObject(asset)) throw refuse(WTB_MESSAGES.invalid, { [at]: ['must be an object'] });
    const { id, name, data } = asset;
    if (typeof id !== 'string' || !ASSET_ID.test(id) || ids.has(id))
      throw refuse(WTB_MESSAGES.invalid, { [`${at}.id`]: ['must be a UUID used once'] });
    ids.add(id);
    if (typeof name !== 'string' || !name.trim() || name.length > 255 || /[\u0000-\u001f]/.test(name))
      throw refuse(WTB_MESSAGES.invalid, { [`${at}.name`]: ['must be a file name of 1 to 255 characters'] });
    if (typeof data !== 'string' || data.length % 4 !== 0 || !BASE64.test(data))
      throw refuse(WTB_MESSAGES.invalid, { [`${at}.data`]: ['must be base64'] });
    return { id, name, data: Buffer.from(data, 'base64') };
  });
}

/** `<name>.wtb` for a download: the board name without characters file systems refuse. */
export function wtbFileName(name: string): string {
  const safe = name
    .replace(/[\u0000-\u001f\u007f"*/:<>?\\|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 150);
  return `${safe || 'board'}${WTB_EXTENSION}`;
}
