import path from 'node:path';
import Boom from '@hapi/boom';
import Inert from '@hapi/inert';
import type { Plugin, Request, ResponseToolkit } from '@hapi/hapi';
import { pageCsp } from '../web/plugin';
import { buildDocument, type DocumentInfo, type OpenApiDocument } from './document';
import { INIT_SCRIPT, swaggerUiDir, UI_BASE, UI_FILES, uiPage } from './ui';

/**
 * The API's OpenAPI document (docs/api.md): the JSON at /documents/api/openapi.json, built from
 * the route table on its first request (every plugin has registered its routes by then) and
 * kept; Swagger UI at /documents/api (and /documents/api/ui/), its files from this origin. All
 * public. The page gets the apps' page CSP (platform/web: scripts from this origin only).
 */
export const openapiPlugin: Plugin<{ info: DocumentInfo }> = {
  name: 'openapi',
  async register(server, { info }) {
    // the web plugin registers inert too (inert is `once`, so either order works)
    if (!('@hapi/inert' in server.registrations)) await server.register(Inert);
    const uiDir = swaggerUiDir();
    let document: OpenApiDocument | undefined;

    const page = (_request: Request, h: ResponseToolkit) =>
      h.response(uiPage(info.title)).type('text/html; charset=utf-8').header('content-security-policy', pageCsp("'self'"));

    server.route([
      {
        method: 'GET',
        path: '/documents/api/openapi.json',
        options: { auth: false },
        handler: () => (document ??= buildDocument(server, info)),
      },
      { method: 'GET', path: '/documents/api', options: { auth: false }, handler: page },
      { method: 'GET', path: UI_BASE, options: { auth: false }, handler: page },
      {
        method: 'GET',
        path: `${UI_BASE}/{file}`,
        options: { auth: false, cache: { expiresIn: 86_400_000, privacy: 'public' } },
        handler: (request, h) => {
          const file = String(request.params.file);
          if (file === 'init.js') return h.response(INIT_SCRIPT).type('text/javascript; charset=utf-8');
          if (!UI_FILES.has(file)) throw Boom.notFound();
          return h.file(path.join(uiDir, file), { confine: false });
        },
      },
    ]);
  },
};
