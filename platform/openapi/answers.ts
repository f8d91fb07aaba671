import type { AuthSettings, RequestRoute } from '@hapi/hapi';
import type { JsonSchema } from './schemas';

/**
 * The 4xx answers of an operation, each carrying the one error envelope (platform/core/errors.ts,
 * ARCHITECTURE.md "One error envelope"). Which ones a route can give:
 *  - 400 always: joi validation (`failAction`) and the input guard (platform/core/input-guard.ts)
 *    check every route's input;
 *  - 401 for a route with auth (required, or optional: a bad token is refused), 403 when the auth
 *    names a scope or entity (operator routes), 404 when the path has parameters, 413 when the
 *    route reads a body (hapi's payload limit);
 *  - and every code the route documents: in `notes` ("… 403 'Unauthorized access' …") or, with
 *    its own text, in `options.plugins.openapi.responses` ({ 409: 'The name is taken' }).
 */
declare module '@hapi/hapi' {
  interface PluginSpecificConfiguration {
    /** How the OpenAPI document (platform/openapi) describes this route. */
    openapi?: { responses?: Record<number, string> };
  }
}

export const ERROR_ENVELOPE: JsonSchema = {
  type: 'object',
  description: 'The one error envelope of every 4xx answer.',
  required: ['statusCode', 'message'],
  properties: {
    statusCode: { type: 'integer' },
    message: { type: 'string', description: 'The text to show (the first field error for a 400).' },
    errors: {
      type: 'object',
      description: "Field errors of a 400: each field's messages, keyed by the field's path ('*' for the whole input).",
      additionalProperties: { type: 'array', items: { type: 'string' } },
    },
  },
  additionalProperties: true,
};

const TEXTS: Record<number, string> = {
  400: 'Invalid input: `message` is the first problem, `errors` maps each field to its messages.',
  401: 'The bearer token is missing (where the route requires one), invalid or revoked. An expired one answers with the header `token-expired: true`: refresh once and retry.',
  403: 'The caller may not do this.',
  404: 'Not found, or not visible to the caller.',
  409: 'Conflicts with the current state.',
  413: 'The body is larger than this route accepts.',
  429: 'Too many attempts: wait for `Retry-After` seconds.',
};

const NO_BODY = new Set(['get', 'head', 'options']);

export function errorAnswers(
  route: RequestRoute,
  auth: AuthSettings | false | undefined,
  pathHasParams: boolean,
): Record<string, JsonSchema> {
  const declared = route.settings.plugins?.openapi?.responses ?? {};
  const notes = [route.settings.notes ?? []].flat().join(' ');
  const codes = new Set<number>([400]);
  if (auth && auth.mode !== 'try') codes.add(401);
  if (auth && auth.access?.length) codes.add(403);
  if (pathHasParams) codes.add(404);
  if (!NO_BODY.has(route.method)) codes.add(413);
  for (const [, code] of notes.matchAll(/\b(4\d\d)\b/g)) if (TEXTS[Number(code)]) codes.add(Number(code));
  for (const code of Object.keys(declared)) codes.add(Number(code));

  const answers: Record<string, JsonSchema> = {};
  for (const code of [...codes].sort((a, b) => a - b)) {
    answers[code] = {
      description: declared[code] ?? TEXTS[code] ?? 'Refused.',
      ...(code === 401 && {
        headers: { 'token-expired': { description: "'true' when the token has expired", schema: { type: 'string' } } },
      }),
      ...(code === 429 && { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } }),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
    };
  }
  return answers;
}
