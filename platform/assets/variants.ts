import { IMAGE_PREVIEW_SCALES } from '../../shared/constants';

/**
 * The stored sizes of a picture (board.md §4 "image loading", §9): `full`, and the previews the
 * board draws when zoomed out — `s1` below scale 0.25 and `preview` below 0.12 — made at those
 * scales of the full width (at least 1 px), so a zoomed-out board of many pictures loads a
 * fraction of the bytes. GET /api/assets/{id}/{variant}.
 */
export const VARIANTS = ['full', 's1', 'preview'] as const;
export type Variant = (typeof VARIANTS)[number];

export const isVariant = (v: unknown): v is Variant => typeof v === 'string' && (VARIANTS as readonly string[]).includes(v);

export function variantWidth(variant: Variant, fullWidth: number): number {
  if (variant === 'full') return fullWidth;
  return Math.max(1, Math.round(fullWidth * IMAGE_PREVIEW_SCALES[variant]));
}
