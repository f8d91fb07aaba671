/**
 * Copy, cut and paste of shapes (board.md §3 "Clipboard payload: list of shapes plus the source
 * board id", §6 "Copy and cut skip ghost shapes; cut also skips locked shapes", §9 "a custom type
 * for shapes plus a plain-text fallback", §8 clipboard errors).
 *
 * The clipboard holds two representations of a copy:
 * - `web application/x-tabula-shapes+json`: the payload {type, boardId, shapes} (a web custom
 *   format of the async Clipboard API, so another board — in this tab or another — reads it);
 * - `text/plain`: the copied shapes' text (texts, sticky notes, frame titles, one per line) for
 *   other applications, or the payload itself when the shapes carry no text or the browser has no
 *   custom formats.
 * Paste takes the custom format, else a text/plain payload, else plain text: one text shape, or,
 * with the sticky-note tool active, one yellow (#feff9c) sticky note per line, 10 apart. Text that
 * is one http(s) address, pasted where the plan has paste-link (the caller passes `links`),
 * becomes a link card filled from the server's link preview (issue 34 item 3).
 */
import type { LinkShape, Shape, StickyNoteShape, TextShape } from '../../shared/model';
import type { LinkPreview } from '../../shared/wire';
import { SHAPE_KINDS } from '../../shared/model';
import { MESSAGES } from '../../shared/messages';
import { isSafeLink } from '../../shared/links';
import { PASTED_STICKY_COLOR, PASTED_STICKY_GAP, STICKY_SIZES } from '../../shared/constants';
import {
  boundsOf,
  cardBoxAt,
  fitStickyFont,
  mapInnerShapes,
  mapShapeTree,
  shapeAsset,
  shapeTree,
  translateShape,
  unionRects,
  withShapeAsset,
} from '../../shared/geometry';
import { boardNotes } from './export';
import { relinkCopies } from './copies';

export const CLIPBOARD_MIME = 'application/x-tabula-shapes+json';
/** The async Clipboard API's name of the custom format ('web ' prefix: Chromium's web custom formats). */
export const WEB_CLIPBOARD_MIME = `web ${CLIPBOARD_MIME}`;
const PAYLOAD_TYPE = 'tabula/shapes';
/** Pasted sticky notes per row before the next row starts. */
const STICKIES_PER_ROW = 5;

export interface ClipboardPayload {
  type: typeof PAYLOAD_TYPE;
  /** the board the shapes were copied from */
  boardId: string | null;
  shapes: Shape[];
}

/** A clipboard failure with the spec's message (board.md §8), shown as a toast. */
export class ClipboardError extends Error {}

export function makePayload(boardId: string | null, shapes: readonly Shape[]): ClipboardPayload {
  return { type: PAYLOAD_TYPE, boardId, shapes: shapes.map((s) => structuredClone(s)) };
}

const isShape = (value: unknown): value is Shape => {
  const s = value as Partial<Shape> | null;
  return (
    !!s &&
    typeof s === 'object' &&
    typeof s.id === 'string' &&
    (SHAPE_KINDS as readonly string[]).includes(s.cmd as string) &&
    (!('shapes' in s) || (Array.isArray(s.shapes) && (s.shapes as unknown[]).every(isShape)))
  );
};

/** The payload in a clipboard text, or null when the text is something else. */
export function parsePayload(text: string | null | undefined): ClipboardPayload | null {
  if (!text || text[0] !== '{') return null;
  try {
    const value = JSON.parse(text) as Partial<ClipboardPayload>;
    if (value?.type !== PAYLOAD_TYPE || !Array.isArray(value.shapes)) return null;
    const shapes = value.shapes.filter(isShape);
    return shapes.length ? { type: PAYLOAD_TYPE, boardId: typeof value.boardId === 'string' ? value.boardId : null, shapes } : null;
  } catch {
    return null;
  }
}

/** The plain-text side of a copy: the shapes' text, or the payload when they carry none. */
export function plainTextOf(payload: ClipboardPayload): string {
  return boardNotes(payload.shapes) || JSON.stringify(payload);
}

/**
 * Fresh copies of pasted shapes: new ids (nested group members too), owned by `uid`, unlocked,
 * with frames and connectors keeping only the links to shapes pasted with them (./copies); then moved so their bounds are centred
 * at `at` (board coordinates).
 */
export function placeShapes(shapes: readonly Shape[], at: { x: number; y: number }, uid: string, newId: () => string): Shape[] {
  const ids = new Map<string, string>();
  const fresh = (s: Shape): Shape => {
    const copy = structuredClone(s) as Shape & Record<string, unknown>;
    const id = newId();
    ids.set(s.id, id);
    copy.id = id;
    copy.uid = uid;
    copy.timestamp = Date.now();
    for (const k of ['lock', 'protectedBy', 'modifiedBy', 'modifiedTimestamp', 'status', 'seq']) delete copy[k];
    if (copy.metadata && typeof copy.metadata === 'object') {
      const { ghost: _ghost, ...rest } = copy.metadata as Record<string, unknown>;
      copy.metadata = rest;
    }
    // nested shapes (a composite's, a link's: the registry's innerShapes) get fresh ids too
    return mapInnerShapes(copy as Shape, fresh);
  };
  const copies = relinkCopies(shapes.map(fresh), ids);
  const box = unionRects(copies.map(boundsOf));
  if (!box) return copies;
  const dx = Math.round(at.x - (box.x + box.w / 2));
  const dy = Math.round(at.y - (box.y + box.h / 2));
  return copies.map((c) => translateShape(c, dx, dy));
}

export interface TextPasteStyle {
  color: string;
  font: string;
  fontSize: number;
  align: TextShape['align'];
}

/** Plain text as one text shape centred at `at` (sizes from shared text measurement). */
export function textShape(
  text: string,
  at: { x: number; y: number },
  base: Pick<Shape, 'id' | 'uid' | 'timestamp'>,
  style: TextPasteStyle,
): TextShape {
  const shape: TextShape = {
    ...base,
    cmd: 'text',
    value: text,
    x: 0,
    y: 0,
    color: style.color,
    font: style.font,
    size: style.fontSize,
    align: style.align,
  };
  const b = boundsOf(shape);
  return { ...shape, x: Math.round(at.x - b.w / 2), y: Math.round(at.y - b.h / 2) };
}

/**
 * Plain text as sticky notes: one per non-blank line, yellow #feff9c, medium size, in rows of 5
 * with gaps of 10 (board.md §9), the block centred at `at`.
 */
export function stickyNotes(
  text: string,
  at: { x: number; y: number },
  base: () => Pick<Shape, 'id' | 'uid' | 'timestamp'>,
): StickyNoteShape[] {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const { w, h } = STICKY_SIZES.M;
  const cols = Math.min(lines.length, STICKIES_PER_ROW);
  const rows = Math.ceil(lines.length / STICKIES_PER_ROW);
  const x0 = Math.round(at.x - (cols * w + (cols - 1) * PASTED_STICKY_GAP) / 2);
  const y0 = Math.round(at.y - (rows * h + (rows - 1) * PASTED_STICKY_GAP) / 2);
  return lines.map((line, i) => ({
    ...base(),
    cmd: 'stickyNote',
    text: line,
    x: x0 + (i % STICKIES_PER_ROW) * (w + PASTED_STICKY_GAP),
    y: y0 + Math.floor(i / STICKIES_PER_ROW) * (h + PASTED_STICKY_GAP),
    w,
    h,
    color: PASTED_STICKY_COLOR,
    size: 'M',
    fontSize: fitStickyFont(line, w, h).fontSize,
  }));
}

/* ---------------- the system clipboard (async Clipboard API) ---------------- */

function systemClipboard(): Clipboard {
  const cb = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
  if (!cb || (typeof window !== 'undefined' && !window.isSecureContext)) throw new ClipboardError(MESSAGES.clipboardUnsupported);
  return cb;
}

const customFormats = (): boolean =>
  typeof ClipboardItem !== 'undefined' &&
  typeof (ClipboardItem as { supports?: (t: string) => boolean }).supports === 'function' &&
  (ClipboardItem as unknown as { supports(t: string): boolean }).supports(WEB_CLIPBOARD_MIME);

/** Writes a copy: the custom format plus text/plain, or the payload as text/plain alone. */
export async function writeClipboard(payload: ClipboardPayload): Promise<void> {
  const cb = systemClipboard();
  const json = JSON.stringify(payload);
  try {
    if (typeof cb.write === 'function' && customFormats()) {
      await cb.write([
        new ClipboardItem({
          'text/plain': new Blob([plainTextOf(payload)], { type: 'text/plain' }),
          [WEB_CLIPBOARD_MIME]: new Blob([json], { type: CLIPBOARD_MIME }),
        }),
      ]);
    } else {
      await cb.writeText(json);
    }
  } catch (error) {
    throw new ClipboardError(
      error instanceof Error && error.name === 'NotAllowedError' ? MESSAGES.clipboardUnsupported : MESSAGES.clipboardReadFailed,
    );
  }
}

/** What a paste finds: shapes (the custom format, or a payload in text), or plain text. */
export type ClipboardContent =
  { kind: 'shapes'; payload: ClipboardPayload } | { kind: 'text'; text: string } | { kind: 'files'; files: File[] };

/** A picture on the clipboard (a screenshot, an image copied in a browser), as a file to upload. */
async function clipboardPicture(items: readonly ClipboardItem[]): Promise<File | null> {
  for (const item of items) {
    const type = item.types.find((t) => /^image\/(png|jpeg|gif|webp|avif|svg\+xml)$/.test(t));
    if (!type) continue;
    const blob = await item.getType(type);
    const extension = type === 'image/svg+xml' ? 'svg' : type === 'image/jpeg' ? 'jpg' : type.slice('image/'.length);
    return new File([blob], `pasted-image.${extension}`, { type });
  }
  return null;
}

export async function readClipboard(): Promise<ClipboardContent> {
  const cb = systemClipboard();
  let text = '';
  try {
    if (typeof cb.read === 'function') {
      const items = await cb.read();
      for (const item of items) {
        if (item.types.includes(WEB_CLIPBOARD_MIME)) {
          const payload = parsePayload(await (await item.getType(WEB_CLIPBOARD_MIME)).text());
          if (payload) return { kind: 'shapes', payload };
        }
      }
      const picture = await clipboardPicture(items);
      if (picture) return { kind: 'files', files: [picture] };
      const plain = items.find((i) => i.types.includes('text/plain'));
      if (plain) text = await (await plain.getType('text/plain')).text();
    } else {
      text = await cb.readText();
    }
  } catch {
    throw new ClipboardError(MESSAGES.clipboardReadFailed);
  }
  const payload = parsePayload(text);
  if (payload) return { kind: 'shapes', payload };
  // content with no handler (an image, empty text): nothing to paste
  if (!text.trim()) throw new ClipboardError(MESSAGES.clipboardReadFailed);
  return { kind: 'text', text };
}

/* ---------------- the editor's copy, cut and paste ---------------- */

/** What copy, cut and paste need of the editor (the Editor facade; tests may pass a headless one). */
export interface ClipboardHost {
  readonly uid: string;
  readonly selection: string[];
  boardId: string | null;
  lastPointer: { x: number; y: number } | null;
  readonly viewport: { visibleRect(margin?: number): { x: number; y: number; w: number; h: number } };
  readonly style: TextPasteStyle & { fontSize: number };
  readonly tool$: { value: string };
  readonly doc: { get(id: string): Shape | undefined };
  selectionType(shape: Shape): 'normal' | 'locked' | 'private' | 'ghost';
  canEdit(): boolean;
  addShapes(shapes: Shape[]): Shape[];
  removeShapes(ids: readonly string[]): void;
  select(ids: readonly string[]): void;
  shapeBase<K extends Shape['cmd']>(kind: K): { id: string; cmd: K; uid: string; timestamp: number };
}

/** Shapes a copy (or a cut) takes from the selection: never ghost or private ones; a cut leaves locked ones too. */
export function clipboardShapes(host: ClipboardHost, cut: boolean): Shape[] {
  return host.selection
    .map((id) => host.doc.get(id))
    .filter((s): s is Shape => {
      if (!s) return false;
      const type = host.selectionType(s);
      return type === 'normal' || (!cut && type === 'locked');
    });
}

/** Ctrl+C / Ctrl+X: the selection to the clipboard; a cut then removes what it copied. */
export async function copySelection(host: ClipboardHost, cut = false): Promise<number> {
  const shapes = clipboardShapes(host, cut);
  if (!shapes.length || (cut && !host.canEdit())) return 0;
  await writeClipboard(makePayload(host.boardId, shapes));
  if (cut) host.removeShapes(shapes.map((s) => s.id));
  return shapes.length;
}

/** Where a paste lands: the given point, else the pointer when it is over the visible board, else the view's centre. */
export function pastePoint(
  host: Pick<ClipboardHost, 'lastPointer' | 'viewport'>,
  at?: { x: number; y: number } | null,
): { x: number; y: number } {
  if (at) return at;
  const view = host.viewport.visibleRect();
  const p = host.lastPointer;
  if (p && p.x >= view.x && p.y >= view.y && p.x <= view.x + view.w && p.y <= view.y + view.h) return p;
  return { x: view.x + view.w / 2, y: view.y + view.h / 2 };
}

/** The shapes a clipboard content becomes on this board, placed at `at` (not yet added). */
export function pastedShapes(
  host: ClipboardHost,
  content: Exclude<ClipboardContent, { kind: 'files' }>,
  at: { x: number; y: number },
  newId: () => string,
): Shape[] {
  if (content.kind === 'shapes') return placeShapes(content.payload.shapes, at, host.uid, newId);
  if (host.tool$.value === 'stickyNote') return stickyNotes(content.text, at, () => host.shapeBase('stickyNote'));
  return [textShape(content.text.replace(/\r\n/g, '\n'), at, host.shapeBase('text'), host.style)];
}

/** What a paste does with pictures, while the board takes uploads (sdk/assets/upload.ts). */
export interface PastePictures {
  /** a picture on the clipboard (a screenshot): uploaded, landing at `at` */
  upload(files: File[], at: { x: number; y: number }): Promise<Shape[]>;
  /** pictures of shapes copied on another board: copies on this one (POST …/duplicate-assets) */
  copy(items: Array<{ id: string; assetId: string }>): Promise<Array<{ id: string; assetId: string }>>;
}

/**
 * The pasted shapes with their pictures' resources made this board's: the copies' ids from
 * `copied` (by shape id); a picture the server did not copy ('' or absent) is left out.
 */
export function withCopiedPictures(shapes: readonly Shape[], copied: ReadonlyArray<{ id: string; assetId: string }>): Shape[] {
  const byShape = new Map(copied.map((c) => [c.id, c.assetId]));
  return shapes.flatMap(
    (shape) =>
      mapShapeTree(shape, (s) => {
        if (!shapeAsset(s)) return s;
        const resource = byShape.get(s.id);
        return resource ? withShapeAsset(s, resource) : null;
      }) ?? [],
  );
}

/** Shapes from another board bring their pictures (board.md §7 duplicate-assets); a failed copy leaves them out. */
async function bringPictures(host: ClipboardHost, payload: ClipboardPayload, shapes: Shape[], pictures?: PastePictures): Promise<Shape[]> {
  const items = shapes.flatMap(shapeTree).flatMap((s) => {
    const asset = shapeAsset(s);
    return asset ? [{ id: s.id, assetId: asset.resource }] : [];
  });
  if (items.length === 0 || (payload.boardId !== null && payload.boardId === host.boardId)) return shapes;
  const copied = pictures ? await pictures.copy(items).catch(() => []) : [];
  return withCopiedPictures(shapes, copied);
}

/** What a paste does with an address, where the plan has paste-link: its preview from the server (null: none could be found). */
export interface PasteLinks {
  preview(url: string): Promise<LinkPreview | null>;
}

/** The http(s) address a pasted text is, when it is one address and nothing else; else null. */
export function pastedLinkUrl(text: string): string | null {
  const value = text.trim();
  if (!value || /\s/.test(value) || value.length > 2048 || !/^https?:\/\/[^/\\]/i.test(value) || !isSafeLink(value)) return null;
  return value;
}

/**
 * A link card for `url` centred on `at`: its preview's title, description, site and picture when
 * the server found them (the card without them shows its host and "the url can't be shown").
 */
export function linkCard(
  url: string,
  preview: LinkPreview | null,
  at: { x: number; y: number },
  base: { id: string; cmd: 'link'; uid: string; timestamp: number },
): LinkShape {
  const card: LinkShape = { ...base, url, shapes: [], ...cardBoxAt(at.x, at.y) };
  if (!preview) return card;
  for (const key of ['title', 'description', 'site', 'image'] as const) if (preview[key]) card[key] = preview[key];
  return card;
}

/**
 * Reads the clipboard (the async Clipboard API) and pastes it (`pasteContent`): the embed API's
 * paste. The board's own keys and menus read it their ways (sdk/actions/clipboard.ts).
 */
export async function pasteClipboard(
  host: ClipboardHost,
  newId: () => string,
  at?: { x: number; y: number } | null,
  pictures?: PastePictures,
  links?: PasteLinks,
): Promise<Shape[]> {
  if (!host.canEdit()) return [];
  return pasteContent(host, await readClipboard(), newId, at, pictures, links);
}

/**
 * Adds what the clipboard holds as one undoable command, selected; a picture on the clipboard is
 * uploaded and lands where shapes would; shapes copied on another board bring copies of their
 * pictures. A paste that would land where the previous one did (the pointer has not moved) lands
 * PASTE_CASCADE further down and right, so consecutive pastes never cover each other.
 */
export async function pasteContent(
  host: ClipboardHost,
  content: ClipboardContent,
  newId: () => string,
  at?: { x: number; y: number } | null,
  pictures?: PastePictures,
  links?: PasteLinks,
): Promise<Shape[]> {
  if (!host.canEdit()) return [];
  const point = cascade(host, pastePoint(host, at));
  if (content.kind === 'files') {
    if (!pictures) throw new ClipboardError(MESSAGES.clipboardReadFailed);
    return pictures.upload(content.files, point);
  }
  const url = links && content.kind === 'text' ? pastedLinkUrl(content.text) : null;
  if (links && url) {
    // the preview first, then one command: the card arrives whole and one Ctrl+Z takes it back
    const preview = await links.preview(url).catch(() => null);
    const added = host.addShapes([linkCard(url, preview, point, host.shapeBase('link'))]);
    host.select(added.map((s) => s.id));
    return added;
  }
  let shapes = pastedShapes(host, content, point, newId);
  if (content.kind === 'shapes') shapes = await bringPictures(host, content.payload, shapes, pictures);
  const added = host.addShapes(shapes);
  host.select(added.map((s) => s.id));
  return added;
}

/* ---------------- consecutive pastes ---------------- */

/** How far (board units) each paste at the same spot moves down and right from the previous one: the layout gap (board.md §9). */
export const PASTE_CASCADE = 20;
/** The spot of each host's last paste (before its cascade) and how many pastes landed there in a row. */
const lastPastes = new WeakMap<object, { x: number; y: number; n: number }>();

/** Where a paste at `point` lands: further along the cascade while pastes keep coming at the same spot. */
function cascade(host: object, point: { x: number; y: number }): { x: number; y: number } {
  const last = lastPastes.get(host);
  const n = last && Math.abs(last.x - point.x) < 1 && Math.abs(last.y - point.y) < 1 ? last.n + 1 : 0;
  lastPastes.set(host, { x: point.x, y: point.y, n });
  return { x: point.x + n * PASTE_CASCADE, y: point.y + n * PASTE_CASCADE };
}

/* ---------------- the synchronous copy and paste events (no permission, plain HTTP too) ---------------- */

/** A copy into a copy or cut event's DataTransfer: the custom type (the payload) and the plain-text side. */
export function writeTransfer(data: DataTransfer, payload: ClipboardPayload): void {
  data.setData('text/plain', plainTextOf(payload));
  data.setData(CLIPBOARD_MIME, JSON.stringify(payload));
}

/**
 * What a paste event's DataTransfer holds: our shapes (the custom type, or a payload as text),
 * a picture, or text; `recall` may recognise a text as the plain side of a copy this browser
 * made (sdk/actions/app-clipboard.ts). null when it holds nothing a board takes.
 */
export function transferContent(data: DataTransfer | null, recall?: (text: string) => ClipboardPayload | null): ClipboardContent | null {
  if (!data) return null;
  const custom = parsePayload(data.getData(CLIPBOARD_MIME));
  if (custom) return { kind: 'shapes', payload: custom };
  const files = [...(data.files ?? [])].filter((f) => /^image\/(png|jpeg|gif|webp|avif|svg\+xml)$/.test(f.type));
  if (files.length) return { kind: 'files', files };
  const text = data.getData('text/plain');
  const payload = parsePayload(text) ?? (text ? (recall?.(text) ?? null) : null);
  if (payload) return { kind: 'shapes', payload };
  return text.trim() ? { kind: 'text', text } : null;
}
