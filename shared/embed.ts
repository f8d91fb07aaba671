/**
 * The embedding contract (board.md §2 "Board query parameters", §7 "Embedding script API"):
 * what a host page passes to `Tabula.embed`, what travels in the board's `data` query
 * parameter, the methods the board exposes over penpal and the events it sends back, and the
 * validation of every host argument, and the developer app that issues the client id. Pure
 * TypeScript, in shared/ so that no side imports another (docs/architecture.md "Layer rules"):
 * imported by embed/host.ts (the script a host loads), embed/child.ts (inside the board page),
 * the platform (uid and origin rules, the app's answer) and the panel's developer pages. The
 * `tabula` package's public types re-export it (embed/types.ts → sdk/dist/embed.d.ts).
 * (Formerly embed/api.ts.)
 */
import { BACKGROUNDS, isValidBackground } from './constants';
import { EMBED_PERMISSIONS } from './permissions';
import type { Shape } from './model';

export type { Shape };

/* ---------------- options and the data parameter ---------------- */

export type EmbedPermission = (typeof EMBED_PERMISSIONS)[number];
export { EMBED_PERMISSIONS };

/** Notification modes (board.md §7): all, or essential (the embedded default). */
export const NOTIFICATION_MODES = ['all', 'essential'] as const;
export type NotificationMode = (typeof NOTIFICATION_MODES)[number];

export interface Participant {
  /** the host's id for this participant (the board's roaming uid) */
  uid: string;
  /** display name shown to the other members */
  name?: string;
}

/** Board options a host may set at embed time (board.md §7 supported option values). */
export interface EmbedFeatures {
  tool?: string;
  /** #RRGGBB */
  color?: string;
  /** 1–9 */
  thickness?: number;
  /** a known background name, or an http(s) image url */
  background?: string;
  /** view_templates and/or view_chat */
  permissions?: EmbedPermission[];
  /** default 'essential' when embedded */
  notifications?: NotificationMode;
  /** hide Tabula branding; honoured only under the api-white-label policy */
  whiteLabel?: boolean;
}

export interface EmbedOptions {
  /** board code; omit to create a new board for this participant */
  board?: string;
  /** the developer app's client id (panel /panel/developers) */
  clientId: string;
  participant: Participant;
  /** a participant token from the host backend (POST /api/clients/token), or a function returning one */
  token?: string | (() => string | Promise<string>);
  features?: EmbedFeatures;
  /** platform base url; default: the origin embed.js was loaded from */
  platform?: string;
  /** iframe title (accessibility); default 'Tabula board' */
  title?: string;
  /** milliseconds to wait for the board to connect; default 30000 */
  timeout?: number;
}

/** The JSON carried base64-encoded in the board's `data` query parameter. */
export interface EmbedData {
  /** board code, or '' for a new board */
  board: string;
  participant: Participant;
  /** the host page's origin, as the host states it (checked by the board, see embed/child.ts) */
  origin: string;
  features: EmbedFeatures;
}

/* ---------------- the developer app ---------------- */

/** A developer app as /api/clients answers it (panel.md §3 "Client app": id, appName, clientId, secret). */
export interface ClientApp {
  id: string;
  appName: string;
  clientId: string;
  /** shown once: right after creation or regeneration, otherwise null */
  secret: string | null;
  /** the last characters of the current secret */
  secretHint: string;
  allowedOrigins: string[];
  isActive: boolean;
  createdAt: string;
  lastSession: string | null;
  /** origins the app's boards were embedded from */
  origins: Array<{ origin: string; embeds: number; refusals: number; lastSeen: string }>;
}

/* ---------------- methods and events ---------------- */

export const EXPORT_FORMATS = ['png', 'svg'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** What the board tells the host about itself once ready. */
export interface BoardInfo {
  code: string;
  boardName: string;
  uid: string;
  role: string | null;
  whiteLabel: boolean;
}

/** Methods the board (child) exposes to the host. A penpal method map must be a type alias. */
export type BoardMethods = {
  setTool(name: string): Promise<void>;
  setColor(hex: string): Promise<void>;
  setThickness(width: number): Promise<void>;
  setBackground(background: string): Promise<void>;
  setPermissions(permissions: string[]): Promise<void>;
  getShapes(): Promise<Shape[]>;
  /** adds the shapes (ids are generated where missing); answers their ids */
  addShapes(shapes: Array<Partial<Shape> & { cmd: Shape['cmd'] }>): Promise<string[]>;
  removeShapes(ids: string[]): Promise<void>;
  /** moves each listed shape by its own offset, as one undoable change (locked and private shapes stay) */
  moveShapes(moves: ShapeMove[]): Promise<void>;
  /** changes shapes' text (a text's words, a sticky note's text, a frame's title) and colour, as one undoable change */
  updateShapes(updates: ShapeUpdate[]): Promise<void>;
  zoomToFit(): Promise<void>;
  /** a data URL (image/png or image/svg+xml) */
  exportImage(format: ExportFormat): Promise<string>;
  getInfo(): Promise<BoardInfo>;
  /** who is on the board now (online), the participant itself included */
  getMembers(): Promise<EmbedMember[]>;
};

/** A move of moveShapes: the shape's id and how far to move it, in board units. */
export interface ShapeMove {
  id: string;
  dx: number;
  dy: number;
}

/** A change of updateShapes: the shape's id and what to change (at least one of text and color). */
export interface ShapeUpdate {
  id: string;
  /** a text's words, a sticky note's text, a frame's title */
  text?: string;
  /** #RRGGBB */
  color?: string;
}

/** A member on the board, as the host sees it. */
export interface EmbedMember {
  uid: string;
  name: string;
  /** the participant this embed joined as */
  isSelf: boolean;
}

export const EMBED_EVENTS = ['ready', 'joined', 'left', 'command', 'selection', 'error'] as const;
export type EmbedEvent = (typeof EMBED_EVENTS)[number];

export interface EmbedEventPayloads {
  /** the board is loaded and the API answers */
  ready: BoardInfo;
  /** a member joined the board (the participant itself first) */
  joined: EmbedMember;
  /** another member left the board (their last connection closed) */
  left: { uid: string; name: string };
  /** a board change, local or from another member */
  command: { id: string; cmd: string; uid: string; seq?: number; local: boolean; shapes: string[] };
  /** the participant's selection changed */
  selection: { ids: string[] };
  error: EmbedError;
}

/** Methods the host exposes to the board. */
export type HostMethods = {
  emit(event: EmbedEvent, payload: unknown): void;
  /** a fresh participant token (when the host gave a token function), else null */
  refreshToken(): Promise<string | null>;
};

/** The message the board posts to its parent when it refuses to run embedded. */
export interface EmbedRefusal {
  type: 'tabula:refused';
  error: EmbedError;
}
export const REFUSAL_TYPE = 'tabula:refused';

/* ---------------- errors ---------------- */

export const EMBED_ERROR_CODES = [
  'invalid-argument',
  'invalid-color',
  'invalid-thickness',
  'unknown-tool',
  'unknown-background',
  'invalid-permission',
  'invalid-shapes',
  'invalid-format',
  'invalid-uid',
  'invalid-client',
  'invalid-data',
  'invalid-event',
  'origin-not-allowed',
  'unknown-client',
  'board-not-found',
  'access-denied',
  'not-allowed',
  'connection-failed',
  'destroyed',
  'internal',
] as const;
export type EmbedErrorCode = (typeof EMBED_ERROR_CODES)[number];

/** Every rejection a host sees: a plain object, never an exception class. */
export interface EmbedError {
  code: EmbedErrorCode;
  message: string;
}

export const embedError = (code: EmbedErrorCode, message: string): EmbedError => ({ code, message });

export const isEmbedError = (value: unknown): value is EmbedError =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as EmbedError).code === 'string' &&
  typeof (value as EmbedError).message === 'string';

/** Any thrown value as an EmbedError (penpal errors, Error instances, strings). */
export function toEmbedError(value: unknown, fallback: EmbedErrorCode = 'internal'): EmbedError {
  if (isEmbedError(value) && (EMBED_ERROR_CODES as readonly string[]).includes(value.code))
    return { code: value.code, message: value.message };
  const penpalCode = (value as { code?: string } | null)?.code;
  const message = (value as { message?: string } | null)?.message ?? String(value);
  if (penpalCode === 'CONNECTION_DESTROYED') return embedError('destroyed', 'The board was destroyed.');
  if (penpalCode === 'CONNECTION_TIMEOUT') return embedError('connection-failed', 'The board did not answer in time.');
  if (penpalCode === 'METHOD_CALL_TIMEOUT') return embedError('connection-failed', 'The board did not answer in time.');
  return embedError(fallback, message);
}

/* ---------------- validation of host arguments ---------------- */

/** A roaming uid: 1–100 visible characters, no spaces or slashes. */
export const UID_PATTERN = /^[A-Za-z0-9_.:@|+=-]{1,100}$/;
export const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
export const LINE_WIDTH = { min: 1, max: 9 } as const;
/** Most shapes one addShapes call may add. */
export const MAX_SHAPES_PER_CALL = 500;
/** Most participant-name characters. */
export const MAX_NAME_LENGTH = 100;

const describe = (value: unknown): string => {
  try {
    const text = typeof value === 'string' ? `'${value}'` : JSON.stringify(value);
    return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
  } catch {
    return String(value);
  }
};

export function validateUid(uid: unknown): EmbedError | null {
  return typeof uid === 'string' && UID_PATTERN.test(uid)
    ? null
    : embedError('invalid-uid', `Invalid user id ${describe(uid)}: a clientid needs a uid of 1 to 100 letters, digits or _.:@|+=-.`);
}

export function validateColor(color: unknown): EmbedError | null {
  return typeof color === 'string' && COLOR_PATTERN.test(color)
    ? null
    : embedError('invalid-color', `Invalid colour ${describe(color)}: use #RRGGBB.`);
}

export function validateThickness(width: unknown): EmbedError | null {
  return typeof width === 'number' && Number.isInteger(width) && width >= LINE_WIDTH.min && width <= LINE_WIDTH.max
    ? null
    : embedError(
        'invalid-thickness',
        `Invalid thickness ${describe(width)}: use a whole number from ${LINE_WIDTH.min} to ${LINE_WIDTH.max}.`,
      );
}

/** `known`: the tool names the board has (the child checks membership; the host only the form). */
export function validateTool(name: unknown, known?: readonly string[]): EmbedError | null {
  if (typeof name !== 'string' || !name || (known && !known.includes(name))) {
    return embedError('unknown-tool', `Unknown tool ${describe(name)}${known ? `: use one of ${known.join(', ')}` : ''}.`);
  }
  return null;
}

export const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname;
  } catch {
    return false;
  }
};

/** Background names a host may pass: the names and labels of shared/constants BACKGROUNDS ('dot' or 'Dot'). */
export const BACKGROUND_NAMES: readonly string[] = BACKGROUNDS.flatMap((b) => [b.name, b.label]);

/** A known background name, or an http(s) image url. */
export function validateBackground(background: unknown): EmbedError | null {
  const ok =
    typeof background === 'string' && isValidBackground(background) && (BACKGROUND_NAMES.includes(background) || isHttpUrl(background));
  return ok
    ? null
    : embedError(
        'unknown-background',
        `Unknown background ${describe(background)}: use one of ${BACKGROUNDS.map((b) => b.label).join(', ')} or an http(s) image url.`,
      );
}

export function validatePermissions(permissions: unknown): EmbedError | null {
  if (!Array.isArray(permissions))
    return embedError('invalid-permission', `Invalid permissions ${describe(permissions)}: use a list of ${EMBED_PERMISSIONS.join(', ')}.`);
  const bad = permissions.find((p) => !(EMBED_PERMISSIONS as readonly unknown[]).includes(p));
  return bad === undefined
    ? null
    : embedError('invalid-permission', `Invalid permission ${describe(bad)}: only ${EMBED_PERMISSIONS.join(' and ')} may be set.`);
}

export function validateExportFormat(format: unknown): EmbedError | null {
  return (EXPORT_FORMATS as readonly unknown[]).includes(format)
    ? null
    : embedError('invalid-format', `Invalid export format ${describe(format)}: use 'png' or 'svg'.`);
}

export function validateIds(ids: unknown): EmbedError | null {
  return Array.isArray(ids) && ids.length <= 10_000 && ids.every((id) => typeof id === 'string' && id.length > 0 && id.length <= 100)
    ? null
    : embedError('invalid-shapes', `Invalid shape ids ${describe(ids)}: use a list of shape id strings.`);
}

/** Most characters of a text updateShapes sets. */
export const MAX_TEXT_LENGTH = 10_000;

const isId = (id: unknown): id is string => typeof id === 'string' && id.length > 0 && id.length <= 100;
const isOffset = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= 1e7;

/** moveShapes: a list of { id, dx, dy } (finite numbers). */
export function validateMoves(moves: unknown): EmbedError | null {
  if (!Array.isArray(moves) || moves.length > 10_000)
    return embedError('invalid-shapes', `Invalid moves ${describe(moves)}: use a list of { id, dx, dy }.`);
  const bad = moves.findIndex((m) => !m || typeof m !== 'object' || !isId(m.id) || !isOffset(m.dx) || !isOffset(m.dy));
  return bad < 0
    ? null
    : embedError('invalid-shapes', `Invalid move at index ${bad} ${describe(moves[bad])}: each is { id, dx, dy } with finite numbers.`);
}

/** updateShapes: a list of { id, text?, color? } with at least one change each. */
export function validateUpdates(updates: unknown): EmbedError | null {
  if (!Array.isArray(updates) || updates.length > MAX_SHAPES_PER_CALL)
    return embedError('invalid-shapes', `Invalid updates: use a list of at most ${MAX_SHAPES_PER_CALL} { id, text?, color? } objects.`);
  for (let i = 0; i < updates.length; i++) {
    const u = updates[i] as Partial<ShapeUpdate> | null;
    const form = `Invalid update at index ${i} ${describe(u)}`;
    if (!u || typeof u !== 'object' || !isId(u.id)) return embedError('invalid-shapes', `${form}: each is { id, text?, color? }.`);
    if (u.text === undefined && u.color === undefined) return embedError('invalid-shapes', `${form}: give text or color.`);
    if (u.text !== undefined && (typeof u.text !== 'string' || u.text.length > MAX_TEXT_LENGTH))
      return embedError('invalid-shapes', `${form}: text is a string of at most ${MAX_TEXT_LENGTH} characters.`);
    if (u.color !== undefined && (typeof u.color !== 'string' || !COLOR_PATTERN.test(u.color)))
      return embedError('invalid-color', `${form}: color is #RRGGBB.`);
  }
  return null;
}

/** Form only (a list of objects with a kind); the board checks each shape against the model. */
export function validateShapeList(shapes: unknown): EmbedError | null {
  if (!Array.isArray(shapes) || shapes.length > MAX_SHAPES_PER_CALL) {
    return embedError('invalid-shapes', `Invalid shapes: use a list of at most ${MAX_SHAPES_PER_CALL} shape objects.`);
  }
  const bad = shapes.findIndex((s) => !s || typeof s !== 'object' || Array.isArray(s) || typeof (s as { cmd?: unknown }).cmd !== 'string');
  return bad < 0 ? null : embedError('invalid-shapes', `Invalid shape at index ${bad}: each shape is an object with a cmd (its kind).`);
}

export function validateNotifications(mode: unknown): EmbedError | null {
  return (NOTIFICATION_MODES as readonly unknown[]).includes(mode)
    ? null
    : embedError('invalid-argument', `Invalid notifications mode ${describe(mode)}: use 'all' or 'essential'.`);
}

export function validateEvent(event: unknown): EmbedError | null {
  return (EMBED_EVENTS as readonly unknown[]).includes(event)
    ? null
    : embedError('invalid-event', `Unknown event ${describe(event)}: use one of ${EMBED_EVENTS.join(', ')}.`);
}

/** Checks every feature the host set; `known.tools` lists the board's tools when known (the board checks). */
export function validateFeatures(features: unknown, known: { tools?: readonly string[] } = {}): EmbedError | null {
  if (features === undefined) return null;
  if (!features || typeof features !== 'object' || Array.isArray(features))
    return embedError('invalid-argument', 'Invalid features: use an object.');
  const f = features as EmbedFeatures;
  if (f.tool !== undefined) {
    const e = validateTool(f.tool, known.tools);
    if (e) return e;
  }
  if (f.color !== undefined) {
    const e = validateColor(f.color);
    if (e) return e;
  }
  if (f.thickness !== undefined) {
    const e = validateThickness(f.thickness);
    if (e) return e;
  }
  if (f.background !== undefined) {
    const e = validateBackground(f.background);
    if (e) return e;
  }
  if (f.permissions !== undefined) {
    const e = validatePermissions(f.permissions);
    if (e) return e;
  }
  if (f.notifications !== undefined) {
    const e = validateNotifications(f.notifications);
    if (e) return e;
  }
  if (f.whiteLabel !== undefined && typeof f.whiteLabel !== 'boolean')
    return embedError('invalid-argument', 'Invalid whiteLabel: use true or false.');
  return null;
}

export function validateParticipant(participant: unknown): EmbedError | null {
  if (!participant || typeof participant !== 'object') return validateUid(undefined);
  const p = participant as Participant;
  const uidError = validateUid(p.uid);
  if (uidError) return uidError;
  if (p.name !== undefined && (typeof p.name !== 'string' || p.name.length > MAX_NAME_LENGTH)) {
    return embedError('invalid-argument', `Invalid participant name: use text of at most ${MAX_NAME_LENGTH} characters.`);
  }
  return null;
}

/** The iframe path segment of a board still to be created (/board/embed?…); never a real code (codes have 12 characters). */
export const NEW_BOARD_SEGMENT = 'embed';

/** Board codes are url-safe tokens. */
export const BOARD_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function validateEmbedOptions(options: unknown): EmbedError | null {
  if (!options || typeof options !== 'object') return embedError('invalid-argument', 'Tabula.embed needs an options object.');
  const o = options as EmbedOptions;
  if (typeof o.clientId !== 'string' || !o.clientId)
    return embedError('invalid-client', 'A clientId is required: create an app at /panel/developers.');
  const participantError = validateParticipant(o.participant);
  if (participantError) return participantError;
  if (o.board !== undefined && (typeof o.board !== 'string' || !BOARD_CODE_PATTERN.test(o.board))) {
    return embedError('invalid-argument', `Invalid board code ${describe(o.board)}.`);
  }
  if (o.token !== undefined && typeof o.token !== 'string' && typeof o.token !== 'function')
    return embedError('invalid-argument', 'Invalid token: use a string or a function.');
  return validateFeatures(o.features);
}

/* ---------------- origins ---------------- */

/** The origin of an http(s) url (`https://example.com:8443`), or null when it is not one. */
export function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** True when `value` is exactly an origin (scheme://host[:port], nothing after it). */
export const isOrigin = (value: unknown): value is string => typeof value === 'string' && originOf(value) === value;

/* ---------------- the data parameter ---------------- */

/** base64 of the UTF-8 JSON (board.md §2 data). */
export function encodeEmbedData(data: EmbedData): string {
  const bytes = new TextEncoder().encode(JSON.stringify(data));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** Decodes and validates the data parameter; accepts standard and url-safe base64. */
export function decodeEmbedData(encoded: string): EmbedData | EmbedError {
  let data: unknown;
  try {
    const normal = encoded.replace(/-/g, '+').replace(/_/g, '/').replace(/\s/g, '');
    const binary = atob(normal + '='.repeat((4 - (normal.length % 4)) % 4));
    data = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
  } catch {
    return embedError('invalid-data', 'The data parameter is not base64 JSON.');
  }
  if (!data || typeof data !== 'object') return embedError('invalid-data', 'The data parameter is not a JSON object.');
  const d = data as Partial<EmbedData>;
  if (d.board !== undefined && d.board !== '' && (typeof d.board !== 'string' || !BOARD_CODE_PATTERN.test(d.board)))
    return embedError('invalid-data', 'The data parameter has an invalid board code.');
  const participantError = validateParticipant(d.participant);
  if (participantError) return participantError;
  if (!isOrigin(d.origin)) return embedError('invalid-data', 'The data parameter has no valid origin.');
  const featuresError = validateFeatures(d.features ?? {});
  if (featuresError) return featuresError;
  return {
    board: d.board ?? '',
    participant: { uid: d.participant!.uid, ...(d.participant!.name ? { name: d.participant!.name } : {}) },
    origin: d.origin,
    features: d.features ?? {},
  };
}
