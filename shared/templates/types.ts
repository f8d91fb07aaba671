/**
 * Templates (board.md §3 "Template", §4 "Templates dialog", §7; docs/templates.md): the template
 * file format shared by the server (platform/templates), the board's dialog and the library's
 * files (platform/templates/library/<name>.json). Pure types and limits only.
 */

export const TEMPLATE_GROUPS = ['template', 'buildingBlock'] as const;
export type TemplateGroup = (typeof TEMPLATE_GROUPS)[number];

/** 1: built-in (from the library), 2: custom (saved by a user) — the spec's `type`. */
export const TEMPLATE_TYPE = { builtIn: 1, custom: 2 } as const;
export type TemplateType = (typeof TEMPLATE_TYPE)[keyof typeof TEMPLATE_TYPE];

/** A built-in template's name: lower-case words joined by '-' (it is also its file name). */
export const TEMPLATE_NAME = /^[a-z0-9-]+$/;

/** Bounds of a template and of what it expands to. */
export const TEMPLATE_LIMITS = {
  /** shapes one template expands to (one commandSet: shared/shape-check SCHEMA_LIMITS.commandsPerSet) */
  shapes: 1000,
  /** rounds of one repeat block */
  rounds: 200,
  /** nesting of repeat blocks */
  depth: 4,
  /** the characters of one expression */
  expression: 500,
  /** parameters of one template */
  parameters: 20,
  /** a string parameter's characters when its schema gives no maxLength */
  stringLength: 200,
  /** items of an array parameter when its schema gives no maxItems */
  arrayItems: 50,
  /** a custom template's title */
  title: 100,
  /** a custom template's shapes, as JSON (bytes) */
  customBytes: 1_000_000,
  /** a custom template's thumbnail, as a data URL (characters) */
  thumbnailChars: 700_000,
  /** a built-in template's layout size, each side */
  size: 100_000,
} as const;

/** One parameter's schema: the JSON Schema subset the dialog renders as a form field. */
export type ParameterSchema =
  | { type: 'string'; title?: string; description?: string; minLength?: number; maxLength?: number; enum?: string[] }
  | { type: 'integer' | 'number'; title?: string; description?: string; minimum?: number; maximum?: number }
  | { type: 'boolean'; title?: string; description?: string }
  | {
      type: 'array';
      title?: string;
      description?: string;
      items: { type: 'string'; maxLength?: number };
      minItems?: number;
      maxItems?: number;
    };

export type ParameterValue = string | number | boolean | string[];
export type TemplateData = Record<string, ParameterValue>;

/** A parameterised template's parameters: their schemas, which are required, and the defaults. */
export interface TemplateParameters {
  properties: Record<string, ParameterSchema>;
  required?: string[];
  data: TemplateData;
}

/**
 * A repeat block: its shapes laid out once per round, each round offset by `step` × its index.
 * `over` names an array parameter (one round per element, `item` the element); `count` a number
 * or an integer parameter / expression. `as` names the round's index (default `i`).
 */
export interface RepeatBlock {
  repeat: { over: string } | { count: string | number };
  as?: string;
  step?: { x?: number | string; y?: number | string };
  /** an expression: the block is left out when it is 0 (false) */
  when?: string;
  shapes: TemplateItem[];
}

/**
 * A shape as in shared/model.ts without `uid` and `timestamp` (added on expansion), with a local
 * `id`; any string may hold `{{expr}}`, any number may be the string "=expr", and `when` (an
 * expression) leaves it out when 0.
 */
export type TemplateShape = Record<string, unknown> & { cmd: string; id: string; when?: string };
export type TemplateItem = TemplateShape | RepeatBlock;

/** A template file (platform/templates/library/<name>.json) and a custom template's content alike. */
export interface TemplateFile {
  name: string;
  title: string;
  summary: string;
  group: TemplateGroup;
  tags?: string[];
  width: number | string;
  height: number | string;
  parameters?: TemplateParameters;
  shapes: TemplateItem[];
}

export const isRepeatBlock = (item: unknown): item is RepeatBlock =>
  !!item && typeof item === 'object' && !Array.isArray(item) && 'repeat' in (item as object);
