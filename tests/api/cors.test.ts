import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Jwt from '@hapi/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import WebSocket from 'ws';
import { describeBoard } from '../../platform/boards/service';
import { sendMessage } from '../../platform/chat/service';
import { addComment } from '../../platform/comments/service';
import { notify } from '../../platform/notifications/service';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { accessTokenFor } from '../../platform/accounts/tokens';
import { updateUser } from '../../platform/users/repo';
import { boardsSuite, call, guest, newBoard, type Who } from './boards-fixtures';

/**
 * Cross-origin calls (docs/security.md "Cross-origin calls"): every HTTP route the board client
 * (sdk/) calls answers a host page of another origin — the preflight with the headers the SDK
 * sends, the answer with Access-Control-Allow-Origin and the headers the SDK reads — through the
 * one policy in platform/core/cors.ts; no other route answers CORS; the hub's websocket takes any
 * Origin.
 */
const ORIGIN = 'https://host-app.example';

/** The routes the board client calls (grep of sdk/ and shared/), as hapi declares them. */
const BOARD_ROUTES = [
  ['GET', '/api/boards/{id}/commands'], // sdk/sync/api.ts fetchBoard
  ['POST', '/api/boards/{id}/commands'], // sdk/sync/api.ts postCommand (the send queue's fallback)
  ['GET', '/api/boards/{id}/messages'], // sdk/collab/chat/chat-store.ts
  ['GET', '/api/boards/{id}/comments'], // sdk/collab/comments/comments-store.ts
  ['POST', '/api/boards/{id}/comments/{threadId}/mark'], // comments-store.ts
  ['GET', '/api/boards/{id}/history'], // sdk/ui/history-panel.tsx (the Board history panel)
  ['GET', '/api/announcements'], // sdk/sync/sync-client.ts
  ['PUT', '/api/users/configs'], // sdk/editor/colours.ts, ui/settings-dialog.tsx, ui/shortcuts-dialog.tsx
  ['POST', '/api/boards/{id}/dispose'], // ui/settings-dialog.tsx
  ['DELETE', '/api/boards'], // ui/top-bar.tsx
  ['GET', '/api/boards/{id}/sharing'], // ui/share-dialog.tsx
  ['POST', '/api/boards/{id}/sharings'], // ui/share-dialog.tsx
  ['POST', '/api/boards/{id}/members'], // ui/share-dialog.tsx
  ['POST', '/api/boards/{id}/members/{memberId}/roles'], // ui/share-dialog.tsx, ui/members-menu.tsx
  ['GET', '/api/fonts/{fontId}/stylesheet.css'], // sdk/editor/workspace.ts (a workspace font's <link>)
  ['GET', '/api/fonts/{fontId}/files/{n}'], // …and its @font-face files (fetched in CORS mode)
  ['POST', '/api/boards/{id}/assets'], // sdk/sync/api.ts uploadFile
  ['GET', '/api/assets/{id}/{variant}'], // sdk/sync/api.ts fetchAsset (an image shape's picture)
  ['GET', '/api/media/{resource}/original'], // sdk/sync/api.ts fetchOriginal (Download original)
  ['POST', '/api/boards/{id}/duplicate-assets'], // sdk/board.tsx duplicateAssets (a paste from another board)
  ['POST', '/api/boards/{id}/scripts/media'], // a diagram's text script as a picture of the board (issue 34 item 2)
  ['GET', '/api/boards/{id}/links/preview'], // sdk/board.tsx linkPreviewer (a pasted URL's card)
  ['POST', '/api/logs/clients'], // sdk/board.tsx (a picture that could not be loaded)
  ['POST', '/api/logs/perfs'], // sdk/telemetry/perf-log.ts (join time, latency test, reconnects)
  ['POST', '/api/logs/usages'], // sdk/telemetry/usage.ts (which actions and tools are used)
  ['GET', '/api/users/notifications/feed'], // ui/board-bell.tsx (the notifications bell)
  ['POST', '/api/users/notifications/{id}/read'], // ui/board-bell.tsx
  ['GET', '/api/boards/templates'], // the templates dialog (docs/templates.md)
  ['GET', '/api/boards/templates/{name}/details'], // …a template's parameters
  ['GET', '/api/boards/templates/{name}/thumbnail'], // …its picture
  ['GET', '/api/boards/custom-templates'], // …the custom ones of the workspace
  ['POST', '/api/boards/custom-templates'], // …save as template
  ['DELETE', '/api/boards/custom-templates/{name}'], // …delete one (last: the others read it)
] as const;

/** A multipart body as a browser sends it. */
async function multipart(fields: Record<string, string | Blob>, fileName = 'dot.png') {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string') form.append(k, v);
    else form.append(k, v, fileName);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { contentType: request.headers.get('content-type')!, payload: Buffer.from(await request.arrayBuffer()) };
}

type Method = (typeof BOARD_ROUTES)[number][0];

describe('cross-origin calls of the board client', () => {
  // Ann's team plan lets her read the board history
  const s = boardsSuite({ ann: { name: 'Ann', plan: 'team' } });
  let params: Record<string, string>;
  let bodies: Record<string, object | undefined>;
  /** a route's own path parameters and query (the asset route's {id} is the asset's, with its Board) */
  let own: Record<string, { params?: Record<string, string>; query?: string }>;
  let uploadBody: { contentType: string; payload: Buffer };
  /** a web page the link preview reads (this machine's, so private hosts are allowed as an operator may: FETCH_PRIVATE_HOSTS) */
  const previewPage = { base: '', server: null as http.Server | null };
  afterAll(() => new Promise<void>((resolve) => (previewPage.server ? previewPage.server.close(() => resolve()) : resolve())));

  beforeAll(async () => {
    previewPage.server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<title>A page</title>'));
    await new Promise<void>((resolve) => previewPage.server!.listen(0, '127.0.0.1', resolve));
    previewPage.base = `http://127.0.0.1:${(previewPage.server.address() as AddressInfo).port}`;
    s.p.server.app.config.fetchPrivateHosts = true;
    const { code, id } = await newBoard(s.p, s.ann);
    const doomed = await newBoard(s.p, s.ann);
    await sendMessage(s.app(), code, s.ann.actor, { id: 'm1', message: 'hello from the board' });
    const thread = await addComment(s.app(), code, s.ann.actor, 'a note', null);
    // a guest member whose role the owner changes
    const gus = guest();
    await describeBoard(s.app(), code, gus.actor);
    const sharing = await call(s.p, s.ann, 'GET', `/api/boards/${code}/sharing`);
    const member = (sharing.body.members as Array<{ id?: string; uid: string }>).find((m) => m.uid === gus.actor.uid)!;
    // a workspace font as the font routes serve it (what POST /api/workspaces/{id}/fonts stores)
    const board = await s.p.db('boards').where({ id }).first('workspace_id');
    const [font] = await s.p
      .db('workspace_fonts')
      .insert({
        workspace_id: board.workspace_id,
        name: 'Cors Sans',
        source_url: 'https://fonts.example/cors.css',
        css: "@font-face{font-family:'Cors Sans';src:url(__FONT_FILE_0__) format('woff2')}",
      })
      .returning('id');
    const fontId = (font as { id: string }).id;
    await s.p.db('workspace_font_files').insert({ font_id: fontId, idx: 0, content_type: 'font/woff2', data: Buffer.from('wOF2') });
    // a notification in Ann's feed (what the board's bell reads and marks read)
    const note = (await notify(s.app(), s.ann.actor.userId!, 'subscription', { message: 'a note for the bell' }))!;
    // a custom template of Ann's (a beta tester too: the custom-templates policy), what the templates dialog reads and deletes
    s.ann.user = await updateUser(s.p.db, s.ann.user!.id, { roles: ['beta-tester'] });
    s.ann.token = accessTokenFor(s.p.config, s.ann.user);
    const tplShape = { id: 't1', cmd: 'rectangle', x: 0, y: 0, w: 10, h: 10, stroke: '#000000', lineWidth: 2 };
    const template = (await call(s.p, s.ann, 'POST', '/api/boards/custom-templates', { name: 'Cors template', commands: [tplShape] })).body;
    const [templateList] = (await call(s.p, s.ann, 'GET', '/api/boards/custom-templates?Workspace=default')).body as Array<{
      imageUrl: string;
    }>;
    params = { id: code, threadId: thread.createdThreadId!, memberId: member.id ?? member.uid, fontId, n: '0', name: template.name };
    // a picture on the board, uploaded as the SDK does
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: { r: 255, g: 0, b: 0 } } })
      .png()
      .toBuffer();
    uploadBody = await multipart({ file: new Blob([new Uint8Array(png)], { type: 'image/png' }) });
    const uploaded = await s.p.server.inject({
      method: 'POST',
      url: `/api/boards/${code}/assets`,
      headers: { authorization: `Bearer ${s.ann.token}`, 'content-type': uploadBody.contentType },
      payload: uploadBody.payload,
    });
    const asset = JSON.parse(uploaded.payload) as { id: string };
    own = {
      'GET /api/assets/{id}/{variant}': { params: { id: asset.id, variant: 'full' }, query: `?Board=${code}` },
      'GET /api/media/{resource}/original': { params: { resource: asset.id }, query: `?Board=${code}` },
      'POST /api/users/notifications/{id}/read': { params: { id: note.id } },
      'GET /api/boards/templates/{name}/thumbnail': { query: `?${templateList.imageUrl.split('?')[1]}` },
      'GET /api/boards/custom-templates': { query: '?Workspace=default' },
      'GET /api/boards/{id}/links/preview': { query: `?url=${encodeURIComponent(`${previewPage.base}/page`)}` },
    };
    const command = {
      id: `c-${crypto.randomUUID()}`,
      uid: s.ann.actor.uid,
      status: 'normal',
      timestamp: Date.now(),
      cmd: 'rectangle',
      shape: {
        id: 's1',
        cmd: 'rectangle',
        uid: s.ann.actor.uid,
        timestamp: Date.now(),
        x: 0,
        y: 0,
        w: 10,
        h: 10,
        stroke: '#000000',
        lineWidth: 2,
      },
    };
    bodies = {
      'POST /api/boards/{id}/commands': { boardCommand: JSON.stringify(command), connectionId: null },
      'POST /api/boards/{id}/comments/{threadId}/mark': {},
      'PUT /api/users/configs': { config: { snapToObject: true } },
      'POST /api/boards/{id}/dispose': { days: 0 },
      'DELETE /api/boards': { id: doomed.code },
      'POST /api/boards/{id}/sharings': { link: 'Editor' },
      'POST /api/boards/{id}/members': { email: 'invitee@example.com', memberRole: 'Viewer' },
      'POST /api/boards/{id}/members/{memberId}/roles': { role: 'Viewer' },
      'POST /api/logs/clients': { level: 'warn', context: 'image', message: 'A picture could not be loaded' },
      'POST /api/logs/perfs': { type: 'Join', sessionId: 's-1', board: 'abcdefghijkl', ver: '1.72.6', payload: { joinMs: 420 } },
      'POST /api/logs/usages': { context: 'action:undo', data: { count: 2, via: { key: 2 }, board: 'abcdefghijkl' } },
      'POST /api/users/notifications/{id}/read': {},
      'POST /api/boards/{id}/duplicate-assets': { assets: [{ id: 's1', assetId: asset.id }] },
      'POST /api/boards/{id}/scripts/media': { script: 'graph TD\nA-->B' },
      'POST /api/boards/custom-templates': { name: 'Saved across origins', commands: [tplShape] },
    };
  });

  const url = (method: string, path: string) => {
    const route = own[`${method} ${path}`] ?? {};
    return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(route.params?.[name] ?? params[name]!)) + (route.query ?? '');
  };

  it('is exactly the routes the board calls (plus the embed script): no other route answers CORS', () => {
    const withCors = s.p.server
      .table()
      .filter((r) => r.settings.cors)
      .map((r) => `${r.method.toUpperCase()} ${r.path}`)
      .sort();
    expect(withCors).toEqual([...BOARD_ROUTES.map(([m, p]) => `${m} ${p}`), 'GET /embed.js'].sort());
  });

  it.each(BOARD_ROUTES)('%s %s: the preflight allows any origin with the headers the SDK sends', async (method, path) => {
    const res = await s.p.server.inject({
      method: 'OPTIONS',
      url: url(method, path),
      headers: { origin: ORIGIN, 'access-control-request-method': method, 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(res.headers['access-control-allow-methods']).toBe(method);
    const allowed = String(res.headers['access-control-allow-headers']).toLowerCase().split(',');
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type']));
    expect(String(res.headers['access-control-max-age'])).toBe('600');
    // no ambient credentials: a cookie-carrying fetch could not read the answer
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it.each(BOARD_ROUTES)('%s %s: the answer carries the CORS headers and exposes token-expired', async (method: Method, path) => {
    const upload = method === 'POST' && path === '/api/boards/{id}/assets';
    const json = bodies[`${method} ${path}`];
    const res = await s.p.server.inject({
      method,
      url: url(method, path),
      headers: {
        origin: ORIGIN,
        authorization: `Bearer ${s.ann.token}`,
        ...(upload ? { 'content-type': uploadBody.contentType } : json ? { 'content-type': 'application/json' } : {}),
      },
      payload: upload ? uploadBody.payload : json,
    });
    expect(res.statusCode, res.payload).toBeLessThan(300);
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(String(res.headers['access-control-expose-headers']).split(',')).toEqual(
      expect.arrayContaining(['token-expired', 'content-length']),
    );
    expect(String(res.headers.vary)).toContain('origin');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('lets a host page read the chat history and the token-expired answer', async () => {
    const history = await s.p.server.inject({
      method: 'GET',
      url: `/api/boards/${params.id}/messages`,
      headers: { origin: ORIGIN, authorization: `Bearer ${s.ann.token}` },
    });
    expect(JSON.parse(history.payload).map((m: { message: string }) => m.message)).toEqual(['hello from the board']);

    const claims = { ...s.ann.actor.claims!, exp: Math.floor(Date.now() / 1000) - 120 };
    const expired = Jwt.token.generate(claims, { key: s.p.config.accessTokenSecret, algorithm: 'HS256' }, { iat: false } as never);
    const res = await s.p.server.inject({
      method: 'GET',
      url: `/api/boards/${params.id}/messages`,
      headers: { origin: ORIGIN, authorization: `Bearer ${expired}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['token-expired']).toBe('true');
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(String(res.headers['access-control-expose-headers']).split(',')).toContain('token-expired');
  });

  it('keeps every other route same-origin: no CORS headers on the preflight or the answer', async () => {
    for (const [method, path] of [
      ['POST', '/api/accounts/login'],
      ['GET', '/api/clients'],
      ['POST', '/api/boards'],
      ['GET', '/api/workspaces'],
    ] as const) {
      const pre = await s.p.server.inject({
        method: 'OPTIONS',
        url: path,
        headers: {
          origin: ORIGIN,
          'access-control-request-method': method,
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      expect(pre.headers['access-control-allow-origin'], `${method} ${path}`).toBeUndefined();
      const res = await call(s.p, s.ann as Who, method, path, method === 'POST' ? {} : undefined);
      expect(res.headers['access-control-allow-origin'], `${method} ${path}`).toBeUndefined();
    }
  });
});

describe("the hub's websocket from another origin", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startTestPlatform({}, { listen: true });
  });
  afterAll(() => p.stop());

  it('accepts the socket whatever its Origin (bearer auth in the nes hello, never a cookie)', async () => {
    const ws = new WebSocket(p.url.replace(/^http/, 'ws'), { origin: ORIGIN });
    const hello = await new Promise<{ type: string; socket?: string }>((resolve, reject) => {
      ws.once('error', reject);
      ws.once('open', () => ws.send(JSON.stringify({ type: 'hello', id: 'h', version: '2' })));
      ws.once('message', (data) => resolve(JSON.parse(String(data))));
    });
    expect(hello).toMatchObject({ type: 'hello', socket: expect.any(String) });
    ws.close();
  });
});
