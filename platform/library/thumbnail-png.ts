import sharp from 'sharp';
import type { ThumbnailRequest } from '../core/render/jobs';

/**
 * Draws a picture (an SVG of the board, or a client's PNG/JPEG/WebP) at thumbnail size as a PNG:
 * the render process's `thumbnail` job (platform/render-process.ts). The node asks for it through
 * `renderThumbnailPng` (platform/core/render), never calls it itself.
 */
export async function drawThumbnailPng({ input, width, height, background, format }: ThumbnailRequest): Promise<Buffer> {
  const image = sharp(Buffer.from(input), { limitInputPixels: 4096 * 4096 });
  if (format && (await image.metadata()).format !== format) throw new Error('format mismatch');
  return image.resize(width, height, { fit: 'contain', background }).png({ compressionLevel: 9 }).toBuffer();
}
