import fs from 'node:fs';
import Joi from 'joi';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../platform/openapi/document';
import { apiDocument, tsType, WIRE_FILE, wireSource, withRouteTable } from '../../scripts/wire-types';

/**
 * One source for wire types (docs/api.md "Wire types"): shared/wire.ts is what `npm run wire`
 * writes from the routes' response schemas, and every JSON route declares one.
 */

/**
 * Routes that answer no JSON, so declare no response schema: files, pictures, stylesheets, HTML
 * pages, redirects, the metrics text, and the empty answers (204). Every other route, of every
 * method, must declare one.
 */
const NOT_JSON = new Set([
  // HTML pages and the apps' files (platform/web, platform/openapi)
  'get /',
  'get /access-denied',
  'get /panel',
  'get /panel/{p*}',
  'get /app/panel/{p*}',
  'get /accounts/{p*}',
  'get /board/new',
  'get /board/{p*}',
  'get /board/{workspaceId}/new',
  // the visitor pages of a partner's invitation and a promo's link (panel/partner, panel/billing)
  'get /invitations/authorize-partner',
  'get /invitations/redeem/{code}',
  // a partner's logo, as a picture (platform/partners/authorize-routes.ts)
  'get /api/partners/{partnerId}/icon',
  'get /static/{p*}',
  'get /embed.js',
  'get /sw.js',
  'get /documents/{p*}',
  'get /templates',
  'get /documents/api',
  'get /documents/api/ui',
  'get /documents/api/ui/{file}',
  // the OpenAPI document itself (built from the schemas: describing it would be circular)
  'get /documents/api/openapi.json',
  // Prometheus text
  'get /metrics',
  // a redirect to Google's consent page
  'get /api/connect/google',
  // binary: pictures, thumbnails, fonts, uploaded files
  'get /api/thumbnails/{key}',
  'get /api/boards/templates/{name}/thumbnail',
  'get /api/assets/{id}/{variant}',
  'get /api/media/{resource}/original',
  'get /api/users/{userId}/images',
  'get /api/fonts/{fontId}/files/{n}',
  // CSS
  'get /api/fonts/{fontId}/stylesheet.css',
  // a board's backup file (a download)
  'get /api/boards/{id}/backup',
  // empty answers (204 No Content)
  'post /api/accounts/logout',
  'delete /api/boards',
  'post /api/boards/{id}/comments/{threadId}/mark',
  'post /api/logs/clients',
  'post /api/logs/perfs',
  'post /api/logs/usages',
  // @hapi/nes's own route: the socket's authentication, answered by the plugin
  'auth /nes/auth',
]);

describe('shared/wire.ts', () => {
  let doc: OpenApiDocument;
  beforeAll(async () => {
    doc = await apiDocument();
  }, 60_000);

  it('is what `npm run wire` writes from the response schemas', async () => {
    const current = fs.readFileSync(WIRE_FILE, 'utf8');
    expect(current, 'shared/wire.ts differs from the routes’ response schemas: run `npm run wire` (and commit the result)').toBe(
      await wireSource(doc),
    );
  });

  it('imports nothing and exports types only', () => {
    const current = fs.readFileSync(WIRE_FILE, 'utf8');
    expect(current).not.toMatch(/^\s*import\b/m);
    expect(current).not.toMatch(/^export (const|function|class|let|var)\b/m);
  });

  it('writes each JSON schema construct as its TypeScript type', () => {
    expect(tsType({ type: ['string', 'null'] })).toBe('string | null');
    expect(tsType({ type: 'array', items: { $ref: '#/components/schemas/A' } })).toBe('A[]');
    expect(tsType({ type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'number' }] } })).toBe('(string | number)[]');
    expect(tsType({ type: 'string', enum: ['a', 'b'] })).toBe('"a" | "b"');
    expect(tsType({ const: true })).toBe('true');
    expect(tsType({ type: ['array', 'boolean', 'number', 'object', 'string', 'null'] })).toBe('unknown');
    expect(tsType({ type: 'object', properties: {}, additionalProperties: false })).toBe('Record<string, never>');
    expect(tsType({ type: 'object', properties: {}, additionalProperties: true })).toBe('Record<string, unknown>');
    expect(tsType({ type: 'object', properties: { a: { type: 'integer' }, b: { type: 'boolean' } }, required: ['a'] })).toBe(
      '{\n  a: number;\n  b?: boolean;\n}',
    );
  });
});

describe('response schemas', () => {
  it('every route answering JSON declares one, of every method (binary, HTML, CSS, redirects, 204s exempt)', async () => {
    const routes = await withRouteTable(async ({ server }) =>
      server.table().map((r) => ({ key: `${r.method} ${r.path}`, response: r.settings.response })),
    );
    const undeclared = routes
      .filter((r) => !Joi.isSchema(r.response?.schema) && !Object.values(r.response?.status ?? {}).some((s) => Joi.isSchema(s)))
      .map((r) => r.key)
      .filter((key) => !NOT_JSON.has(key));
    expect(undeclared, 'declare `options.response.schema` (docs/api.md "Wire types"), or exempt a non-JSON route here').toEqual([]);
    // the list only names routes that exist
    const keys = new Set(routes.map((r) => r.key));
    for (const key of NOT_JSON) expect(keys, key).toContain(key);
  }, 60_000);
});
