/**
 * Parameter schemas (the JSON Schema subset of docs/templates.md "Parameters"): checking a
 * template's own `parameters`, and checking the data a user filled in against them. Answers field
 * errors keyed by the parameter's name, as the server's 400 envelope carries them.
 */
import { TEMPLATE_LIMITS, type ParameterSchema, type ParameterValue, type TemplateData, type TemplateParameters } from './types';

export type FieldErrors = Record<string, string[]>;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,39}$/;
/** names an expression gives its own meaning (a parameter of that name would be shadowed) */
export const RESERVED_NAMES = ['i', 'n', 'item', 'len', 'min', 'max', 'floor', 'ceil', 'round', 'abs'] as const;

const COMMON = ['type', 'title', 'description'];
const KEYS: Record<ParameterSchema['type'], string[]> = {
  string: [...COMMON, 'minLength', 'maxLength', 'enum'],
  integer: [...COMMON, 'minimum', 'maximum'],
  number: [...COMMON, 'minimum', 'maximum'],
  boolean: COMMON,
  array: [...COMMON, 'items', 'minItems', 'maxItems'],
};

const nonNegInt = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** Why one parameter's schema is not of the supported subset, or null. */
function schemaReason(s: unknown): string | null {
  if (!isObject(s)) return 'must be an object';
  const type = s.type as ParameterSchema['type'];
  if (!Object.hasOwn(KEYS, type)) return `type must be one of ${Object.keys(KEYS).join(', ')}`;
  const extra = Object.keys(s).find((k) => !KEYS[type].includes(k));
  if (extra) return `${extra} is not supported for ${type}`;
  for (const k of ['title', 'description'])
    if (s[k] !== undefined && (typeof s[k] !== 'string' || (s[k] as string).length > 200)) return `${k} must be a text`;
  for (const k of ['minLength', 'maxLength', 'minItems', 'maxItems'])
    if (s[k] !== undefined && !nonNegInt(s[k])) return `${k} must be a whole number`;
  for (const k of ['minimum', 'maximum'])
    if (s[k] !== undefined && !(typeof s[k] === 'number' && Number.isFinite(s[k]))) return `${k} must be a number`;
  if (s.enum !== undefined && !(Array.isArray(s.enum) && s.enum.length > 0 && s.enum.every((e) => typeof e === 'string')))
    return 'enum must list texts';
  if (type === 'array') {
    const items = s.items;
    if (!isObject(items) || items.type !== 'string' || Object.keys(items).some((k) => k !== 'type' && k !== 'maxLength'))
      return 'items must be { type: "string", maxLength? }';
    if (items.maxLength !== undefined && !nonNegInt(items.maxLength)) return 'items.maxLength must be a whole number';
  }
  return null;
}

/**
 * Checks a template's `parameters` (the file's own schema): the supported subset, names usable in
 * expressions, `required` naming properties, and the defaults valid against the schema.
 */
export function checkParameters(parameters: unknown): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, text: string) => (errors[field] ??= []).push(text);
  if (!isObject(parameters)) return { parameters: ['must be an object'] };
  const extra = Object.keys(parameters).find((k) => !['properties', 'required', 'data'].includes(k));
  if (extra) add('parameters', `${extra} is not allowed`);
  const props = parameters.properties;
  if (!isObject(props)) return { ...errors, 'parameters.properties': ['must be an object'] };
  const names = Object.keys(props);
  if (names.length > TEMPLATE_LIMITS.parameters) add('parameters.properties', `at most ${TEMPLATE_LIMITS.parameters} parameters`);
  for (const name of names) {
    if (!PARAM_NAME.test(name)) add(`parameters.properties.${name}`, 'a name is a letter or _ then letters, digits or _');
    if ((RESERVED_NAMES as readonly string[]).includes(name)) add(`parameters.properties.${name}`, `${name} is reserved`);
    const reason = schemaReason(props[name]);
    if (reason) add(`parameters.properties.${name}`, reason);
  }
  const required = parameters.required;
  if (required !== undefined && !(Array.isArray(required) && required.every((r) => typeof r === 'string' && names.includes(r))))
    add('parameters.required', 'must list parameter names');
  if (!isObject(parameters.data)) add('parameters.data', 'the defaults must be an object');
  else if (!Object.keys(errors).length) {
    const { errors: dataErrors } = resolveData(parameters as unknown as TemplateParameters, parameters.data);
    for (const [k, v] of Object.entries(dataErrors)) for (const t of v) add(`parameters.data.${k}`, t);
  }
  return errors;
}

/** Why a value does not fit its parameter's schema, or null. */
function valueReason(s: ParameterSchema, v: unknown): string | null {
  switch (s.type) {
    case 'string': {
      if (typeof v !== 'string') return 'must be a text';
      if (s.enum && !s.enum.includes(v)) return `must be one of ${s.enum.join(', ')}`;
      if (s.minLength !== undefined && v.length < s.minLength)
        return s.minLength === 1 ? 'is required' : `must be at least ${s.minLength} characters long`;
      const max = s.maxLength ?? TEMPLATE_LIMITS.stringLength;
      if (v.length > max) return `must be at most ${max} characters long`;
      return null;
    }
    case 'integer':
    case 'number': {
      if (typeof v !== 'number' || !Number.isFinite(v)) return 'must be a number';
      if (s.type === 'integer' && !Number.isInteger(v)) return 'must be a whole number';
      if (s.minimum !== undefined && v < s.minimum) return `must be at least ${s.minimum}`;
      if (s.maximum !== undefined && v > s.maximum) return `must be at most ${s.maximum}`;
      return null;
    }
    case 'boolean':
      return typeof v === 'boolean' ? null : 'must be true or false';
    case 'array': {
      if (!Array.isArray(v)) return 'must be a list';
      const maxItems = s.maxItems ?? TEMPLATE_LIMITS.arrayItems;
      if (s.minItems !== undefined && v.length < s.minItems) return `must have at least ${s.minItems} item${s.minItems === 1 ? '' : 's'}`;
      if (v.length > maxItems) return `must have at most ${maxItems} items`;
      const max = s.items.maxLength ?? TEMPLATE_LIMITS.stringLength;
      const bad = v.findIndex((item) => typeof item !== 'string' || item.length > max);
      if (bad >= 0)
        return typeof v[bad] !== 'string' ? `item ${bad + 1} must be a text` : `item ${bad + 1} must be at most ${max} characters long`;
      return null;
    }
  }
}

/**
 * The data a template expands with: the defaults, overridden by `data` (a parameter left out
 * keeps its default). Unknown names, values off their schema and missing required parameters
 * are field errors; `value` is the merged data only when there are none.
 */
export function resolveData(
  parameters: TemplateParameters | null | undefined,
  data: unknown,
): { value: TemplateData; errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (!parameters) return { value: {}, errors };
  if (data !== undefined && data !== null && !isObject(data)) return { value: {}, errors: { data: ['must be an object'] } };
  const given = (data ?? {}) as Record<string, unknown>;
  const value: Record<string, ParameterValue> = {};
  for (const key of Object.keys(given))
    if (!Object.hasOwn(parameters.properties, key)) errors[key] = ['is not a parameter of this template'];
  for (const [name, schema] of Object.entries(parameters.properties)) {
    const raw = Object.hasOwn(given, name) && given[name] !== undefined ? given[name] : parameters.data?.[name];
    // texts are trimmed: a frame title or a heading never starts or ends with spaces
    const v =
      typeof raw === 'string' ? raw.trim() : Array.isArray(raw) ? raw.map((i: unknown) => (typeof i === 'string' ? i.trim() : i)) : raw;
    if (v === undefined || v === null) {
      if (parameters.required?.includes(name)) errors[name] = ['is required'];
      continue;
    }
    const reason = valueReason(schema, v);
    if (reason) errors[name] = [reason];
    else value[name] = Array.isArray(v) ? [...(v as string[])] : (v as ParameterValue);
  }
  return { value, errors };
}
