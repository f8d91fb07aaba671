import fs from 'node:fs';
import path from 'node:path';
import Inert from '@hapi/inert';
import type { Plugin, ResponseToolkit } from '@hapi/hapi';

/** The panel's home url: the empty path and /panel redirect here (panel.md §2). */
export const HOME_URL = '/panel/home';

/**
 * Serves the built browser apps from dist/ (rollup): the panel/account SPA with history
 * fallback, the board page, the embed script and the SDK package, plus the page-not-found
 * and access-denied pages.
 */
export const webPlugin: Plugin<{ distDir: string }> = {
  name: 'web',
  async register(server, { distDir }) {
    await server.register(Inert);
    const file = (rel: string) => path.join(distDir, rel);
    const page = (rel: string, code = 200) => (_: unknown, h: ResponseToolkit) =>
      fs.existsSync(file(rel))
        ? h.file(file(rel), { confine: false }).code(code).header('cache-control', 'no-cache')
        : h.response(missingBuild()).type('text/html').code(503);

    server.route([
      { method: 'GET', path: '/', handler: (_, h) => h.redirect(HOME_URL) },
      { method: 'GET', path: '/panel', handler: (_, h) => h.redirect(HOME_URL) },
      ...['/accounts/{p*}', '/panel/{p*}', '/app/panel/{p*}', '/access-denied'].map((p) => ({
        method: 'GET' as const,
        path: p,
        options: { auth: false as const, security: { xframe: 'deny' as const } },
        handler: page('app/index.html'),
      })),
      {
        method: 'GET',
        path: '/board/{p*}',
        // The board page is framed by host applications (embedding), so no X-Frame-Options here;
        // which origins may frame it is enforced by the embed handshake (docs/embedding.md).
        options: { auth: false, security: { xframe: false as never } },
        handler: page('board/index.html'),
      },
      {
        method: 'GET',
        path: '/static/{p*}',
        options: { auth: false, cache: { expiresIn: 3600_000, privacy: 'public' } },
        handler: { directory: { path: distDir, redirectToSlash: false, index: false } },
      },
      {
        method: 'GET',
        path: '/embed.js',
        options: { auth: false, cors: { origin: ['*'] } },
        handler: (_, h) => h.file(file('embed.js'), { confine: false }).header('cache-control', 'no-cache'),
      },
    ]);

    // Unknown paths: the page-not-found page (JSON for API callers).
    server.ext('onPreResponse', (request, h) => {
      // (the error envelope may already have turned the Boom into a plain 404 response)
      const response = request.response as { isBoom?: boolean; output?: { statusCode: number }; statusCode?: number };
      const status = response?.isBoom ? response.output?.statusCode : response?.statusCode;
      if (status !== 404) return h.continue;
      if (request.path.startsWith('/api/') || request.path.startsWith('/documents/') || request.method !== 'get') return h.continue;
      if (!String(request.headers.accept ?? '').includes('text/html')) return h.continue;
      return page('app/index.html', 404)(request, h);
    });
  },
};

function missingBuild(): string {
  return '<!doctype html><title>Tabula</title><p>The browser apps are not built yet: run <code>npm run build</code>.</p>';
}
