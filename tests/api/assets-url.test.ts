import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { guest, newBoard, signedIn, uidOf, type Who } from './boards-fixtures';

/**
 * Upload via URL (board.md §5, docs/assets.md): POST /api/boards/{id}/assets with JSON { url }.
 * The server fetches the address (a local test server here, with private hosts allowed as an
 * operator may), and the file goes through the same intake as an uploaded one. With private hosts
 * not allowed (the default) a loopback address is refused, also when a public-looking address
 * redirects there.
 */

async function fromUrl(p: TestPlatform, who: Who, code: string, body: Record<string, unknown>) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (who.token) headers.authorization = `Bearer ${who.token}`;
  const payload = who.token ? body : { ...body, Uid: uidOf(who) };
  const res = await p.server.inject({ method: 'POST', url: `/api/boards/${code}/assets`, headers, payload });
  return { status: res.statusCode, body: JSON.parse(res.payload) };
}

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 20, g: 120, b: 220 } } })
    .png()
    .toBuffer();

/** A web server with a few pictures and answers; `requests` counts what it was asked. */
async function pictureSite() {
  const photo = await png(320, 200);
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const route = (req.url ?? '').split('?')[0];
    if (route === '/photo.png' || route === '/photo') return res.writeHead(200, { 'content-type': 'image/png' }).end(photo);
    if (route === '/moved') return res.writeHead(302, { location: '/photo.png' }).end();
    if (route === '/program.png')
      return res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from('MZ\x90\x00 not a picture at all'));
    if (route === '/huge.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(10_000_001, 1));
    res.writeHead(404).end('no');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, requests, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('upload via URL', () => {
  let p: TestPlatform;
  let site: Awaited<ReturnType<typeof pictureSite>>;
  let ann: Who;

  beforeAll(async () => {
    site = await pictureSite();
    p = await startTestPlatform({ fetchPrivateHosts: true });
    ann = await signedIn(p, { name: 'Ann' });
  });
  afterAll(async () => {
    await p.stop();
    await site.stop();
  });

  it('a picture by its address becomes an asset of the board, named after the address', async () => {
    const { code, id } = await newBoard(p, ann);
    const res = await fromUrl(p, ann, code, { url: `${site.base}/photo.png` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ width: 320, height: 200, metadata: { mimetype: 'image/png' } });
    const row = await p.db('assets').where({ id: res.body.id }).first();
    expect(row).toMatchObject({ board_id: id, name: 'photo.png', mime: 'image/png' });
  });

  it('an address without an extension takes one from the answer type; redirects are followed; quality makes a JPEG', async () => {
    const { code } = await newBoard(p, ann);
    const bare = await fromUrl(p, ann, code, { url: `  ${site.base}/photo  ` });
    expect(bare.status).toBe(200);
    expect((await p.db('assets').where({ id: bare.body.id }).first()).name).toBe('photo.png');
    const moved = await fromUrl(p, ann, code, { url: `${site.base}/moved`, quality: 60 });
    expect(moved).toMatchObject({ status: 200, body: { metadata: { mimetype: 'image/jpeg' } } });
  });

  it("the spec's errors under url, and nothing stored", async () => {
    const { code, id } = await newBoard(p, ann);
    for (const url of ['not a url', 'ftp://example.com/a.png', 'javascript:alert(1)', '']) {
      const res = await fromUrl(p, ann, code, { url });
      expect(res, url).toMatchObject({ status: 400, body: { message: 'Invalid URL', errors: { url: ['Invalid URL'] } } });
    }
    const missing = await fromUrl(p, ann, code, { url: `${site.base}/nothing.png` });
    expect(missing).toMatchObject({ status: 400, body: { errors: { url: ['Error downloading file from the URL'] } } });
    const program = await fromUrl(p, ann, code, { url: `${site.base}/program.png` });
    expect(program).toMatchObject({ status: 400, body: { errors: { url: ['"program.png" file type is not supported'] } } });
    const huge = await fromUrl(p, ann, code, { url: `${site.base}/huge.png` });
    expect(huge).toMatchObject({ status: 400, body: { errors: { url: ['"huge.png" size should be less that 10MB'] } } });
    expect(await p.db('assets').where({ board_id: id })).toHaveLength(0);
  });

  it('only a visitor who may upload makes the server fetch: a viewer is refused before any request', async () => {
    const { code } = await newBoard(p, ann);
    await p.db('boards').where({ code }).update({ link_level: 'Viewer' });
    const before = site.requests.length;
    const res = await fromUrl(p, guest(), code, { url: `${site.base}/photo.png` });
    expect(res.status).toBe(403);
    expect(site.requests.length).toBe(before);
  });
});

describe('upload via URL with private hosts refused (the default)', () => {
  let p: TestPlatform;
  let site: Awaited<ReturnType<typeof pictureSite>>;

  beforeAll(async () => {
    site = await pictureSite();
    p = await startTestPlatform({ fetchPrivateHosts: false });
  });
  afterAll(async () => {
    await p.stop();
    await site.stop();
  });

  it('loopback, private and metadata addresses are never fetched', async () => {
    const ann = await signedIn(p, { name: 'Ann' });
    const { code } = await newBoard(p, ann);
    for (const url of [
      `${site.base}/photo.png`,
      `http://localhost:${new URL(site.base).port}/photo.png`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/a.png',
      'http://[::1]/a.png',
      'http://2130706433/a.png',
    ]) {
      const res = await fromUrl(p, ann, code, { url });
      expect(res, url).toMatchObject({ status: 400, body: { errors: { url: ['Error downloading file from the URL'] } } });
    }
    expect(site.requests).toEqual([]);
  });
});
