/**
 * `npm run wire` (= `tsx scripts/wire-types.ts`): writes shared/wire.ts, the TypeScript types of
 * the API's answers, from the OpenAPI document (docs/api.md "Wire types"). The route's joi
 * response schema is the one source: the server's answer is checked against it (strictly under
 * test: RESPONSE_CHECK), the OpenAPI document at /documents/api is built from it, and the clients
 * (admin/, panel/, sdk/) type their calls with what this writes. tests/unit/wire.test.ts fails when
 * shared/wire.ts differs from what this would write.
 *
 * The document is built the way /documents/api builds it (platform/openapi, from the route table
 * of a platform composed in memory: no database is reached, nothing listens). Every component
 * schema an answer refers to (2xx and 4xx, directly or through another component) becomes one
 * exported type of that name; payload-only components are left out. The emitter below covers
 * what joi-to-json writes: objects (properties, required, additionalProperties), arrays, enums,
 * consts, nullable types (`type: [x, 'null']`), anyOf/oneOf/allOf and `$ref`s.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import prettier from 'prettier';
import { loadConfig } from '../platform/config';
import { openDb } from '../platform/db/index';
import type { OpenApiDocument } from '../platform/openapi/document';
import type { JsonSchema } from '../platform/openapi/schemas';
import { createPlatform, type Platform } from '../platform/server';

export const WIRE_FILE = path.resolve(import.meta.dirname, '..', 'shared', 'wire.ts');

/**
 * A platform with every route registered and no database reached (the knex client is never
 * queried: no migration, no start), handed to `use` and stopped after.
 */
export async function withRouteTable<T>(use: (platform: Platform) => Promise<T>): Promise<T> {
  const dataDir = path.join(os.tmpdir(), `tabula-wire-${crypto.randomUUID()}`);
  const config = loadConfig(
    { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, JOBS: 'off', ACCESS_TOKEN_SECRET: 'w'.repeat(48), COOKIE_SECRET: 'w'.repeat(48) },
    {},
  );
  const db = openDb({ databaseUrl: 'postgres://wire@127.0.0.1:9/none' });
  const platform = await createPlatform(config, { db, logger: pino({ level: 'silent' }), migrate: false });
  try {
    return await use(platform);
  } finally {
    await platform.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The OpenAPI document, as GET /documents/api/openapi.json answers it. */
export async function apiDocument(): Promise<OpenApiDocument> {
  return withRouteTable(async ({ server }) => {
    const res = await server.inject('/documents/api/openapi.json');
    if (res.statusCode !== 200) throw new Error(`the OpenAPI document answered ${res.statusCode}`);
    return JSON.parse(res.payload) as OpenApiDocument;
  });
}

const REF = '#/components/schemas/';
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const ANY_TYPES = ['array', 'boolean', 'number', 'object', 'string', 'null'];

const typeName = (component: string) => component.replace(/[^A-Za-z0-9_]/g, '_');
const refsOf = (value: unknown): string[] =>
  [...JSON.stringify(value).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);

/** The components an answer uses: those the operations' `responses` refer to, and those they refer to in turn. */
export function answerComponents(doc: OpenApiDocument): string[] {
  const schemas = ((doc.components as { schemas?: Record<string, JsonSchema> } | undefined)?.schemas ?? {}) as Record<string, JsonSchema>;
  const seen = new Set<string>();
  const queue = Object.values(doc.paths).flatMap((item) => Object.values(item).flatMap((op) => refsOf(op.responses)));
  while (queue.length) {
    const name = queue.pop()!;
    if (seen.has(name) || !schemas[name]) continue;
    seen.add(name);
    queue.push(...refsOf(schemas[name]));
  }
  return [...seen].sort();
}

const comment = (text: unknown, indent = '') =>
  typeof text === 'string' && text.trim() ? `${indent}/** ${text.trim().replace(/\*\//g, '*\\/').replace(/\n\s*/g, ` `)} */\n` : '';

/** Wraps a union or intersection in parentheses where it is an array's item. */
const grouped = (ts: string) => (/^[A-Za-z0-9_$.'"]+$/.test(ts) || /^\{[\s\S]*\}$/.test(ts) ? ts : `(${ts})`);

const union = (members: string[]) => {
  const unique = [...new Set(members)];
  if (unique.includes('unknown')) return 'unknown';
  return unique.join(' | ') || 'never';
};

/** A schema that only constrains (`anyOf: [{ required: [...] }]`), adding no type of its own. */
const isConstraint = (s: JsonSchema) =>
  !('type' in s) && !('$ref' in s) && !('const' in s) && !('enum' in s) && !('properties' in s) && !('anyOf' in s) && !('oneOf' in s);

/** The TypeScript type of one JSON schema (the subset joi-to-json writes; anything else is `unknown`). */
export function tsType(schema: JsonSchema | boolean | undefined, indent = ''): string {
  if (schema === undefined || schema === true) return 'unknown';
  if (schema === false) return 'never';
  if (typeof schema.$ref === 'string') return schema.$ref.startsWith(REF) ? typeName(schema.$ref.slice(REF.length)) : 'unknown';
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return union(schema.enum.map((v) => JSON.stringify(v)));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const members = (schema[key] as JsonSchema[] | undefined)?.filter((s) => !isConstraint(s));
    if (members?.length) {
      // `type` beside anyOf: the members narrow it (joi-to-json writes the alternatives alone)
      return union(members.map((s) => tsType(s, indent)));
    }
  }
  if (Array.isArray(schema.allOf)) return (schema.allOf as JsonSchema[]).map((s) => grouped(tsType(s, indent))).join(' & ');
  const types = schema.type === undefined ? [] : ([schema.type].flat() as string[]);
  if (!types.length || ANY_TYPES.every((t) => types.includes(t))) return 'unknown';
  return union(types.map((t) => single(t, schema, indent)));
}

function single(type: string, schema: JsonSchema, indent: string): string {
  switch (type) {
    case 'null':
      return 'null';
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array': {
      const items = tsType(schema.items as JsonSchema | undefined, indent);
      return `${grouped(items)}[]`;
    }
    case 'object':
      return objectType(schema, indent);
    default:
      return 'unknown';
  }
}

function objectType(schema: JsonSchema, indent: string): string {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const extra = schema.additionalProperties as JsonSchema | boolean | undefined;
  const names = Object.keys(properties);
  if (!names.length) return extra === false ? 'Record<string, never>' : `Record<string, ${tsType(extra ?? true, indent)}>`;
  const inner = `${indent}  `;
  const lines = names.map((name) => {
    const key = IDENTIFIER.test(name) ? name : JSON.stringify(name);
    const property = properties[name]!;
    return `${comment(property.description, inner)}${inner}${key}${required.has(name) ? '' : '?'}: ${tsType(property, inner)};`;
  });
  if (extra !== undefined && extra !== false) lines.push(`${inner}[key: string]: unknown;`);
  return `{\n${lines.join('\n')}\n${indent}}`;
}

const HEADER = `/**
 * The API's answers, one type per named response schema (docs/api.md "Wire types").
 *
 * GENERATED by \`npm run wire\` (scripts/wire-types.ts) from the routes' joi response schemas, through
 * the OpenAPI document (/documents/api): do not edit. Change the route's response schema, then run
 * \`npm run wire\`; tests/unit/wire.test.ts fails while this file is stale. Imports nothing.
 */
`;

/** shared/wire.ts before formatting: the header, then one `export type` per answer component, by name. */
export function renderWire(doc: OpenApiDocument): string {
  const schemas = (doc.components as { schemas: Record<string, JsonSchema> }).schemas;
  const types = answerComponents(doc).map((name) => {
    const schema = schemas[name]!;
    return `${comment(schema.description)}export type ${typeName(name)} = ${tsType(schema)};\n`;
  });
  return `${HEADER}\n${types.join('\n')}`;
}

/** shared/wire.ts as `npm run wire` writes it (formatted with the repository's prettier settings). */
export async function wireSource(doc?: OpenApiDocument): Promise<string> {
  const text = renderWire(doc ?? (await apiDocument()));
  const options = (await prettier.resolveConfig(WIRE_FILE)) ?? {};
  return prettier.format(text, { ...options, filepath: WIRE_FILE });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const next = await wireSource();
  const current = fs.existsSync(WIRE_FILE) ? fs.readFileSync(WIRE_FILE, 'utf8') : '';
  if (current === next) console.log('shared/wire.ts is up to date');
  else {
    fs.writeFileSync(WIRE_FILE, next);
    console.log(`wrote shared/wire.ts (${next.split('\n').filter((l) => l.startsWith('export type ')).length} types)`);
  }
}
