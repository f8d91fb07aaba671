/** images and documents (PDF pages): an uploaded asset (`resource`) or a url in a box. */
import type { ImageShape } from '../model';
import { containsPoint, normalizeRect, rotatedBounds, unrotate } from './rect';
import { attrs, commonAttrs } from './svg';
import type { ShapeGeometry, SvgOptions } from './types';

const boxOf = (s: ImageShape) => normalizeRect({ x: s.x, y: s.y, w: s.w, h: s.h });

/** The key of one picture: an asset, and for a document the page shown (two pages of one PDF are two pictures). */
export const pictureKey = (resource: string, page = 1): string => `${resource}#${page}`;

/** Where an image shape's picture comes from (page query for documents). */
export function imageHref(s: ImageShape, options?: SvgOptions): string | undefined {
  if (s.resource) {
    const base = options?.assetUrl
      ? options.assetUrl(s.resource, s.page?.current ?? 1)
      : `/api/assets/${encodeURIComponent(s.resource)}/full`;
    return s.page && !options?.assetUrl ? `${base}?Page=${s.page.current}` : base;
  }
  return options?.offline ? undefined : s.url;
}

export const image: ShapeGeometry<ImageShape> = {
  box: boxOf,
  bounds: (s) => rotatedBounds(boxOf(s), s.rotation),
  hitTest: (s, p, tolerance) => containsPoint(boxOf(s), unrotate(p, boxOf(s), s.rotation), tolerance),
  translate: (s, dx, dy) => ({ ...s, x: s.x + dx, y: s.y + dy }),
  resize: (s, box) => ({ ...s, ...normalizeRect(box) }),
  toSvg(s, options) {
    const box = boxOf(s);
    const href = imageHref(s, options);
    if (!href) return `<rect ${attrs({ x: box.x, y: box.y, width: box.w, height: box.h, fill: '#eeeeee', ...commonAttrs(s, box) })}/>`;
    return `<image ${attrs({ href, x: box.x, y: box.y, width: box.w, height: box.h, preserveAspectRatio: 'none', ...commonAttrs(s, box) })}/>`;
  },
  keepsAspect: true,
  /** An uploaded picture (a document: the page shown); a picture from an address (`url`) is no asset. */
  assetOf: (s) => (s.resource ? { resource: s.resource, page: s.page?.current } : null),
  withAsset: (s, resource) => ({ ...s, resource }),
  modifiers: {
    /** A PDF page image shows page `page` of its document (clamped to 1…total). */
    pageModifier(s, c) {
      if (!s.page) return null;
      return { ...s, page: { current: Math.min(Math.max(1, Math.round(c.page)), s.page.total), total: s.page.total } };
    },
  },
};
