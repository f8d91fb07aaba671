import { boundsOf, boxOf, childrenOf, innerShapes, shapeText } from '../geometry/registry';
import type { Rect } from '../geometry/rect';
import type { Shape } from '../model';
import { colourName } from './colour-name';
import { kindName } from './kinds';

/**
 * A shape as a screen reader reads it (issue 32; tldraw's '[description], [type]. [n] of [total]',
 * and more): `name` is its words and kind ('Buy milk, sticky note'), `description` the rest —
 * colour by name, size, where it is on the board in words, rotation, lock, the frame it is in, the
 * link it carries, its place in reading order.
 */
export interface ShapeDescription {
  name: string;
  description: string;
}

export interface DescribeContext {
  /** 1-based place in reading order, and how many shapes there are */
  index: number;
  total: number;
  /** the title of the frame the shape is in, if any */
  frame?: string | null;
  /** the board's content bounds, to say where the shape is */
  area?: Rect | null;
}

/** The longest part of a shape's words read in its name. */
export const NAME_WORDS_MAX = 120;

export function describeShape(shape: Shape, ctx: DescribeContext): ShapeDescription {
  const kind = kindName(shape.cmd);
  const words = wordsOf(shape);
  const name = words ? `${words}, ${kind}` : capitalise(kind);
  const box = boxOf(shape);
  const parts: string[] = [];
  const colour = colourName(colourOf(shape));
  if (colour) parts.push(colour);
  parts.push(`${Math.round(box.w)} by ${Math.round(box.h)}`);
  const where = ctx.area ? placeInWords(boundsOf(shape), ctx.area) : null;
  if (where) parts.push(where);
  const rotation = Math.round(shape.rotation ?? 0) % 360;
  if (rotation) parts.push(`rotated ${rotation} degrees`);
  if (shape.lock) parts.push('locked');
  const inner = innerShapes(shape).length || childrenOf(shape).length;
  if (inner) parts.push(`${inner} ${inner === 1 ? 'item' : 'items'} inside`);
  if (ctx.frame) parts.push(`in frame ${ctx.frame}`);
  const link = linkOf(shape);
  if (link) parts.push(`links to ${link}`);
  parts.push(`${ctx.index} of ${ctx.total}`);
  return { name, description: parts.join(', ') };
}

/** The words a shape shows (text, sticky, table cells, frame title, link card title, picture's alt text). */
export function wordsOf(shape: Shape): string {
  const s = shape as unknown as Record<string, unknown>;
  const meta = (shape.metadata ?? {}) as Record<string, unknown>;
  const text = shapeText(shape) ?? pick(s.title) ?? pick(meta.alt) ?? pick(meta.name) ?? '';
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > NAME_WORDS_MAX ? `${flat.slice(0, NAME_WORDS_MAX - 1)}…` : flat;
}

const pick = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

/** The colour a person sees first: the fill, else the ink or stroke. */
function colourOf(shape: Shape): string | null {
  const s = shape as unknown as Record<string, unknown>;
  return pick(s.fill) ?? pick(s.color) ?? pick(s.stroke);
}

function linkOf(shape: Shape): string | null {
  const s = shape as unknown as Record<string, unknown>;
  return pick(shape.link) ?? pick(s.url);
}

/** Where a box sits in an area, in words: 'top left of the board', 'centre of the board'… */
export function placeInWords(box: Rect, area: Rect): string | null {
  if (area.w <= 0 || area.h <= 0) return null;
  const cx = (box.x + box.w / 2 - area.x) / area.w;
  const cy = (box.y + box.h / 2 - area.y) / area.h;
  const col = cx < 1 / 3 ? 'left' : cx > 2 / 3 ? 'right' : '';
  const row = cy < 1 / 3 ? 'top' : cy > 2 / 3 ? 'bottom' : '';
  const place = [row, col].filter(Boolean).join(' ') || 'centre';
  return `${place} of the board`;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
