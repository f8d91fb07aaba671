import type { AppendedCommand } from '../../shared/hub';
import type * as Wire from '../../shared/wire';
import type { Command } from '../../shared/model';

/**
 * The board's HTTP calls (board.md §7): loading the board with a progress percent read from
 * content-length, and the command POST used as the send queue's fallback. Every request
 * carries the bearer token unless roaming, and the Uid (query for GET, body otherwise).
 */
export interface BoardLoad {
  board?: Record<string, unknown>;
  snapshot: unknown;
  commands: Command[];
  lastSeq: number;
  /** private mode filtered this load for this member (docs/security.md "Private mode") */
  restricted?: boolean;
  /** …in its blurry variant: others' texts and sticky notes are in it, blurred */
  blurry?: boolean;
}

export interface Credentials {
  /** absolute base url of the platform, e.g. https://tabula.example */
  server: string;
  uid: string;
  token(): string | null;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
    readonly tokenExpired: boolean,
  ) {
    super(message);
  }
}

export const TOKEN_EXPIRED_HEADER = 'token-expired';

function headers(creds: Credentials, json: boolean): Record<string, string> {
  const h: Record<string, string> = {};
  const token = creds.token();
  if (token) h.authorization = `Bearer ${token}`;
  if (json) h['content-type'] = 'application/json';
  return h;
}

async function failure(res: Response): Promise<HttpError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    /* no JSON body */
  }
  const message = (body as { message?: string } | null)?.message ?? `${res.status} ${res.statusText}`;
  return new HttpError(res.status, message, body, res.headers.has(TOKEN_EXPIRED_HEADER));
}

/** GET /api/boards/{code}/commands[?after=seq]: streams the body to report percent (0–100). */
export async function fetchBoard(
  creds: Credentials,
  code: string,
  options: { after?: number; onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<BoardLoad> {
  const url = new URL(`/api/boards/${encodeURIComponent(code)}/commands`, creds.server);
  url.searchParams.set('Uid', creds.uid);
  if (options.after !== undefined) url.searchParams.set('after', String(options.after));
  const res = await fetch(url, { headers: headers(creds, false), signal: options.signal, cache: 'no-store' });
  if (!res.ok) throw await failure(res);
  const total = Number(res.headers.get('content-length')) || 0;
  const text = await readWithProgress(res, total, options.onProgress);
  const data = JSON.parse(text) as Partial<BoardLoad>;
  return {
    board: data.board,
    snapshot: data.snapshot ?? null,
    commands: data.commands ?? [],
    lastSeq: data.lastSeq ?? 0,
    ...(data.restricted === true ? { restricted: true } : {}),
    ...(data.blurry === true ? { blurry: true } : {}),
  };
}

async function readWithProgress(res: Response, total: number, onProgress?: (percent: number) => void): Promise<string> {
  if (!res.body) return res.text();
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  onProgress?.(0);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    // Without a length (compressed or chunked) the percent creeps towards 99 and jumps to 100.
    const percent = total > 0 ? (received / total) * 100 : 99 * (1 - 1 / (1 + received / 262_144));
    onProgress?.(Math.min(99, Math.floor(percent)));
  }
  onProgress?.(100);
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const c of chunks) {
    bytes.set(c, offset);
    offset += c.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** POST /api/boards/{boardName}/commands: the HTTP path of a send; answers `{ id, seq, effect? }`. */
export async function postCommand(
  creds: Credentials,
  boardName: string,
  body: { boardCommand: Command; connectionId: string | null; coreActions: string[] },
): Promise<Partial<AppendedCommand>> {
  const url = new URL(`/api/boards/${encodeURIComponent(boardName)}/commands`, creds.server);
  const res = await fetch(url, {
    method: 'POST',
    headers: headers(creds, true),
    body: JSON.stringify({
      boardCommand: JSON.stringify(body.boardCommand),
      connectionId: body.connectionId,
      uid: creds.uid,
      Uid: creds.uid,
      coreActions: body.coreActions,
    }),
  });
  if (!res.ok) throw await failure(res);
  try {
    return (await res.json()) as Partial<AppendedCommand>;
  } catch {
    return {};
  }
}

/** Any board-area call as this visitor (board.md §7: bearer token, Uid in the query for GET, in the body otherwise); the parsed JSON answer. */
export async function boardRequest<T>(
  creds: Credentials,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: Record<string, unknown>,
): Promise<T> {
  const url = new URL(path, creds.server);
  if (method === 'GET') url.searchParams.set('Uid', creds.uid);
  const res = await fetch(url, {
    method,
    headers: headers(creds, method !== 'GET'),
    body: method === 'GET' ? undefined : JSON.stringify({ ...(body ?? {}), Uid: creds.uid }),
    cache: 'no-store',
    // the board's reports (sdk/telemetry) are sent as the page closes too: they must outlive it
    keepalive: path.startsWith('/api/logs/'),
  });
  if (!res.ok) throw await failure(res);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The board's HTTP calls as one session makes them (its credentials and board bound). */
export interface BoardHttp {
  /** GET …/commands: the whole board, or (with `after`) the commands past that seq */
  load(options?: { after?: number; onProgress?: (percent: number) => void }): Promise<BoardLoad>;
  /** POST …/commands */
  post(body: { boardCommand: Command; connectionId: string | null; coreActions: string[] }): Promise<Partial<AppendedCommand>>;
  /** any board-area call */
  request<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: Record<string, unknown>): Promise<T>;
  /** POST …/assets: a file onto the board */
  upload(file: Blob, name: string, options?: { quality?: number; onProgress?: (percent: number) => void }): Promise<UploadedAsset>;
  /** POST …/assets with { url }: a file the server fetches from an address (upload via URL) */
  uploadUrl(url: string, options?: { quality?: number }): Promise<UploadedAsset>;
  /** GET /api/assets/…: a picture of the board */
  asset(resource: string, variant: string, page?: number): Promise<Blob>;
  /** GET /api/media/{resource}/original: a picture's original, with the name it downloads as */
  original(resource: string): Promise<{ blob: Blob; name: string }>;
}

/** The session's HTTP calls to the platform over fetch. */
export function boardHttp(creds: Credentials, code: string): BoardHttp {
  return {
    load: (options = {}) => fetchBoard(creds, code, options),
    post: (body) => postCommand(creds, code, body),
    request: (method, path, body) => boardRequest(creds, method, path, body),
    upload: (file, name, options) => uploadFile(creds, code, file, name, options),
    uploadUrl: (url, options = {}) => boardRequest(creds, 'POST', `/api/boards/${encodeURIComponent(code)}/assets`, { url, ...options }),
    asset: (resource, variant, page) => fetchAsset(creds, code, resource, variant, page),
    original: (resource) => fetchOriginal(creds, code, resource),
  };
}

/** The answer of POST /api/boards/{id}/assets (board.md §3; shared/wire.ts). */
export type UploadedAsset = Wire.UploadedAsset;

/**
 * POST /api/boards/{board}/assets: one file as multipart, with `quality` when given, reporting the
 * sent share (0–100) as it goes (XMLHttpRequest: fetch cannot report an upload's progress).
 */
export function uploadFile(
  creds: Credentials,
  board: string,
  file: Blob,
  name: string,
  options: { quality?: number; onProgress?: (percent: number) => void } = {},
): Promise<UploadedAsset> {
  const form = new FormData();
  form.append('file', file, name);
  form.append('Uid', creds.uid);
  if (options.quality !== undefined) form.append('quality', String(options.quality));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', new URL(`/api/boards/${encodeURIComponent(board)}/assets`, creds.server).toString());
    const token = creds.token();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(Math.min(100, Math.floor((e.loaded / e.total) * 100)));
    };
    xhr.onerror = () => reject(new HttpError(0, 'Network error', null, false));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* no JSON body */
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as UploadedAsset);
      const message = (body as { message?: string } | null)?.message ?? `${xhr.status} ${xhr.statusText}`;
      reject(new HttpError(xhr.status, message, body, !!xhr.getResponseHeader(TOKEN_EXPIRED_HEADER)));
    };
    xhr.send(form);
  });
}

/** GET /api/assets/{id}/{variant}?Board=&Page=: a picture of the board, with this visitor's credentials. */
export async function fetchAsset(creds: Credentials, board: string, resource: string, variant: string, page?: number): Promise<Blob> {
  const url = new URL(`/api/assets/${encodeURIComponent(resource)}/${variant}`, creds.server);
  url.searchParams.set('Board', board);
  url.searchParams.set('Uid', creds.uid);
  if (page && page > 1) url.searchParams.set('Page', String(page));
  const res = await fetch(url, { headers: headers(creds, false) });
  if (!res.ok) throw await failure(res);
  return res.blob();
}

/** GET /api/media/{resource}/original?Board=: the picture's original and its file name (from Content-Disposition). */
export async function fetchOriginal(creds: Credentials, board: string, resource: string): Promise<{ blob: Blob; name: string }> {
  const url = new URL(`/api/media/${encodeURIComponent(resource)}/original`, creds.server);
  url.searchParams.set('Board', board);
  url.searchParams.set('Uid', creds.uid);
  const res = await fetch(url, { headers: headers(creds, false) });
  if (!res.ok) throw await failure(res);
  const disposition = res.headers.get('content-disposition') ?? '';
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="([^"]*)"/i.exec(disposition)?.[1];
  let name = plain || 'picture';
  try {
    if (utf8) name = decodeURIComponent(utf8);
  } catch {
    /* the plain name */
  }
  return { blob: await res.blob(), name };
}
