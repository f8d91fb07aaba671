import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, type OutboundDeps } from '../../platform/core/outbound';
import { fetchPreview, previewOfHtml, PreviewFailed } from '../../platform/links/preview';
import { CACHE_TTL_MS, FAILURE_TTL_MS, PreviewCache, previewKey } from '../../platform/links/service';

/**
 * The link-preview proxy's parts (issue 34 item 3; platform/links): reading a page's head with
 * open-graph-scraper, the SSRF rules of the one outbound module it fetches through (a public
 * name that redirects to an internal address is refused at the hop), and the cache.
 */

describe('previewOfHtml', () => {
  it('reads Open Graph first, then Twitter tags, then <title>; the picture resolved against the page', async () => {
    const og = await previewOfHtml(
      `<html><head><title>T</title><meta property="og:title" content="  Open\n Graph  "><meta name="twitter:title" content="Tw">
       <meta name="twitter:description" content="From Twitter"><meta name="twitter:image" content="https://cdn.example.com/t.jpg">
       <meta property="og:image" content="img/cover.png"></head></html>`,
      'https://news.example.com/a/b',
    );
    expect(og).toEqual({
      url: 'https://news.example.com/a/b',
      title: 'Open Graph',
      description: 'From Twitter',
      site: 'news.example.com',
      image: 'https://news.example.com/a/img/cover.png',
    });
    expect((await previewOfHtml('<title>Only &amp; title</title>', 'http://www.example.org/')).title).toMatch(/^Only (&amp;|&) title$/);
    expect((await previewOfHtml('<title>x</title>', 'http://www.example.org/')).site).toBe('example.org');
  });

  it('drops what a card cannot carry: other schemes as pictures, NUL and lone surrogates, overlong text', async () => {
    const page = await previewOfHtml(
      `<meta property="og:title" content="${'a'.repeat(400)}"><meta property="og:description" content="x\u0000y\ud800z">
       <meta property="og:image" content="javascript:alert(1)">`,
      'https://example.com/',
    );
    expect(page.title).toHaveLength(300);
    // the HTML parser makes NUL a replacement character; the lone surrogate is dropped (jsonb stores neither)
    expect(page.description).toMatch(/^x\ufffd?yz$/);
    expect(page.image).toBe('');
    const data = await previewOfHtml('<meta property="og:image" content="data:image/png;base64,AAAA">', 'https://example.com/');
    expect(data.image).toBe('');
  });

  it('a page with nothing to read answers empty fields, never throws', async () => {
    expect(await previewOfHtml('', 'https://example.com/')).toEqual({
      url: 'https://example.com/',
      title: '',
      description: '',
      site: 'example.com',
      image: '',
    });
  });
});

describe('fetchPreview through the outbound module', () => {
  let server: http.Server;
  let port = 0;
  const asked: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      asked.push(`${req.headers.host} ${req.url}`);
      if (req.url === '/to-loopback') return res.writeHead(302, { location: `http://127.0.0.1:${port}/secret` }).end();
      if (req.url === '/to-metadata') return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      if (req.url === '/page') return res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Public page</title>');
      if (req.url === '/picture') return res.writeHead(200, { 'content-type': 'image/png' }).end('PNG');
      res.writeHead(200, { 'content-type': 'text/html' }).end('<title>secret</title>');
    });
    await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** "public.test" resolves to 127.0.0.2, which this resolver's rules call public (a stand-in for a public site). */
  const deps: OutboundDeps = {
    resolve: async (host) => (host === 'public.test' ? [{ address: '127.0.0.2', family: 4 }] : [{ address: '127.0.0.1', family: 4 }]),
    isAllowed: (address) => address === '127.0.0.2' || isPublicAddress(address),
  };

  it('reads a public page', async () => {
    expect(await fetchPreview(`http://public.test:${port}/page`, { allowPrivate: false }, deps)).toMatchObject({
      title: 'Public page',
      site: 'public.test',
    });
  });

  it('a public page redirecting to loopback or to the metadata address is refused at that hop, never fetched', async () => {
    asked.length = 0;
    await expect(fetchPreview(`http://public.test:${port}/to-loopback`, { allowPrivate: false }, deps)).rejects.toBeInstanceOf(
      PreviewFailed,
    );
    await expect(fetchPreview(`http://public.test:${port}/to-metadata`, { allowPrivate: false }, deps)).rejects.toBeInstanceOf(
      PreviewFailed,
    );
    expect(asked.every((a) => !a.includes('/secret'))).toBe(true);
    expect(asked).toHaveLength(2);
  });

  it('a name resolving to an internal address is refused before any connection', async () => {
    asked.length = 0;
    await expect(fetchPreview(`http://intranet.test:${port}/page`, { allowPrivate: false }, deps)).rejects.toBeInstanceOf(PreviewFailed);
    for (const url of ['http://10.0.0.1/', 'http://[::1]/', 'http://169.254.169.254/', 'http://0x7f.1/'])
      await expect(fetchPreview(url, { allowPrivate: false }, deps), url).rejects.toBeInstanceOf(PreviewFailed);
    expect(asked).toEqual([]);
  });

  it('what is not HTML answers its address without a title', async () => {
    expect(await fetchPreview(`http://public.test:${port}/picture`, { allowPrivate: false }, deps)).toMatchObject({ title: '', image: '' });
  });
});

describe('the preview cache', () => {
  it('keeps a preview an hour and a failure a minute, least recently used out first', () => {
    let now = 0;
    const cache = new PreviewCache(2, () => now);
    const page = { url: 'https://a.example/', title: 'A', description: '', site: 'a.example', image: '' };
    cache.set('a', page);
    cache.set('fail', null);
    expect(cache.get('a')).toEqual(page);
    expect(cache.get('fail')).toBeNull();
    now = FAILURE_TTL_MS;
    expect(cache.get('fail')).toBeUndefined();
    expect(cache.get('a')).toEqual(page);
    cache.set('b', page);
    cache.set('c', page);
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    now += CACHE_TTL_MS;
    expect(cache.get('b')).toBeUndefined();
  });

  it('knows an address without its fragment; anything but http(s) has no key', () => {
    expect(previewKey(' https://Example.com/a#top ')).toBe('https://example.com/a');
    for (const bad of ['ftp://x/', 'javascript:alert(1)', 'nope', '']) expect(previewKey(bad), bad).toBe('');
  });
});
