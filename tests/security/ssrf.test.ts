/**
 * Issue 26, item 1: `POST /api/workspaces/{id}/fonts {"font":"http://[::ffff:127.0.0.1]:PORT/css"}`
 * passed the private-address check (only the dotted ::ffff:a.b.c.d form was handled), the server
 * fetched the loopback URL and followed the stylesheet to a second loopback URL; the metadata
 * address was reachable as [::ffff:169.254.169.254]. Now every outbound request goes through
 * platform/core/outbound.ts, which classifies addresses with ipaddr.js (every spelling of every
 * internal address, IPv4 carried inside IPv6 unwrapped), resolves a name once and connects to the
 * checked address (docs/security.md "Outbound requests"). Real platform, FETCH_PRIVATE_HOSTS off,
 * and a local server that counts what reaches it: nothing may.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchOutbound } from '../../platform/core/outbound';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { api, makeTeam, type Team } from '../api/workspace-fixtures';

const WOFF2 = Buffer.concat([Buffer.from('wOF2'), Buffer.alloc(60, 7)]);

let p: TestPlatform;
let team: Team;
let hits = 0;
let port = 0;
let target: http.Server;

beforeAll(async () => {
  // a stylesheet whose file is a second loopback URL: a fetch that got through would succeed
  target = http.createServer((req, res) => {
    hits++;
    if (req.url?.endsWith('.woff2')) return res.writeHead(200, { 'content-type': 'font/woff2' }).end(WOFF2);
    res
      .writeHead(200, { 'content-type': 'text/css' })
      .end(`@font-face { font-family: 'Leak'; src: url(http://127.0.0.1:${port}/secret.woff2); }`);
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  port = (target.address() as AddressInfo).port;
  p = await startTestPlatform({ fetchPrivateHosts: false, fontServiceUrl: `http://127.0.0.1:${port}/css2?family={family}` });
  team = await makeTeam(p);
});
afterAll(async () => {
  await p?.stop();
  await new Promise((resolve) => target?.close(resolve));
});

const add = (font: string) => api(p, team.owner, 'POST', `/api/workspaces/${team.workspace.id}/fonts`, { font });

/** Every spelling of an internal address; the path gives the font a name, so refusal is the fetch's. */
const INTERNAL = () => [
  `http://[::ffff:127.0.0.1]:${port}/brand.css`,
  `http://[::ffff:7f00:1]:${port}/brand.css`,
  `http://[::ffff:169.254.169.254]/brand.css`,
  `http://[::1]:${port}/brand.css`,
  `http://127.0.0.1:${port}/brand.css`,
  `http://2130706433:${port}/brand.css`,
  `http://0177.0.0.1:${port}/brand.css`,
  `http://0x7f.1:${port}/brand.css`,
  `http://127.1:${port}/brand.css`,
  `http://localhost.:${port}/brand.css`,
  `http://localhost:${port}/brand.css`,
  `http://LOCALHOST:${port}/brand.css`,
  `http://[64:ff9b::7f00:1]:${port}/brand.css`,
  `http://[2002:7f00:1::]:${port}/brand.css`,
  `http://[::127.0.0.1]:${port}/brand.css`,
  `http://0.0.0.0:${port}/brand.css`,
  `http://0:${port}/brand.css`,
  `http://[::]:${port}/brand.css`,
  `http://[fe80::1]/brand.css`,
  `http://100.64.0.1/brand.css`,
  `http://169.254.169.254/latest/meta-data/brand.css`,
  `http://[2001::7f00:1]/brand.css`,
  `http://10.0.0.1/brand.css`,
  `http://[fd00::1]/brand.css`,
];

describe('SSRF through a workspace font (FETCH_PRIVATE_HOSTS off)', () => {
  it('the counting server is reachable when private hosts are allowed (the control)', async () => {
    const before = hits;
    const answer = await fetchOutbound(`http://[::ffff:127.0.0.1]:${port}/brand.css`, { allowPrivate: true, maxBytes: 4096 });
    expect(answer.body.toString()).toContain('Leak');
    expect(hits).toBe(before + 1);
    hits = 0;
  });

  it("refuses every spelling of an internal address with 'Error fetching font', fetching nothing", async () => {
    for (const font of INTERNAL()) {
      const res = await add(font);
      expect(res.status, font).toBe(400);
      expect(res.body.errors?.fonts, font).toEqual(['Error fetching font']);
    }
    expect(hits).toBe(0);
    const fonts = (await api(p, team.owner, 'GET', `/api/workspaces/${team.workspace.id}`)).body.config.fonts as Array<{ name: string }>;
    expect(fonts.map((f) => f.name)).not.toContain('Leak');
  });

  it('refuses a font name looked up in a font service on a loopback address', async () => {
    const res = await add('Open Sans');
    expect(res.status).toBe(400);
    expect(hits).toBe(0);
  });

  it('refuses schemes other than http(s) and URLs with credentials', async () => {
    for (const font of [`http://user:pw@127.0.0.1:${port}/brand.css`, `http://user@[::ffff:7f00:1]:${port}/brand.css`]) {
      const res = await add(font);
      expect(res.status, font).toBe(400);
    }
    expect(hits).toBe(0);
  });
});
