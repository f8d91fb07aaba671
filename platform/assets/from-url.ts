import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UPLOAD_EXTENSIONS } from '../../shared/constants';
import { MESSAGES } from '../../shared/messages';
import { fetchOutbound, OutboundError, TOO_LARGE, type OutboundDeps } from '../core/outbound';
import { extensionOf, IntakeError, tooLarge } from './intake';

/**
 * Upload via URL (board.md §5): the server fetches the picture a person named, then it goes
 * through the same intake as an uploaded file. The fetch is an outbound request on a user's behalf
 * (platform/core/outbound.ts): public addresses only (after every redirect), the size capped at the
 * board's upload limit while it arrives, 20 s in all.
 */

/** A URL that is not http(s) or does not parse: 'Invalid URL' (the spec's words). */
export class InvalidUrl extends Error {
  constructor() {
    super(MESSAGES.invalidUrl);
  }
}

/** The fetch failed (refused address, no answer, an error status, too slow): the spec's words. */
export class DownloadFailed extends Error {
  constructor(readonly reason: string) {
    super(MESSAGES.downloadFromUrlFailed);
  }
}

const TIMEOUT_MS = 20_000;

/** The extension a fetched file gets when its address has none the intake knows. */
const EXTENSION_OF_TYPE: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/svg+xml': 'svg',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'application/pdf': 'pdf',
};

export function parseUploadUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new InvalidUrl();
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InvalidUrl();
  return url;
}

/**
 * The name the fetched file is known by: the address's last path segment (decoded), with an
 * extension from the answer's type when the segment has none the intake accepts ("photo" served
 * as image/png is "photo.png"). The intake still decides by the bytes.
 */
export function nameFromUrl(url: URL, contentType = ''): string {
  const segment = url.pathname.split('/').filter(Boolean).pop() ?? '';
  let name: string;
  try {
    name = decodeURIComponent(segment);
  } catch {
    name = segment;
  }
  name = name.replace(/[\\/\0]/g, '').slice(0, 200) || url.hostname;
  if ((UPLOAD_EXTENSIONS as readonly string[]).includes(extensionOf(name))) return name;
  const ext = EXTENSION_OF_TYPE[contentType.split(';')[0]!.trim().toLowerCase()];
  return ext ? `${name}.${ext}` : name;
}

export interface DownloadedFile {
  name: string;
  path: string;
  bytes: number;
  remove(): Promise<void>;
}

/**
 * Fetches `address` into a temporary file (removed by `remove()`); at most `limit` bytes. A file
 * over the limit is refused with the size message (IntakeError), a failed fetch with DownloadFailed.
 */
export async function downloadToFile(
  address: string,
  options: { allowPrivate: boolean; limit: number },
  deps?: OutboundDeps,
): Promise<DownloadedFile> {
  const url = parseUploadUrl(address);
  let answer;
  try {
    answer = await fetchOutbound(
      url.toString(),
      {
        allowPrivate: options.allowPrivate,
        maxBytes: options.limit,
        timeoutMs: TIMEOUT_MS,
        accept: 'image/*, application/pdf;q=0.9, */*;q=0.5',
      },
      deps,
    );
  } catch (err) {
    if (err instanceof OutboundError && err.message === TOO_LARGE) throw new IntakeError(tooLarge(nameFromUrl(url), options.limit));
    if (err instanceof OutboundError) throw new DownloadFailed(err.message);
    throw err;
  }
  const name = nameFromUrl(new URL(answer.url), answer.contentType);
  const file = path.join(os.tmpdir(), `tabula-url-${crypto.randomUUID()}`);
  await fs.promises.writeFile(file, answer.body);
  return { name, path: file, bytes: answer.body.length, remove: () => fs.promises.rm(file, { force: true }) };
}
