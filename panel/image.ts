import { PANEL_MESSAGES } from './messages';

/** Profile image limits (panel.md §5, §9). */
export const AVATAR_LIMITS = {
  maxBytes: 2 * 1024 * 1024,
  minPx: 16,
  maxPx: 200,
  extensions: ['.png', '.jpg', '.jpeg'],
} as const;

export const AVATAR_ACCEPT = AVATAR_LIMITS.extensions.join(',');
export const AVATAR_TYPE_MESSAGE = 'Only .png, .jpg and .jpeg images are accepted.';

export class ImageRejected extends Error {}

/** The size an image is drawn at: the longer side at most `max`, never enlarged. */
export function scaledSize(width: number, height: number, max: number = AVATAR_LIMITS.maxPx): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Checks type and size before decoding; throws ImageRejected with the spec's text. */
export function checkImageFile(file: { name: string; size: number }): void {
  const ext = /\.[^.]+$/.exec(file.name.toLowerCase())?.[0] ?? '';
  if (!(AVATAR_LIMITS.extensions as readonly string[]).includes(ext)) throw new ImageRejected(AVATAR_TYPE_MESSAGE);
  if (file.size > AVATAR_LIMITS.maxBytes) throw new ImageRejected(PANEL_MESSAGES.imageTooLarge);
}

function loadImage(file: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve(img);
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new ImageRejected(AVATAR_TYPE_MESSAGE));
    };
    img.src = url;
  });
}

/**
 * A chosen profile image made ready to store: .png/.jpg/.jpeg only, at most 2 MB, at least
 * 16 px on each side, drawn on a canvas with the longer side at most 200 px. Resolves to a
 * data URL (PNG for .png, JPEG otherwise).
 */
export async function prepareAvatar(file: File): Promise<string> {
  checkImageFile(file);
  const img = await loadImage(file);
  if (img.naturalWidth < AVATAR_LIMITS.minPx || img.naturalHeight < AVATAR_LIMITS.minPx)
    throw new ImageRejected(PANEL_MESSAGES.imageTooSmall);
  const { width, height } = scaledSize(img.naturalWidth, img.naturalHeight);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new ImageRejected(AVATAR_TYPE_MESSAGE);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(img, 0, 0, width, height);
  const png = file.name.toLowerCase().endsWith('.png');
  return canvas.toDataURL(png ? 'image/png' : 'image/jpeg', 0.9);
}
