/**
 * The link shape (board.md §3: url, shapes). Two forms, one kind:
 *  - a link that groups shapes (`shapes` non-empty, no box): drawn as its shapes, the group
 *    geometry of ./group.ts;
 *  - a link card (issue 34: a pasted URL): a box (x, y, w, h) showing the page's preview — its
 *    picture, title, description and site — as the server's link-preview proxy found it
 *    (platform/links). A card without a title (the preview failed) shows its address, the
 *    spec's "the url can't be shown" and its host.
 * The card's layout is computed here once, so the canvas (sdk/shapes/link.ts) and the SVG
 * export draw the same card.
 */
import type { LinkShape, Shape } from '../model';
import { DEFAULT_FONT } from '../constants';
import { MESSAGES } from '../messages';
import { POLICY } from '../policy-names';
import { groupGeometry } from './group';
import { containsPoint, normalizeRect, rotatedBounds, unrotate, type Rect } from './rect';
import { attrs, commonAttrs, escapeXml } from './svg';
import type { ShapeGeometry } from './types';

/** A new card's size in board units. */
export const LINK_CARD = { w: 360, h: 120 } as const;
/** The limits of a card's preview fields (shared/shape-check.ts, platform/core/model-schemas.ts). */
export const LINK_CARD_LIMITS = { title: 300, description: 1000, site: 200 } as const;

export const LINK_CARD_STYLE = {
  padding: 12,
  radius: 8,
  background: '#ffffff',
  border: '#c9ced6',
  placeholder: '#e9ecef',
  /** AA on white (contrast 4.5 or more) */
  title: { size: 16, color: '#1b1f24', weight: 'bold' as const },
  description: { size: 13, color: '#3d4450' },
  site: { size: 12, color: '#5a6270' },
  lineHeight: 1.3,
  font: DEFAULT_FONT,
} as const;

export type LinkCardShape = LinkShape & { x: number; y: number; w: number; h: number };

/** Whether the link shape is a card (has its own box) rather than a group of shapes. */
export function isLinkCard(shape: Shape): shape is LinkCardShape {
  const s = shape as Partial<LinkCardShape>;
  return shape.cmd === 'link' && typeof s.x === 'number' && typeof s.y === 'number' && typeof s.w === 'number' && typeof s.h === 'number';
}

/** The address a link card opens (a group link's url is its shapes' link), or null. */
export function linkCardUrl(shape: Shape | undefined): string | null {
  return shape && isLinkCard(shape) && /^https?:\/\//i.test(shape.url) ? shape.url : null;
}

/** The host of an address, without "www." ('' when it does not parse). */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./i, '');
  } catch {
    return '';
  }
}

/** One block of text on the card: its lines from a top-left origin. */
export interface CardText {
  x: number;
  y: number;
  width: number;
  size: number;
  lineHeight: number;
  color: string;
  bold: boolean;
  lines: string[];
}

export interface LinkCardLayout {
  box: Rect;
  /** where the picture goes (null: the card has none) */
  image: Rect | null;
  texts: CardText[];
}

/** A character's width as a share of the font size (the layout has no fonts to measure: an estimate). */
const CHAR_WIDTH = 0.52;
const BOLD_CHAR_WIDTH = 0.58;

/**
 * Word-wraps `text` into at most `maxLines` lines of about `maxChars` characters; what does not
 * fit ends the last line with '…'. Words longer than a line are cut.
 */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const words = text.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  if (maxChars < 1 || maxLines < 1 || !words.length) return [];
  const lines: string[] = [];
  let line = '';
  let i = 0;
  while (i < words.length && lines.length < maxLines) {
    const word = words[i]!;
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= maxChars) {
      line = candidate;
      i++;
    } else if (!line) {
      lines.push(word.slice(0, maxChars));
      words[i] = word.slice(maxChars);
    } else {
      lines.push(line);
      line = '';
    }
  }
  if (line && lines.length < maxLines) lines.push(line);
  if (i < words.length && lines.length) {
    const last = lines[lines.length - 1]!;
    lines[lines.length - 1] = `${last.length >= maxChars ? last.slice(0, Math.max(0, maxChars - 1)) : last}…`;
  }
  return lines;
}

/** Where the card draws its picture and words (board units). */
export function linkCardLayout(shape: LinkCardShape): LinkCardLayout {
  const box = normalizeRect({ x: shape.x, y: shape.y, w: shape.w, h: shape.h });
  const S = LINK_CARD_STYLE;
  const side = shape.image ? Math.min(box.h, box.w * 0.35) : 0;
  const image = shape.image && side > 0 ? { x: box.x, y: box.y, w: side, h: box.h } : null;
  const x = box.x + side + S.padding;
  const width = Math.max(0, box.w - side - 2 * S.padding);
  const lh = (size: number) => size * S.lineHeight;
  const chars = (size: number, bold = false) => Math.floor(width / (size * (bold ? BOLD_CHAR_WIDTH : CHAR_WIDTH)));
  const texts: CardText[] = [];
  const site = shape.site || hostOf(shape.url);
  // a card without a preview names its address, so people know what could not be shown
  const title = shape.title || shape.url;
  const description = shape.title ? (shape.description ?? '') : MESSAGES.linkPreviewUnavailable;
  const top = box.y + S.padding;
  const bottom = box.y + box.h - S.padding;
  const siteY = bottom - lh(S.site.size);
  let y = top;
  const titleLines = wrapText(title, chars(S.title.size, true), Math.max(0, Math.min(2, Math.floor((siteY - y) / lh(S.title.size)))));
  if (titleLines.length) {
    texts.push({ x, y, width, size: S.title.size, lineHeight: lh(S.title.size), color: S.title.color, bold: true, lines: titleLines });
    y += titleLines.length * lh(S.title.size) + 2;
  }
  const descLines = wrapText(
    description,
    chars(S.description.size),
    Math.max(0, Math.min(3, Math.floor((siteY - y) / lh(S.description.size)))),
  );
  if (descLines.length)
    texts.push({
      x,
      y,
      width,
      size: S.description.size,
      lineHeight: lh(S.description.size),
      color: S.description.color,
      bold: false,
      lines: descLines,
    });
  if (site && siteY >= top) {
    const siteLines = wrapText(site, chars(S.site.size), 1);
    if (siteLines.length)
      texts.push({
        x,
        y: siteY,
        width,
        size: S.site.size,
        lineHeight: lh(S.site.size),
        color: S.site.color,
        bold: false,
        lines: siteLines,
      });
  }
  return { box, image, texts };
}

function cardSvg(shape: LinkCardShape, offline: boolean): string {
  const S = LINK_CARD_STYLE;
  const { box, image, texts } = linkCardLayout(shape);
  const parts: string[] = [`<rect ${attrs({ x: box.x, y: box.y, width: box.w, height: box.h, rx: S.radius, fill: S.background })}/>`];
  if (image) {
    // server thumbnails fetch no address (offline): the picture's place stays grey
    parts.push(`<rect ${attrs({ x: image.x, y: image.y, width: image.w, height: image.h, fill: S.placeholder })}/>`);
    if (!offline && shape.image && /^https?:\/\//i.test(shape.image))
      parts.push(
        `<image ${attrs({ href: shape.image, x: image.x, y: image.y, width: image.w, height: image.h, preserveAspectRatio: 'xMidYMid slice' })}/>`,
      );
  }
  // the outline over the picture's edge
  parts.push(
    `<rect ${attrs({ x: box.x, y: box.y, width: box.w, height: box.h, rx: S.radius, fill: 'none', stroke: S.border, 'stroke-width': 1 })}/>`,
  );
  for (const t of texts) {
    const spans = t.lines
      .map((line, i) => `<tspan ${attrs({ x: t.x, y: t.y + i * t.lineHeight + t.size })}>${escapeXml(line)}</tspan>`)
      .join('');
    parts.push(
      `<text ${attrs({
        'font-family': S.font,
        'font-size': t.size,
        'font-weight': t.bold ? 'bold' : undefined,
        fill: t.color,
      })}>${spans}</text>`,
    );
  }
  const group = `<g ${attrs(commonAttrs(shape, box))}>${parts.join('')}</g>`;
  return /^https?:\/\//i.test(shape.url)
    ? `<a ${attrs({ href: shape.url, target: '_blank', rel: 'noopener noreferrer' })}>${group}</a>`
    : group;
}

/** The link kind's geometry: a card's own box, else its group's (`of`: the registry lookup, avoiding an import cycle). */
export function linkGeometry(of: (shape: Shape) => ShapeGeometry): ShapeGeometry<LinkShape> {
  const group = groupGeometry<LinkShape>(of);
  const boxOf = (s: LinkCardShape) => normalizeRect({ x: s.x, y: s.y, w: s.w, h: s.h });
  return {
    ...group,
    box: (s) => (isLinkCard(s) ? boxOf(s) : group.box(s)),
    bounds: (s) => (isLinkCard(s) ? rotatedBounds(boxOf(s), s.rotation) : group.bounds(s)),
    hitTest(s, p, tolerance) {
      if (!isLinkCard(s)) return group.hitTest(s, p, tolerance);
      const box = boxOf(s);
      return containsPoint(box, unrotate(p, box, s.rotation), tolerance);
    },
    translate: (s, dx, dy) => (isLinkCard(s) ? { ...s, x: s.x + dx, y: s.y + dy } : group.translate(s, dx, dy)),
    resize: (s, box) => (isLinkCard(s) ? { ...s, ...normalizeRect(box) } : group.resize(s, box)),
    toSvg: (s, options) => (isLinkCard(s) ? cardSvg(s, !!options?.offline) : group.toSvg(s, options)),
    /** a card is made by pasting a URL: the paste-link policy (board.md §6, beta-tester) */
    policies: [{ feature: 'paste link', needs: [POLICY.pasteLink], when: (s) => isLinkCard(s) }],
  };
}

/** Rounds a card's box for a new card placed centred on (cx, cy). */
export function cardBoxAt(cx: number, cy: number): Rect {
  return { x: Math.round(cx - LINK_CARD.w / 2), y: Math.round(cy - LINK_CARD.h / 2), w: LINK_CARD.w, h: LINK_CARD.h };
}
