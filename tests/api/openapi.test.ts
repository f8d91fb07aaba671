import Hapi from '@hapi/hapi';
import { compileErrors, validate } from '@readme/openapi-parser';
import Joi from 'joi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openapiPlugin } from '../../platform/openapi/plugin';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';

/**
 * The OpenAPI document generated from the joi schemas of the routes (platform/openapi,
 * docs/api.md): valid, complete (every route tagged 'api'), every operation with its 4xx answers
 * in the one error envelope, and its UI served from this origin.
 */
type Operation = {
  operationId: string;
  parameters?: Array<{ name: string; in: string; required?: boolean }>;
  requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
  security?: unknown[];
};
type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown> }>; securitySchemes: Record<string, unknown> };
};

const ENVELOPE = '#/components/schemas/ErrorEnvelope';
const operations = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));
const refsIn = (value: unknown): string[] =>
  JSON.stringify(value)
    .match(/"\$ref":"[^"]+"/g)
    ?.map((r) => r.slice(8, -1)) ?? [];

describe('the OpenAPI document', () => {
  let p: TestPlatform;
  let doc: Doc;
  beforeAll(async () => {
    p = await startTestPlatform();
    const res = await p.server.inject('/documents/api/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = JSON.parse(res.payload);
  });
  afterAll(() => p.stop());

  it('is a valid OpenAPI 3 document', async () => {
    expect(doc.openapi.startsWith('3.')).toBe(true);
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('names its schemas after labels and operations, never ModelN, and every $ref resolves', () => {
    const names = Object.keys(doc.components.schemas);
    expect(names.filter((n) => /^Model\d+$/.test(n))).toEqual([]);
    expect(names).toEqual(expect.arrayContaining(['ErrorEnvelope', 'Login', 'TokenSession', 'AppendedCommand', 'CommandEffect']));
    for (const ref of refsIn(doc)) expect(names, ref).toContain(ref.replace('#/components/schemas/', ''));
  });

  it('lists every route tagged api, and only those', () => {
    const routes = p.server.table().filter((r) => r.settings.tags?.includes('api'));
    const documented = operations(doc).map(({ path, method }) => `${method} ${path}`);
    expect(documented.sort()).toEqual(routes.map((r) => `${r.method} ${r.path.replace(/\{(\w+)(\*\d*|\?)?\}/g, '{$1}')}`).sort());
    for (const [method, path] of [
      ['post', '/api/accounts/login'],
      ['get', '/api/boards/{id}/commands'],
      ['post', '/api/boards/{id}/commands'],
      ['get', '/health'],
    ]) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });

  it('gives every operation a 4xx answer in the error envelope, and a 401 to those with auth', () => {
    for (const { path, method, op } of operations(doc)) {
      const errors = Object.entries(op.responses).filter(
        ([code, r]) => /^4\d\d$/.test(code) && r.content?.['application/json']?.schema.$ref === ENVELOPE,
      );
      expect(errors.length, `${method} ${path}`).toBeGreaterThan(0);
      expect(op.responses['400'], `${method} ${path}`).toBeDefined();
      if (op.security?.length) expect(op.responses['401'], `${method} ${path}`).toBeDefined();
    }
    // what a route documents itself: the plan refusal and the command budget
    expect(Object.keys(doc.paths['/api/boards/{id}/commands']!.post!.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '413', '429']),
    );
  });

  it('declares exactly the parameters of each path template', () => {
    for (const { path, method, op } of operations(doc)) {
      const template = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const declared = (op.parameters ?? []).filter((q) => q.in === 'path');
      expect(declared.map((q) => q.name).sort(), `${method} ${path}`).toEqual(template);
      for (const q of declared) expect(q.required, `${method} ${path} ${q.name}`).toBe(true);
    }
    expect(doc.paths['/api/fonts/{fontId}/stylesheet.css']!.get!.parameters!.map((q) => q.name)).toEqual(['fontId']);
  });

  it('asks a bearer JWT of routes with auth, nothing of public ones', () => {
    expect(doc.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(doc.paths['/api/accounts/login']!.post!.security).toEqual([]);
    expect(doc.paths['/api/users/profile']!.get!.security).toEqual([{ bearer: [] }]);
    // optional auth: a token or none (a guest names its Uid)
    expect(doc.paths['/api/boards/{id}/commands']!.get!.security).toEqual([{ bearer: [] }, {}]);
  });

  it('describes bodies and answers by their schemas', () => {
    const login = doc.paths['/api/accounts/login']!.post!;
    expect(login.requestBody!.content['application/json']!.schema.$ref).toBe('#/components/schemas/Login');
    expect(login.responses['200']!.content!['application/json']!.schema.$ref).toBe('#/components/schemas/TokenSession');
    expect(doc.paths['/api/accounts/users']!.post!.responses['201']!.content!['application/json']!.schema.$ref).toBe(
      '#/components/schemas/SignupResult',
    );
  });
});

describe('the OpenAPI UI', () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startTestPlatform();
  });
  afterAll(() => p.stop());

  it('serves the page at /documents/api and /documents/api/ui/ with a CSP allowing only its own scripts', async () => {
    for (const url of ['/documents/api', '/documents/api/ui/', '/documents/api/ui']) {
      const res = await p.server.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.payload).toContain('<script src="/documents/api/ui/swagger-ui-bundle.js"></script>');
      expect(res.payload).not.toMatch(/<script>|https?:\/\//);
    }
  });

  it('serves Swagger UI from the installed package, and nothing else of it', async () => {
    const bundle = await p.server.inject('/documents/api/ui/swagger-ui-bundle.js');
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/^text\/javascript/);
    expect(bundle.payload).toContain('SwaggerUIBundle');
    const init = await p.server.inject('/documents/api/ui/init.js');
    expect(init.statusCode).toBe(200);
    expect(init.headers['content-type']).toMatch(/^text\/javascript/);
    expect(init.payload).toContain("url: '/documents/api/openapi.json'");
    const css = await p.server.inject('/documents/api/ui/swagger-ui.css');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    for (const url of ['/documents/api/ui/package.json', '/documents/api/ui/index.html', '/documents/api/ui/..%2Fpackage.json']) {
      expect((await p.server.inject(url)).statusCode, url).toBe(404);
    }
  });
});

describe('the generator', () => {
  const server = Hapi.server();
  const thing = Joi.object({ a: Joi.string() }).label('Thing');
  let doc: Doc;
  beforeAll(async () => {
    await server.register({ plugin: openapiPlugin, options: { info: { title: 'Test', version: '1' } } });
    server.route([
      {
        method: 'POST',
        path: '/api/things/{id}/{rest*}',
        options: {
          tags: ['api', 'things'],
          auth: false,
          validate: {
            params: Joi.object({ id: Joi.string(), rest: Joi.string(), stray: Joi.string() }),
            payload: Joi.object({ n: Joi.number(), thing: thing.allow(null) }),
          },
          response: { schema: Joi.object({ thing: thing.required(), other: Joi.object({ b: Joi.number() }).label('Thing') }) },
          notes: 'A 409 when the thing exists.',
        },
        handler: () => null,
      },
      { method: 'GET', path: '/api/things/{id?}', options: { tags: ['api'], auth: false }, handler: () => null },
      { method: 'GET', path: '/not-documented', options: { auth: false }, handler: () => null },
    ]);
    doc = JSON.parse((await server.inject('/documents/api/openapi.json')).payload);
  });

  it('converts hapi paths, keeps only the template parameters and names schemas stably', async () => {
    expect(Object.keys(doc.paths).sort()).toEqual(['/api/things/{id}', '/api/things/{id}/{rest}']);
    const post = doc.paths['/api/things/{id}/{rest}']!.post!;
    expect(post.operationId).toBe('postThingsByIdByRest');
    expect(post.parameters!.map((q) => `${q.in} ${q.name}`)).toEqual(['path id', 'path rest']);
    expect(post.requestBody!.content['application/json']!.schema.$ref).toBe('#/components/schemas/PostThingsByIdByRestPayload');
    expect(post.responses['200']!.content!['application/json']!.schema.$ref).toBe('#/components/schemas/PostThingsByIdByRestResponse');
    expect(Object.keys(post.responses)).toEqual(['200', '400', '404', '409', '413']);
    // two different schemas labelled Thing: Thing and Thing2; the nullable Thing is "Thing or null"
    const { schemas } = doc.components;
    expect(schemas.PostThingsByIdByRestResponse!.properties).toEqual({
      thing: { $ref: '#/components/schemas/Thing' },
      other: { $ref: '#/components/schemas/Thing2' },
    });
    expect(schemas.PostThingsByIdByRestPayload!.properties!.thing).toEqual({
      anyOf: [{ $ref: '#/components/schemas/Thing' }, { const: null }],
    });
    expect(doc.paths['/api/things/{id}']!.get!.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
    ]);
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });
});
