import sharp from 'sharp';
import type { RenderReply, RenderRequest } from './request';

/**
 * The thumbnail render process (forked by ./index.ts, at a lower CPU priority than the node): draws
 * a picture (an SVG of the board, or a client's PNG/JPEG/WebP) at thumbnail size as a PNG. It keeps
 * libvips' rasterising off the node's cores while the node serves its boards, and exits with the
 * node (its IPC channel closing).
 */
sharp.concurrency(1);
// every picture is drawn once: libvips' operation cache would only hold memory
sharp.cache(false);

process.on('message', (request: RenderRequest) => {
  void render(request)
    .then(
      (png): RenderReply => ({ id: request.id, png }),
      (err: unknown): RenderReply => ({ id: request.id, error: err instanceof Error ? err.message : String(err) }),
    )
    .then((reply) => process.send?.(reply));
});
process.on('disconnect', () => process.exit(0));

async function render({ input, width, height, background, format }: RenderRequest): Promise<Buffer> {
  const image = sharp(Buffer.from(input), { limitInputPixels: 4096 * 4096 });
  if (format && (await image.metadata()).format !== format) throw new Error('format mismatch');
  return image.resize(width, height, { fit: 'contain', background }).png({ compressionLevel: 9 }).toBuffer();
}
