/**
 * The shape model's rules without joi (board.md §3, §9 limits), for the browser: the embed API
 * (embed/child.ts `addShapes`) refuses a host's shape that does not fit the model before it
 * reaches the editor. The server's authority is the joi schema built on the same limits
 * (platform/core/model-schemas.ts); tests/unit/shared/shape-check.test.ts checks that both
 * accept and refuse the same shapes. joi stays out of every browser bundle
 * (tests/unit/bundles.test.ts).
 */
import { SHAPE_KINDS, type ShapeKind } from './model';
import {
  COLOR_REGEX,
  COMMENT_MAX_LENGTH,
  FRAME_TITLE_MAX,
  LINE_TYPES,
  LINE_WIDTH,
  OPACITY,
  STICKY_SIZES,
  TABLE_LIMITS,
  TEXT_ALIGNS,
  UUID_REGEX,
} from './constants';
import { isSafeLink, UNSAFE_LINK } from './links';
import { LINK_CARD_LIMITS } from './geometry/link';

/** Bounds of the schemas (documented limits of a command). */
export const SCHEMA_LIMITS = {
  coord: 1e7,
  points: 20_000,
  text: 20_000,
  id: 64,
  url: 2048,
  font: 100,
  fontSize: 1000,
  shapesPerCommand: 10_000,
  commandsPerSet: 1000,
  commandSetDepth: 2,
  compositeDepth: 2,
  shapesPerGroup: 1000,
  tags: 50,
  tagKey: 100,
  tagValue: 500,
  metadataJson: 4096,
  propsPerCommand: 50,
  tableCell: 1000,
  /** a table's relative column widths: each weight's range */
  colWeight: { min: 1e-4, max: 1e4 },
  children: 10_000,
  page: 100_000,
  comment: COMMENT_MAX_LENGTH,
  timestamp: 1e14,
} as const;

const L = SCHEMA_LIMITS;

/** A rule: the reason the value does not fit (with the field's label), or null when it does. */
type Rule = (value: unknown, label: string, depth: number) => string | null;
interface Field {
  rule: Rule;
  required?: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** JSON length of a value; Infinity when it is too deep to serialise (never a RangeError out of a joi custom). */
export function jsonLength(v: unknown): number {
  try {
    return JSON.stringify(v ?? null).length;
  } catch {
    return Infinity;
  }
}

const num =
  (min: number, max: number, integer = false): Rule =>
  (v, label) => {
    if (typeof v !== 'number' || !Number.isFinite(v)) return `${label} must be a number`;
    if (integer && !Number.isInteger(v)) return `${label} must be an integer`;
    if (v < min) return `${label} must be greater than or equal to ${min}`;
    if (v > max) return `${label} must be less than or equal to ${max}`;
    return null;
  };
const str =
  (opts: { min?: number; max: number; empty?: boolean; pattern?: RegExp; trim?: boolean; what?: string }): Rule =>
  (v, label) => {
    if (typeof v !== 'string') return `${label} must be a string`;
    if (v === '') return opts.empty ? null : `${label} is not allowed to be empty`;
    if (opts.trim && v.trim() !== v) return `${label} must not have leading or trailing whitespace`;
    if (opts.min !== undefined && v.length < opts.min) return `${label} length must be at least ${opts.min} characters long`;
    if (v.length > opts.max) return `${label} length must be less than or equal to ${opts.max} characters long`;
    if (opts.pattern && !opts.pattern.test(v)) return `${label} must be ${opts.what ?? 'valid'}`;
    return null;
  };
const oneOf =
  (values: readonly unknown[]): Rule =>
  (v, label) =>
    values.includes(v) ? null : `${label} must be one of ${values.join(', ')}`;
const bool: Rule = (v, label) => (typeof v === 'boolean' ? null : `${label} must be a boolean`);
const either =
  (...rules: Rule[]): Rule =>
  (v, label, depth) => {
    const reasons = rules.map((r) => r(v, label, depth));
    return reasons.includes(null) ? null : reasons[0];
  };
const list =
  (item: Rule, opts: { min?: number; max: number; length?: number; pairs?: boolean }): Rule =>
  (v, label, depth) => {
    if (!Array.isArray(v)) return `${label} must be an array`;
    for (let i = 0; i < v.length; i++) {
      const reason = item(v[i], `${label}[${i}]`, depth);
      if (reason) return reason;
    }
    if (opts.length !== undefined && v.length !== opts.length) return `${label} must contain ${opts.length} items`;
    if (opts.min !== undefined && v.length < opts.min) return `${label} must contain at least ${opts.min} items`;
    if (v.length > opts.max) return `${label} must contain less than or equal to ${opts.max} items`;
    if (opts.pairs && v.length % 2 !== 0) return `${label} must hold x/y pairs`;
    return null;
  };
const object =
  (fields: Record<string, Field>): Rule =>
  (v, label, depth) => {
    if (!isObject(v)) return `${label} must be of type object`;
    return fieldsReason(v, fields, depth, `${label}.`);
  };

const id = str({ min: 1, max: L.id });
const color: Rule = str({ max: 7, pattern: COLOR_REGEX, what: 'a colour #RRGGBB' });
const fill = either(color, oneOf(['none', 'transparent']));
const coord = num(-L.coord, L.coord);
const length = num(0, L.coord);
const lineWidth = num(LINE_WIDTH.min, LINE_WIDTH.max, true);
const opacity = num(OPACITY.min, OPACITY.max, true);
const points = (opts: { min?: number; length?: number }): Rule => list(coord, { max: L.points, pairs: true, ...opts });
const text = str({ max: L.text, empty: true });
const url = str({ max: L.url, empty: true });
/** A shape's link: '' (none) or an http, https or mailto link (shared/links.ts). */
const link: Rule = (v, label, depth) => url(v, label, depth) ?? (v === '' || isSafeLink(v) ? null : `${label} ${UNSAFE_LINK}`);
const httpUrl: Rule = (v, label) => {
  const reason = str({ max: L.url })(v, label, 0);
  if (reason) return reason;
  let parsed: URL | null;
  try {
    parsed = /[\s<>"{}|\\^`]/.test(v as string) ? null : new URL(v as string);
  } catch {
    parsed = null;
  }
  return parsed && (parsed.protocol === 'http:' || parsed.protocol === 'https:') && /^https?:/i.test(v as string)
    ? null
    : `${label} must be a valid uri with a scheme matching the http|https pattern`;
};
const tag = object({
  key: { rule: str({ min: 1, max: L.tagKey, trim: true }), required: true },
  value: { rule: str({ max: L.tagValue, empty: true }) },
});
const metadata: Rule = (v, label) => {
  if (!isObject(v)) return `${label} must be of type object`;
  const long = Object.keys(v).find((k) => k.length > L.id);
  if (long !== undefined) return `${label}.${long} is not allowed`;
  return jsonLength(v) <= L.metadataJson ? null : `${label} is too large`;
};
const font = str({ min: 1, max: L.font });
const fontSize = num(1, L.fontSize);
const stickySize = oneOf(Object.keys(STICKY_SIZES));
const page = object({ current: { rule: num(1, L.page, true), required: true }, total: { rule: num(1, L.page, true), required: true } });
const table = list(list(str({ max: L.tableCell, empty: true }), { min: TABLE_LIMITS.min, max: TABLE_LIMITS.max }), {
  min: TABLE_LIMITS.min,
  max: TABLE_LIMITS.max,
});
const colWidths = list(num(L.colWeight.min, L.colWeight.max), { min: TABLE_LIMITS.min, max: TABLE_LIMITS.max });
const align = oneOf(TEXT_ALIGNS);
const timestamp = num(0, L.timestamp);

const req = (rule: Rule): Field => ({ rule, required: true });
const opt = (rule: Rule): Field => ({ rule });

const shapeBase: Record<string, Field> = {
  id: req(id),
  uid: req(id),
  timestamp: req(timestamp),
  modifiedBy: opt(id),
  modifiedTimestamp: opt(timestamp),
  status: opt(oneOf(['normal', 'disabled'])),
  metadata: opt(metadata),
  tags: opt(list(tag, { max: L.tags })),
  rotation: opt(num(-36_000, 36_000)),
  lock: opt(bool),
  protectedBy: opt(str({ max: L.id, empty: true })),
  link: opt(link),
  opacity: opt(opacity),
};
const box = { x: req(coord), y: req(coord), w: req(coord), h: req(coord) };

/** A nested shape list (composite, link): the shapes one level deeper. */
const shapesIn =
  (opts: { min?: number }): Rule =>
  (v, label, depth) =>
    list((s, l) => shapeReason(s, l, depth - 1), { max: L.shapesPerGroup, ...opts })(v, label, depth);

/** The fields of each shape kind (without the common ones), as platform/core/model-schemas.ts has them. */
const KIND_FIELDS: Record<ShapeKind, Record<string, Field>> = {
  pen: { points: req(points({ min: 4 })), color: req(color), lineWidth: req(lineWidth), type: req(oneOf(['pen', 'hl'])) },
  highlighter: { points: req(points({ min: 4 })), color: req(color), lineWidth: req(lineWidth), type: req(oneOf(['pen', 'hl'])) },
  rectangle: { ...box, stroke: req(color), lineWidth: req(lineWidth), fill: opt(fill) },
  filledRectangle: { ...box, stroke: req(color), lineWidth: req(lineWidth), fill: opt(fill) },
  circle: { x: req(coord), y: req(coord), r: req(length), stroke: req(color), lineWidth: req(lineWidth), fill: opt(fill) },
  filledCircle: { x: req(coord), y: req(coord), r: req(length), stroke: req(color), lineWidth: req(lineWidth), fill: opt(fill) },
  line: {
    points: req(points({ length: 4 })),
    color: req(color),
    lineWidth: req(lineWidth),
    type: req(oneOf(LINE_TYPES)),
    start: opt(id),
    end: opt(id),
  },
  arrow: {
    points: req(points({ length: 4 })),
    color: req(color),
    lineWidth: req(lineWidth),
    type: req(oneOf(LINE_TYPES)),
    start: opt(id),
    end: opt(id),
  },
  text: {
    value: req(text),
    x: req(coord),
    y: req(coord),
    color: req(color),
    font: req(font),
    size: req(fontSize),
    align: req(align),
  },
  stickyNote: { text: req(text), ...box, color: req(color), size: req(stickySize), fontSize: req(fontSize), align: opt(align) },
  image: { ...box, url: opt(url), resource: opt(str({ max: 36, pattern: UUID_REGEX, what: 'a UUID' })), page: opt(page) },
  frame: {
    ...box,
    color: req(color),
    title: req(str({ max: FRAME_TITLE_MAX, empty: true, trim: true })),
    order: req(num(0, 1e9, true)),
    children: req(list(id, { max: L.children })),
  },
  comment: {
    x: req(coord),
    y: req(coord),
    threadId: req(id),
    color: req(num(1, 6, true)),
    resolved: req(bool),
    unreadCount: opt(num(0, 1e9, true)),
    comments: opt(num(0, 1e9, true)),
  },
  composite: { shapes: req(shapesIn({ min: 1 })) },
  link: {
    url: req(httpUrl),
    shapes: req(shapesIn({})),
    // a link card (shared/geometry/link.ts): its box and preview
    x: opt(coord),
    y: opt(coord),
    w: opt(coord),
    h: opt(coord),
    title: opt(str({ max: LINK_CARD_LIMITS.title, empty: true })),
    description: opt(str({ max: LINK_CARD_LIMITS.description, empty: true })),
    site: opt(str({ max: LINK_CARD_LIMITS.site, empty: true })),
    image: opt(httpUrl),
  },
  table: { ...box, table: req(table), border: req(bool), align: opt(align), colWidths: opt(colWidths) },
};

const GROUP_KINDS: readonly ShapeKind[] = ['composite', 'link'];

function fieldsReason(v: Record<string, unknown>, fields: Record<string, Field>, depth: number, prefix = ''): string | null {
  for (const key of Object.keys(v)) if (!Object.hasOwn(fields, key)) return `${prefix}${key} is not allowed`;
  for (const [key, field] of Object.entries(fields)) {
    const value = v[key];
    if (value === undefined) {
      if (field.required) return `${prefix}${key} is required`;
      continue;
    }
    const reason = field.rule(value, `${prefix}${key}`, depth);
    if (reason) return reason;
  }
  return null;
}

/** Why a shape does not fit the model (`depth` levels of composite/link nesting allowed), or null. */
function shapeReason(shape: unknown, label: string, depth: number): string | null {
  if (!isObject(shape)) return `${label || 'value'} must be of type object`;
  const kinds = depth > 0 ? SHAPE_KINDS : SHAPE_KINDS.filter((k) => !GROUP_KINDS.includes(k));
  const kind = shape.cmd;
  const at = label ? `${label}.` : '';
  if (!(kinds as readonly unknown[]).includes(kind)) return `${at}cmd must be one of ${kinds.join(', ')}`;
  return fieldsReason(shape, { ...shapeBase, cmd: req(oneOf([kind])), ...KIND_FIELDS[kind as ShapeKind] }, depth, at);
}

export type ShapeCheck = { value: unknown; message?: undefined } | { value?: undefined; message: string };

/**
 * Checks a shape of any kind against the model (the same rules as the server's joi schema):
 * unknown keys refused, numbers finite and bounded, strings and lists capped, composite/link
 * nesting at most SCHEMA_LIMITS.compositeDepth deep. Answers the first reason it finds.
 */
export function checkShape(shape: unknown): ShapeCheck {
  if (!isObject(shape)) return { message: 'must be an object' };
  const reason = shapeReason(shape, '', L.compositeDepth);
  return reason ? { message: reason } : { value: shape };
}
