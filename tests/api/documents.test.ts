import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anchorOf, renderPage } from '../../platform/documents/pages';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';

/**
 * The help pages (platform/documents, docs/help/*.md): real HTML pages with their headings, a
 * strict CSP with no script, a page-not-found page in HTML for any other /documents/ address,
 * and the OpenAPI page (/documents/api) untouched.
 */
describe('/documents/* help pages', () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startTestPlatform();
  });
  afterAll(() => p.stop());

  const get = (url: string, accept = 'text/html') => p.server.inject({ method: 'GET', url, headers: { accept } });

  it.each([
    ['/documents/how-to', 'How to use Tabula'],
    ['/documents/support', 'Support'],
    ['/documents/set-a-preferred-language', 'Set a preferred language'],
  ])('%s answers an HTML page with its heading', async (url, heading) => {
    // a browser's Accept and a bare client's both get the page
    for (const accept of ['text/html', '*/*']) {
      const res = await get(url, accept);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
      expect(res.payload).toMatch(/^<!doctype html>/);
      expect(res.payload).toContain(`<h1 id="${anchorOf(heading)}">${heading}</h1>`);
      expect(res.payload).toContain(`<title>${heading} · Tabula</title>`);
      // the navigation marks the page and leads home
      expect(res.payload).toContain(`<a href="${url}" aria-current="page">`);
      expect(res.payload).toContain('<a class="brand" href="/">');
      // no script anywhere, and a policy that would refuse one
      expect(res.payload).not.toMatch(/<script/i);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('script-src');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('keeps the anchors the panel links to, and renders the shortcuts table', async () => {
    const res = await get('/documents/how-to');
    for (const id of ['drawing', 'sharing', 'shortcuts', 'workspaces', 'embedding']) expect(res.payload).toContain(`id="${id}"`);
    expect(res.payload).toMatch(/<table>[\s\S]*<kbd>Ctrl<\/kbd>\+<kbd>Z<\/kbd>[\s\S]*<\/table>/);
    // the explicit anchor syntax never shows
    expect(res.payload).not.toContain('{#');
  });

  it('every /documents/ link inside the pages answers a page', async () => {
    const seen = new Set<string>();
    for (const url of ['/documents', '/documents/how-to', '/documents/support', '/documents/set-a-preferred-language']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      for (const m of res.payload.matchAll(/href="(\/documents[^"#]*)/g)) seen.add(m[1]!);
    }
    expect(seen.size).toBeGreaterThanOrEqual(4);
    for (const url of seen) expect((await get(url)).statusCode, url).toBe(200);
  });

  it('an unknown address answers an HTML page-not-found with a way home, never JSON', async () => {
    for (const url of ['/documents/no-such-page', '/documents/how-to/deeper', '/documents/..%2Fpackage.json', '/documents/README']) {
      for (const accept of ['text/html', 'application/json']) {
        const res = await get(url, accept);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        expect(res.payload).toContain('<h1>Page not found</h1>');
        expect(res.payload).toContain('<a href="/">Back to Tabula</a>');
        expect(res.payload).not.toMatch(/"statusCode"|<script/);
      }
    }
  });

  it('the index lists the pages', async () => {
    for (const url of ['/documents', '/documents/']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.payload).toContain('<h1>Tabula help</h1>');
      expect(res.payload).toContain('<a href="/documents/support">Support</a>');
    }
  });

  it('leaves the OpenAPI page and document where they were', async () => {
    const page = await get('/documents/api');
    expect(page.statusCode).toBe(200);
    expect(page.payload).toContain('<script src="/documents/api/ui/swagger-ui-bundle.js"></script>');
    const doc = await get('/documents/api/openapi.json', 'application/json');
    expect(doc.statusCode).toBe(200);
    expect(JSON.parse(doc.payload).openapi).toMatch(/^3\./);
  });
});

describe('renderPage', () => {
  it('takes the title from the first heading, gives headings anchors and keeps our own HTML', () => {
    const page = renderPage('x', '# Hello *there*\n\n## Keys {#keys}\n\nPress <kbd>V</kbd>.\n\n### Two words\n');
    expect(page.title).toBe('Hello *there*');
    expect(page.html).toContain('<h1 id="hello-there">Hello <em>there</em></h1>');
    expect(page.html).toContain('<h2 id="keys">Keys</h2>');
    expect(page.html).toContain('<h3 id="two-words">Two words</h3>');
    expect(page.html).toContain('<kbd>V</kbd>');
  });
});
