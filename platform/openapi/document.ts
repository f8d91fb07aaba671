import type { AuthSettings, RequestRoute, Server } from '@hapi/hapi';
import Joi from 'joi';
import { ERROR_ENVELOPE, errorAnswers } from './answers';
import { SchemaRegistry, type JsonSchema } from './schemas';

/**
 * The OpenAPI 3.1 document of the routes tagged 'api' (the convention hapi-swagger used), read
 * once from `server.table()`: hapi's `{param*}`/`{param?}` become `{param}`, the route's
 * `description` is the summary and its `notes` the description, its other tags group it, and
 * its joi schemas give the parameters (`validate.params/query/headers`), the body
 * (`validate.payload`) and the answers (`response.schema`/`response.status`), plus its 4xx
 * answers (answers.ts). Routes with auth take the bearer JWT (`security: []` for `auth: false`).
 */
export interface DocumentInfo {
  title: string;
  version: string;
  description?: string;
}

export type OpenApiDocument = JsonSchema & { openapi: string; paths: Record<string, Record<string, JsonSchema>> };

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
/** a hapi path parameter: `{name}`, `{name?}`, `{name*}`, `{name*2}` */
const PATH_PARAM = /\{(\w+)(?:\*\d*|\?)?\}/g;
/** header parameters OpenAPI ignores (the security scheme and the media types say them) */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

type RouteAuth = AuthSettings | false | undefined;

export function buildDocument(server: Server, info: DocumentInfo): OpenApiDocument {
  const registry = new SchemaRegistry();
  registry.register('ErrorEnvelope', ERROR_ENVELOPE);
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const tags = new Set<string>();
  const operationIds = new Set<string>();

  const routes = server.table().filter((r) => r.settings.tags?.includes('api') && METHODS.includes(r.method));
  for (const route of routes) {
    const operationId = unique(route.settings.id ?? operationIdOf(route), operationIds);
    const auth: RouteAuth =
      (route.settings.auth as RouteAuth) === false
        ? false
        : (route.settings.auth ?? (server.auth.settings.default as AuthSettings | undefined));
    const operation = operationOf(route, operationId, auth, registry);
    for (const tag of operation.tags as string[]) tags.add(tag);
    (paths[route.path.replace(PATH_PARAM, '{$1}')] ??= {})[route.method] = operation;
  }

  return {
    openapi: '3.1.0',
    info,
    tags: [...tags].sort().map((name) => ({ name })),
    paths: sortedKeys(paths),
    components: {
      schemas: sortedKeys(registry.components),
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}

function operationOf(route: RequestRoute, operationId: string, auth: RouteAuth, registry: SchemaRegistry): JsonSchema {
  const { settings } = route;
  const validate = settings.validate ?? {};
  const name = operationId[0]!.toUpperCase() + operationId.slice(1);
  const pathParams = [...route.path.matchAll(PATH_PARAM)].map((m) => m[1]!);
  const parameters = [
    ...parametersOf(validate.params, 'path', registry, pathParams),
    ...parametersOf(validate.query, 'query', registry),
    ...parametersOf(validate.headers, 'header', registry).filter((p) => !IGNORED_HEADERS.has(String(p.name).toLowerCase())),
  ];
  const notes = [settings.notes ?? []].flat().join('\n\n');
  const payload = validate.payload;
  const allow = settings.payload?.allow;
  return {
    operationId,
    ...(settings.description && { summary: settings.description }),
    ...(notes && { description: notes }),
    tags: (settings.tags ?? []).filter((t) => t !== 'api'),
    ...(parameters.length && { parameters }),
    ...(Joi.isSchema(payload) && {
      requestBody: {
        ...((payload.describe().flags as { presence?: string } | undefined)?.presence === 'required' && { required: true }),
        content: Object.fromEntries(
          [allow ?? 'application/json'].flat().map((type) => [type, { schema: registry.schemaOf(payload, `${name}Payload`) }]),
        ),
      },
    }),
    responses: answersOf(route, name, auth, pathParams.length > 0, registry),
    security: !auth ? [] : auth.mode === 'required' ? [{ bearer: [] }] : [{ bearer: [] }, {}],
  };
}

/**
 * One parameter per property of a joi object schema. Path parameters are exactly those of the
 * path template (a property the path does not hold is left out; one the schema lacks is a string).
 */
function parametersOf(schema: unknown, where: 'path' | 'query' | 'header', registry: SchemaRegistry, pathParams?: string[]): JsonSchema[] {
  const object = Joi.isSchema(schema) ? registry.inline(schema) : {};
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required ?? []) as string[]);
  const names = pathParams ?? Object.keys(properties);
  return names.map((name) => {
    const property = properties[name] ?? { type: 'string' };
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(typeof property.description === 'string' && { description: property.description }),
      schema: property,
    };
  });
}

/** The success answers (response.schema as 200, response.status by code), then the 4xx ones. */
function answersOf(route: RequestRoute, name: string, auth: RouteAuth, pathHasParams: boolean, registry: SchemaRegistry): JsonSchema {
  const { schema, status = {} } = route.settings.response ?? {};
  const answers: Record<string, JsonSchema> = {};
  const success = (code: number, joi: unknown) => {
    answers[code] = { description: code === 201 ? 'Created' : code === 204 ? 'No content' : 'Success' };
    if (Joi.isSchema(joi))
      answers[code]!.content = { 'application/json': { schema: registry.schemaOf(joi, `${name}Response${code === 200 ? '' : code}`) } };
  };
  const codes = Object.keys(status).map(Number);
  for (const code of codes.filter((c) => c < 400)) success(code, status[code]);
  if (Joi.isSchema(schema) && !answers[200]) success(200, schema);
  if (!Object.keys(answers).length) success(200, undefined);

  Object.assign(answers, errorAnswers(route, auth, pathHasParams));
  for (const code of codes.filter((c) => c >= 400 && Joi.isSchema(status[c]))) {
    answers[code] = {
      description: answers[code]?.description ?? 'Refused.',
      content: { 'application/json': { schema: registry.schemaOf(status[code] as Joi.Schema, `${name}Response${code}`) } },
    };
  }
  return answers;
}

/** `getBoardsByIdCommands` for GET /api/boards/{id}/commands. */
function operationIdOf(route: RequestRoute): string {
  const words = (s: string) =>
    s
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join('');
  const segments = route.path.split('/').filter(Boolean);
  if (segments[0] === 'api') segments.shift();
  return route.method + segments.map((s) => (s.startsWith('{') ? `By${words(s)}` : words(s))).join('');
}

function unique(id: string, taken: Set<string>): string {
  let result = id;
  for (let n = 2; taken.has(result); n++) result = `${id}${n}`;
  taken.add(result);
  return result;
}

function sortedKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
