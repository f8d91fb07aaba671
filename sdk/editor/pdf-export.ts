import type { FrameShape, Shape } from '../../shared/model';
import { EXPORT_BACKGROUND, EXPORT_PADDING } from '../../shared/constants';
import {
  boundsOf,
  expandRect,
  isHiddenShape,
  rectsIntersect,
  shapeToSvg,
  shapesBounds,
  type Rect,
  type SvgOptions,
} from '../../shared/geometry';
import { attrs, num } from '../../shared/geometry/svg';
import { pictureKey } from '../../shared/geometry/image';
import { holdPictures } from './export';

/**
 * PDF export, a page per frame (issue 34 item 10; docs/board-screen.md "PDF export"): one page per
 * frame in the frames panel's order, each page the frame's area (its title strip included) at
 * 0.75 pt a board unit (a CSS pixel's size in points, so a page prints at the size the board shows
 * at 100%); the whole board on one page (bounds plus padding 30, as the PNG export) when there are
 * no frames. Each page is the board's SVG (shared/geometry's shapeToSvg, as the SVG export)
 * drawn by svg2pdf.js into jsPDF: shapes and text stay vectors, text is real text in the embedded
 * board font (Open Sans), uploaded pictures go inside the file. jsPDF, svg2pdf.js and the font
 * load only when a PDF is made (dynamic imports: a lazy chunk of their own).
 */

/** Points per board unit: a CSS px is 0.75 pt. */
export const PDF_POINTS_PER_UNIT = 0.75;
/** The largest page side a PDF reader accepts (200 in, PDF 1.6 user space limit), in points. */
export const PDF_MAX_PAGE_SIDE = 14_400;
/** The embedded font's name in the PDF: every board font is drawn with it (docs/board-screen.md). */
export const PDF_FONT = 'OpenSans';

export interface PdfPage {
  /** the frame this page shows, or null for the whole board */
  frameId: string | null;
  /** the frame's title (the page's bookmark), '' for the whole board */
  title: string;
  /** the board area the page shows, board units */
  area: Rect;
  /** the page size in points, at most 14400 a side */
  width: number;
  height: number;
  /** the shapes drawn on the page, bottom to top */
  shapes: Shape[];
}

/** The board's frames in the frames panel's order (sdk/ui/frames-panel.tsx framesInOrder: by `order`). */
export function framesInPanelOrder(shapes: readonly Shape[]): FrameShape[] {
  return shapes.filter((s): s is FrameShape => s.cmd === 'frame' && !isHiddenShape(s)).sort((a, b) => a.order - b.order);
}

/** A page's size in points for a board area: 0.75 pt a unit, scaled down so no side exceeds 14400. */
export function pdfPageSize(area: Rect): { width: number; height: number; scale: number } {
  const scale = Math.min(PDF_POINTS_PER_UNIT, PDF_MAX_PAGE_SIDE / Math.max(area.w, 1), PDF_MAX_PAGE_SIDE / Math.max(area.h, 1));
  return { width: Math.max(1, Math.round(area.w * scale * 100) / 100), height: Math.max(1, Math.round(area.h * scale * 100) / 100), scale };
}

/**
 * The PDF's pages: one per frame in the panel's order, showing the frame and what lies on it
 * (its children and any other shape over its area; other frames are left out, a shape reaching
 * past the frame is cut at the page's edge); or one page of the whole board when it has no frames.
 * Resolved comments are left out, as in every export.
 */
export function pdfPagePlan(shapes: readonly Shape[]): PdfPage[] {
  const drawn = shapes.filter((s) => !isHiddenShape(s));
  const frames = framesInPanelOrder(drawn);
  const page = (frameId: string | null, title: string, area: Rect, on: Shape[]): PdfPage => ({
    frameId,
    title,
    area,
    ...pdfPageSize(area),
    shapes: on,
  });
  if (frames.length === 0) {
    const area = expandRect(shapesBounds(drawn) ?? { x: 0, y: 0, w: 0, h: 0 }, EXPORT_PADDING);
    return [page(null, '', area, drawn)];
  }
  return frames.map((f) => {
    const area = boundsOf(f);
    const children = new Set(f.children ?? []);
    const on = drawn.filter((s) => s.id === f.id || (s.cmd !== 'frame' && (children.has(s.id) || rectsIntersect(boundsOf(s), area))));
    return page(f.id, f.title, area, on);
  });
}

/** One page as a standalone SVG document: a white sheet of the page's area and its shapes. */
export function pdfPageSvg(page: PdfPage, options: SvgOptions = {}): string {
  const { area } = page;
  const sheet = `<rect ${attrs({ x: area.x, y: area.y, width: area.w, height: area.h, fill: EXPORT_BACKGROUND })}/>`;
  const body = page.shapes.map((s) => shapeToSvg(s, options)).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" ${attrs({
    width: page.width,
    height: page.height,
    viewBox: `${num(area.x)} ${num(area.y)} ${num(area.w)} ${num(area.h)}`,
  })}>${sheet}${body}</svg>`;
}

/** Every font a page names becomes the embedded one (jsPDF would fall back to Times otherwise). */
function embedFontIn(svg: Element): void {
  for (const el of [svg, ...svg.querySelectorAll('[font-family]')])
    if (el.hasAttribute('font-family')) el.setAttribute('font-family', PDF_FONT);
  svg.setAttribute('font-family', PDF_FONT);
}

const orientation = (p: { width: number; height: number }) => (p.width > p.height ? 'landscape' : 'portrait');

/**
 * The PDF of the shapes (see the module comment) as a data URL. Needs a browser (DOMParser for
 * the pages' SVG). A picture from an outside address draws as its grey box (it cannot be read
 * from another origin); uploaded ones are embedded.
 */
export async function exportPdf(shapes: readonly Shape[], title = ''): Promise<string> {
  if (typeof document === 'undefined') throw new Error('PDF export needs a browser');
  const pages = pdfPagePlan(shapes);
  const [{ jsPDF }, , font] = await Promise.all([import('jspdf'), import('svg2pdf.js'), import('../fonts/open-sans')]);
  const held = await holdPictures(pages.flatMap((p) => p.shapes).filter((s, i, all) => all.indexOf(s) === i));
  try {
    const first = pages[0]!;
    const doc = new jsPDF({
      unit: 'pt',
      format: [first.width, first.height],
      orientation: orientation(first),
      compress: true,
      putOnlyUsedFonts: true,
    });
    doc.addFileToVFS(font.OPEN_SANS_FILE, font.OPEN_SANS_TTF_BASE64);
    for (const style of ['normal', 'bold', 'italic', 'bolditalic']) doc.addFont(font.OPEN_SANS_FILE, PDF_FONT, style);
    doc.setFont(PDF_FONT, 'normal');
    if (title) doc.setProperties({ title });
    const options: SvgOptions = { assetUrl: (resource, page) => held.urls.get(pictureKey(resource, page)) ?? '', offline: true };
    const parser = new DOMParser();
    for (const [i, page] of pages.entries()) {
      if (i > 0) doc.addPage([page.width, page.height], orientation(page));
      const svg = parser.parseFromString(pdfPageSvg(page, options), 'image/svg+xml').documentElement;
      embedFontIn(svg);
      await doc.svg(svg, { x: 0, y: 0, width: page.width, height: page.height });
      if (page.title) doc.outline.add(null, page.title, { pageNumber: i + 1 });
    }
    return doc.output('datauristring');
  } finally {
    held.release();
  }
}
