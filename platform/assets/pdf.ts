import { getDocumentProxy, renderPageAsImage } from 'unpdf';
import sharp from 'sharp';
import { VARIANTS, variantWidth, type Variant } from './variants';

/**
 * PDF documents (board.md §3 image shape with metadata type and page, §5 page menu): a PDF is
 * kept whole (`<id>/original`) and shown one page at a time; each page is drawn by PDF.js (unpdf,
 * with @napi-rs/canvas: no browser, no eval) to a PNG on white, at a scale that keeps its longer
 * side near 2,000 px, then made into the same variants as a picture. Page 1 is drawn at upload;
 * the others the first time someone asks for them (GET …?Page=N), then kept.
 *
 * The drawing (readPdfInfo, drawPdfPage) runs in the node's render process
 * (platform/render-process.ts), never on the node's own thread: the node asks for it through
 * ./pdf-render.ts.
 */
export const PDF_MIME = 'application/pdf';
/** The most pages a document may have (larger ones are refused as unsupported). */
export const PDF_MAX_PAGES = 500;
const FULL_SIDE = 2000;

export interface PdfInfo {
  pages: number;
  /** page 1 in PDF units (1/72 in), what the shape's size starts from */
  width: number;
  height: number;
}

export async function readPdfInfo(data: Uint8Array): Promise<PdfInfo> {
  const doc = await getDocumentProxy(new Uint8Array(data));
  try {
    const viewport = (await doc.getPage(1)).getViewport({ scale: 1 });
    return { pages: doc.numPages, width: Math.round(viewport.width), height: Math.round(viewport.height) };
  } finally {
    await doc.destroy();
  }
}

export type PageVariants = Record<Variant, { data: Buffer; contentType: string }>;

/** The variants of page `page` (1-based) of a PDF. */
export async function drawPdfPage(data: Uint8Array, page: number): Promise<PageVariants> {
  const doc = await getDocumentProxy(new Uint8Array(data));
  try {
    const viewport = (await doc.getPage(page)).getViewport({ scale: 1 });
    const scale = Math.min(4, FULL_SIDE / Math.max(viewport.width, viewport.height, 1));
    const png = Buffer.from(await renderPageAsImage(doc, page, { canvasImport: () => import('@napi-rs/canvas'), scale }));
    const full = await sharp(png).flatten({ background: '#ffffff' }).png().toBuffer({ resolveWithObject: true });
    const out = { full: { data: full.data, contentType: 'image/png' } } as PageVariants;
    for (const variant of VARIANTS) {
      if (variant === 'full') continue;
      out[variant] = {
        data: await sharp(full.data)
          .resize({ width: variantWidth(variant, full.info.width) })
          .webp({ quality: 80 })
          .toBuffer(),
        contentType: 'image/webp',
      };
    }
    return out;
  } finally {
    await doc.destroy();
  }
}

/** The storage key of a variant of a page: page 1 is the asset's own variants, page N is `pN-<variant>`. */
export const pageKey = (id: string, page: number, variant: Variant) => (page <= 1 ? `${id}/${variant}` : `${id}/p${page}-${variant}`);
