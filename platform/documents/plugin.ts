import type { Plugin, ResponseToolkit } from '@hapi/hapi';
import { DOCS_CSP, findHelpDir, indexBody, layout, loadPages, notFoundBody, SLUG } from './pages';

/**
 * The help pages (docs/help/*.md) as HTML at /documents/{slug}, an index at /documents, and a
 * page-not-found page (HTML, 404, with links home) for any other /documents/ address. The
 * OpenAPI document's routes (/documents/api…, platform/openapi) are more specific and win.
 * Public, the same for everyone; rendered once at start (docs/board-screen.md "Help").
 */
export const documentsPlugin: Plugin<void> = {
  name: 'documents',
  register(server) {
    const pages = loadPages(findHelpDir());
    const html = (h: ResponseToolkit, body: string, code = 200) =>
      h
        .response(body)
        .code(code)
        .type('text/html; charset=utf-8')
        .header('content-security-policy', DOCS_CSP)
        .header('cache-control', 'no-cache')
        .header('x-content-type-options', 'nosniff');

    server.route({
      method: 'GET',
      path: '/documents/{p*}',
      options: { auth: false, security: { xframe: 'sameorigin' } },
      handler(request, h) {
        const slug = String(request.params.p ?? '').replace(/\/$/, '');
        if (!slug) return html(h, layout('Help', indexBody(pages), null));
        const page = SLUG.test(slug) ? pages.get(slug) : undefined;
        if (!page) return html(h, layout('Page not found', notFoundBody(), null), 404);
        return html(h, layout(page.title, page.html, slug), 200);
      },
    });
  },
};
