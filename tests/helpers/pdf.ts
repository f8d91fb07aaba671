/** Documents for upload tests. */

/** A PDF of two pages: 200×100 with a red box, then 100×300 (made by hand: PDF.js reads it). */
export const twoPagePdf = () =>
  Buffer.from(`%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R 5 0 R] /Count 2 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R >> endobj
4 0 obj << /Length 26 >> stream
1 0 0 rg 10 10 100 50 re f
endstream endobj
5 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 100 300] >> endobj
trailer << /Root 1 0 R >>
%%EOF`);
