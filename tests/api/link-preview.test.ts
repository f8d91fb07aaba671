import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { add, guest, newBoard, send, signedIn, uidOf, type Who } from './boards-fixtures';

/**
 * The link-preview proxy (issue 34 item 3; platform/links): GET /api/boards/{id}/links/preview?url=.
 * A local web page gives its title, description, site name and picture (private hosts allowed
 * here as an operator may: FETCH_PRIVATE_HOSTS); with private hosts refused (the default) no
 * loopback, private, link-local (cloud metadata) or IPv6 loopback address is fetched (a redirect
 * from a public address to one: tests/unit/links-preview.test.ts, which can name a public
 * resolver). Only an editor whose plan has paste-link or attach-link asks.
 */

const FAILED = 'Failed to fetch link details. Ensure the URL is valid and accessible.';

async function preview(p: TestPlatform, who: Who, code: string, url: string) {
  const headers: Record<string, string> = {};
  if (who.token) headers.authorization = `Bearer ${who.token}`;
  const uid = who.token ? '' : `&Uid=${encodeURIComponent(uidOf(who))}`;
  const res = await p.server.inject({
    method: 'GET',
    url: `/api/boards/${code}/links/preview?url=${encodeURIComponent(url)}${uid}`,
    headers,
  });
  return { status: res.statusCode, body: JSON.parse(res.payload), headers: res.headers };
}

/** A web site with a page of Open Graph tags, a plain page, a redirect and a picture; `requests` counts what it was asked. */
async function site() {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const route = (req.url ?? '').split('?')[0];
    if (route === '/article')
      return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><head>
        <title>Fallback title</title>
        <meta property="og:title" content="Whiteboards for everyone">
        <meta property="og:description" content="How teams draw together — a long read.">
        <meta property="og:site_name" content="Tabula Journal">
        <meta property="og:image" content="/cover.png">
        </head><body>hello</body></html>`);
    if (route === '/plain')
      return res.writeHead(200, { 'content-type': 'text/html' }).end('<html><head><title> Just a title </title></head></html>');
    if (route === '/moved') return res.writeHead(302, { location: '/article' }).end();
    if (route === '/cover.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    if (route === '/huge') return res.writeHead(200, { 'content-type': 'text/html' }).end(Buffer.alloc(4 * 1024 * 1024, 0x20));
    res.writeHead(404).end('no');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, requests, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('link preview of a reachable page', () => {
  let p: TestPlatform;
  let web: Awaited<ReturnType<typeof site>>;
  let beta: Who;

  beforeAll(async () => {
    web = await site();
    p = await startTestPlatform({ fetchPrivateHosts: true });
    beta = await signedIn(p, { plan: 'beta-tester', name: 'Bea' });
  });
  afterAll(async () => {
    await p.stop();
    await web.stop();
  });

  it('answers the title, description, site name and picture address (resolved against the page); a second ask is served from the cache', async () => {
    const { code } = await newBoard(p, beta);
    const res = await preview(p, beta, code, `${web.base}/article`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      url: `${web.base}/article`,
      title: 'Whiteboards for everyone',
      description: 'How teams draw together — a long read.',
      site: 'Tabula Journal',
      image: `${web.base}/cover.png`,
    });
    const asked = web.requests.filter((r) => r === '/article').length;
    expect((await preview(p, beta, code, `${web.base}/article#again`)).body.title).toBe('Whiteboards for everyone');
    expect(web.requests.filter((r) => r === '/article').length).toBe(asked);
    // the picture is answered as an address, never fetched by the server
    expect(web.requests).not.toContain('/cover.png');
  });

  it('a page without Open Graph gives its <title> and host; a redirect is followed to the page it names', async () => {
    const { code } = await newBoard(p, beta);
    expect((await preview(p, beta, code, `${web.base}/plain`)).body).toEqual({
      url: `${web.base}/plain`,
      title: 'Just a title',
      description: '',
      site: '127.0.0.1',
      image: '',
    });
    const moved = await preview(p, beta, code, `${web.base}/moved`);
    expect(moved.body).toMatchObject({ url: `${web.base}/article`, title: 'Whiteboards for everyone' });
  });

  it("bad or unreachable addresses: the envelope's 400 under url, never a 500", async () => {
    const { code } = await newBoard(p, beta);
    for (const url of ['not a url', 'ftp://example.com/x', 'javascript:alert(1)'])
      expect(await preview(p, beta, code, url), url).toMatchObject({ status: 400, body: { errors: { url: ['Invalid URL'] } } });
    expect((await preview(p, beta, code, '')).status).toBe(400);
    for (const path of ['/missing', '/huge'])
      expect(await preview(p, beta, code, `${web.base}${path}`), path).toMatchObject({
        status: 400,
        body: { message: FAILED, errors: { url: [FAILED] } },
      });
  });

  it('only an editor whose plan has paste-link or attach-link: others are refused before any request', async () => {
    const team = await signedIn(p, { plan: 'team', name: 'Tom' });
    const before = web.requests.length;
    const teamBoard = await newBoard(p, team);
    expect((await preview(p, team, teamBoard.code, `${web.base}/article?team`)).status).toBe(403);
    const { code } = await newBoard(p, beta);
    await p.db('boards').where({ code }).update({ link_level: 'Viewer' });
    expect((await preview(p, guest(), code, `${web.base}/article?viewer`)).status).toBe(403);
    const res = await p.server.inject({ method: 'GET', url: `/api/boards/${code}/links/preview?url=${encodeURIComponent(web.base)}` });
    expect(res.statusCode).toBe(401);
    expect(web.requests.length).toBe(before);
  });

  it('a link card (a pasted URL) is stored with its preview; it needs the paste-link policy', async () => {
    const card = {
      id: 'card1',
      cmd: 'link',
      uid: beta.actor.uid,
      timestamp: Date.now(),
      url: `${web.base}/article`,
      shapes: [],
      x: 10,
      y: 20,
      w: 360,
      h: 120,
      title: 'Whiteboards for everyone',
      description: 'How teams draw together',
      site: 'Tabula Journal',
      image: `${web.base}/cover.png`,
    };
    const { code } = await newBoard(p, beta);
    expect((await send(p, beta, code, add(beta.actor.uid, card as never))).status).toBe(200);
    const team = await signedIn(p, { plan: 'team', name: 'Tom' });
    const other = await newBoard(p, team);
    expect((await send(p, team, other.code, add(team.actor.uid, { ...card, uid: team.actor.uid } as never))).status).toBe(403);
    const bad = await send(p, beta, code, add(beta.actor.uid, { ...card, id: 'card2', image: 'javascript:alert(1)' } as never));
    expect(bad.status).toBe(400);
  });

  it('30 previews a minute per person, then 429 with Retry-After', async () => {
    const rater = await signedIn(p, { plan: 'beta-tester', name: 'Rae' });
    const { code } = await newBoard(p, rater);
    const answers: number[] = [];
    for (let i = 0; i < 30; i++) answers.push((await preview(p, rater, code, `${web.base}/plain?n=${i % 2}`)).status);
    expect(answers.every((s) => s === 200)).toBe(true);
    const last = await preview(p, rater, code, `${web.base}/plain`);
    expect(last.status).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('link preview with private hosts refused (the default)', () => {
  let p: TestPlatform;
  let web: Awaited<ReturnType<typeof site>>;

  beforeAll(async () => {
    web = await site();
    p = await startTestPlatform({ fetchPrivateHosts: false });
  });
  afterAll(async () => {
    await p.stop();
    await web.stop();
  });

  it('loopback, private, link-local (metadata) and IPv6 loopback addresses are never fetched', async () => {
    const beta = await signedIn(p, { plan: 'beta-tester', name: 'Bea' });
    const { code } = await newBoard(p, beta);
    for (const url of [
      `${web.base}/article`,
      `http://localhost:${new URL(web.base).port}/article`,
      'http://127.0.0.1/',
      'http://10.0.0.1/',
      'http://10.20.30.40:8080/admin',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://2130706433/',
    ]) {
      const res = await preview(p, beta, code, url);
      expect(res, url).toMatchObject({ status: 400, body: { message: FAILED, errors: { url: [FAILED] } } });
    }
    expect(web.requests).toEqual([]);
  });
});
