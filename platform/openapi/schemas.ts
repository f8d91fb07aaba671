import type { Schema } from 'joi';
import parse from 'joi-to-json';

/**
 * joi → OpenAPI 3.1 schema objects, through joi-to-json's 'open-api-3.1' output, with named
 * components: a schema labelled `.label('Name')` becomes `#/components/schemas/Name` and is
 * referenced by `$ref` wherever it appears (nested ones too); an unlabelled object schema of a
 * payload or an answer is named by the caller (`<OperationId>Payload`, `<OperationId>Response`).
 * Two different schemas wanting the same name get `Name2`, `Name3`… in the order they are met
 * (the route table's order, so the names stay the same from one start to the next); the same
 * schema met twice is one component.
 */
export type JsonSchema = Record<string, unknown>;

/** A node of joi's `describe()` output. */
type Description = { type?: unknown; flags?: Record<string, unknown>; [key: string]: unknown };

/** Keys of a description holding values (defaults, allowed values, examples…), never schemas. */
const VALUE_KEYS = new Set(['flags', 'allow', 'invalid', 'examples', 'metas', 'notes', 'tags', 'preferences']);

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;
const isDescription = (v: Record<string, unknown>): v is Description => typeof v.type === 'string';
const labelOf = (d: Description): string | undefined => (typeof d.flags?.label === 'string' ? d.flags.label : undefined);

/** joi-to-json reads nothing but `describe()` of what it is given (its index.js): it gets the rewritten description. */
const toJsonSchema = (description: Description): JsonSchema =>
  parse({ describe: () => description } as unknown as Schema, 'open-api-3.1') as JsonSchema;

export class SchemaRegistry {
  /** the named schemas, for `components.schemas` */
  readonly components: Record<string, JsonSchema> = {};
  private readonly contents = new Map<string, string>();

  /**
   * The schema of a payload, an answer or a parameter: a `$ref` when it is labelled, or when it
   * is an unlabelled object and `name` is given; otherwise inline (its labelled parts as `$ref`s).
   */
  schemaOf(schema: Schema, name?: string): JsonSchema {
    const description = schema.describe() as Description;
    const wanted = labelOf(description) ?? (description.type === 'object' ? name : undefined);
    return wanted ? toJsonSchema(this.linkTo(description, wanted)) : this.convert(description);
  }

  /** The schema itself, never a `$ref` (an object whose properties become parameters). */
  inline(schema: Schema): JsonSchema {
    return this.convert(schema.describe() as Description);
  }

  /** Converts one description; its labelled descendants become `$ref`s to their components. */
  private convert(description: Description): JsonSchema {
    return toJsonSchema(this.linkLabelled(description, true) as Description);
  }

  /** A copy of a description tree where every labelled schema below the root is a link to its component. */
  private linkLabelled(node: unknown, root = false): unknown {
    if (Array.isArray(node)) return node.map((n) => this.linkLabelled(n));
    if (!isPlainObject(node)) return node;
    const label = isDescription(node) ? labelOf(node) : undefined;
    if (label && !root) return this.linkTo(node as Description, label);
    const copy: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      copy[key] = isDescription(node) && VALUE_KEYS.has(key) ? value : this.linkLabelled(value);
    }
    return copy;
  }

  /**
   * Registers a schema as a component and answers a joi link to it (joi-to-json turns a local link
   * into `$ref: '#/components/schemas/<name>'`). One that also allows null shares the component of
   * its non-null self: the link becomes "the component, or null".
   */
  private linkTo(node: Description, label: string): Description {
    const allow = Array.isArray(node.allow) ? node.allow : [];
    const nullable = allow.includes(null);
    const name = this.register(label, this.convert(nullable ? { ...node, allow: allow.filter((v) => v !== null) } : node));
    const link = { type: 'link', link: { ref: { type: 'local', path: [name] } } };
    // the presence stays, so a parent still lists a required child in `required`
    const flags = { presence: node.flags?.presence };
    if (!nullable) return { ...link, flags };
    return { type: 'alternatives', flags, matches: [{ schema: link }, { schema: { type: 'any', flags: { only: true }, allow: [null] } }] };
  }

  /** The component name for a schema: its label, or `Label2`, `Label3`… when another schema took it. */
  register(label: string, schema: JsonSchema): string {
    const wanted = label.replace(/[^A-Za-z0-9._-]/g, '_'); // what OpenAPI allows in a component name
    const content = JSON.stringify(schema);
    for (let n = 1; ; n++) {
      const name = n === 1 ? wanted : `${wanted}${n}`;
      const taken = this.contents.get(name);
      if (taken === content) return name;
      if (taken === undefined) {
        this.contents.set(name, content);
        this.components[name] = schema;
        return name;
      }
    }
  }
}
