import { asBuffer, runRenderJob } from '../core/render/index';
import type { PageVariants, PdfInfo } from './pdf';
import { VARIANTS } from './variants';

/**
 * A PDF's info and pages as the node gets them: drawn in the render process (platform/core/render,
 * ./pdf.ts's readPdfInfo and drawPdfPage), one document at a time, so PDF.js never holds the
 * node's event loop. A document the process cannot read, or one that takes longer than the
 * render timeout, rejects.
 */
export const pdfInfo = (data: Uint8Array): Promise<PdfInfo> => runRenderJob({ kind: 'pdf-info', data });

/** The variants of page `page` (1-based) of a PDF. */
export async function pdfPageVariants(data: Uint8Array, page: number): Promise<PageVariants> {
  const drawn = await runRenderJob({ kind: 'pdf-page', data, page });
  const out = {} as PageVariants;
  for (const variant of VARIANTS) {
    const one = drawn[variant];
    if (!one) throw new Error(`the page has no ${variant} variant`);
    out[variant] = { data: asBuffer(one.data), contentType: one.contentType };
  }
  return out;
}
