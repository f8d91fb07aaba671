/**
 * Issue 9, finding 9 (docs/security.md "Sessions and tokens"), each attack as the issue states it:
 *  - an open socket kept writing after its access token expired: now every hub call re-checks the
 *    token and answers 401 'Token expired' (the client refreshes over the socket with nes
 *    `reauthenticate` and calls again); a route called through the socket (nes `request`) too;
 *  - a password change (or reset) left the old access tokens and the open sockets working: now
 *    every access token issued before it gets 401 over HTTP, the user's sockets are closed (on
 *    every node: the bus message), a socket that missed that message is refused at its next call,
 *    and the old refresh tokens are revoked;
 *  - two concurrent refreshes of one refresh token logged the user out (reuse detection revoked
 *    the winner's new token too): both now succeed with the same successor within the grace
 *    window, and the user stays signed in; a refresh token reused after the window still revokes
 *    its whole family.
 * Short-lived tokens are issued by configuration (accessTokenTtlSeconds), not by waiting 15 min.
 */
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/accounts/passwords';
import { insertPasswordReset } from '../../platform/accounts/repo';
import { accessTokenFor, bumpTokenVersion, sha256 } from '../../platform/accounts/tokens';
import { commandsSince } from '../../platform/boards/service';
import { noteTokenVersion, SESSION_REVOKED, TOKEN_EXPIRED } from '../../platform/core/session-guard';
import { publishSessionsRevoked } from '../../platform/realtime/bus';
import { findUserById, insertUser, type UserRow } from '../../platform/users/repo';
import { Editor } from '../../sdk/editor/editor';
import { SyncClient } from '../../sdk/sync/sync-client';
import { add, newBoard, rect, type Who } from '../api/boards-fixtures';
import pino from 'pino';
import { openDb } from '../../platform/db/index';
import type { RedisBus } from '../../platform/realtime/bus';
import { createPlatform, type Platform } from '../../platform/server';
import { HubClient, pause, startTestRedis, type TestRedis } from '../helpers/hub';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { describeWithServices } from '../helpers/suites';

const PASSWORD = 'Sessions-test-9f3k!x';
const NEW_PASSWORD = 'Another-session-7q2w!z';

interface Tokens {
  accessToken: string;
  refreshToken: string;
  id: string;
}

let p: TestPlatform;
const open: HubClient[] = [];

beforeAll(async () => {
  // no clock leeway, so a short token is refused as soon as its exp is past
  p = await startTestPlatform({ accessTokenLeewaySeconds: 0 }, { listen: true });
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await p?.stop();
});

const post = (url: string, payload: object, token?: string) =>
  p.server.inject({ method: 'POST', url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
const get = (url: string, token: string) => p.server.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const json = (res: { payload: string }) => JSON.parse(res.payload);

/** A registered account with a password, and a session from POST /api/accounts/login. */
async function account(): Promise<{ user: UserRow; login: () => Promise<Tokens> }> {
  const username = `s${crypto.randomBytes(5).toString('hex')}@example.com`;
  const user = await insertUser(p.db, { username, passwordHash: await hashPassword(PASSWORD) });
  return {
    user,
    async login() {
      const res = await post('/api/accounts/login', { username, password: PASSWORD });
      expect(res.statusCode, res.payload).toBe(200);
      return json(res) as Tokens;
    },
  };
}

const whoOf = (user: UserRow, token: string): Who => ({ user, token, actor: { userId: user.id, uid: user.id, claims: null } });

async function connect(token?: string): Promise<HubClient> {
  const c = await HubClient.connect(p.url, token ? { token } : {});
  open.push(c);
  return c;
}

const expOf = (token: string): number => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).exp as number;
const stored = async (code: string, who: Who) =>
  (await commandsSince(p.server.app, code, who.actor, 0)).map((c) => (c as { id: string }).id);
const closed = (c: HubClient) => c.until(() => (c.disconnects > 0 ? true : undefined), 5_000, 'the socket to be closed');

describe('an open socket after its access token expired', () => {
  it('stops writing: 401 Token expired, also for a route called through the socket; a token handed over the socket resumes it', async () => {
    const { user, login } = await account();
    const owner = whoOf(user, (await login()).accessToken);
    const { code } = await newBoard(p, owner);
    // the board is loaded on this node first, so the short token's lifetime is not spent on it
    await (await connect(owner.token)).call('joinBoard', null, code, null, {});
    // a short-lived access token, issued by configuration (3 s: `exp` is whole seconds)
    const short = accessTokenFor({ ...p.config, accessTokenTtlSeconds: 3 }, (await findUserById(p.db, user.id))!);
    const c = await connect(short);
    await c.call('joinBoard', null, code, null, {});
    const before = add(user.id, rect(`r-${crypto.randomUUID()}`, user.id));
    expect((await c.call('sendCommand', code, before)).seq).toEqual(expect.any(Number));

    await pause(Math.max(0, expOf(short) * 1000 - Date.now()) + 200);
    const after = add(user.id, rect(`r-${crypto.randomUUID()}`, user.id));
    const refused = await c.fail('sendCommand', code, after);
    expect(refused.statusCode).toBe(401);
    expect(refused.data?.message).toBe(TOKEN_EXPIRED);
    const renamed = await c.fail('renameBoard', code, 'written after expiry');
    expect(renamed.statusCode).toBe(401);
    // an HTTP route through the socket (nes `request`) is not a way around it
    const viaSocket = await c.client.request({ method: 'GET', path: '/api/users/profile' }).then(
      () => null,
      (err: { statusCode?: number }) => err,
    );
    expect(viaSocket?.statusCode).toBe(401);
    expect(await stored(code, owner)).toEqual([before.id]);

    // the client refreshes and hands the socket the new token: the same socket writes again
    const fresh = (await login()).accessToken;
    await c.client.reauthenticate({ headers: { authorization: `Bearer ${fresh}` } });
    const resumed = add(user.id, rect(`r-${crypto.randomUUID()}`, user.id));
    expect((await c.call('sendCommand', code, resumed)).seq).toEqual(expect.any(Number));
    expect(await stored(code, owner)).toEqual([before.id, resumed.id]);
    expect(c.disconnects).toBe(0);
  });
});

describe("the SDK's client when its socket's token expires", () => {
  it('refreshes, hands the new token to the same socket (nes reauthenticate) and makes the call again', async () => {
    const { user, login } = await account();
    const owner = whoOf(user, (await login()).accessToken);
    const { code } = await newBoard(p, owner);
    const row = (await findUserById(p.db, user.id))!;
    let token = accessTokenFor({ ...p.config, accessTokenTtlSeconds: 2 }, row);
    let refreshes = 0;
    const perms = { role: 'Owner', permissions: ['edit_board'], policies: new Set<string>() };
    const ed = new Editor({ container: undefined as unknown as HTMLElement, uid: user.id, headless: true, permissions: () => perms });
    const sync = new SyncClient({
      server: p.url,
      boardCode: code,
      uid: user.id,
      token: () => token,
      refresh: async () => {
        refreshes++;
        token = accessTokenFor(p.config, row);
        return token;
      },
      target: ed,
      storage: null,
      navigate: () => undefined,
    });
    try {
      await sync.connect();
      expect(sync.phase).toBe('online');
      const socketId = sync.connectionId;
      await pause(Math.max(0, expOf(token) * 1000 - Date.now()) + 200);
      // the server refuses the expired socket (401 Token expired); the client recovers by itself
      await sync.call('renameBoard', code, 'Renamed after expiry');
      expect(refreshes).toBe(1);
      expect(sync.connectionId).toBe(socketId); // the same socket, re-authenticated
      expect((await p.db('boards').where({ code }).first('name'))?.name).toBe('Renamed after expiry');
    } finally {
      await sync.destroy();
    }
  });
});

describe('a password change ends the sessions', () => {
  it('refuses the old access tokens over HTTP, closes the open sockets and revokes the refresh tokens', async () => {
    const { user, login } = await account();
    const stolen = await login(); // the attacker's copy of a session
    const mine = await login(); // the owner, on another device
    const { code } = await newBoard(p, whoOf(user, mine.accessToken));
    const socket = await connect(stolen.accessToken);
    await socket.call('joinBoard', null, code, null, {});
    await socket.call('sendCommand', code, add(user.id, rect(`r-${crypto.randomUUID()}`, user.id)));
    const idle = await connect(stolen.accessToken); // connected, not on a board

    const changed = await post(
      '/api/change-password',
      { current: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      mine.accessToken,
    );
    expect(changed.statusCode, changed.payload).toBe(200);
    const fresh = json(changed) as Tokens;

    // HTTP: every access token issued before the change is refused, without "expired" (no refresh)
    for (const old of [stolen.accessToken, mine.accessToken]) {
      const res = await get('/api/users/profile', old);
      expect(res.statusCode).toBe(401);
      expect(json(res).message).toBe(SESSION_REVOKED);
      expect(res.headers['token-expired']).toBeUndefined();
      expect(
        (await post(`/api/boards/${code}/commands`, { boardCommand: JSON.stringify(add(user.id, rect('x', user.id))) }, old)).statusCode,
      ).toBe(401);
    }
    expect((await get('/api/users/profile', fresh.accessToken)).statusCode).toBe(200);
    // the sockets are closed, and the old token cannot open a new one
    await closed(socket);
    await closed(idle);
    await expect(connect(stolen.accessToken)).rejects.toMatchObject({ statusCode: 401 });
    // the refresh tokens are revoked
    expect((await post('/api/accounts/refresh', { refreshToken: stolen.refreshToken })).statusCode).toBe(401);
    expect((await post('/api/accounts/refresh', { refreshToken: fresh.refreshToken, accessToken: fresh.accessToken })).statusCode).toBe(
      200,
    );
    // the new session works on the hub
    const again = await connect(fresh.accessToken);
    await again.call('joinBoard', null, code, null, {});
    expect((await again.call('sendCommand', code, add(user.id, rect(`r-${crypto.randomUUID()}`, user.id)))).seq).toEqual(
      expect.any(Number),
    );
  });

  it('a password reset does the same', async () => {
    const { user, login } = await account();
    const stolen = await login();
    const socket = await connect(stolen.accessToken);
    const code = crypto.randomBytes(32).toString('base64url');
    await insertPasswordReset(p.db, { userId: user.id, codeHash: sha256(code), expiresAt: new Date(Date.now() + 60_000) });
    const reset = await post('/api/accounts/password/reset', {
      email: user.username,
      code,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(reset.statusCode, reset.payload).toBe(200);
    expect((await get('/api/users/profile', stolen.accessToken)).statusCode).toBe(401);
    expect((await get('/api/users/profile', json(reset).accessToken)).statusCode).toBe(200);
    await closed(socket);
  });

  it("another node's change reaches this node through the bus: the sockets close", async () => {
    const { user, login } = await account();
    const session = await login();
    const socket = await connect(session.accessToken);
    // what the other node does: the version goes up in the database, then the bus message
    const version = await bumpTokenVersion(p.db, user.id);
    await publishSessionsRevoked(p.server.app.bus, { userId: user.id, version });
    await closed(socket);
    expect((await get('/api/users/profile', session.accessToken)).statusCode).toBe(401);
  });

  it('a socket that missed the close message is refused at its next call, and closed', async () => {
    const { user, login } = await account();
    const session = await login();
    const { code } = await newBoard(p, whoOf(user, session.accessToken));
    const socket = await connect(session.accessToken);
    await socket.call('joinBoard', null, code, null, {});
    // the version went up elsewhere and no message came: the node learns it (cache refresh)
    noteTokenVersion(p.db, user.id, await bumpTokenVersion(p.db, user.id));
    const refused = await socket.fail('sendCommand', code, add(user.id, rect(`r-${crypto.randomUUID()}`, user.id)));
    expect(refused.statusCode).toBe(401);
    expect(refused.data?.message).toBe(SESSION_REVOKED);
    await closed(socket);
  });
});

describe('refresh token rotation', () => {
  const refresh = (t: Tokens) => post('/api/accounts/refresh', { refreshToken: t.refreshToken, accessToken: t.accessToken });

  it('two concurrent refreshes of the same token both succeed and the user stays signed in', async () => {
    const { login } = await account();
    const session = await login();
    const [a, b] = await Promise.all([refresh(session), refresh(session)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const first = json(a) as Tokens;
    const second = json(b) as Tokens;
    // the same successor: whichever tab writes last, the stored refresh token works
    expect(second.refreshToken).toBe(first.refreshToken);
    for (const t of [first, second]) expect((await get('/api/users/profile', t.accessToken)).statusCode).toBe(200);
    const next = await refresh(first);
    expect(next.statusCode).toBe(200);
    expect((await refresh(json(next) as Tokens)).statusCode).toBe(200);
  });

  it('a refresh token reused after the grace window revokes its family', async () => {
    const { login } = await account();
    const session = await login();
    const rotated = await refresh(session);
    expect(rotated.statusCode).toBe(200);
    const successor = json(rotated) as Tokens;
    // the rotation happened longer ago than the window (30 s by default)
    await p
      .db('refresh_tokens')
      .where({ token_hash: sha256(session.refreshToken) })
      .update({ rotated_at: new Date(Date.now() - (p.config.refreshReuseGraceSeconds + 1) * 1000) });
    const reuse = await refresh(session);
    expect(reuse.statusCode).toBe(401);
    expect(json(reuse).message).toBe('Invalid refresh token.');
    // the whole family is revoked: the successor the thief or the owner holds stops working too
    expect((await refresh(successor)).statusCode).toBe(401);
  });

  it('within the window a token whose successor was signed out does not come back', async () => {
    const { login } = await account();
    const session = await login();
    const successor = json(await refresh(session)) as Tokens;
    expect((await post('/api/accounts/logout', { refreshToken: successor.refreshToken })).statusCode).toBe(204);
    expect((await refresh(session)).statusCode).toBe(401);
  });
});

/**
 * Two nodes in this process on one PostgreSQL database and a private Redis (the bus): the
 * password is changed through node A while the stolen session's socket is on node B. Runs in the
 * PostgreSQL pass (PGlite is one connection in one process), skipped visibly in the PGlite pass.
 */
await describeWithServices(
  'a password change on one node ends the sessions on another (Redis bus)',
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

    it('node B closes the socket and refuses the old token over HTTP at once', async () => {
      const username = `x${crypto.randomBytes(5).toString('hex')}@example.com`;
      await insertUser(a.db, { username, passwordHash: await hashPassword(PASSWORD) });
      const login = async () =>
        JSON.parse(
          (await a.server.inject({ method: 'POST', url: '/api/accounts/login', payload: { username, password: PASSWORD } })).payload,
        ) as Tokens;
      const stolen = await login();
      const mine = await login();
      // node B knows the token version (cached) before the change
      expect(
        (await b.server.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${stolen.accessToken}` } }))
          .statusCode,
      ).toBe(200);
      const onB = await HubClient.connect(b.server.info.uri, { token: stolen.accessToken });
      try {
        const changed = await a.server.inject({
          method: 'POST',
          url: '/api/change-password',
          payload: { current: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
          headers: { authorization: `Bearer ${mine.accessToken}` },
        });
        expect(changed.statusCode).toBe(200);
        await closed(onB);
        const res = await b.server.inject({
          method: 'GET',
          url: '/api/users/profile',
          headers: { authorization: `Bearer ${stolen.accessToken}` },
        });
        expect(res.statusCode).toBe(401);
        expect(json(res).message).toBe(SESSION_REVOKED);
      } finally {
        await onB.close();
      }
    });
  },
);
