import crypto from 'node:crypto';
import fs from 'node:fs';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { COMPRESSION, UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES } from '../../shared/constants';
import { PDF_MAX_PAGES, PDF_MIME } from './pdf';
import { pdfInfo, pdfPageVariants } from './pdf-render';
import { VARIANTS, variantWidth, type Variant } from './variants';

/**
 * What an uploaded file becomes before anything is stored (board.md §5 "Upload", docs/assets.md):
 *
 *  1. its name's extension is one of jpg, jpeg, png, gif, svg, pdf, webp, avif, avifs, else
 *     '"{file}" file type is not supported';
 *  2. its size is at most the smaller of the workspace's maxUploadSize and 10,000,000 bytes, else
 *     '"{file}" size should be less that {n}MB' (the spec's words);
 *  3. its BYTES say what it is (file-type; SVG by its root element): a renamed program is refused
 *     with the first message whatever its name;
 *  4. pictures are decoded and encoded again by sharp: orientation applied, EXIF and other
 *     metadata dropped; a quality under 100 turns them into JPEG (board.md §5 compression); SVG is
 *     rasterised to PNG (nothing of it runs: no script, handler or outside reference survives);
 *     animated GIF and WebP keep their frames;
 *  5. the previews by zoom level (s1, preview) are made once, here;
 *  6. a PDF is kept whole as `original` with its page count; page 1 is drawn now (./pdf.ts, in
 *     the render process: ./pdf-render.ts).
 */
export interface IntakeInput {
  /** the file as the client named it */
  name: string;
  /** where the upload was streamed to (never held whole in memory while it arrives) */
  path: string;
  bytes: number;
  /** the workspace's maxUploadSize, when the board has a workspace */
  workspaceMax?: number | null;
  /** compression quality 1–100 (board.md §5); absent keeps the format */
  quality?: number;
}

export interface IntakeResult {
  mime: string;
  width: number;
  height: number;
  /** 1 for a picture, the page count of a PDF */
  pages: number;
  sha256: string;
  variants: Record<Variant, { data: Buffer; contentType: string }>;
  /** what else is stored: the PDF itself */
  extra: Record<string, { data: Buffer; contentType: string }>;
}

/** A refusal with the spec's message (the route answers 400 with it under `file`). */
export class IntakeError extends Error {}

/** The formats a stored picture is written in. */
type Format = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif';

const PICTURES: Record<string, { format: Format; animated?: boolean }> = {
  'image/jpeg': { format: 'jpeg' },
  'image/png': { format: 'png' },
  'image/gif': { format: 'gif', animated: true },
  'image/webp': { format: 'webp', animated: true },
  'image/avif': { format: 'avif' },
};
const SVG = 'image/svg+xml';
/** The largest side a stored picture keeps (larger ones are scaled down, like the export's cap). */
export const MAX_SIDE = 10_000;

export const unsupported = (name: string) => `"${name}" file type is not supported`;
export const tooLarge = (name: string, limit: number) => `"${name}" size should be less that ${Math.floor(limit / 1_000_000)}MB`;

/** The limit for a board: the smaller of its workspace's maxUploadSize and the spec's cap. */
export function uploadLimit(workspaceMax?: number | null): number {
  return workspaceMax && workspaceMax > 0 ? Math.min(workspaceMax, UPLOAD_MAX_BYTES) : UPLOAD_MAX_BYTES;
}

/** The extension of a file name, lower case ('' when it has none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Whether these bytes are an SVG document (text whose root element is <svg>). */
export function looksLikeSvg(head: Buffer): boolean {
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  const rest = text.replace(/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*/i, '');
  return /^<svg[\s/>]/i.test(rest);
}

/** What the bytes are: a picture's MIME type, SVG, or null (anything else). */
export async function sniff(data: Buffer): Promise<string | null> {
  const found = await fileTypeFromBuffer(data);
  if (found)
    return PICTURES[found.mime] || found.mime === PDF_MIME
      ? found.mime
      : found.mime === 'application/xml' && looksLikeSvg(data.subarray(0, 4096))
        ? SVG
        : null;
  return looksLikeSvg(data.subarray(0, 4096)) ? SVG : null;
}

export async function intake(input: IntakeInput): Promise<IntakeResult> {
  const { name } = input;
  if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(extensionOf(name))) throw new IntakeError(unsupported(name));
  const limit = uploadLimit(input.workspaceMax);
  if (input.bytes > limit) throw new IntakeError(tooLarge(name, limit));
  const data = await fs.promises.readFile(input.path);
  if (data.length > limit) throw new IntakeError(tooLarge(name, limit));
  const mime = await sniff(data);
  if (!mime) throw new IntakeError(unsupported(name));
  const sha256 = crypto.createHash('sha256').update(data).digest('hex');

  if (mime === PDF_MIME) return intakePdf(name, data, sha256);
  const picture = PICTURES[mime];
  const animated = !!picture?.animated;
  let source: Sharp;
  try {
    source = sharp(data, { animated, limitInputPixels: 100_000_000 });
    await source.metadata();
  } catch {
    throw new IntakeError(unsupported(name));
  }
  const quality = input.quality;
  const toJpeg = quality !== undefined && quality < COMPRESSION.max && !animated;
  const format: Format = toJpeg ? 'jpeg' : mime === SVG ? 'png' : picture!.format;
  const q = quality ?? 90;
  const encoders: Record<Format, (s: Sharp) => Sharp> = {
    // libjpeg-turbo, not mozjpeg: a few percent larger, several times faster (a photo shows sooner)
    jpeg: (s) => s.flatten({ background: '#ffffff' }).jpeg({ quality: q, progressive: true }),
    png: (s) => s.png(),
    gif: (s) => s.gif(),
    webp: (s) => s.webp({ quality: q }),
    avif: (s) => s.avif({ quality: q }),
  };
  const encode = encoders[format];

  let full: { data: Buffer; info: OutputInfo };
  try {
    full = await encode(
      source.clone().rotate().resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true }),
    ).toBuffer({ resolveWithObject: true });
  } catch {
    throw new IntakeError(unsupported(name));
  }
  const width = full.info.width;
  const height = animated && full.info.pageHeight ? full.info.pageHeight : full.info.height;
  const contentType = `image/${format}`;
  const variants = { full: { data: full.data, contentType } } as IntakeResult['variants'];
  // the previews straight from the uploaded bytes (a JPEG is decoded at the reduced size: shrink on
  // load), oriented like the full picture; an animation's first frame
  for (const variant of VARIANTS) {
    if (variant === 'full') continue;
    const w = variantWidth(variant, width);
    const reduced = sharp(data, { animated: false, limitInputPixels: 100_000_000 }).rotate().resize({ width: w });
    // a picture made JPEG is on white: so are its previews
    const preview = await (toJpeg ? reduced.flatten({ background: '#ffffff' }) : reduced).webp({ quality: 80 }).toBuffer();
    variants[variant] = { data: preview, contentType: 'image/webp' };
  }
  return { mime: contentType, width, height, pages: 1, sha256, variants, extra: {} };
}

async function intakePdf(name: string, data: Buffer, sha256: string): Promise<IntakeResult> {
  let info;
  let variants;
  try {
    info = await pdfInfo(data);
    if (info.pages < 1 || info.pages > PDF_MAX_PAGES) throw new Error('pages');
    variants = await pdfPageVariants(data, 1);
  } catch {
    throw new IntakeError(unsupported(name));
  }
  return {
    mime: PDF_MIME,
    width: info.width,
    height: info.height,
    pages: info.pages,
    sha256,
    variants,
    extra: { original: { data, contentType: PDF_MIME } },
  };
}
