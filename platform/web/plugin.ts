import fs from 'node:fs';
import path from 'node:path';
import Inert from '@hapi/inert';
import type { Plugin, Request, ResponseObject, ResponseToolkit } from '@hapi/hapi';
import { decodeEmbedData, isOrigin } from '../../shared/embed';
import { findClientByClientId } from '../clients/api';

/** The panel's home url: the empty path and /panel redirect here (panel.md §2). */
export const HOME_URL = '/panel/home';

/**
 * The Content-Security-Policy of the apps' pages (docs/security.md, "Headers and redirects").
 * Scripts only from this origin (the bundles under /static; no inline script, no eval); styles
 * from this origin plus inline (React style attributes and the injected <style> elements);
 * images also from data:/blob: and any https URL (image shapes, link previews, avatars);
 * network only to this origin ('self' also covers the hub's websocket in CSP 3 browsers).
 */
export function pageCsp(frameAncestors: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self' data: blob:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/** Every other answer (JSON, files, the API document): nothing may run, load or frame it … */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";
/** … except HTML pages of libraries (the OpenAPI UI): not framed elsewhere, no plugins, no <base>. */
export const OTHER_PAGE_CSP = "frame-ancestors 'self'; object-src 'none'; base-uri 'self'";

/**
 * Who may frame /board/{code}: the developer app named by `?clientid=` (embed/host.ts always
 * sends it) decides, as the embed handshake does (clients/service checkEmbed): its allowed
 * origins, or any origin when it lists none. Without a clientid, or for an unknown or inactive
 * app, only this origin may frame the board page.
 */
export async function boardFrameAncestors(request: Request): Promise<string> {
  const clientId = (request.query as Record<string, unknown>).clientid;
  if (typeof clientId !== 'string' || !clientId || clientId.length > 100) return "'self'";
  const client = await findClientByClientId(request.server.app.db, clientId).catch(() => undefined);
  if (!client || !client.is_active) return "'self'";
  if (client.allowed_origins.length === 0) return '*';
  const origins = client.allowed_origins.filter((o) => isOrigin(o));
  // An embed (a `data` parameter) whose host origin the app does not allow: the page may load
  // anywhere, because all it does is show and post the refusal (embed/child.ts checks the real
  // parent origin — location.ancestorOrigins, else data.origin — with embed-check and never
  // mounts the board). Claiming an allowed origin instead gets the strict list, which the
  // browser enforces against the real parent.
  const data = (request.query as Record<string, unknown>).data;
  if (typeof data === 'string' && data.length <= 8192) {
    const decoded = decodeEmbedData(data);
    if (!('code' in decoded && 'message' in decoded) && isOrigin(decoded.origin) && !origins.includes(decoded.origin)) return '*';
  }
  return ["'self'", ...origins].join(' ');
}

/** Pages whose URL holds a secret (a recovery code, a roaming uid) send no Referer at all. */
const secretUrl = (p: string) => p.startsWith('/accounts/reset-password/') || p.startsWith('/board/');

/**
 * Serves the built browser apps from dist/ (rollup): the panel/account SPA with history
 * fallback, the board page, the embed script and the SDK package, plus the page-not-found
 * and access-denied pages.
 */
export const webPlugin: Plugin<{ distDir: string }> = {
  name: 'web',
  dependencies: ['clients'],
  async register(server, { distDir }) {
    await server.register(Inert);
    const file = (rel: string) => path.join(distDir, rel);
    const page =
      (rel: string, code = 200, frameAncestors: (r: Request) => string | Promise<string> = () => "'none'") =>
      async (request: Request, h: ResponseToolkit) => {
        const response = fs.existsSync(file(rel))
          ? h.file(file(rel), { confine: false }).code(code).header('cache-control', 'no-cache')
          : h.response(missingBuild()).type('text/html').code(503);
        return response.header('content-security-policy', pageCsp(await frameAncestors(request)));
      };

    server.route([
      { method: 'GET', path: '/', handler: (_, h) => h.redirect(HOME_URL) },
      { method: 'GET', path: '/panel', handler: (_, h) => h.redirect(HOME_URL) },
      ...[
        '/accounts/{p*}',
        '/panel/{p*}',
        '/app/panel/{p*}',
        '/access-denied',
        '/templates',
        '/invitations/redeem/{code}',
        '/invitations/authorize-partner',
      ].map((p) => ({
        method: 'GET' as const,
        path: p,
        options: { auth: false as const, security: { xframe: 'deny' as const } },
        handler: page('app/index.html'),
      })),
      {
        method: 'GET',
        path: '/board/{p*}',
        // The board page is framed by host applications (embedding): no X-Frame-Options here;
        // its CSP frame-ancestors names who may frame it (boardFrameAncestors).
        options: { auth: false, security: { xframe: false as never } },
        handler: page('board/index.html', 200, boardFrameAncestors),
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

    // Every answer carries a CSP: pages set their own above; the rest gets a deny-all one.
    server.ext('onPreResponse', (request, h) => {
      const response = request.response as
        (ResponseObject & { isBoom?: false }) | { isBoom: true; output: { headers: Record<string, string> } } | null;
      if (!response) return h.continue;
      if (response.isBoom) {
        response.output.headers['content-security-policy'] ??= API_CSP;
        return h.continue;
      }
      const res = response as ResponseObject;
      if (secretUrl(request.path)) res.header('referrer-policy', 'no-referrer').header('cache-control', 'no-store');
      if (res.headers['content-security-policy']) return h.continue;
      const type = String(res.headers['content-type'] ?? '');
      const html = type.startsWith('text/html') || (res.variety as string) === 'view' || request.path.startsWith('/documents/');
      res.header('content-security-policy', html ? OTHER_PAGE_CSP : API_CSP);
      return h.continue;
    });
  },
};

function missingBuild(): string {
  return '<!doctype html><title>Tabula</title><p>The browser apps are not built yet: run <code>npm run build</code>.</p>';
}
