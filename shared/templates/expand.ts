/**
 * Expanding a template into board shapes (docs/templates.md "Expansion"), pure: repeat blocks
 * unrolled, `{{expr}}` and "=expr" evaluated, local ids remapped to fresh ones (connector ends,
 * frame children and every other link a kind keeps — its `relinkCopy` — follow), the shapes
 * stamped with their author and time, scaled about the template's origin and placed at `origin`,
 * then each checked against the model (shared/shape-check.ts). The server wraps them into one
 * commandSet.
 */
import { SCHEMA_LIMITS, checkShape } from '../shape-check';
import type { Shape } from '../model';
import { kindGeometry, mapShapeTree, translateShape } from '../geometry/registry';
import { shapesBounds } from '../geometry/board';
import { scaleShape } from '../geometry/scale';
import type { Point, Rect } from '../geometry/rect';
import { ExpressionError, evaluate, evaluateNumber, interpolate, type Scope } from './expr';
import { resolveData, type FieldErrors } from './schema';
import { TEMPLATE_LIMITS, isRepeatBlock, type RepeatBlock, type TemplateData, type TemplateFile, type TemplateItem } from './types';

/** A template that does not expand: a field error (`data.<name>` for the user's data, else where in the template). */
export class TemplateError extends Error {
  constructor(
    message: string,
    readonly errors: FieldErrors,
  ) {
    super(message);
  }
}

export interface ExpandOptions {
  /** the author stamped on every shape */
  uid: string;
  /** the shapes' timestamp */
  now: number;
  /** a fresh shape id */
  newId: () => string;
  /** where the template's (0, 0) lands on the board (after scaling) */
  origin?: Point;
  /** the template's scale (> 0; 1: as laid out) */
  scale?: number;
}

export interface Expanded {
  shapes: Shape[];
  /** the shapes' bounds on the board (undefined: no shapes) */
  bounds: Rect | undefined;
  /** the data the template was expanded with (defaults filled in) */
  data: TemplateData;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Ids of one round of a repeat (or the template's top level): a local id maps to its fresh id. */
class IdScope {
  readonly ids = new Map<string, string>();
  private flat?: Map<string, string>;
  constructor(readonly parent?: IdScope) {}
  /** every id visible from here, inner ones shadowing outer ones */
  visible(): ReadonlyMap<string, string> {
    if (!this.flat) this.flat = new Map([...(this.parent?.visible() ?? []), ...this.ids]);
    return this.flat;
  }
}

/** The template's width and height (numbers or expressions) for this data. */
export function templateSize(template: Pick<TemplateFile, 'width' | 'height'>, data: TemplateData): { width: number; height: number } {
  const size = (v: unknown, field: string) => {
    const n = typeof v === 'string' && v.startsWith('=') ? at(field, () => evaluateNumber(v.slice(1), data)) : v;
    if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0 || n > TEMPLATE_LIMITS.size)
      throw new TemplateError(`${field} must be a positive number`, {
        [field]: [`must be a positive number up to ${TEMPLATE_LIMITS.size}`],
      });
    return n;
  };
  return { width: size(template.width, 'width'), height: size(template.height, 'height') };
}

/** Runs `f`, turning an expression's failure into a TemplateError naming `field`. */
function at<T>(field: string, f: () => T): T {
  try {
    return f();
  } catch (err) {
    if (err instanceof ExpressionError) throw new TemplateError(`${field}: ${err.message}`, { [field]: [err.message] });
    throw err;
  }
}

/** A value with its expressions evaluated: strings interpolated, "=expr" strings as numbers ("==…": a literal "=…"). */
function resolveValue(v: unknown, scope: Scope, field: string, depth = 0): unknown {
  if (depth > 8) throw new TemplateError(`${field}: nested too deep`, { [field]: ['nested too deep'] });
  if (typeof v === 'string') {
    if (v.startsWith('==')) return at(field, () => interpolate(v.slice(1), scope));
    if (v.startsWith('=')) return at(field, () => evaluate(v.slice(1), scope));
    return at(field, () => interpolate(v, scope));
  }
  if (Array.isArray(v)) return v.map((x, i) => resolveValue(x, scope, `${field}[${i}]`, depth + 1));
  if (isObject(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = resolveValue(x, scope, `${field}.${k}`, depth + 1);
    return out;
  }
  return v;
}

/** Whether an item's `when` holds (absent: it does). */
function included(item: { when?: unknown }, scope: Scope, field: string): boolean {
  if (item.when === undefined) return true;
  if (typeof item.when !== 'string')
    throw new TemplateError(`${field}.when must be an expression`, { [`${field}.when`]: ['must be an expression'] });
  const w = item.when.startsWith('=') ? item.when.slice(1) : item.when;
  return at(`${field}.when`, () => evaluateNumber(w, scope)) !== 0;
}

interface Laid {
  shape: Shape;
  scope: IdScope;
}

/**
 * Expands a template with `data` (merged over its defaults and checked against its parameters:
 * a TemplateError with the data's field errors when it does not fit). Every other failure — an
 * expression that does not evaluate, a shape off the model, more than TEMPLATE_LIMITS.shapes
 * shapes — is a TemplateError naming where.
 */
export function expandTemplate(template: TemplateFile, data: unknown, options: ExpandOptions): Expanded {
  const { value, errors } = resolveData(template.parameters, data);
  if (Object.keys(errors).length) {
    const first = Object.entries(errors)[0];
    throw new TemplateError(`${first[0]} ${first[1][0]}`, errors);
  }
  const scale = options.scale ?? 1;
  if (!(scale > 0) || !Number.isFinite(scale))
    throw new TemplateError('scale must be a positive number', { scale: ['must be a positive number'] });
  const origin = options.origin ?? { x: 0, y: 0 };
  const laid: Laid[] = [];
  const top = new IdScope();

  const walk = (items: unknown, scope: Scope, ids: IdScope, offset: Point, field: string, depth: number) => {
    if (!Array.isArray(items)) throw new TemplateError(`${field} must be a list`, { [field]: ['must be a list'] });
    items.forEach((item: TemplateItem, index) => {
      const here = `${field}[${index}]`;
      if (!isObject(item)) throw new TemplateError(`${here} must be an object`, { [here]: ['must be an object'] });
      if (!included(item, scope, here)) return;
      if (isRepeatBlock(item)) return repeat(item, scope, ids, offset, here, depth);
      if (laid.length >= TEMPLATE_LIMITS.shapes)
        throw new TemplateError(`The template makes more than ${TEMPLATE_LIMITS.shapes} shapes.`, {
          shapes: [`more than ${TEMPLATE_LIMITS.shapes} shapes`],
        });
      const { when: _when, ...fields } = item as Record<string, unknown>;
      const resolved = resolveValue(fields, scope, here) as Record<string, unknown>;
      const localId = resolved.id;
      if (typeof localId !== 'string' || !localId)
        throw new TemplateError(`${here}.id is required`, { [`${here}.id`]: ['a local id is required'] });
      if (!kindGeometry(String(resolved.cmd)))
        throw new TemplateError(`${here}.cmd is not a shape kind`, { [`${here}.cmd`]: ['is not a shape kind'] });
      if (ids.ids.has(localId)) throw new TemplateError(`${here}.id ${localId} is used twice`, { [`${here}.id`]: ['is used twice'] });
      const id = options.newId();
      ids.ids.set(localId, id);
      // nested shapes (a group's) get fresh ids too
      let shape = mapShapeTree({ ...resolved, uid: options.uid, timestamp: options.now } as unknown as Shape, (s) => ({
        ...s,
        id: s.id === localId ? id : options.newId(),
        uid: options.uid,
        timestamp: options.now,
      }))!;
      shape = { ...shape, id };
      const check = checkShape(shape);
      if (check.message) throw new TemplateError(`${here}: ${check.message}`, { [here]: [check.message] });
      if (offset.x || offset.y) shape = translateShape(shape, offset.x, offset.y);
      laid.push({ shape, scope: ids });
    });
  };

  const repeat = (block: RepeatBlock, scope: Scope, ids: IdScope, offset: Point, field: string, depth: number) => {
    if (depth >= TEMPLATE_LIMITS.depth)
      throw new TemplateError(`${field}: repeats nested too deep`, { [field]: ['repeats nested too deep'] });
    const how = block.repeat as Record<string, unknown>;
    let rounds: number;
    let list: string[] | null = null;
    if (isObject(how) && typeof how.over === 'string') {
      const v = scope[how.over];
      if (!Array.isArray(v))
        throw new TemplateError(`${field}.repeat.over: ${how.over} is not a list`, {
          [`${field}.repeat.over`]: ['is not a list parameter'],
        });
      list = v;
      rounds = v.length;
    } else if (isObject(how) && (typeof how.count === 'number' || typeof how.count === 'string')) {
      const c = how.count;
      const n = typeof c === 'number' ? c : at(`${field}.repeat.count`, () => evaluateNumber(c.startsWith('=') ? c.slice(1) : c, scope));
      rounds = Math.max(0, Math.floor(n));
    } else {
      throw new TemplateError(`${field}.repeat must be { over } or { count }`, {
        [`${field}.repeat`]: ['must be { over: name } or { count }'],
      });
    }
    if (rounds > TEMPLATE_LIMITS.rounds)
      throw new TemplateError(`${field}: more than ${TEMPLATE_LIMITS.rounds} rounds`, {
        [`${field}.repeat`]: [`more than ${TEMPLATE_LIMITS.rounds} rounds`],
      });
    const as = block.as ?? 'i';
    if (typeof as !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(as))
      throw new TemplateError(`${field}.as must be a name`, { [`${field}.as`]: ['must be a name'] });
    for (let i = 0; i < rounds; i++) {
      const inner: Record<string, unknown> = { ...scope, i, n: i + 1, [as]: i };
      if (list) inner.item = list[i];
      const roundScope = inner as Scope;
      const step = block.step ?? {};
      const sx = step.x === undefined ? 0 : Number(resolveValue(step.x, roundScope, `${field}.step.x`));
      const sy = step.y === undefined ? 0 : Number(resolveValue(step.y, roundScope, `${field}.step.y`));
      if (!Number.isFinite(sx) || !Number.isFinite(sy))
        throw new TemplateError(`${field}.step must be numbers`, { [`${field}.step`]: ['must be numbers'] });
      walk(block.shapes, roundScope, new IdScope(ids), { x: offset.x + sx * i, y: offset.y + sy * i }, `${field}.shapes`, depth + 1);
    }
  };

  walk(template.shapes, value, top, { x: 0, y: 0 }, 'shapes', 0);
  return { ...place(laid, { scale, origin }), data: value };
}

/** The laid-out shapes relinked (their scope's fresh ids), scaled about (0, 0), moved to `origin` and checked. */
function place(laid: Laid[], { scale, origin }: { scale: number; origin: Point }): { shapes: Shape[]; bounds: Rect | undefined } {
  if (laid.length > SCHEMA_LIMITS.commandsPerSet)
    throw new TemplateError(`The template makes more than ${SCHEMA_LIMITS.commandsPerSet} shapes.`, { shapes: ['too many shapes'] });
  const shapes = laid.map(({ shape, scope }) => {
    let s = shape;
    const relink = kindGeometry(s.cmd)?.relinkCopy;
    if (relink) s = relink(s, scope.visible()) as Shape;
    if (scale !== 1) s = scaleShape(s, scale);
    if (origin.x || origin.y) s = translateShape(s, origin.x, origin.y);
    return s;
  });
  for (const [i, s] of shapes.entries()) {
    const check = checkShape(s);
    if (check.message) throw new TemplateError(`shapes[${i}] once placed: ${check.message}`, { shapes: [check.message] });
  }
  return { shapes, bounds: shapesBounds(shapes) };
}

/**
 * Places literal shapes (a custom template's: no expressions, no repeats) like a template's: fresh
 * ids with their links remapped, stamped with `uid` and `now`, scaled about (0, 0), moved to
 * `origin`, each checked against the model. The shapes' own `uid` and `timestamp` are replaced.
 */
export function placeShapes(shapes: readonly unknown[], options: ExpandOptions): { shapes: Shape[]; bounds: Rect | undefined } {
  const scale = options.scale ?? 1;
  if (!(scale > 0) || !Number.isFinite(scale))
    throw new TemplateError('scale must be a positive number', { scale: ['must be a positive number'] });
  if (shapes.length > TEMPLATE_LIMITS.shapes)
    throw new TemplateError(`The template makes more than ${TEMPLATE_LIMITS.shapes} shapes.`, {
      shapes: [`more than ${TEMPLATE_LIMITS.shapes} shapes`],
    });
  const scope = new IdScope();
  const laid: Laid[] = shapes.map((raw, index) => {
    const here = `shapes[${index}]`;
    if (!isObject(raw) || typeof raw.id !== 'string' || !kindGeometry(String(raw.cmd)))
      throw new TemplateError(`${here} is not a shape`, { [here]: ['is not a shape'] });
    const id = options.newId();
    if (!scope.ids.has(raw.id)) scope.ids.set(raw.id, id);
    const shape = mapShapeTree({ ...raw, uid: options.uid, timestamp: options.now } as unknown as Shape, (s) => ({
      ...s,
      id: s.id === raw.id ? id : options.newId(),
      uid: options.uid,
      timestamp: options.now,
    }))!;
    const check = checkShape(shape);
    if (check.message) throw new TemplateError(`${here}: ${check.message}`, { [here]: [check.message] });
    return { shape, scope };
  });
  return place(laid, { scale, origin: options.origin ?? { x: 0, y: 0 } });
}
