import { MESSAGES } from '../../shared/messages';
import { fieldError } from '../core/errors';

/**
 * Profile images (panel.md §5, §9): PNG or JPEG, at most 2 MB, at least 16 px on each side,
 * at most 200 px on the longer side. The panel scales images down before upload; the server
 * reads the real type and dimensions from the file header and refuses what does not fit
 * (it does not re-encode images; docs/accounts.md).
 */
export const AVATAR_LIMITS = { maxBytes: 2 * 1024 * 1024, minPx: 16, maxPx: 200 } as const;

export const AVATAR_MESSAGES = {
  tooLarge: MESSAGES.imageTooLarge,
  tooSmall: MESSAGES.imageTooSmall,
  tooWide: 'Image must be at most 200 pixels on its longer side.',
  badType: 'Only PNG and JPEG images are accepted.',
} as const;

export interface AvatarImage {
  contentType: 'image/png' | 'image/jpeg';
  bytes: Buffer;
  width: number;
  height: number;
}

const avatarError = (text: string) => fieldError('avatar', text);

/** Parses `data:image/png;base64,…` (or JPEG) and checks size, type and dimensions. */
export function parseAvatarDataUrl(value: string): AvatarImage {
  const match = /^data:([^;,]*)((?:;[^;,]*)*);base64,(.*)$/s.exec(value.trim());
  if (!match) throw avatarError(AVATAR_MESSAGES.badType);
  const base64 = match[3]!.replace(/\s+/g, '');
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  if (Math.floor((base64.length * 3) / 4) - padding > AVATAR_LIMITS.maxBytes) throw avatarError(AVATAR_MESSAGES.tooLarge);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > AVATAR_LIMITS.maxBytes) throw avatarError(AVATAR_MESSAGES.tooLarge);
  const info = imageInfo(bytes);
  if (!info) throw avatarError(AVATAR_MESSAGES.badType);
  if (info.width < AVATAR_LIMITS.minPx || info.height < AVATAR_LIMITS.minPx) throw avatarError(AVATAR_MESSAGES.tooSmall);
  if (Math.max(info.width, info.height) > AVATAR_LIMITS.maxPx) throw avatarError(AVATAR_MESSAGES.tooWide);
  return { ...info, bytes };
}

/** Type and dimensions from the PNG IHDR chunk or the JPEG start-of-frame segment; null otherwise. */
export function imageInfo(bytes: Buffer): { contentType: AvatarImage['contentType']; width: number; height: number } | null {
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(PNG_SIGNATURE) && bytes.toString('latin1', 12, 16) === 'IHDR') {
    return { contentType: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    const size = jpegSize(bytes);
    return size && { contentType: 'image/jpeg', ...size };
  }
  return null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let i = 2;
  while (i + 3 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image / scan before any frame header
    const length = bytes.readUInt16BE(i + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (i + 9 > bytes.length) return null;
      return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
    }
    if (length < 2) return null;
    i += 2 + length;
  }
  return null;
}
