/**
 * Issue 26, item 4 (docs/security.md "Sessions and tokens"): sessions that end.
 *  - "Logout does not end the session": after POST /api/accounts/logout the access token still
 *    read the profile and the open socket still appended commands for up to 15 minutes. Now every
 *    access token carries its session (`sid`); a logout ends that session at once, on every node:
 *    the token gets 401 over HTTP, its sockets are closed (the bus message), its refresh tokens no
 *    longer refresh. The user's other sessions go on.
 *  - A password change, a deactivation and an operator's delete end every session of the user.
 *  - "A token signed with the server's secret but with no `exp` is accepted": now refused.
 *  - Tokens issued before sessions existed (no `sid`) are accepted until their `exp`; a refresh
 *    token of such a family is adopted as a session at its next refresh.
 */
import crypto from 'node:crypto';
import Jwt from '@hapi/jwt';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/accounts/passwords';
import { accessTokenFor, claimsFor } from '../../platform/accounts/tokens';
import { commandsSince } from '../../platform/boards/service';
import { SESSION_REVOKED, TOKEN_WITHOUT_EXPIRY } from '../../platform/core/session-guard';
import { openDb } from '../../platform/db/index';
import type { RedisBus } from '../../platform/realtime/bus';
import { createPlatform, type Platform } from '../../platform/server';
import { findUserById, insertUser, type UserRow } from '../../platform/users/repo';
import { operator } from '../api/admin-fixtures';
import { add, call, guest, newBoard, rect, uidOf, type Who } from '../api/boards-fixtures';
import { HubClient, startTestRedis, type TestRedis } from '../helpers/hub';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { describeWithServices } from '../helpers/suites';

const PASSWORD = 'Logout-test-4k9s!p';
const NEW_PASSWORD = 'Changed-logout-8w1q!r';

interface Tokens {
  accessToken: string;
  refreshToken: string;
  id: string;
}

let p: TestPlatform;
const open: HubClient[] = [];

beforeAll(async () => {
  p = await startTestPlatform({}, { listen: true });
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await p?.stop();
});

type Injector = Pick<TestPlatform, 'server'>;
const post = (url: string, payload: object, token?: string, on: Injector = p) =>
  on.server.inject({ method: 'POST', url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
const profile = (token: string, on: Injector = p) =>
  on.server.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${token}` } });
const json = (res: { payload: string }) => JSON.parse(res.payload);
const logout = (t: Tokens, on: Injector = p) => post('/api/accounts/logout', { refreshToken: t.refreshToken }, t.accessToken, on);
const refresh = (t: Tokens, on: Injector = p) =>
  post('/api/accounts/refresh', { refreshToken: t.refreshToken, accessToken: t.accessToken }, undefined, on);

/** A registered account with a password; each login() is a new session (another device). */
async function account(on: TestPlatform = p): Promise<{ user: UserRow; login: () => Promise<Tokens> }> {
  const username = `l${crypto.randomBytes(5).toString('hex')}@example.com`;
  const user = await insertUser(on.db, { username, passwordHash: await hashPassword(PASSWORD) });
  return {
    user,
    async login() {
      const res = await post('/api/accounts/login', { username, password: PASSWORD }, undefined, on);
      expect(res.statusCode, res.payload).toBe(200);
      return json(res) as Tokens;
    },
  };
}

const whoOf = (user: UserRow, token: string): Who => ({ user, token, actor: { userId: user.id, uid: user.id, claims: null } });

async function connect(token: string | undefined, url = p.url): Promise<HubClient> {
  const c = await HubClient.connect(url, token ? { token } : {});
  open.push(c);
  return c;
}

/** Resolves how long the socket took to be closed, from `since`; fails after `withinMs`. */
const closedWithin = async (c: HubClient, since: number, withinMs: number) => {
  await c.until(() => (c.disconnects > 0 ? true : undefined), withinMs, `the socket to be closed within ${withinMs} ms`);
  return Date.now() - since;
};

const claimsOfToken = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
const newShape = (user: UserRow) => add(user.id, rect(`r-${crypto.randomUUID()}`, user.id));

describe('logout ends the session', () => {
  it('logout revoking an open socket within a second: the socket is closed and writes nothing more', async () => {
    const { user, login } = await account();
    const session = await login();
    const owner = whoOf(user, session.accessToken);
    const { code } = await newBoard(p, owner);
    const socket = await connect(session.accessToken);
    await socket.call('joinBoard', null, code, null, {});
    const before = newShape(user);
    expect((await socket.call('sendCommand', code, before)).seq).toEqual(expect.any(Number));

    const at = Date.now();
    expect((await logout(session)).statusCode).toBe(204);
    expect(await closedWithin(socket, at, 1_000)).toBeLessThan(1_000);

    // the socket wrote nothing after the logout, and the token cannot open another one
    await expect(socket.call('sendCommand', code, newShape(user))).rejects.toBeTruthy();
    await expect(connect(session.accessToken)).rejects.toMatchObject({ statusCode: 401 });
    const other = (await login()).accessToken;
    const stored = (await commandsSince(p.server.app, code, whoOf(user, other).actor, 0)).map((c) => (c as { id: string }).id);
    expect(stored).toEqual([before.id]);
  });

  it('the same access token gets 401 on GET of the profile, without "expired" (no refresh attempt)', async () => {
    const { login } = await account();
    const session = await login();
    expect((await profile(session.accessToken)).statusCode).toBe(200);
    expect((await logout(session)).statusCode).toBe(204);
    const res = await profile(session.accessToken);
    expect(res.statusCode).toBe(401);
    expect(json(res).message).toBe(SESSION_REVOKED);
    expect(res.headers['token-expired']).toBeUndefined();
    // and no other route takes it either
    expect((await post('/api/boards', { name: 'after logout' }, session.accessToken)).statusCode).toBe(401);
  });

  it('the refresh token of that session no longer refreshes, nor does an earlier one of the same session', async () => {
    const { login } = await account();
    const first = await login();
    const rotated = json(await refresh(first)) as Tokens;
    // the refreshed access token belongs to the same session
    expect(claimsOfToken(rotated.accessToken).sid).toBe(claimsOfToken(first.accessToken).sid);
    expect((await logout(rotated)).statusCode).toBe(204);
    expect((await refresh(rotated)).statusCode).toBe(401);
    expect((await refresh(first)).statusCode).toBe(401); // within the grace window of its rotation
    expect((await profile(rotated.accessToken)).statusCode).toBe(401);
    expect((await profile(first.accessToken)).statusCode).toBe(401);
  });

  it('a logout with a token rotated earlier ends the session too', async () => {
    const { login } = await account();
    const first = await login();
    const rotated = json(await refresh(first)) as Tokens;
    expect((await post('/api/accounts/logout', { refreshToken: first.refreshToken })).statusCode).toBe(204);
    expect((await profile(rotated.accessToken)).statusCode).toBe(401);
    expect((await refresh(rotated)).statusCode).toBe(401);
  });

  it("the user's other sessions keep working: HTTP, their socket, their refresh; a guest on the board too", async () => {
    const { user, login } = await account();
    const laptop = await login();
    const phone = await login();
    const { code } = await newBoard(p, whoOf(user, phone.accessToken));
    const phoneSocket = await connect(phone.accessToken);
    await phoneSocket.call('joinBoard', null, code, null, {});
    const laptopSocket = await connect(laptop.accessToken);
    await laptopSocket.call('joinBoard', null, code, null, {});
    // a guest (no account, no token, no logout) on the same board
    const visitor = guest();
    const guestSocket = await connect(undefined);
    await guestSocket.call('joinBoard', null, code, null, { uid: uidOf(visitor) });

    const at = Date.now();
    expect((await logout(laptop)).statusCode).toBe(204);
    await closedWithin(laptopSocket, at, 1_000);

    expect((await profile(laptop.accessToken)).statusCode).toBe(401);
    expect((await profile(phone.accessToken)).statusCode).toBe(200);
    expect((await phoneSocket.call('sendCommand', code, newShape(user))).seq).toEqual(expect.any(Number));
    expect(phoneSocket.disconnects).toBe(0);
    expect(guestSocket.disconnects).toBe(0);
    await expect(guestSocket.call('joinBoard', null, code, null, { uid: uidOf(visitor) })).resolves.toMatchObject({ code });
    const next = await refresh(phone);
    expect(next.statusCode, next.payload).toBe(200);
    expect((await profile((json(next) as Tokens).accessToken)).statusCode).toBe(200);
  });

  it('the access token a profile save answers belongs to the same session: the logout ends it too', async () => {
    const { login } = await account();
    const session = await login();
    const saved = await post('/api/users/profile', { displayName: 'Renamed', language: 'en', role: 100 }, session.accessToken);
    expect(saved.statusCode, saved.payload).toBe(200);
    const token = (json(saved) as { accessToken: string }).accessToken;
    expect((await profile(token)).statusCode).toBe(200);
    expect((await logout(session)).statusCode).toBe(204);
    expect((await profile(token)).statusCode).toBe(401);
  });

  it('an unknown or missing refresh token: still 204, nothing ends', async () => {
    const { login } = await account();
    const session = await login();
    expect((await post('/api/accounts/logout', { refreshToken: 'not-a-token' })).statusCode).toBe(204);
    expect((await post('/api/accounts/logout', {})).statusCode).toBe(204);
    expect((await profile(session.accessToken)).statusCode).toBe(200);
  });
});

describe('what ends every session of a user', () => {
  /** Two sessions of one user, each with an open socket. */
  async function twoSessions() {
    const acc = await account();
    const a = await acc.login();
    const b = await acc.login();
    return { ...acc, sessions: [a, b], sockets: [await connect(a.accessToken), await connect(b.accessToken)] };
  }
  async function expectAllEnded(sessions: Tokens[], sockets: HubClient[], since: number) {
    for (const socket of sockets) await closedWithin(socket, since, 1_000);
    for (const t of sessions) {
      expect((await profile(t.accessToken)).statusCode).toBe(401);
      expect((await refresh(t)).statusCode).toBe(401);
    }
  }

  it('a password change ends all the sessions but the one it answers', async () => {
    const { sessions, sockets } = await twoSessions();
    const at = Date.now();
    const changed = await post(
      '/api/change-password',
      { current: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      sessions[0]!.accessToken,
    );
    expect(changed.statusCode, changed.payload).toBe(200);
    await expectAllEnded(sessions, sockets, at);
    const fresh = json(changed) as Tokens;
    expect((await profile(fresh.accessToken)).statusCode).toBe(200);
    expect((await refresh(fresh)).statusCode).toBe(200);
  });

  it("an operator's deactivation ends them", async () => {
    const op = await operator(p);
    const { user, sessions, sockets } = await twoSessions();
    const at = Date.now();
    const off = await call(p, op, 'POST', `/api/users/${user.id}/toggle-active`, {});
    expect([off.status, off.body.isActive]).toEqual([200, false]);
    await expectAllEnded(sessions, sockets, at);
  });

  it("an operator's delete ends them", async () => {
    const op = await operator(p);
    const { user, sessions, sockets } = await twoSessions();
    const at = Date.now();
    const res = await call(p, op, 'DELETE', `/api/admin/accounts/${user.id}`);
    expect(res.status, res.raw).toBe(200);
    await expectAllEnded(sessions, sockets, at);
  });
});

describe('tokens without exp, and tokens from before sessions', () => {
  const unexpiring = (claims: object) => Jwt.token.generate(claims, { key: p.config.accessTokenSecret, algorithm: 'HS256' });

  it("a token signed with the server's secret but without exp gets 401, over HTTP and on the hub", async () => {
    const { user, login } = await account();
    await login();
    const row = (await findUserById(p.db, user.id))!;
    const token = unexpiring(claimsFor(row, p.config));
    expect(claimsOfToken(token).exp).toBeUndefined();
    const res = await profile(token);
    expect(res.statusCode).toBe(401);
    expect(json(res).message).toBe(TOKEN_WITHOUT_EXPIRY);
    expect(res.headers['token-expired']).toBeUndefined();
    await expect(connect(token)).rejects.toMatchObject({ statusCode: 401 });
    // nor as an app's participant (a token naming no account)
    const participant = unexpiring({
      sub: 'client:app-x:host-user',
      client: 'app-x',
      id: 'host-user',
      role: [],
      plan: 'free',
      lang: 'en',
      qty: 1,
    });
    expect((await profile(participant)).statusCode).toBe(401);
  });

  it('a token from before sessions (no sid) is accepted until its exp; its family becomes a session at its next refresh', async () => {
    const { user, login } = await account();
    const old = accessTokenFor(p.config, (await findUserById(p.db, user.id))!);
    expect(claimsOfToken(old).sid).toBeUndefined();
    expect(claimsOfToken(old).exp).toEqual(expect.any(Number));
    expect((await profile(old)).statusCode).toBe(200);

    // a refresh token of a family issued before the sessions table: no row for it
    const session = await login();
    await p
      .db('sessions')
      .where({ id: claimsOfToken(session.accessToken).sid as string })
      .delete();
    const adopted = await refresh({ ...session, accessToken: old });
    expect(adopted.statusCode, adopted.payload).toBe(200);
    const next = json(adopted) as Tokens;
    expect(claimsOfToken(next.accessToken).sid).toEqual(expect.any(String));
    expect((await profile(next.accessToken)).statusCode).toBe(200);
    // from then on it is a session like any other: a logout ends it
    expect((await logout(next)).statusCode).toBe(204);
    expect((await profile(next.accessToken)).statusCode).toBe(401);
    expect((await refresh(next)).statusCode).toBe(401);
  });
});

/**
 * Two nodes in this process on one PostgreSQL database and a private Redis (the bus), as
 * tests/api/scaleout-*.test.ts: the logout goes to node A while the session's socket is on node B.
 */
await describeWithServices(
  'a logout on one node ends the session on another (Redis bus)',
  { sharedDatabase: true, redisServer: true },
  () => {
    let redis: TestRedis;
    let a: TestPlatform;
    let b: Platform;
    beforeAll(async () => {
      redis = await startTestRedis();
      a = await startTestPlatform({ redisUrl: redis.url }, { listen: true });
      b = await createPlatform(
        { ...a.config, port: 0 },
        { db: openDb({ databaseUrl: a.config.databaseUrl }), logger: pino({ level: 'silent' }) },
      );
      await b.server.start();
      await Promise.all([a.server.app.bus, b.server.app.bus].map((bus) => (bus as RedisBus).ready()));
    });
    afterAll(async () => {
      await b?.stop();
      await a?.stop();
      await redis?.stop();
    });

    it('node B refuses the token and closes its socket within a second; the other session goes on', async () => {
      const { login } = await account(a);
      const session = await login();
      const other = await login();
      // node B has seen the session alive (cached) before the logout
      expect((await profile(session.accessToken, b)).statusCode).toBe(200);
      const onB = await connect(session.accessToken, b.server.info.uri);
      const otherOnB = await connect(other.accessToken, b.server.info.uri);

      const at = Date.now();
      expect((await logout(session, a)).statusCode).toBe(204);
      expect(await closedWithin(onB, at, 1_000)).toBeLessThan(1_000);
      const res = await profile(session.accessToken, b);
      expect(res.statusCode).toBe(401);
      expect(json(res).message).toBe(SESSION_REVOKED);
      expect((await refresh(session, b)).statusCode).toBe(401);

      expect((await profile(other.accessToken, b)).statusCode).toBe(200);
      expect(otherOnB.disconnects).toBe(0);
    });
  },
);
