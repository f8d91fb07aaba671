/**
 * Issue 9: the authorization matrix over the HTTP route table. Every route the server declares
 * (`server.table()`) must be declared here, with how to call it and what each identity class
 * gets (tests/security/support.ts CLASSES): the board owner, a member of each role, a guest
 * member, a signed-in stranger, a stranger guest, a forged uid (no token, Uid = the owner's user
 * id), a forged member uid (Uid = the Editor member's user id, as the member list shows it), a
 * forged key (no token, Uid = the guest member's key read from GET …/sharing) and no credentials. A route added later without a row here fails the first test, naming it.
 *
 * Board routes run on a board whose link level is NoAccess. A refused call must leave the board
 * exactly as it was; an allowed board action runs on a fresh board and its effect is checked to be
 * the caller's own (a command sent carrying the owner's id as its uid is stored as the sender's).
 * Public routes answer the same to everyone and never carry the board's or the owner's data.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestKey } from '../../platform/core/identity';
import { add, call, rect, uidOf, undo, type Who } from '../api/boards-fixtures';
import { boardState } from '../api/board-state';
import { png } from '../helpers/png';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import {
  allow,
  ANY_IDENTITY,
  CLASSES,
  EDITORS,
  EVERYONE,
  forgeKey,
  makeBoard,
  makeWorld,
  MATRIX_CONFIG,
  MEMBERS,
  outcomeOfStatus,
  OWNER,
  pngDataUrl,
  SIGNED_IN,
  UID_SENDERS,
  whoOf,
  type BoardCase,
  type Cls,
  type Outcome,
  type World,
} from './support';

interface Ctx {
  p: TestPlatform;
  w: World;
  /** the board for this probe (the shared one for refusals and reads, a fresh one for an allowed write) */
  board: BoardCase;
  /** the owner's developer app (client id and secret) */
  app: { id: string; clientId: string; clientSecret: string };
}

interface RouteCase {
  /** 'board': a board route (NoAccess board); 'user': the caller's own account; 'public': answers everyone alike */
  kind: 'board' | 'user' | 'public';
  /** an allowed call changes the board: it runs on a fresh board */
  mutates?: boolean;
  req(c: Ctx, cls: Cls): { url: string; payload?: object; multipart?: Record<string, MultipartField> };
  expect: Record<Cls, Outcome>;
  /** after an allowed call: its effect is the caller's own */
  check?(c: Ctx, cls: Cls, res: Awaited<ReturnType<typeof call>>): Promise<void>;
}

type MultipartField = string | { name: string; data: Buffer };

/** `call` with a multipart body (uploads): the token as a header, a guest's Uid as a form field. */
async function callMultipart(p: TestPlatform, who: Who | null, url: string, fields: Record<string, MultipartField>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.data)]), value.name);
  }
  if (who && !who.token) form.append('Uid', uidOf(who));
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const headers: Record<string, string> = { 'content-type': request.headers.get('content-type')! };
  if (who?.token) headers.authorization = `Bearer ${who.token}`;
  const res = await p.server.inject({ method: 'POST', url, headers, payload: Buffer.from(await request.arrayBuffer()) });
  let body: any;
  try {
    body = JSON.parse(res.payload);
  } catch {
    body = res.payload;
  }
  return { status: res.statusCode, body, headers: res.headers, raw: res.payload };
}

/** A picture on the shared board (the asset reads probe it). */
let sharedAsset = '';

const noLogin = (cls: Cls) => (SIGNED_IN.includes(cls) ? 0 : 401);
/** A route that needs a bearer token: users pass, everyone else is a 401. */
const USERS = (ok: Cls[] = SIGNED_IN) => allow(ok, (cls) => noLogin(cls) || 403);
const same = (outcome: Outcome) => allow(outcome === 'ok' ? EVERYONE : [], () => outcome as number);
const keyOf = (w: World, cls: Cls): string | null => whoOf(w, cls)?.actor.uid ?? null;

/** The owner's default workspace (read once the world exists) and who reaches it: the owner; other tokens 404; no token 401. */
let ownerWorkspace = '';
const OWN_WORKSPACE = () => allow(OWNER, (cls) => noLogin(cls) || 404);

/** An operator route (platform/admin/operator.ts): no class of the matrix is an operator, so no token 401, any token 403. */
const OPERATOR_ONLY = () => allow([], (cls) => noLogin(cls) || 403);

const page = (url: string): RouteCase => ({ kind: 'public', req: () => ({ url }), expect: same('ok') });

const ROUTES: Record<string, RouteCase> = {
  // pages and static files: public, the same for everyone
  'GET /': { kind: 'public', req: () => ({ url: '/' }), expect: same(302) },
  'GET /panel': { kind: 'public', req: () => ({ url: '/panel' }), expect: same(302) },
  'GET /accounts/{p*}': page('/accounts/login'),
  'GET /panel/{p*}': page('/panel/boards'),
  'GET /app/panel/{p*}': page('/app/panel/boards'),
  'GET /board/{p*}': { kind: 'public', req: (c) => ({ url: `/board/${c.board.code}?uid=${c.w.owner.user!.id}` }), expect: same('ok') },
  'GET /board/new': page('/board/new'),
  'GET /board/{workspaceId}/new': page('/board/ws1/new'),
  'GET /static/{p*}': { kind: 'public', req: () => ({ url: '/static/no-such-file.js' }), expect: same(404) },
  'GET /embed.js': page('/embed.js'),
  'GET /health': page('/health'),
  'GET /ready': page('/ready'),
  // from the machine itself (inject's 127.0.0.1): the scrape answers; from a public address it is 404 (tests/api/ready-metrics.test.ts)
  'GET /metrics': page('/metrics'),
  'GET /documents/api/openapi.json': page('/documents/api/openapi.json'),
  // the OpenAPI document's UI (platform/openapi): its page and its files
  'GET /documents/api': page('/documents/api'),
  'GET /documents/api/ui': page('/documents/api/ui/'),
  'GET /documents/api/ui/{file}': page('/documents/api/ui/init.js'),
  // Google sign-in is not configured in tests: 404 for everyone
  'GET /api/connect/google': { kind: 'public', req: () => ({ url: '/api/connect/google' }), expect: same(404) },
  'GET /api/accounts/providers': { kind: 'public', req: () => ({ url: '/api/accounts/providers' }), expect: same('ok') },
  // the help pages (platform/documents): an unknown one answers the page-not-found page, 404, for everyone
  'GET /documents/{p*}': page('/documents/how-to'),
  'GET /access-denied': page('/access-denied'),
  // the template catalogue page (panel/templates): the app's page for everyone; the app sends a signed-out visitor to log in
  'GET /templates': page('/templates'),
  // a promo's redeem link (panel/billing/redeem-link.tsx): the app page, the same for everyone
  'GET /invitations/redeem/{code}': page('/invitations/redeem/WTAB-CDEF-123456'),
  // the socket's auth endpoint (nes): a bearer token or nothing, never a Uid
  'AUTH /nes/auth': { kind: 'public', req: () => ({ url: '/nes/auth' }), expect: same(404) },
  // accounts: public forms (wrong credentials for everyone)
  'POST /api/accounts/login': {
    kind: 'public',
    req: () => ({ url: '/api/accounts/login', payload: { username: 'nobody@example.com', password: 'wrong-password-1' } }),
    expect: same(400),
  },
  'POST /api/accounts/logout': { kind: 'public', req: () => ({ url: '/api/accounts/logout', payload: {} }), expect: same('ok') },
  'POST /api/accounts/refresh': {
    kind: 'public',
    req: () => ({ url: '/api/accounts/refresh', payload: { refreshToken: 'not-a-refresh-token' } }),
    expect: same(401),
  },
  'POST /api/accounts/users': {
    kind: 'public',
    req: () => ({
      url: '/api/accounts/users',
      payload: {
        username: `new-${crypto.randomBytes(5).toString('hex')}@example.com`,
        password: 'correct horse battery staple 9',
        repeatPassword: 'correct horse battery staple 9',
        terms: true,
      },
    }),
    expect: same('ok'),
  },
  // (reset-password asks for the link, reset sets the password with its code)
  'POST /api/accounts/password/reset-password': {
    kind: 'public',
    req: (c) => ({ url: '/api/accounts/password/reset-password', payload: { email: c.w.owner.user!.username } }),
    expect: same('ok'),
  },
  'POST /api/accounts/password/reset': {
    kind: 'public',
    req: (c) => ({
      url: '/api/accounts/password/reset',
      payload: {
        email: c.w.owner.user!.username,
        code: '000000',
        password: 'correct horse battery staple 9',
        confirmPassword: 'correct horse battery staple 9',
      },
    }),
    expect: same(400),
  },
  'GET /api/accounts/validate': { kind: 'user', req: () => ({ url: '/api/accounts/validate' }), expect: USERS() },
  'POST /api/change-password': {
    kind: 'user',
    // a confirmation that does not match (a real change would revoke the caller's token): auth
    // runs before validation, so only a token reaches the 400
    req: () => ({
      url: '/api/change-password',
      payload: { current: 'not-the-password-1', password: 'correct horse battery staple 9', confirmPassword: 'something else entirely 9' },
    }),
    expect: allow([], (cls) => noLogin(cls) || 400),
  },
  // the caller's own account
  'GET /api/users/profile': {
    kind: 'user',
    req: () => ({ url: '/api/users/profile' }),
    expect: USERS(),
    check: async (c, cls, res) => expect(JSON.stringify(res.body)).toContain(whoOf(c.w, cls)!.user!.username),
  },
  'POST /api/users/profile': {
    kind: 'user',
    req: (_c, cls) => ({ url: '/api/users/profile', payload: { displayName: `${cls} renamed` } }),
    expect: USERS(),
    check: async (c, cls) => {
      const rows = await c.p
        .db('users')
        .where({ display_name: `${cls} renamed` })
        .select('id');
      expect(rows.map((r) => r.id)).toEqual([whoOf(c.w, cls)!.user!.id]);
    },
  },
  'GET /api/users/profile/security-stamp': {
    kind: 'user',
    req: () => ({ url: '/api/users/profile/security-stamp' }),
    expect: USERS(),
    check: async (c, cls, res) => {
      const row = await c.p
        .db('users')
        .where({ id: whoOf(c.w, cls)!.user!.id })
        .first();
      expect(res.body.securityStamp).toBe(row.security_stamp);
    },
  },
  'PUT /api/users/configs': {
    kind: 'user',
    req: () => ({ url: '/api/users/configs', payload: { config: { keys: [{ c: 'pen', k: 'Shift+P' }] } } }),
    expect: USERS(),
    check: async (c, cls) => {
      const rows = await c.p.db('users').whereRaw(`config->'keys' @> '[{"c":"pen"}]'::jsonb`).select('id');
      expect(rows.map((r) => r.id)).toContain(whoOf(c.w, cls)!.user!.id);
    },
  },
  'GET /api/users/{userId}/images': {
    // public (for <img>): the owner's avatar and nothing else, the same for everyone
    kind: 'public',
    req: (c) => ({ url: `/api/users/${c.w.owner.user!.id}/images` }),
    expect: same('ok'),
    check: async (_c, _cls, res) => {
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.raw.startsWith('\x89PNG') || res.raw.includes('PNG')).toBe(true);
      expect(res.raw).not.toMatch(/username|"id"|displayName|security/i);
    },
  },
  'POST /api/users/migrate': {
    kind: 'user',
    // a secret nobody holds: authorised callers merge nothing
    req: () => ({ url: '/api/users/migrate', payload: { uniqueUserId: crypto.randomBytes(16).toString('hex') } }),
    expect: USERS(),
    check: async (_c, _cls, res) => expect(res.body).toEqual({ boards: 0, memberships: 0 }),
  },
  // developer apps
  'GET /api/clients': {
    kind: 'user',
    req: () => ({ url: '/api/clients' }),
    expect: USERS(),
    check: async (c, cls, res) => {
      if (cls !== 'owner') expect(JSON.stringify(res.body)).not.toContain(c.app.clientId);
      else expect(JSON.stringify(res.body)).toContain(c.app.clientId);
      expect(JSON.stringify(res.body)).not.toContain(c.app.clientSecret);
    },
  },
  'POST /api/clients': {
    kind: 'user',
    req: (_c, cls) => ({ url: '/api/clients', payload: { appName: `app of ${cls}`, terms: true } }),
    expect: USERS(),
    check: async (c, cls) => {
      const rows = await c.p
        .db('clients')
        .where({ app_name: `app of ${cls}` })
        .select('owner_id');
      expect(rows.map((r) => r.owner_id)).toEqual([whoOf(c.w, cls)!.user!.id]);
    },
  },
  'POST /api/clients/{id}/regenerate': {
    kind: 'user',
    req: (c) => ({ url: `/api/clients/${c.app.id}/regenerate`, payload: {} }),
    expect: allow(OWNER, (cls) => noLogin(cls) || 404),
  },
  'POST /api/clients/token': {
    kind: 'public',
    // a wrong secret: 401 (a guest's request also carries its Uid, which this server-to-server body does not take: 400)
    req: (c) => ({ url: '/api/clients/token', payload: { clientId: c.app.clientId, clientSecret: 'wrong', uid: c.w.owner.user!.id } }),
    expect: allow([], (cls) => (UID_SENDERS.includes(cls) ? 400 : 401)),
  },
  'GET /api/clients/{clientId}/embed-check': {
    kind: 'public',
    req: (c) => ({ url: `/api/clients/${c.app.clientId}/embed-check?origin=${encodeURIComponent('https://host.example')}` }),
    expect: same('ok'),
    check: async (c, _cls, res) => expect(res.raw).not.toContain(c.app.clientSecret),
  },
  // logs: anyone may report; the row is the caller's
  'POST /api/logs/clients': {
    kind: 'public',
    req: (_c, cls) => ({ url: '/api/logs/clients', payload: { level: 'error', context: `ctx-${cls}`, message: 'm' } }),
    expect: same('ok'),
    check: logRowIsCaller('client_logs', 'context'),
  },
  'POST /api/logs/usages': {
    kind: 'public',
    req: (_c, cls) => ({ url: '/api/logs/usages', payload: { context: `ctx-${cls}` } }),
    expect: same('ok'),
    check: logRowIsCaller('usage_logs', 'context'),
  },
  'POST /api/logs/perfs': {
    kind: 'public',
    req: (_c, cls) => ({ url: '/api/logs/perfs', payload: { type: `ctx-${cls}`, sessionId: 's' } }),
    expect: same('ok'),
    check: logRowIsCaller('perf_logs', 'type'),
  },
  // boards
  'POST /api/boards': {
    kind: 'user',
    req: (_c, cls) => ({ url: '/api/boards', payload: { name: `board of ${cls}` } }),
    expect: allow(ANY_IDENTITY, () => 401),
    check: async (c, cls) => {
      const row = await c.p
        .db('boards')
        .where({ name: `board of ${cls}` })
        .first();
      const who = whoOf(c.w, cls)!;
      expect({ owner_id: row.owner_id, owner_uid: who.token ? undefined : row.owner_uid }).toEqual({
        owner_id: who.actor.userId,
        owner_uid: who.token ? undefined : who.actor.uid,
      });
    },
  },
  'DELETE /api/boards': {
    kind: 'board',
    mutates: true,
    req: (c) => ({ url: '/api/boards', payload: { id: c.board.code } }),
    expect: allow(OWNER),
  },
  'GET /api/boards/{id}/commands': { kind: 'board', req: (c) => ({ url: `/api/boards/${c.board.code}/commands` }), expect: allow(MEMBERS) },
  'POST /api/boards/{id}/commands': {
    kind: 'board',
    mutates: true,
    // the command names the owner as its author: the server stamps the sender
    req: (c) => ({
      url: `/api/boards/${c.board.code}/commands`,
      payload: { boardCommand: JSON.stringify(add(c.w.owner.actor.uid, rect('probe', c.w.owner.actor.uid))) },
    }),
    expect: allow(EDITORS),
    check: async (c, cls) => {
      const row = await c.p.db('commands').where({ board_id: c.board.id }).orderBy('seq', 'desc').first();
      expect(row.uid).toBe(keyOf(c.w, cls));
      const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
      expect([payload.uid, payload.shape.uid]).toEqual([keyOf(c.w, cls), keyOf(c.w, cls)]);
    },
  },
  'POST /api/boards/{id}/dispose': {
    kind: 'board',
    mutates: true,
    req: (c) => ({ url: `/api/boards/${c.board.code}/dispose`, payload: { days: 7 } }),
    expect: allow(OWNER),
  },
  'POST /api/boards/{id}/rename': {
    kind: 'board',
    mutates: true,
    req: (c) => ({ url: `/api/boards/${c.board.code}/rename`, payload: { name: 'Renamed' } }),
    expect: allow(EDITORS),
  },
  'POST /api/boards/{id}/assets': {
    kind: 'board',
    mutates: true,
    req: (c) => ({ url: `/api/boards/${c.board.code}/assets`, multipart: { file: { name: 'probe.png', data: png(12, 12) } } }),
    expect: allow(EDITORS),
    check: async (c, cls, res) => {
      const row = await c.p.db('assets').where({ id: res.body.id }).first();
      expect(row.board_id).toBe(c.board.id);
      expect(row.uploader_id ?? row.uploader_uid).toBe(keyOf(c.w, cls));
    },
  },
  'GET /api/assets/{id}/{variant}': {
    kind: 'board',
    req: (c) => ({ url: `/api/assets/${sharedAsset}/full?Board=${c.board.code}` }),
    expect: allow(MEMBERS),
  },
  'GET /api/media/{resource}/original': {
    kind: 'board',
    req: (c) => ({ url: `/api/media/${sharedAsset}/original?Board=${c.board.code}` }),
    expect: allow(MEMBERS),
  },
  'POST /api/boards/{id}/duplicate-assets': {
    kind: 'board',
    mutates: true,
    req: (c) => ({ url: `/api/boards/${c.board.code}/duplicate-assets`, payload: { assets: [{ id: 'probe', assetId: sharedAsset }] } }),
    expect: allow(EDITORS),
    check: async (c, _cls, res) => {
      // a copy is always of this board; never the source's id on another board
      const copied = res.body.assets[0].assetId as string;
      if (copied && copied !== sharedAsset) expect((await c.p.db('assets').where({ id: copied }).first()).board_id).toBe(c.board.id);
    },
  },
  'POST /api/boards/{id}/scripts/media': {
    kind: 'board',
    mutates: true,
    req: (c) => ({ url: `/api/boards/${c.board.code}/scripts/media`, payload: { script: 'graph TD\nA-->B' } }),
    expect: allow(EDITORS),
  },
  // the link-preview proxy (platform/links): edit rights AND the paste-link or attach-link policy (beta-tester). Every
  // signed-in class here has the team plan and a guest has no plan, so everyone is refused before any fetch
  // (the allowed case: tests/api/link-preview.test.ts)
  'GET /api/boards/{id}/links/preview': {
    kind: 'board',
    req: (c) => ({ url: `/api/boards/${c.board.code}/links/preview?url=${encodeURIComponent('https://example.com/')}` }),
    expect: allow([]),
  },
  'GET /api/boards/{id}/sharing': {
    kind: 'board',
    req: (c) => ({ url: `/api/boards/${c.board.code}/sharing` }),
    expect: allow(MEMBERS),
    check: async (c, _cls, res) => {
      // keys, never a guest's secret
      expect(res.raw).not.toContain(c.w.guestMember.secret!);
      expect(res.raw).toContain(c.w.guestMember.actor.uid);
    },
  },
  'POST /api/boards/{id}/sharings': {
    kind: 'board',
    mutates: true,
    req: (c) => ({ url: `/api/boards/${c.board.code}/sharings`, payload: { link: 'Editor' } }),
    expect: allow(OWNER),
  },
  'POST /api/boards/{id}/members': {
    kind: 'board',
    mutates: true,
    req: (c) => ({ url: `/api/boards/${c.board.code}/members`, payload: { email: c.w.other.user!.username, memberRole: 'Viewer' } }),
    expect: allow(OWNER),
  },
  'POST /api/boards/{id}/members/{memberId}/roles': {
    kind: 'board',
    mutates: true,
    req: (c) => ({ url: `/api/boards/${c.board.code}/members/${c.board.memberIds.viewer}/roles`, payload: { role: 'Editor' } }),
    expect: allow(OWNER),
  },
  'GET /api/boards/{id}/messages': {
    kind: 'board',
    req: (c) => ({ url: `/api/boards/${c.board.code}/messages` }),
    expect: allow(MEMBERS),
    check: async (c, _cls, res) => expect(res.raw).not.toContain(c.w.guestMember.secret!),
  },
  'GET /api/boards/{id}/comments': {
    kind: 'board',
    req: (c) => ({ url: `/api/boards/${c.board.code}/comments` }),
    expect: allow(MEMBERS),
    check: async (c, _cls, res) => expect(res.raw).not.toContain(c.w.guestMember.secret!),
  },
  // board history (platform/boards/history.ts): view rights and the board history policy (every signed-in class here has
  // the team plan; a guest has no plan)
  'GET /api/boards/{id}/history': {
    kind: 'board',
    req: (c) => ({ url: `/api/boards/${c.board.code}/history` }),
    expect: allow(['owner', 'facilitator', 'editor', 'commenter', 'viewer']),
    check: async (c, _cls, res) => expect(res.raw).not.toContain(c.w.guestMember.secret!),
  },
  'POST /api/boards/{id}/comments/{threadId}/mark': {
    kind: 'board',
    mutates: true,
    req: (c) => ({ url: `/api/boards/${c.board.code}/comments/${c.board.thread}/mark`, payload: {} }),
    expect: allow(MEMBERS),
    check: async (c, cls) => {
      const rows = await c.p.db('comment_seen').where({ thread_id: c.board.thread }).select('uid');
      expect(rows.map((r) => r.uid)).toContain(keyOf(c.w, cls));
    },
  },
  // workspaces (the owner's default workspace, which holds the shared board; nobody else is in it):
  // the owner reaches it, any other token gets 404 (nothing told of it), no token 401
  'GET /api/workspaces': {
    kind: 'user',
    req: () => ({ url: '/api/workspaces' }),
    expect: USERS(),
    check: async (c, cls, res) => expect(res.body.map((x: { id: string }) => x.id).includes(ownerWorkspace)).toBe(cls === 'owner'),
  },
  // an empty name: the field error comes after authentication
  'POST /api/workspaces': {
    kind: 'user',
    req: () => ({ url: '/api/workspaces', payload: { name: '' } }),
    expect: allow([], (cls) => noLogin(cls) || 400),
  },
  'POST /api/workspaces/invitations/accept': {
    kind: 'user',
    req: () => ({ url: '/api/workspaces/invitations/accept', payload: { token: 'no-such-invitation' } }),
    expect: allow([], (cls) => noLogin(cls) || 400),
  },
  'GET /api/workspaces/{id}': {
    kind: 'user',
    req: () => ({ url: `/api/workspaces/${ownerWorkspace}` }),
    expect: OWN_WORKSPACE(),
    check: async (_c, _cls, res) => expect(res.body.id).toBe(ownerWorkspace),
  },
  'PUT /api/workspaces/{id}': {
    kind: 'user',
    req: () => ({ url: `/api/workspaces/${ownerWorkspace}`, payload: { zoomLimitsMin: 5, zoomLimitsMax: 600 } }),
    expect: OWN_WORKSPACE(),
  },
  // a name that cannot be a font: the owner's call is refused before any fetch (400), others never reach it
  'POST /api/workspaces/{id}/fonts': {
    kind: 'user',
    req: () => ({ url: `/api/workspaces/${ownerWorkspace}/fonts`, payload: { font: '@@' } }),
    expect: allow([], (cls) => noLogin(cls) || (cls === 'owner' ? 400 : 404)),
  },
  // served fonts are public assets (boards' guests load them); an unknown one is 404 to everyone
  'GET /api/fonts/{fontId}/stylesheet.css': {
    kind: 'public',
    req: () => ({ url: '/api/fonts/00000000-0000-4000-8000-000000000000/stylesheet.css' }),
    expect: same(404),
  },
  'GET /api/fonts/{fontId}/files/{n}': {
    kind: 'public',
    req: () => ({ url: '/api/fonts/00000000-0000-4000-8000-000000000000/files/0' }),
    expect: same(404),
  },
  // the owner's default workspace (with boards) is never deleted: 400 for the owner
  'DELETE /api/workspaces/{id}': {
    kind: 'user',
    req: () => ({ url: `/api/workspaces/${ownerWorkspace}` }),
    expect: allow([], (cls) => noLogin(cls) || (cls === 'owner' ? 400 : 404)),
  },
  'GET /api/workspaces/{id}/members': {
    kind: 'user',
    req: () => ({ url: `/api/workspaces/${ownerWorkspace}/members` }),
    expect: OWN_WORKSPACE(),
    check: async (c, _cls, res) => expect(res.body.data.map((m: { id: string }) => m.id)).toEqual([c.w.owner.user!.id]),
  },
  'POST /api/workspaces/{id}/members': {
    kind: 'user',
    req: () => ({ url: `/api/workspaces/${ownerWorkspace}/members`, payload: { email: 'invitee@matrix.example', role: 'Member' } }),
    expect: OWN_WORKSPACE(),
  },
  // the editor is no workspace member: 404 even for the owner
  'POST /api/workspaces/{id}/members/{memberId}/roles': {
    kind: 'user',
    req: (c) => ({ url: `/api/workspaces/${ownerWorkspace}/members/${c.w.editor.user!.id}/roles`, payload: { role: 'Admin' } }),
    expect: allow([], (cls) => noLogin(cls) || 404),
  },
  // the owner cannot be removed: 400 for the owner
  'DELETE /api/workspaces/{id}/members/{memberId}': {
    kind: 'user',
    req: (c) => ({ url: `/api/workspaces/${ownerWorkspace}/members/${c.w.owner.user!.id}` }),
    expect: allow([], (cls) => noLogin(cls) || (cls === 'owner' ? 400 : 404)),
  },
  'GET /api/workspaces/{id}/pending-members': {
    kind: 'user',
    req: () => ({ url: `/api/workspaces/${ownerWorkspace}/pending-members` }),
    expect: OWN_WORKSPACE(),
  },
  'DELETE /api/workspaces/{id}/pending-members/{invitationId}': {
    kind: 'user',
    req: () => ({ url: `/api/workspaces/${ownerWorkspace}/pending-members/00000000-0000-4000-8000-000000000000` }),
    expect: allow([], (cls) => noLogin(cls) || 404),
  },
  'GET /api/workspaces/{id}/extensions': {
    kind: 'user',
    req: () => ({ url: `/api/workspaces/${ownerWorkspace}/extensions` }),
    expect: OWN_WORKSPACE(),
  },
  'POST /api/workspaces/{id}/extensions/{extensionId}': {
    kind: 'user',
    req: () => ({ url: `/api/workspaces/${ownerWorkspace}/extensions/app-frame`, payload: { plugged: true } }),
    expect: OWN_WORKSPACE(),
  },
  // billing (platform/billing; docs/billing.md): a workspace's subscription and invoices are its
  // Owner's and Admins' only; no payment gateway here, so place-order is the owner's 400
  'GET /api/plans': { kind: 'user', req: () => ({ url: '/api/plans' }), expect: USERS() },
  'GET /api/subscriptions/for/{id}': {
    kind: 'user',
    req: () => ({ url: `/api/subscriptions/for/${ownerWorkspace}` }),
    expect: OWN_WORKSPACE(),
  },
  'GET /api/invoices/upcoming': {
    kind: 'user',
    req: () => ({ url: `/api/invoices/upcoming?Plan=team&Workspace=${ownerWorkspace}` }),
    expect: OWN_WORKSPACE(),
  },
  'POST /api/subscriptions/place-order': {
    kind: 'user',
    req: () => ({
      url: '/api/subscriptions/place-order',
      payload: { plan: 'team', billingCycle: 'Monthly', addons: [], PaymentMethod: 'Card', workspace: ownerWorkspace },
    }),
    expect: allow([], (cls) => noLogin(cls) || (cls === 'owner' ? 400 : 404)),
  },
  'POST /api/subscriptions/finalize-order': {
    kind: 'user',
    req: () => ({ url: '/api/subscriptions/finalize-order', payload: { referenceId: 'ord_no_such_order' } }),
    expect: allow([], (cls) => noLogin(cls) || 404),
  },
  'POST /api/subscriptions/{id}/billing-cycle': {
    kind: 'user',
    req: () => ({ url: `/api/subscriptions/${crypto.randomUUID()}/billing-cycle`, payload: { cycle: 'Quarterly' } }),
    expect: allow([], (cls) => noLogin(cls) || 404),
  },
  // the owner's free plan cannot be resumed (400); another's workspace is 404
  'POST /api/users/self/subscriptions/pause': {
    kind: 'user',
    req: () => ({ url: '/api/users/self/subscriptions/pause', payload: { pause: false, workspace: ownerWorkspace } }),
    expect: allow([], (cls) => noLogin(cls) || (cls === 'owner' ? 400 : 404)),
  },
  'GET /api/users/subscriptions/history': { kind: 'user', req: () => ({ url: '/api/users/subscriptions/history' }), expect: USERS() },
  'GET /api/subscriptions/invoices/{id}': {
    kind: 'user',
    req: () => ({ url: `/api/subscriptions/invoices/${crypto.randomUUID()}` }),
    expect: allow([], (cls) => noLogin(cls) || 404),
  },
  // the operators' subscriptions and invoices (platform/admin/subscriptions; docs/backoffice.md "Subscriptions"):
  // operators only, POST /api/subscriptions and POST /api/subscriptions/{id} included (an operator's settled order)
  'GET /api/admin/subscriptions': { kind: 'user', req: () => ({ url: '/api/admin/subscriptions' }), expect: OPERATOR_ONLY() },
  'GET /api/admin/subscriptions/user-workspaces': {
    kind: 'user',
    req: (c) => ({ url: `/api/admin/subscriptions/user-workspaces?username=${encodeURIComponent(c.w.owner.user!.username)}` }),
    expect: OPERATOR_ONLY(),
  },
  'GET /api/admin/subscriptions/{id}': {
    kind: 'user',
    req: () => ({ url: `/api/admin/subscriptions/${crypto.randomUUID()}` }),
    expect: OPERATOR_ONLY(),
  },
  'POST /api/subscriptions': {
    kind: 'user',
    req: (c) => ({ url: '/api/subscriptions', payload: { userId: c.w.owner.user!.id, workspaces: [crypto.randomUUID()] } }),
    expect: OPERATOR_ONLY(),
  },
  'POST /api/subscriptions/{id}': {
    kind: 'user',
    req: () => ({ url: `/api/subscriptions/${crypto.randomUUID()}`, payload: { quantity: 2 } }),
    expect: OPERATOR_ONLY(),
  },
  'POST /api/admin/subscriptions/{id}/promos': {
    kind: 'user',
    req: () => ({ url: `/api/admin/subscriptions/${crypto.randomUUID()}/promos`, payload: { promoName: 'WTXX-XXXX-XXXXXX' } }),
    expect: OPERATOR_ONLY(),
  },
  'DELETE /api/admin/subscriptions/{id}/promos/{promoId}': {
    kind: 'user',
    req: () => ({ url: `/api/admin/subscriptions/${crypto.randomUUID()}/promos/${crypto.randomUUID()}` }),
    expect: OPERATOR_ONLY(),
  },
  'GET /api/admin/subscriptions/{subscriptionId}/invoices': {
    kind: 'user',
    req: () => ({ url: `/api/admin/subscriptions/${crypto.randomUUID()}/invoices` }),
    expect: OPERATOR_ONLY(),
  },
  'POST /api/admin/users/{id}/credit': {
    kind: 'user',
    req: (c) => ({ url: `/api/admin/users/${c.w.owner.user!.id}/credit`, payload: { credit: 100, subscription: crypto.randomUUID() } }),
    expect: OPERATOR_ONLY(),
  },
  // a USER route despite its /api/admin path (panel.md §7): any signed-in user redeems for a workspace they manage
  'POST /api/admin/promos/redeem': {
    kind: 'user',
    req: () => ({ url: '/api/admin/promos/redeem', payload: { code: 'WTXX-XXXX-XXXXXX' } }),
    expect: USERS(),
    check: async (_c, _cls, res) => expect(res.body).toMatchObject({ succeed: false }),
  },
  // creating a promo (platform/billing/promo-admin.ts): operators only
  'POST /api/admin/promos': {
    kind: 'user',
    req: () => ({ url: '/api/admin/promos', payload: { name: 'Matrix promo', type: 'Percent', percent: 100 } }),
    expect: OPERATOR_ONLY(),
  },
  // the back-office's promo screen (platform/billing/promo-admin-routes.ts): operators only
  'GET /api/admin/promos': { kind: 'user', req: () => ({ url: '/api/admin/promos' }), expect: OPERATOR_ONLY() },
  'POST /api/admin/promos/{id}': {
    kind: 'user',
    req: () => ({ url: '/api/admin/promos/000000000000000000000000', payload: { name: 'Matrix promo', percent: 10 } }),
    expect: OPERATOR_ONLY(),
  },
  'GET /api/admin/promos/{id}/usages': {
    kind: 'user',
    req: () => ({ url: `/api/admin/promos/${crypto.randomUUID()}/usages` }),
    expect: OPERATOR_ONLY(),
  },
  // the partner's own area (platform/partners/self-*.ts; docs/panel.md "Partner area"): no class here is a
  // partner — no token 401, any token 403 (tests/api/partners-self.test.ts walks partners A and B and their customers)
  ...Object.fromEntries(
    [
      ['GET', '/api/partners'],
      ['POST', '/api/partners/profile', { name: 'Matrix partner' }],
      ['GET', '/api/partners/customers'],
      ['GET', '/api/partners/customers/{customerId}/subscriptions'],
      ['POST', '/api/partners/customers/{customerId}/subscriptions', { plan: 'team', quantity: 1 }],
      ['POST', '/api/partners/customers/{customerId}/subscriptions/renew', {}],
      ['POST', '/api/partners/customers/{customerId}/subscriptions/{id}/cancel', {}],
      ['POST', '/api/partners/customers/{customerId}/subscriptions/{id}/pause', { pause: true }],
      ['GET', '/api/partners/invoices'],
      ['GET', '/api/partners/invoices/{id}'],
      ['GET', '/api/partners/partner-invoices'],
      ['GET', '/api/partners/partner-invoices/{id}'],
    ].map(([method, path, payload]) => [
      `${method} ${path}`,
      {
        kind: 'user',
        req: () => ({ url: (path as string).replace(/\{\w+\}/g, () => crypto.randomUUID()), payload: payload as object | undefined }),
        expect: allow([], (cls) => noLogin(cls) || 403),
      } satisfies RouteCase,
    ]),
  ),
  // the authorize-partner flow (platform/partners/authorize*.ts): an unknown partner is 404 for everyone (its page
  // and logo are public); authorizing needs a token; only a partner's customer reads the subscription it handles
  'GET /api/partners/{partnerId}/public': {
    kind: 'public',
    req: () => ({ url: `/api/partners/${crypto.randomUUID()}/public` }),
    expect: same(404),
  },
  'GET /api/partners/{partnerId}/icon': {
    kind: 'public',
    req: () => ({ url: `/api/partners/${crypto.randomUUID()}/icon` }),
    expect: same(404),
  },
  'POST /api/partners/{partnerId}/authorize': {
    kind: 'user',
    req: () => ({ url: `/api/partners/${crypto.randomUUID()}/authorize`, payload: { returnUrl: 'https://shop.example/cb', state: 's' } }),
    expect: allow([], (cls) => noLogin(cls) || 404),
  },
  'GET /api/partners/customer/subscription': {
    kind: 'user',
    req: () => ({ url: '/api/partners/customer/subscription' }),
    expect: allow([], (cls) => noLogin(cls) || 404),
  },
  'GET /invitations/authorize-partner': page('/invitations/authorize-partner?partnerId=x&state=s&returnUrl=https%3A%2F%2Fshop.example'),
  // the payment gateway's webhook: no gateway configured here, so nothing verifies: 400 for all
  'POST /api/billing/stripe/webhook': {
    kind: 'public',
    req: () => ({ url: '/api/billing/stripe/webhook', payload: { type: 'payment_intent.succeeded' } }),
    expect: same(400),
  },
  // the operator back-office (platform/admin; docs/backoffice.md): every class here is refused — no token
  // 401, any token 403 (no class is an operator; tests/api/admin-authz.test.ts walks them with one)
  'GET /api/admin/audit': { kind: 'user', req: () => ({ url: '/api/admin/audit' }), expect: OPERATOR_ONLY() },
  'GET /api/admin/user-audits': { kind: 'user', req: () => ({ url: '/api/admin/user-audits' }), expect: OPERATOR_ONLY() },
  'GET /api/admin/feature-audits': { kind: 'user', req: () => ({ url: '/api/admin/feature-audits' }), expect: OPERATOR_ONLY() },
  'GET /api/admin/perf-logs': { kind: 'user', req: () => ({ url: '/api/admin/perf-logs' }), expect: OPERATOR_ONLY() },
  'GET /api/admin/orphan-assets': { kind: 'user', req: () => ({ url: '/api/admin/orphan-assets' }), expect: OPERATOR_ONLY() },
  // the reports (platform/admin/reports/; docs/backoffice.md "Reports")
  'GET /api/admin/duplicate-users': { kind: 'user', req: () => ({ url: '/api/admin/duplicate-users' }), expect: OPERATOR_ONLY() },
  'GET /api/admin/never-loggedin-users': { kind: 'user', req: () => ({ url: '/api/admin/never-loggedin-users' }), expect: OPERATOR_ONLY() },
  'GET /api/admin/user-functional-role': { kind: 'user', req: () => ({ url: '/api/admin/user-functional-role' }), expect: OPERATOR_ONLY() },
  'GET /api/admin/users-with-most-board': {
    kind: 'user',
    req: () => ({ url: '/api/admin/users-with-most-board' }),
    expect: OPERATOR_ONLY(),
  },
  'GET /api/admin/duplicate-boards': { kind: 'user', req: () => ({ url: '/api/admin/duplicate-boards' }), expect: OPERATOR_ONLY() },
  'GET /api/admin/boards-overloaded-members': {
    kind: 'user',
    req: () => ({ url: '/api/admin/boards-overloaded-members' }),
    expect: OPERATOR_ONLY(),
  },
  'GET /api/admin/over-storage-workspaces': {
    kind: 'user',
    req: () => ({ url: '/api/admin/over-storage-workspaces' }),
    expect: OPERATOR_ONLY(),
  },
  'GET /api/admin/uploads': { kind: 'user', req: () => ({ url: '/api/admin/uploads' }), expect: OPERATOR_ONLY() },
  'GET /api/admin/database-status': { kind: 'user', req: () => ({ url: '/api/admin/database-status' }), expect: OPERATOR_ONLY() },
  'GET /api/admin/reports': { kind: 'user', req: () => ({ url: '/api/admin/reports' }), expect: OPERATOR_ONLY() },
  'GET /api/admin/users': { kind: 'user', req: () => ({ url: '/api/admin/users' }), expect: OPERATOR_ONLY() },
  'GET /api/admin/iran/users': { kind: 'user', req: () => ({ url: '/api/admin/iran/users' }), expect: OPERATOR_ONLY() },
  // the statistics (platform/admin/statistics/; docs/backoffice.md "Statistics")
  'GET /api/admin/daily-engagement': { kind: 'user', req: () => ({ url: '/api/admin/daily-engagement' }), expect: OPERATOR_ONLY() },
  'GET /api/admin/monthly-engagement': { kind: 'user', req: () => ({ url: '/api/admin/monthly-engagement' }), expect: OPERATOR_ONLY() },
  'GET /api/admin/board-statistics': { kind: 'user', req: () => ({ url: '/api/admin/board-statistics' }), expect: OPERATOR_ONLY() },
  'GET /api/admin/other-statistics': { kind: 'user', req: () => ({ url: '/api/admin/other-statistics' }), expect: OPERATOR_ONLY() },
  'GET /api/admin/user-statistics': { kind: 'user', req: () => ({ url: '/api/admin/user-statistics' }), expect: OPERATOR_ONLY() },
  'GET /api/admin/performance-statistics': {
    kind: 'user',
    req: () => ({ url: '/api/admin/performance-statistics' }),
    expect: OPERATOR_ONLY(),
  },
  'GET /api/admin/statistics/freq-usage': {
    kind: 'user',
    req: () => ({ url: '/api/admin/statistics/freq-usage' }),
    expect: OPERATOR_ONLY(),
  },
  'GET /api/admin/feedback-statistics': { kind: 'user', req: () => ({ url: '/api/admin/feedback-statistics' }), expect: OPERATOR_ONLY() },
  'GET /api/admin/extension-statistics': { kind: 'user', req: () => ({ url: '/api/admin/extension-statistics' }), expect: OPERATOR_ONLY() },
  'GET /api/admin/top-features': { kind: 'user', req: () => ({ url: '/api/admin/top-features' }), expect: OPERATOR_ONLY() },
  'GET /api/admin/active-client-statistics': {
    kind: 'user',
    req: () => ({ url: '/api/admin/active-client-statistics' }),
    expect: OPERATOR_ONLY(),
  },
  'GET /api/admin/statistics/countries': { kind: 'user', req: () => ({ url: '/api/admin/statistics/countries' }), expect: OPERATOR_ONLY() },
  'GET /api/admin/dashboard-statistics': { kind: 'user', req: () => ({ url: '/api/admin/dashboard-statistics' }), expect: OPERATOR_ONLY() },
  'GET /api/admin/commands-usage': { kind: 'user', req: () => ({ url: '/api/admin/commands-usage' }), expect: OPERATOR_ONLY() },
  'GET /api/admin/statistics/core-actions': {
    kind: 'user',
    req: () => ({ url: '/api/admin/statistics/core-actions' }),
    expect: OPERATOR_ONLY(),
  },
  'GET /api/admin/boards': { kind: 'user', req: () => ({ url: '/api/admin/boards' }), expect: OPERATOR_ONLY() },
  'GET /api/admin/boards/{id}/details': {
    kind: 'board',
    req: (c) => ({ url: `/api/admin/boards/${c.board.id}/details` }),
    expect: OPERATOR_ONLY(),
  },
  'GET /api/admin/boards/{id}/insights': {
    kind: 'board',
    req: (c) => ({ url: `/api/admin/boards/${c.board.id}/insights` }),
    expect: OPERATOR_ONLY(),
  },
  'POST /api/admin/boards/{id}/disable': {
    kind: 'board',
    req: (c) => ({ url: `/api/admin/boards/${c.board.id}/disable`, payload: {} }),
    expect: OPERATOR_ONLY(),
  },
  'POST /api/admin/boards/set-owner': {
    kind: 'board',
    req: (c) => ({ url: '/api/admin/boards/set-owner', payload: { id: c.board.id, member: c.board.memberIds.editor } }),
    expect: OPERATOR_ONLY(),
  },
  'POST /api/admin/boards/delete-member': {
    kind: 'board',
    req: (c) => ({ url: '/api/admin/boards/delete-member', payload: { id: c.board.id, member: c.board.memberIds.editor } }),
    expect: OPERATOR_ONLY(),
  },
  'DELETE /api/admin/boards/{id}': { kind: 'board', req: (c) => ({ url: `/api/admin/boards/${c.board.id}` }), expect: OPERATOR_ONLY() },
  'GET /api/accounts/users': { kind: 'user', req: () => ({ url: '/api/accounts/users' }), expect: OPERATOR_ONLY() },
  'GET /api/admin/users/{id}/details': {
    kind: 'user',
    req: (c) => ({ url: `/api/admin/users/${c.w.owner.user!.id}/details` }),
    expect: OPERATOR_ONLY(),
  },
  'GET /api/admin/users/{id}/dependencies': {
    kind: 'user',
    req: (c) => ({ url: `/api/admin/users/${c.w.owner.user!.id}/dependencies` }),
    expect: OPERATOR_ONLY(),
  },
  'POST /api/users/{id}/toggle-active': {
    kind: 'user',
    req: (c) => ({ url: `/api/users/${c.w.owner.user!.id}/toggle-active`, payload: {} }),
    expect: OPERATOR_ONLY(),
  },
  'POST /api/users/{id}/toggle-beta-tester': {
    kind: 'user',
    req: (c) => ({ url: `/api/users/${c.w.owner.user!.id}/toggle-beta-tester`, payload: {} }),
    expect: OPERATOR_ONLY(),
  },
  'POST /api/users/{id}/toggle-flag': {
    kind: 'user',
    req: (c) => ({ url: `/api/users/${c.w.owner.user!.id}/toggle-flag`, payload: {} }),
    expect: OPERATOR_ONLY(),
  },
  'POST /api/users/{id}/segments': {
    kind: 'user',
    req: (c) => ({ url: `/api/users/${c.w.owner.user!.id}/segments`, payload: { segments: ['x'] } }),
    expect: OPERATOR_ONLY(),
  },
  'POST /api/admin/users/{id}/roles': {
    kind: 'user',
    req: (c, cls) => ({
      url: `/api/admin/users/${whoOf(c.w, cls)?.user?.id ?? c.w.owner.user!.id}/roles`,
      payload: { roles: [{ name: 'admin', granted: true }] },
    }),
    expect: OPERATOR_ONLY(),
  },
  'POST /api/admin/users/{id}/direct': {
    kind: 'user',
    req: (c) => ({ url: `/api/admin/users/${c.w.owner.user!.id}/direct?Template=account-deactivation-email`, payload: {} }),
    expect: OPERATOR_ONLY(),
  },
  'POST /api/admin/storage/recalc': {
    kind: 'user',
    req: () => ({ url: '/api/admin/storage/recalc', payload: {} }),
    expect: OPERATOR_ONLY(),
  },
  'DELETE /api/admin/accounts/{id}': {
    kind: 'user',
    req: (c) => ({ url: `/api/admin/accounts/${c.w.owner.user!.id}` }),
    expect: OPERATOR_ONLY(),
  },
  'GET /api/admin/feedbacks': { kind: 'user', req: () => ({ url: '/api/admin/feedbacks' }), expect: OPERATOR_ONLY() },
  'GET /api/admin/feedback/tags': { kind: 'user', req: () => ({ url: '/api/admin/feedback/tags' }), expect: OPERATOR_ONLY() },
  'GET /api/admin/feedback/{id}': {
    kind: 'user',
    req: () => ({ url: `/api/admin/feedback/${crypto.randomUUID()}` }),
    expect: OPERATOR_ONLY(),
  },
  'PUT /api/admin/feedback/{id}/tags': {
    kind: 'user',
    req: () => ({ url: `/api/admin/feedback/${crypto.randomUUID()}/tags`, payload: { tags: ['x'] } }),
    expect: OPERATOR_ONLY(),
  },
  'DELETE /api/admin/feedback/{id}': {
    kind: 'user',
    req: () => ({ url: `/api/admin/feedback/${crypto.randomUUID()}` }),
    expect: OPERATOR_ONLY(),
  },
  'GET /api/admin/contacts': { kind: 'user', req: () => ({ url: '/api/admin/contacts' }), expect: OPERATOR_ONLY() },
  'GET /api/admin/contacts/{id}': {
    kind: 'user',
    req: () => ({ url: `/api/admin/contacts/${crypto.randomUUID()}` }),
    expect: OPERATOR_ONLY(),
  },
  'GET /api/admin/outbox': { kind: 'user', req: () => ({ url: '/api/admin/outbox' }), expect: OPERATOR_ONLY() },
  'GET /api/admin/outbox/{id}': { kind: 'user', req: () => ({ url: `/api/admin/outbox/${crypto.randomUUID()}` }), expect: OPERATOR_ONLY() },
  'POST /api/admin/outbox/{id}/resend': {
    kind: 'user',
    req: () => ({ url: `/api/admin/outbox/${crypto.randomUUID()}/resend`, payload: {} }),
    expect: OPERATOR_ONLY(),
  },
  // the operators' Partners (issue 29; tests/api/admin-partners.test.ts)
  'GET /api/admin/partners': { kind: 'user', req: () => ({ url: '/api/admin/partners' }), expect: OPERATOR_ONLY() },
  'POST /api/admin/partners': {
    kind: 'user',
    req: () => ({ url: '/api/admin/partners', payload: { email: 'nobody@example.com' } }),
    expect: OPERATOR_ONLY(),
  },
  'GET /api/admin/partners/{id}/details': {
    kind: 'user',
    req: () => ({ url: `/api/admin/partners/${crypto.randomUUID()}/details` }),
    expect: OPERATOR_ONLY(),
  },
  'GET /api/admin/partners/{id}/customers': {
    kind: 'user',
    req: () => ({ url: `/api/admin/partners/${crypto.randomUUID()}/customers` }),
    expect: OPERATOR_ONLY(),
  },
  'GET /api/admin/partners/{id}/payouts': {
    kind: 'user',
    req: () => ({ url: `/api/admin/partners/${crypto.randomUUID()}/payouts` }),
    expect: OPERATOR_ONLY(),
  },
  'POST /api/admin/partners/{id}/enrolls': {
    kind: 'user',
    req: () => ({ url: `/api/admin/partners/${crypto.randomUUID()}/enrolls`, payload: { program: 'Reseller' } }),
    expect: OPERATOR_ONLY(),
  },
  'POST /api/admin/partners/{id}/statuses': {
    kind: 'user',
    req: () => ({ url: `/api/admin/partners/${crypto.randomUUID()}/statuses`, payload: { program: 'Reseller', state: 'Active' } }),
    expect: OPERATOR_ONLY(),
  },
  'POST /api/admin/partners/{id}/generate-invoice': {
    kind: 'user',
    req: () => ({ url: `/api/admin/partners/${crypto.randomUUID()}/generate-invoice`, payload: {} }),
    expect: OPERATOR_ONLY(),
  },
  'POST /api/admin/partners/{id}/payouts/{payoutId}': {
    kind: 'user',
    req: () => ({ url: `/api/admin/partners/${crypto.randomUUID()}/payouts/${crypto.randomUUID()}`, payload: {} }),
    expect: OPERATOR_ONLY(),
  },
  'GET /api/admin/directories': { kind: 'user', req: () => ({ url: '/api/admin/directories' }), expect: OPERATOR_ONLY() },
  'GET /api/admin/directories/{id}': {
    kind: 'user',
    req: () => ({ url: `/api/admin/directories/${crypto.randomUUID()}` }),
    expect: OPERATOR_ONLY(),
  },
  'POST /api/admin/directories/{id}': {
    kind: 'user',
    req: () => ({ url: '/api/admin/directories/000000000000000000000000', payload: { name: 'probe', content: '' } }),
    expect: OPERATOR_ONLY(),
  },
  'DELETE /api/admin/directories/{id}': {
    kind: 'user',
    req: () => ({ url: `/api/admin/directories/${crypto.randomUUID()}` }),
    expect: OPERATOR_ONLY(),
  },
  // announcements: operators publish and withdraw (tests/api/announcements.test.ts); every board reads the current ones
  'GET /api/admin/announcements': { kind: 'user', req: () => ({ url: '/api/admin/announcements' }), expect: OPERATOR_ONLY() },
  'POST /api/admin/announcements': {
    kind: 'user',
    req: () => ({
      url: '/api/admin/announcements',
      payload: {
        message: 'probe',
        type: 'News',
        start: new Date(Date.now() - 120_000).toISOString(),
        end: new Date(Date.now() - 60_000).toISOString(),
      },
    }),
    expect: OPERATOR_ONLY(),
  },
  'DELETE /api/admin/announcements/{id}': {
    kind: 'user',
    req: () => ({ url: `/api/admin/announcements/${crypto.randomUUID()}` }),
    expect: OPERATOR_ONLY(),
  },
  'GET /api/admin/dashboard': { kind: 'user', req: () => ({ url: '/api/admin/dashboard' }), expect: OPERATOR_ONLY() },
  // the jobs and the admin actions (platform/admin/jobs; docs/backoffice.md "Admin actions")
  'GET /api/admin/jobs': { kind: 'user', req: () => ({ url: '/api/admin/jobs' }), expect: OPERATOR_ONLY() },
  'GET /api/admin/jobs/scheduled': { kind: 'user', req: () => ({ url: '/api/admin/jobs/scheduled' }), expect: OPERATOR_ONLY() },
  'GET /api/admin/jobs/{id}': { kind: 'user', req: () => ({ url: `/api/admin/jobs/${crypto.randomUUID()}` }), expect: OPERATOR_ONLY() },
  'POST /api/admin/extensions/rebuild': {
    kind: 'user',
    req: () => ({ url: '/api/admin/extensions/rebuild', payload: {} }),
    expect: OPERATOR_ONLY(),
  },
  'POST /api/admin/sys/indexes': { kind: 'user', req: () => ({ url: '/api/admin/sys/indexes', payload: {} }), expect: OPERATOR_ONLY() },
  'POST /api/admin/templates/rebuild': {
    kind: 'user',
    req: () => ({ url: '/api/admin/templates/rebuild', payload: {} }),
    expect: OPERATOR_ONLY(),
  },
  'POST /api/admin/templates/install': {
    kind: 'user',
    req: () => ({ url: '/api/admin/templates/install', payload: {} }),
    expect: OPERATOR_ONLY(),
  },
  'GET /api/admin/statistics/templates': { kind: 'user', req: () => ({ url: '/api/admin/statistics/templates' }), expect: OPERATOR_ONLY() },
  // templates (platform/templates; docs/templates.md): the built-in ones are public; custom ones need a
  // token (and the custom-templates policy to save, which no class's plan has); a name nobody has is 404
  'GET /api/boards/templates': { kind: 'public', req: () => ({ url: '/api/boards/templates?Group=all' }), expect: same('ok') },
  'GET /api/boards/templates/{name}/details': {
    kind: 'public',
    req: () => ({ url: '/api/boards/templates/no-such-template/details' }),
    expect: same(404),
  },
  'GET /api/boards/templates/{name}/thumbnail': {
    kind: 'public',
    req: () => ({ url: '/api/boards/templates/no-such-template/thumbnail' }),
    expect: same(404),
  },
  'GET /api/boards/custom-templates': {
    kind: 'user',
    req: () => ({ url: `/api/boards/custom-templates?Workspace=${ownerWorkspace}` }),
    expect: OWN_WORKSPACE(),
  },
  'POST /api/boards/custom-templates': {
    kind: 'user',
    req: () => ({
      url: '/api/boards/custom-templates',
      payload: { name: 'probe', commands: [{ id: 't', cmd: 'rectangle', x: 0, y: 0, w: 10, h: 10, stroke: '#000000', lineWidth: 2 }] },
    }),
    expect: allow([], (cls) => noLogin(cls) || 403),
  },
  'DELETE /api/boards/custom-templates/{name}': {
    kind: 'user',
    req: () => ({ url: '/api/boards/custom-templates/ct-0000000000000000' }),
    expect: allow([], (cls) => noLogin(cls) || 404),
  },
  'GET /api/boards/{id}/template-file': {
    kind: 'user',
    req: (c) => ({ url: `/api/boards/${c.board.code}/template-file` }),
    expect: OPERATOR_ONLY(),
  },
  'GET /api/announcements': { kind: 'public', req: () => ({ url: '/api/announcements' }), expect: same('ok') },
  'GET /api/admin/clients': { kind: 'user', req: () => ({ url: '/api/admin/clients' }), expect: OPERATOR_ONLY() },
  'GET /api/admin/clients/{id}/details': {
    kind: 'user',
    req: (c) => ({ url: `/api/admin/clients/${c.app.id}/details` }),
    expect: OPERATOR_ONLY(),
  },
  'GET /api/system-logs': { kind: 'user', req: () => ({ url: '/api/system-logs' }), expect: OPERATOR_ONLY() },
  'GET /api/system-logs/{logName}': { kind: 'user', req: () => ({ url: '/api/system-logs/ErrorLogs.log' }), expect: OPERATOR_ONLY() },
  // public forms (rate-limited per sender): anyone may send; the row is the caller's
  'POST /api/feedbacks': {
    kind: 'public',
    req: (_c, cls) => ({ url: '/api/feedbacks', payload: { type: 'neutral', description: `fb-${cls}` } }),
    expect: same('ok'),
    check: logRowIsCaller('feedbacks', 'description', 'fb'),
  },
  'POST /api/contacts': {
    kind: 'public',
    req: (_c, cls) => ({ url: '/api/contacts', payload: { name: `contact ${cls}`, email: 'probe@example.com', message: 'hello' } }),
    expect: same('ok'),
  },
  // the board list and its actions (platform/library): board actions need Owner or Admin of the
  // board's workspace (the owner), tags also the tag-boards policy (the owner's team plan has it)
  'GET /api/workspace/{id}/boards': {
    kind: 'user',
    req: () => ({ url: `/api/workspace/${ownerWorkspace}/boards` }),
    expect: OWN_WORKSPACE(),
  },
  'POST /api/boards/{id}/tags': {
    kind: 'board',
    mutates: true,
    req: (c) => ({ url: `/api/boards/${c.board.code}/tags`, payload: { tags: ['probe'] } }),
    expect: allow(OWNER, (cls) => noLogin(cls) || 403),
  },
  'POST /api/boards/{id}/move': {
    kind: 'board',
    mutates: true,
    req: (c) => ({ url: `/api/boards/${c.board.code}/move`, payload: { workspace: 'default' } }),
    expect: allow(OWNER, (cls) => noLogin(cls) || 403),
  },
  'POST /api/boards/{id}/duplicate': {
    kind: 'board',
    mutates: true,
    req: (c) => ({ url: `/api/boards/${c.board.code}/duplicate`, payload: {} }),
    expect: allow(OWNER, (cls) => noLogin(cls) || 403),
    check: async (c, _cls, res) =>
      expect((await c.p.db('boards').where({ code: res.body.code }).first()).owner_id).toBe(c.w.owner.user!.id),
  },
  'POST /api/boards/{id}/backup': {
    kind: 'board',
    mutates: true,
    req: (c) => ({ url: `/api/boards/${c.board.code}/backup`, payload: {} }),
    expect: allow(OWNER, (cls) => noLogin(cls) || 403),
  },
  // the download's permission is the backup id itself (a browser navigation): unknown ids are 404 for everyone
  'GET /api/boards/{id}/backup': { kind: 'public', req: () => ({ url: `/api/boards/${crypto.randomUUID()}/backup` }), expect: same(404) },
  'POST /api/boards/restore/{workspaceId}': {
    kind: 'user',
    req: () => ({ url: `/api/boards/restore/${ownerWorkspace}`, payload: {} }),
    expect: allow([], (cls) => noLogin(cls) || (cls === 'owner' ? 400 : 404)),
  },
  'GET /api/thumbnails/{key}': { kind: 'public', req: () => ({ url: '/api/thumbnails/no-such-thumbnail' }), expect: same(404) },
  'POST /api/admin/boards/{id}/thumbnails': {
    kind: 'board',
    mutates: true,
    req: (c) => ({ url: `/api/admin/boards/${c.board.code}/thumbnails`, payload: { thumbnail: pngDataUrl(40, 30) } }),
    expect: allow(OWNER, (cls) => noLogin(cls) || 403),
  },
  'GET /api/panel/home': {
    kind: 'user',
    req: () => ({ url: '/api/panel/home' }),
    expect: USERS(),
    // the caller's own data (read now: another row may have renamed them)
    check: async (c, cls, res) =>
      expect(res.body.displayName).toBe(
        (
          await c.p
            .db('users')
            .where({ id: whoOf(c.w, cls)!.user!.id })
            .first()
        ).display_name,
      ),
  },
  'PUT /api/users/tags': {
    kind: 'user',
    req: (_c, cls) => ({ url: '/api/users/tags', payload: { adds: [`tag-${cls}`] } }),
    expect: USERS(),
    check: async (c, cls) =>
      expect(
        (
          await c.p
            .db('users')
            .where({ id: whoOf(c.w, cls)!.user!.id })
            .first()
        ).tags,
      ).toContain(`tag-${cls}`),
  },
  // notifications and integrations (platform/notifications, platform/integrations): the caller's own only
  'GET /sw.js': page('/sw.js'),
  'GET /api/notifications/data': { kind: 'user', req: () => ({ url: '/api/notifications/data' }), expect: USERS() },
  'GET /api/users/notifications': { kind: 'user', req: () => ({ url: '/api/users/notifications' }), expect: USERS() },
  'POST /api/users/notifications': {
    kind: 'user',
    req: () => ({ url: '/api/users/notifications', payload: { type: 'board-shared', channel: 'Email', active: false } }),
    expect: USERS(),
    check: async (c, cls) =>
      expect(await c.p.db('notification_preferences').where({ type: 'board-shared', channel: 'Email' }).pluck('user_id')).toContain(
        whoOf(c.w, cls)!.user!.id,
      ),
  },
  'GET /api/users/notifications/feed': {
    kind: 'user',
    req: () => ({ url: '/api/users/notifications/feed?skip=0' }),
    expect: USERS(),
    check: async (c, cls, res) =>
      expect(res.body.totalCount).toBe((await c.p.db('notifications').where({ user_id: whoOf(c.w, cls)!.user!.id })).length),
  },
  // an id the caller does not own (none here) is a 404 for every signed-in caller
  'POST /api/users/notifications/{id}/read': {
    kind: 'user',
    req: () => ({ url: `/api/users/notifications/${crypto.randomUUID()}/read`, payload: {} }),
    expect: allow([], (cls) => noLogin(cls) || 404),
  },
  'GET /api/integrations': { kind: 'user', req: () => ({ url: '/api/integrations' }), expect: USERS() },
  // nobody in the matrix is linked to Google: a field error for every signed-in caller
  'POST /api/intergrations/disconnect': {
    kind: 'user',
    req: () => ({ url: '/api/intergrations/disconnect', payload: { key: 'google' } }),
    expect: allow([], (cls) => noLogin(cls) || 400),
  },
};

/** A log row written by `cls` carries the caller's key (never the owner's id named as Uid). */
function logRowIsCaller(table: string, column: string, prefix = 'ctx') {
  return async (c: Ctx, cls: Cls) => {
    const row = await c.p
      .db(table)
      .where({ [column]: `${prefix}-${cls}` })
      .orderBy(prefix === 'ctx' ? 'id' : 'created_at', 'desc')
      .first();
    expect(row.uid ?? null).toBe(keyOf(c.w, cls));
    expect(row.user_id ?? null).toBe(whoOf(c.w, cls)?.actor.userId ?? null);
  };
}

const routeKey = (r: { method: string; path: string }) => `${r.method.toUpperCase()} ${r.path}`;

let p: TestPlatform;
let w: World;
let shared: BoardCase;
let app: Ctx['app'];

beforeAll(async () => {
  p = await startTestPlatform(MATRIX_CONFIG);
  w = await makeWorld(p);
  shared = await makeBoard(p, w);
  await forgeKey(p, w, shared);
  const asset = await callMultipart(p, w.owner, `/api/boards/${shared.code}/assets`, { file: { name: 'shared.png', data: png(8, 8) } });
  if (asset.status !== 200) throw new Error(`asset: ${asset.status} ${asset.raw}`);
  sharedAsset = asset.body.id;
  const avatar = await call(p, w.owner, 'POST', '/api/users/profile', { displayName: 'Olive Owner', avatar: pngDataUrl(20, 20) });
  if (avatar.status !== 200) throw new Error(`avatar: ${avatar.status} ${avatar.raw}`);
  const created = await call(p, w.owner, 'POST', '/api/clients', { appName: 'Owner app', terms: true });
  if (created.status !== 200) throw new Error(`app: ${created.status} ${created.raw}`);
  app = { id: created.body.id, clientId: created.body.clientId, clientSecret: created.body.secret };
  if (!app.clientSecret) throw new Error('no secret in the created app');
  ownerWorkspace = (await p.db('workspaces').where({ owner_id: w.owner.user!.id, is_default: true }).first()).id;
}, 60_000);
afterAll(() => p?.stop());

describe('the route table', () => {
  it('every route the server declares has a row in the authorization matrix', () => {
    const declared = new Set(Object.keys(ROUTES));
    const routes = p.server.table().map(routeKey);
    expect(
      routes.filter((r) => !declared.has(r)),
      'routes without a row in ROUTES (declare how to call them and who may)',
    ).toEqual([]);
    expect(
      [...declared].filter((r) => !routes.includes(r)),
      'rows for routes the server no longer has',
    ).toEqual([]);
  });
});

describe('every route × every identity', () => {
  for (const [key, route] of Object.entries(ROUTES)) {
    const [method] = key.split(' ');
    const title = `${key}: ${CLASSES.map((c) => `${c} ${route.expect[c]}`).join(', ')}`;
    it(title, async () => {
      const got: Partial<Record<Cls, Outcome>> = {};
      for (const cls of CLASSES) {
        const fresh = route.kind === 'board' && route.mutates && route.expect[cls] === 'ok';
        const board = fresh ? await makeBoard(p, w) : shared;
        const c: Ctx = { p, w, board, app };
        const before = route.kind === 'board' && !fresh ? await boardState(p.db, board.id) : null;
        const { url, payload, multipart } = route.req(c, cls);
        const res = multipart ? await callMultipart(p, whoOf(w, cls), url, multipart) : await call(p, whoOf(w, cls), method, url, payload);
        got[cls] = outcomeOfStatus(res.status);
        expect(res.status, `${cls}: ${key} must never be a 500 (${res.raw.slice(0, 200)})`).toBeLessThan(500);
        if (before) expect(await boardState(p.db, board.id), `${cls}: a refused ${key} changed the board`).toEqual(before);
        if (got[cls] === 'ok') await route.check?.(c, cls, res);
        // nothing of the shared board reaches anyone the route refuses, nor any public answer
        if (got[cls] !== 'ok' || route.kind === 'public') {
          for (const mark of shared.marks) expect(res.raw, `${cls}: ${key} leaked '${mark}'`).not.toContain(mark);
        }
        for (const secret of [w.guestMember.secret!, app.clientSecret])
          expect(res.raw, `${cls}: ${key} leaked a secret`).not.toContain(secret);
        if (cls !== 'owner' && route.kind !== 'board')
          expect(res.raw, `${cls}: ${key} leaked the owner's username`).not.toContain(w.owner.user!.username);
      }
      expect(got).toEqual(route.expect);
    });
  }
});

describe('a forged identity acts only as itself', () => {
  it("a forged uid (the owner's or a member's id) and a forged key (a guest member's) hold none of their rights on a board they may edit by link", async () => {
    const board = await makeBoard(p, w);
    await call(p, w.owner, 'POST', `/api/boards/${board.code}/sharings`, { link: 'Editor' });
    for (const cls of ['forgedUid', 'forgedMember', 'forgedKey'] as const) {
      const who = w[cls] as Who;
      // an Editor by link, but not the owner: owner-only routes are refused
      expect((await call(p, who, 'POST', `/api/boards/${board.code}/dispose`, { days: 1 })).status, cls).toBe(403);
      expect((await call(p, who, 'POST', `/api/boards/${board.code}/sharings`, { link: 'NoAccess' })).status, cls).toBe(403);
      // what it draws is its own, under its own key
      const sent = await call(p, who, 'POST', `/api/boards/${board.code}/commands`, {
        boardCommand: JSON.stringify(add(w.owner.actor.uid, rect(`by-${cls}`, w.owner.actor.uid))),
      });
      expect(sent.status, cls).toBe(200);
      const row = await p.db('commands').where({ board_id: board.id }).orderBy('seq', 'desc').first();
      expect(row.uid, cls).toBe(guestKey(uidOf(who)));
      expect([w.owner.actor.uid, w.editor.actor.uid, w.guestMember.actor.uid]).not.toContain(row.uid);
    }
  });
});

describe("another board's resources, through a board one owns", () => {
  it("a member id, a thread and a command of the NoAccess board are not reachable through the caller's own board", async () => {
    const own = await call(p, w.other, 'POST', '/api/boards', { name: 'my own board' });
    expect(own.status).toBe(200);
    const code = own.body.code;
    const before = await boardState(p.db, shared.id);
    const probes = {
      "change the role of the other board's member": await call(
        p,
        w.other,
        'POST',
        `/api/boards/${code}/members/${shared.memberIds.viewer}/roles`,
        { role: 'NoAccess' },
      ),
      "mark the other board's thread seen": await call(p, w.other, 'POST', `/api/boards/${code}/comments/${shared.thread}/mark`, {}),
      "undo the other board's command": await call(p, w.other, 'POST', `/api/boards/${code}/commands`, {
        boardCommand: JSON.stringify(undo(w.other.actor.uid, shared.theirs.id)),
      }),
    };
    for (const [probe, res] of Object.entries(probes)) {
      expect(res.status, probe).toBeGreaterThanOrEqual(400);
      expect(res.status, probe).toBeLessThan(500);
    }
    expect(await boardState(p.db, shared.id)).toEqual(before);
    expect(await p.db('board_members').where({ id: shared.memberIds.viewer }).first()).toMatchObject({ role: 'Viewer' });
  });
});
