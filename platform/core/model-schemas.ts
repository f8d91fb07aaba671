/**
 * joi schemas for every shape kind and command kind of shared/model.ts (board.md §3, §5,
 * §9 limits): the server's validation of what clients send (boards/command-schema.ts, the .wtb
 * reader library/wtb.ts). Server only: joi never reaches a browser bundle (tests/unit/bundles.test.ts);
 * the browser checks shapes with the joi-free shared/shape-check.ts, built on the same limits
 * (SCHEMA_LIMITS) and kept in step by tests/unit/shared/shape-check.test.ts.
 * Unknown keys are refused everywhere; numbers are finite and bounded; strings and
 * arrays are capped so one command can never blow up a board.
 */
import Joi from 'joi';
import { SHAPE_KINDS, type Command, type ShapeKind } from '../../shared/model';
import {
  COLOR_REGEX,
  FRAME_TITLE_MAX,
  LINE_TYPES,
  LINE_WIDTH,
  OPACITY,
  STICKY_SIZES,
  TABLE_LIMITS,
  TEXT_ALIGNS,
  UUID_REGEX,
} from '../../shared/constants';
import { SCHEMA_LIMITS, jsonLength } from '../../shared/shape-check';
import { isSafeLink, UNSAFE_LINK } from '../../shared/links';
import { LINK_CARD_LIMITS } from '../../shared/geometry/link';

export { SCHEMA_LIMITS };

const L = SCHEMA_LIMITS;
const evenPairs = (v: number[], helpers: Joi.CustomHelpers) =>
  v.length % 2 === 0 ? v : helpers.message({ custom: '{{#label}} must hold x/y pairs' });
const jsonCapped = (max: number) => (v: unknown, helpers: Joi.CustomHelpers) =>
  jsonLength(v) <= max ? v : helpers.message({ custom: `{{#label}} is too large` });

export const idSchema = Joi.string().min(1).max(L.id);
export const colorSchema = Joi.string().pattern(COLOR_REGEX).messages({ 'string.pattern.base': '{{#label}} must be a colour #RRGGBB' });
const fillSchema = Joi.alternatives().try(colorSchema, Joi.valid('none', 'transparent'));
export const coordSchema = Joi.number().min(-L.coord).max(L.coord);
const lengthSchema = Joi.number().min(0).max(L.coord);
export const lineWidthSchema = Joi.number().integer().min(LINE_WIDTH.min).max(LINE_WIDTH.max);
export const opacitySchema = Joi.number().integer().min(OPACITY.min).max(OPACITY.max);
export const pointsSchema = Joi.array().items(coordSchema).max(L.points).custom(evenPairs);
const textSchema = Joi.string().allow('').max(L.text);
const urlSchema = Joi.string().allow('').max(L.url);
/** A shape's link: '' (none) or an http, https or mailto link (shared/links.ts, docs/security.md "Link schemes"). */
const linkSchema = urlSchema.custom((v: string, helpers) =>
  v === '' || isSafeLink(v) ? v : helpers.message({ custom: `{{#label}} ${UNSAFE_LINK}` }),
);
const httpUrl = Joi.string()
  .max(L.url)
  .uri({ scheme: ['http', 'https'] });
const tagSchema = Joi.object({ key: Joi.string().trim().min(1).max(L.tagKey).required(), value: Joi.string().allow('').max(L.tagValue) });
const metadataSchema = Joi.object().pattern(Joi.string().max(L.id), Joi.any()).custom(jsonCapped(L.metadataJson));
const fontSchema = Joi.string().min(1).max(L.font);
const fontSizeSchema = Joi.number().min(1).max(L.fontSize);
const stickySizeSchema = Joi.valid(...Object.keys(STICKY_SIZES));
const pageSchema = Joi.object({
  current: Joi.number().integer().min(1).max(L.page).required(),
  total: Joi.number().integer().min(1).max(L.page).required(),
});
const tableSchema = Joi.array()
  .min(TABLE_LIMITS.min)
  .max(TABLE_LIMITS.max)
  .items(Joi.array().min(TABLE_LIMITS.min).max(TABLE_LIMITS.max).items(Joi.string().allow('').max(L.tableCell)));
/** A table's relative column widths: one positive weight per column (shared/geometry/table.ts). */
const colWidthsSchema = Joi.array()
  .items(Joi.number().min(L.colWeight.min).max(L.colWeight.max))
  .min(TABLE_LIMITS.min)
  .max(TABLE_LIMITS.max);
const alignSchema = Joi.valid(...TEXT_ALIGNS);

const shapeBase = {
  id: idSchema.required(),
  uid: idSchema.required(),
  timestamp: Joi.number().min(0).max(L.timestamp).required(),
  modifiedBy: idSchema,
  modifiedTimestamp: Joi.number().min(0).max(L.timestamp),
  status: Joi.valid('normal', 'disabled'),
  metadata: metadataSchema,
  tags: Joi.array().items(tagSchema).max(L.tags),
  rotation: Joi.number().min(-36_000).max(36_000),
  lock: Joi.boolean(),
  protectedBy: idSchema.allow(''),
  link: linkSchema,
  opacity: opacitySchema,
};
const box = { x: coordSchema.required(), y: coordSchema.required(), w: coordSchema.required(), h: coordSchema.required() };

/** The fields of each shape kind (without id/cmd and the common fields). */
function kindFields(kind: ShapeKind, depth: number): Record<string, Joi.Schema> {
  switch (kind) {
    case 'pen':
    case 'highlighter':
      return {
        points: pointsSchema.min(4).required(),
        color: colorSchema.required(),
        lineWidth: lineWidthSchema.required(),
        type: Joi.valid('pen', 'hl').required(),
      };
    case 'rectangle':
    case 'filledRectangle':
      return { ...box, stroke: colorSchema.required(), lineWidth: lineWidthSchema.required(), fill: fillSchema };
    case 'circle':
    case 'filledCircle':
      return {
        x: coordSchema.required(),
        y: coordSchema.required(),
        r: lengthSchema.required(),
        stroke: colorSchema.required(),
        lineWidth: lineWidthSchema.required(),
        fill: fillSchema,
      };
    case 'line':
    case 'arrow':
      return {
        points: pointsSchema.length(4).required(),
        color: colorSchema.required(),
        lineWidth: lineWidthSchema.required(),
        type: Joi.valid(...LINE_TYPES).required(),
        start: idSchema,
        end: idSchema,
      };
    case 'text':
      return {
        value: textSchema.required(),
        x: coordSchema.required(),
        y: coordSchema.required(),
        color: colorSchema.required(),
        font: fontSchema.required(),
        size: fontSizeSchema.required(),
        align: Joi.valid(...TEXT_ALIGNS).required(),
      };
    case 'stickyNote':
      return {
        text: textSchema.required(),
        ...box,
        color: colorSchema.required(),
        size: stickySizeSchema.required(),
        fontSize: fontSizeSchema.required(),
        align: alignSchema,
      };
    case 'image':
      return {
        ...box,
        url: urlSchema,
        resource: Joi.string().pattern(UUID_REGEX).messages({ 'string.pattern.base': '{{#label}} must be a UUID' }),
        page: pageSchema,
      };
    case 'frame':
      return {
        ...box,
        color: colorSchema.required(),
        title: Joi.string().allow('').trim().max(FRAME_TITLE_MAX).required(),
        order: Joi.number().integer().min(0).max(1e9).required(),
        children: Joi.array().items(idSchema).max(L.children).required(),
      };
    case 'comment':
      return {
        x: coordSchema.required(),
        y: coordSchema.required(),
        threadId: idSchema.required(),
        color: Joi.number().integer().min(1).max(6).required(),
        resolved: Joi.boolean().required(),
        unreadCount: Joi.number().integer().min(0).max(1e9),
        comments: Joi.number().integer().min(0).max(1e9),
      };
    case 'composite':
      return {
        shapes: Joi.array()
          .items(shapeSchemaAt(depth - 1))
          .min(1)
          .max(L.shapesPerGroup)
          .required(),
      };
    case 'link':
      return {
        url: httpUrl.required(),
        shapes: Joi.array()
          .items(shapeSchemaAt(depth - 1))
          .max(L.shapesPerGroup)
          .required(),
        // a link card (shared/geometry/link.ts): its box and preview
        x: coordSchema,
        y: coordSchema,
        w: coordSchema,
        h: coordSchema,
        title: Joi.string().allow('').max(LINK_CARD_LIMITS.title),
        description: Joi.string().allow('').max(LINK_CARD_LIMITS.description),
        site: Joi.string().allow('').max(LINK_CARD_LIMITS.site),
        image: httpUrl,
      };
    case 'table':
      return { ...box, table: tableSchema.required(), border: Joi.boolean().required(), align: alignSchema, colWidths: colWidthsSchema };
  }
}

function kindShapeSchema(kind: ShapeKind, depth: number): Joi.ObjectSchema {
  return Joi.object({ ...shapeBase, cmd: Joi.valid(kind).required(), ...kindFields(kind, depth) });
}

const GROUP_KINDS: readonly ShapeKind[] = ['composite', 'link'];

/** A shape of any kind; `depth` levels of composite/link nesting allowed. */
function shapeSchemaAt(depth: number): Joi.Schema {
  const kinds = depth > 0 ? SHAPE_KINDS : SHAPE_KINDS.filter((k) => !GROUP_KINDS.includes(k));
  return Joi.alternatives().conditional('.cmd', {
    switch: kinds.map((k) => ({ is: k, then: kindShapeSchema(k, depth) })),
    otherwise: Joi.object({ cmd: Joi.valid(...kinds).required() }).unknown(),
  });
}

export const shapeSchema = shapeSchemaAt(L.compositeDepth);
/** Schemas of each shape kind, e.g. `shapeSchemas.rectangle`. */
export const shapeSchemas = Object.fromEntries(SHAPE_KINDS.map((k) => [k, kindShapeSchema(k, L.compositeDepth)])) as Record<
  ShapeKind,
  Joi.ObjectSchema
>;

/* ---------------- propertyModifier: which properties may be set, with what ---------------- */

const one = <T extends Joi.Schema>(s: T) => Joi.alternatives().try(s, Joi.array().items(s).max(L.shapesPerGroup));
/** The JSON length a table's whole grid may reach (50 × 50 cells of at most 1000 characters, quoted, escaped). */
const TABLE_JSON_MAX = TABLE_LIMITS.max * TABLE_LIMITS.max * (2 * L.tableCell + 3) + TABLE_LIMITS.max * 3;
/** A property value's JSON length, unless the property names its own (`maxJson`: a table's grid). */
const PROP_JSON_MAX = L.text + 100;
/** Settable properties: `set` validates a plain value, `add` a value with type 'add'; `maxJson` caps its JSON (default PROP_JSON_MAX). */
export const SETTABLE_PROPERTIES: Record<string, { set: Joi.Schema; add?: Joi.Schema; maxJson?: number }> = {
  x: { set: coordSchema, add: coordSchema },
  y: { set: coordSchema, add: coordSchema },
  w: { set: coordSchema, add: coordSchema },
  h: { set: coordSchema, add: coordSchema },
  r: { set: lengthSchema, add: coordSchema },
  rotation: { set: Joi.number().min(-36_000).max(36_000), add: Joi.number().min(-36_000).max(36_000) },
  opacity: { set: opacitySchema },
  lineWidth: { set: lineWidthSchema },
  color: { set: Joi.alternatives().try(colorSchema, Joi.number().integer().min(1).max(6)) },
  stroke: { set: colorSchema },
  fill: { set: fillSchema.allow(null) },
  type: { set: Joi.valid('pen', 'hl', ...LINE_TYPES) },
  points: { set: pointsSchema.min(2) },
  start: { set: idSchema.allow(null, '') },
  end: { set: idSchema.allow(null, '') },
  value: { set: textSchema },
  text: { set: textSchema },
  title: { set: Joi.string().allow('').trim().max(FRAME_TITLE_MAX) },
  font: { set: fontSchema },
  size: { set: Joi.alternatives().try(fontSizeSchema, stickySizeSchema) },
  fontSize: { set: fontSizeSchema },
  align: { set: Joi.valid(...TEXT_ALIGNS) },
  link: { set: linkSchema.allow(null) },
  url: { set: urlSchema.allow(null) },
  // replace image (board.md §5): a picture's asset; reads stay checked against the board (docs/assets.md)
  resource: { set: Joi.string().pattern(UUID_REGEX).allow(null).messages({ 'string.pattern.base': '{{#label}} must be a UUID' }) },
  tags: { set: Joi.array().items(tagSchema).max(L.tags).allow(null), add: one(tagSchema) },
  metadata: { set: metadataSchema.allow(null) },
  lock: { set: Joi.boolean() },
  page: { set: pageSchema.allow(null) },
  order: { set: Joi.number().integer().min(0).max(1e9) },
  children: { set: Joi.array().items(idSchema).max(L.children), add: one(idSchema) },
  resolved: { set: Joi.boolean() },
  unreadCount: { set: Joi.number().integer().min(0).max(1e9) },
  comments: { set: Joi.number().integer().min(0).max(1e9) },
  table: { set: tableSchema, maxJson: TABLE_JSON_MAX },
  border: { set: Joi.boolean() },
  colWidths: { set: colWidthsSchema.allow(null) },
};

const propSchema = Joi.object({
  name: Joi.valid(...Object.keys(SETTABLE_PROPERTIES))
    .required()
    .messages({ 'any.only': '{{#label}} is not a property that can be changed' }),
  type: Joi.valid('add'),
  value: Joi.any().custom(jsonCapped(TABLE_JSON_MAX)),
}).custom((prop: { name: string; value: unknown; type?: 'add' }, helpers) => {
  const spec = SETTABLE_PROPERTIES[prop.name];
  if (jsonLength(prop.value) > (spec.maxJson ?? PROP_JSON_MAX)) return helpers.message({ custom: `value of ${prop.name} is too large` });
  const schema = prop.type === 'add' ? spec.add : spec.set;
  if (!schema) return helpers.message({ custom: `${prop.name} cannot be added to` });
  const { error } = schema.validate(prop.value);
  return error ? helpers.message({ custom: `value of ${prop.name}: ${error.details[0].message.replace(/^"value" /, '')}` }) : prop;
});

/* ---------------- commands ---------------- */

const commandBase = {
  id: idSchema.required(),
  uid: idSchema.required(),
  status: Joi.valid('normal', 'disabled').required(),
  timestamp: Joi.number().min(0).max(L.timestamp).required(),
  seq: Joi.number().integer().min(0),
};
const shapeIds = Joi.array().items(idSchema).min(1).max(L.shapesPerCommand);

function commandKindFields(kind: string, depth: number): Record<string, Joi.Schema> | undefined {
  switch (kind) {
    case 'propertyModifier':
      return { shapes: shapeIds.required(), props: Joi.array().items(propSchema).min(1).max(L.propsPerCommand).required() };
    case 'textModifier':
      return { shape: idSchema.required(), value: textSchema.required() };
    case 'fontModifier':
      return { shapes: shapeIds.required(), font: fontSchema.required() };
    case 'fontSizeModifier':
      return { shapes: shapeIds.required(), size: fontSizeSchema.required() };
    case 'colorModifier':
      return { shapes: shapeIds.required(), color: colorSchema, stroke: colorSchema, fill: fillSchema };
    case 'reposition':
      return {
        shapePositions: Joi.array()
          .items(Joi.object({ shape: idSchema.required(), x: coordSchema.required(), y: coordSchema.required() }))
          .min(1)
          .max(L.shapesPerCommand)
          .required(),
      };
    case 'stickyNoteModifier':
      return { shape: idSchema.required(), fontSize: fontSizeSchema.required() };
    case 'sizeModifier':
      return { shapes: shapeIds.required(), w: coordSchema.required(), h: coordSchema.required(), x: coordSchema, y: coordSchema };
    case 'commandSet':
      return depth > 0
        ? {
            commands: Joi.array()
              .items(commandSchemaAt(depth - 1, true))
              .min(1)
              .max(L.commandsPerSet)
              .required(),
          }
        : undefined;
    case 'remove':
      return { shapes: shapeIds.required() };
    case 'clear':
      return {};
    case 'undo':
      return { ref: idSchema.required(), type: Joi.valid('redo') };
    case 'lock':
      return { shapes: shapeIds.required(), locked: Joi.boolean().required(), protect: Joi.boolean() };
    case 'changeOrder':
      return { shapes: shapeIds.required(), order: Joi.valid('front', 'back').required() };
    case 'pageModifier':
      return { shape: idSchema.required(), page: Joi.number().integer().min(1).max(L.page).required() };
    case 'replace':
      return { shape: shapeSchema.required() };
  }
  return undefined;
}

export const COMMAND_KINDS = [
  ...SHAPE_KINDS,
  'propertyModifier',
  'textModifier',
  'fontModifier',
  'fontSizeModifier',
  'colorModifier',
  'reposition',
  'stickyNoteModifier',
  'sizeModifier',
  'commandSet',
  'remove',
  'clear',
  'undo',
  'lock',
  'changeOrder',
  'pageModifier',
  'replace',
] as const;
/** Kinds that may not appear inside a commandSet. */
const TOP_LEVEL_ONLY = ['undo', 'clear'];

function commandKindSchema(kind: string, depth: number): Joi.ObjectSchema | undefined {
  const shapeKind = (SHAPE_KINDS as readonly string[]).includes(kind);
  const fields = shapeKind ? { shape: kindShapeSchema(kind as ShapeKind, L.compositeDepth).required() } : commandKindFields(kind, depth);
  return fields ? Joi.object({ ...commandBase, cmd: Joi.valid(kind).required(), ...fields }) : undefined;
}

function commandSchemaAt(depth: number, nested: boolean): Joi.Schema {
  const kinds = COMMAND_KINDS.filter((k) => !(nested && TOP_LEVEL_ONLY.includes(k)) && !(k === 'commandSet' && depth === 0));
  return Joi.alternatives().conditional('.cmd', {
    switch: kinds.map((k) => ({ is: k, then: commandKindSchema(k, depth)! })),
    otherwise: Joi.object({ cmd: Joi.valid(...kinds).required() }).unknown(),
  });
}

/** Counts commands including those nested in command sets. */
function countCommands(c: { cmd?: string; commands?: unknown[] }): number {
  return (
    1 + (c.cmd === 'commandSet' && Array.isArray(c.commands) ? c.commands.reduce<number>((n, s) => n + countCommands(s as never), 0) : 0)
  );
}

/** A command as a client sends it (no server `effect`); commandSet depth ≤ 2, ≤ 1000 commands in all. */
export const commandSchema = commandSchemaAt(L.commandSetDepth, false).custom((c: Command, helpers) =>
  countCommands(c as never) - 1 > L.commandsPerSet
    ? helpers.message({ custom: `commands must hold at most ${L.commandsPerSet} commands in all` })
    : c,
);

export interface FieldErrorsResult {
  message: string;
  errors: Record<string, string[]>;
}
export type CommandValidation = { value: Command; errors?: undefined } | ({ value?: undefined } & FieldErrorsResult);

const OPTIONS: Joi.ValidationOptions = { abortEarly: false, errors: { wrap: { label: false } }, convert: false };

/** Validates a command; errors come in the envelope's shape `{ field: [text] }` (paths joined by '.'). */
export function validateCommand(command: unknown): CommandValidation {
  return run(commandSchema, command) as CommandValidation;
}

/** Validates a shape of any kind. */
export function validateShape(shape: unknown): { value: unknown; errors?: undefined } | ({ value?: undefined } & FieldErrorsResult) {
  return run(shapeSchema, shape);
}

function run(schema: Joi.Schema, input: unknown) {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return { message: 'must be an object', errors: { '*': ['must be an object'] } };
  }
  const { value, error } = schema.validate(input, OPTIONS);
  if (!error) return { value };
  return { message: error.details[0].message, errors: fieldErrorsOf(error.details) };
}

/**
 * joi details as `{ field: [text] }` (the error envelope's `errors`), keyed by the path. Built
 * through a Map: a field named like an Object.prototype member (`constructor`, `__proto__`) is
 * an ordinary key, not the prototype's.
 */
export function fieldErrorsOf(details: readonly Joi.ValidationErrorItem[]): Record<string, string[]> {
  const errors = new Map<string, string[]>();
  for (const d of details) {
    const field = d.path.length ? d.path.join('.') : '*';
    const list = errors.get(field) ?? [];
    list.push(d.message);
    errors.set(field, list);
  }
  return Object.fromEntries(errors);
}
