/**
 * Workspace fonts (panel.md §5, §8): a font name looked up in the font service, a font file URL and
 * a stylesheet URL are read, their files stored and served from this server; the spec's errors; the
 * roles that may add one; private addresses refused unless allowed; removing a font drops its files.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { api, makeTeam, type Team } from './workspace-fixtures';

/** A woff2 file as far as a reader of its first bytes can tell, and a different one. */
const WOFF2 = Buffer.concat([Buffer.from('wOF2'), Buffer.alloc(60, 7)]);
const TTF = Buffer.concat([Buffer.from([0, 1, 0, 0]), Buffer.alloc(60, 3)]);

function fontServer(): Promise<{ base: string; close(): void }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const css = (body: string) => res.writeHead(200, { 'content-type': 'text/css' }).end(body);
    if (url.pathname === '/files/Brand-Sans.woff2') return res.writeHead(200, { 'content-type': 'font/woff2' }).end(WOFF2);
    if (url.pathname === '/files/Mono.ttf') return res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(TTF);
    if (url.pathname === '/brand.css')
      return css(`body{color:red}\n@font-face { font-family: 'Brand Serif'; src: url(files/Brand-Sans.woff2) format('woff2'); }`);
    if (url.pathname === '/nofamily.css') return css('@font-face { src: url(files/Brand-Sans.woff2); }');
    if (url.pathname === '/readme.txt') return res.writeHead(200, { 'content-type': 'text/plain' }).end('not a font');
    if (url.pathname === '/css2') {
      if (url.searchParams.get('family') === 'Open Sans')
        return css(`@font-face { font-family: 'Open Sans'; src: url(/files/Brand-Sans.woff2) format('woff2'); }`);
      return res.writeHead(400).end('no such family');
    }
    res.writeHead(404).end();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve({ base, close: () => server.close() });
    }),
  );
}

let p: TestPlatform;
let fonts: { base: string; close(): void };
let team: Team;
const add = (who: Team['owner'], font: string, ws = team.workspace.id) => api(p, who, 'POST', `/api/workspaces/${ws}/fonts`, { font });

beforeAll(async () => {
  fonts = await fontServer();
  p = await startTestPlatform({ fetchPrivateHosts: true, fontServiceUrl: `${fonts.base}/css2?family={family}` });
  team = await makeTeam(p);
});
afterAll(async () => {
  await p?.stop();
  fonts?.close();
});

describe('adding a font', () => {
  it('looks a font name up in the font service and serves its stylesheet and files from here', async () => {
    const res = await add(team.owner, 'Open Sans');
    expect(res.status).toBe(200);
    const font = res.body.config.fonts.find((f: { name: string }) => f.name === 'Open Sans');
    expect(font.src).toMatch(/^\/api\/fonts\/[0-9a-f-]{36}\/stylesheet\.css$/);
    const css = await p.server.inject({ url: font.src });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/text\/css/);
    expect(css.payload).toContain("font-family: 'Open Sans'");
    const file = /url\("([^"]+)"\)/.exec(css.payload)![1];
    expect(file).toMatch(/^\/api\/fonts\/.+\/files\/0$/);
    const bytes = await p.server.inject({ url: file });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('font/woff2');
    expect(bytes.rawPayload.equals(WOFF2)).toBe(true);
    // nothing of the font service's address reaches the boards: they load this server's files
    expect(css.payload).not.toContain(fonts.base);
  });

  it("answers 'Font not found: {name}' for a name the service does not know (names are case sensitive)", async () => {
    const res = await add(team.owner, 'open sans');
    expect(res.status).toBe(400);
    expect(res.body.errors.fonts).toEqual(['Font not found: open sans']);
  });

  it('reads a font file URL, named after its file', async () => {
    const res = await add(team.clientAdmin, `${fonts.base}/files/Mono.ttf`);
    expect(res.status).toBe(200);
    const font = res.body.config.fonts.find((f: { name: string }) => f.name === 'Mono');
    expect(font.url).toBe(`${fonts.base}/files/Mono.ttf`);
    const css = await p.server.inject({ url: font.src });
    expect(css.payload).toContain('format("truetype")');
  });

  it('reads a stylesheet URL: the family of its @font-face, only its @font-face rules kept', async () => {
    const res = await add(team.admin, `${fonts.base}/brand.css`);
    expect(res.status).toBe(200);
    const font = res.body.config.fonts.find((f: { name: string }) => f.name === 'Brand Serif');
    const css = await p.server.inject({ url: font.src });
    expect(css.payload).not.toContain('color:red');
  });

  it("refuses the spec's failures with its messages, storing nothing", async () => {
    const before = await p.db('workspace_fonts').count<{ count: string }[]>('* as count');
    const cases: Array<[string, string]> = [
      [`${fonts.base}/nofamily.css`, 'Failed to extract font name from CSS'],
      [`${fonts.base}/readme.txt`, 'Error fetching font'],
      [`${fonts.base}/missing.woff2`, 'Error fetching font'],
      ['Open Sans', 'Font already exists'],
      [`${fonts.base}/files/Mono.ttf`, 'Font already exists'],
    ];
    for (const [font, message] of cases) {
      const res = await add(team.owner, font);
      expect(res.status, font).toBe(400);
      expect(res.body.errors.fonts, font).toEqual([message]);
    }
    const after = await p.db('workspace_fonts').count<{ count: string }[]>('* as count');
    expect(Number(after[0].count)).toBe(Number(before[0].count));
  });

  it('is for Owner, Admin and ClientAdmin only; other workspaces are not found', async () => {
    expect((await add(team.member, 'Open Sans')).status).toBe(403);
    expect((await add(team.outsider, 'Open Sans')).status).toBe(404);
    expect((await api(p, null, 'POST', `/api/workspaces/${team.workspace.id}/fonts`, { font: 'Open Sans' })).status).toBe(401);
  });

  it('drops the stored files of a font removed from the list, keeping the others served', async () => {
    const current = (await api(p, team.owner, 'GET', `/api/workspaces/${team.workspace.id}`)).body.config.fonts as Array<{
      name: string;
      url?: string;
      src: string;
    }>;
    const gone = current.find((f) => f.name === 'Mono')!;
    const kept = current.filter((f) => f !== gone);
    const res = await api(p, team.owner, 'PUT', `/api/workspaces/${team.workspace.id}`, {
      fonts: kept.map((f) => ({ name: f.name, url: f.url ?? null, src: '/api/fonts/forged' })),
    });
    expect(res.status).toBe(200);
    // a client cannot set where a font is served from: the stored src stays
    expect(res.body.config.fonts.map((f: { src: string }) => f.src)).toEqual(kept.map((f) => f.src));
    expect((await p.server.inject({ url: gone.src })).statusCode).toBe(404);
    expect((await p.server.inject({ url: kept[0].src })).statusCode).toBe(200);
  });
});

describe('outbound fetches', () => {
  it('never reach a private or loopback address unless the operator allows it', async () => {
    const strict = await startTestPlatform({ fetchPrivateHosts: false, fontServiceUrl: `${fonts.base}/css2?family={family}` });
    try {
      const own = await makeTeam(strict);
      for (const font of [`${fonts.base}/files/Mono.ttf`, 'http://169.254.169.254/latest/meta-data/x.ttf', 'Open Sans']) {
        const res = await api(strict, own.owner, 'POST', `/api/workspaces/${own.workspace.id}/fonts`, { font });
        expect(res.status, font).toBe(400);
        expect(res.body.errors.fonts, font).toEqual(['Error fetching font']);
      }
    } finally {
      await strict.stop();
    }
  });
});
