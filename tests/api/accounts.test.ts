import Jwt from '@hapi/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenFor, sha256 } from '../../platform/accounts/tokens';
import { findUserByUsername, insertUser } from '../../platform/users/repo';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';

/** Signup, login, token validation, rotation with theft detection, logout, change-password. */
describe('accounts API', () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startTestPlatform();
  });
  afterAll(() => p.stop());

  const post = (url: string, payload: object, token?: string) =>
    p.server.inject({ method: 'POST', url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const get = (url: string, token?: string) =>
    p.server.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = (res: { payload: string }) => JSON.parse(res.payload);
  const signup = (username: string, password = 'correct horse') =>
    post('/api/accounts/users', { username, password, repeatPassword: password, terms: true });
  const login = async (username: string, password = 'correct horse') => {
    const res = await post('/api/accounts/login', { username, password });
    expect(res.statusCode).toBe(200);
    return body(res) as { accessToken: string; refreshToken: string; id: string; expiresIn: number };
  };

  describe('POST /api/accounts/users (signup)', () => {
    it('creates an account and answers a message, without tokens or id', async () => {
      const res = await signup('Ada@Example.com', 'correct horse');
      expect(res.statusCode).toBe(201);
      const result = body(res);
      expect(result).toEqual({ message: 'Thanks for signing up! We sent an e-mail to your address. Log in to continue.' });
      const row = await findUserByUsername(p.db, 'ada@example.com');
      expect(row?.username).toBe('ada@example.com');
      expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    });

    it('accepts the Uid the panel adds to every body', async () => {
      const res = await post('/api/accounts/users', {
        username: 'uid@example.com',
        password: 'good passphrase',
        repeatPassword: 'good passphrase',
        terms: true,
        Uid: 'guest-123',
      });
      expect(res.statusCode).toBe(201);
    });

    it('a taken username (whatever its case) answers like a free one and changes nothing (tests/security/enumeration.test.ts)', async () => {
      await signup('taken@example.com');
      const before = await findUserByUsername(p.db, 'taken@example.com');
      const res = await signup('TAKEN@example.com', 'another passphrase');
      expect(res.statusCode).toBe(201);
      expect(body(res)).toEqual({ message: 'Thanks for signing up! We sent an e-mail to your address. Log in to continue.' });
      expect(await findUserByUsername(p.db, 'taken@example.com')).toEqual(before);
    });

    it('answers each bad field under its own name', async () => {
      const cases: Array<[object, string, string]> = [
        [
          { username: 'not-an-email', password: 'good passphrase', repeatPassword: 'good passphrase', terms: true },
          'username',
          'Username must be a valid e-mail address.',
        ],
        [{ password: 'good passphrase', repeatPassword: 'good passphrase', terms: true }, 'username', 'Username is required.'],
        [
          { username: 'a@example.com', password: 'short', repeatPassword: 'short', terms: true },
          'password',
          'Password must be at least 8 characters.',
        ],
        [
          { username: 'a@example.com', password: 'x'.repeat(129), repeatPassword: 'x'.repeat(129), terms: true },
          'password',
          'Password must be at most 128 characters.',
        ],
        [
          { username: 'a@example.com', password: 'good passphrase', repeatPassword: 'good passphrase 2', terms: true },
          'repeatPassword',
          'Passwords do not match.',
        ],
        [
          { username: 'a@example.com', password: 'good passphrase', repeatPassword: 'good passphrase', terms: false },
          'terms',
          'You must accept the terms.',
        ],
        [
          { username: 'a@example.com', password: 'good passphrase', repeatPassword: 'good passphrase' },
          'terms',
          'You must accept the terms.',
        ],
      ];
      for (const [payload, field, text] of cases) {
        const res = await post('/api/accounts/users', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(body(res).errors[field]).toEqual([text]);
      }
      expect(await findUserByUsername(p.db, 'a@example.com')).toBeUndefined();
    });

    it('reports every bad field at once', async () => {
      const res = await post('/api/accounts/users', { username: 'nope', password: 'short', repeatPassword: 'other', terms: false });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(body(res).errors).sort()).toEqual(['password', 'repeatPassword', 'terms', 'username']);
    });
  });

  describe('POST /api/accounts/login', () => {
    beforeAll(async () => {
      expect((await signup('login@example.com')).statusCode).toBe(201);
    });

    it('answers the tokens and the claim id', async () => {
      const session = await login('Login@Example.com');
      const user = await findUserByUsername(p.db, 'login@example.com');
      expect(session.id).toBe(user!.id);
      expect(session.expiresIn).toBe(p.config.accessTokenTtlSeconds);
      expect(session.refreshToken.length).toBeGreaterThanOrEqual(43);
      const claims = Jwt.token.decode(session.accessToken).decoded.payload;
      expect(claims).toMatchObject({ sub: user!.id, id: user!.id, role: [], plan: 'essential', lang: 'en', qty: 1 });
      expect(claims.exp - claims.iat).toBe(p.config.accessTokenTtlSeconds);
      const stored = await p.db('refresh_tokens').where({ user_id: user!.id });
      expect(stored.length).toBeGreaterThan(0);
      expect(
        stored.every((r: { token_hash: string }) => r.token_hash !== session.refreshToken && /^[0-9a-f]{64}$/.test(r.token_hash)),
      ).toBe(true);
    });

    it('answers a wrong password and an unknown user alike', async () => {
      const wrong = await post('/api/accounts/login', { username: 'login@example.com', password: 'wrong password' });
      const unknown = await post('/api/accounts/login', { username: 'nobody@example.com', password: 'wrong password' });
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(400);
        expect(body(res)).toEqual({ statusCode: 400, message: 'Invalid Grant', errors: { '*': ['Invalid username or password.'] } });
      }
    });

    // an unknown user costs what a wrong password costs (one argon2 verification each): counted,
    // not timed, in accounts-login-cost.test.ts; the timings are in `npm run bench login`

    it('needs both fields', async () => {
      const res = await post('/api/accounts/login', {});
      expect(res.statusCode).toBe(400);
      expect(body(res).errors).toEqual({ username: ['Username is required.'], password: ['Password is required.'] });
    });

    it('refuses a disabled account after the right password', async () => {
      await signup('disabled@example.com');
      await p.db('users').where({ username: 'disabled@example.com' }).update({ is_active: false });
      const res = await post('/api/accounts/login', { username: 'disabled@example.com', password: 'correct horse' });
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toMatch(/disabled/);
    });
  });

  describe('GET /api/accounts/validate and bearer tokens', () => {
    it('answers who the token is and whether Uid matches the claim id', async () => {
      await signup('validate@example.com');
      const session = await login('validate@example.com');
      const same = await get(`/api/accounts/validate?Uid=${session.id}`, session.accessToken);
      expect(same.statusCode).toBe(200);
      expect(body(same)).toEqual({ id: session.id, username: 'validate@example.com', displayName: '', uidMatches: true });
      const other = await get('/api/accounts/validate?Uid=guest-42', session.accessToken);
      expect(body(other).uidMatches).toBe(false);
    });

    it('answers 401 without a valid token', async () => {
      expect((await get('/api/accounts/validate')).statusCode).toBe(401);
      expect((await get('/api/accounts/validate', 'not.a.token')).statusCode).toBe(401);
      const forged = Jwt.token.generate(
        { sub: 'x', id: 'x' },
        { key: 'another-secret-another-secret-another', algorithm: 'HS256' },
        { ttlSec: 60 },
      );
      expect((await get('/api/accounts/validate', forged)).statusCode).toBe(401);
    });

    it('says token-expired on an expired token', async () => {
      const session = await login('validate@example.com');
      const claims = Jwt.token.decode(session.accessToken).decoded.payload;
      const { iat: _iat, exp: _exp, ...rest } = claims;
      const expired = Jwt.token.generate(
        rest,
        { key: p.config.accessTokenSecret, algorithm: 'HS256' },
        { ttlSec: 60, now: Date.now() - 3_600_000 },
      );
      const res = await get('/api/accounts/validate', expired);
      expect(res.statusCode).toBe(401);
      expect(res.headers['token-expired']).toBe('true');
      expect(body(res).message).toMatch(/expired/i);
    });
  });

  describe('POST /api/accounts/refresh (rotation)', () => {
    beforeAll(async () => {
      await signup('refresh@example.com');
    });

    it('rotates both tokens; the old refresh token stops working', async () => {
      const first = await login('refresh@example.com');
      const res = await post('/api/accounts/refresh', { refreshToken: first.refreshToken, accessToken: first.accessToken });
      expect(res.statusCode).toBe(200);
      const second = body(res);
      expect(second.id).toBe(first.id);
      expect(second.refreshToken).not.toBe(first.refreshToken);
      expect((await get('/api/accounts/validate', second.accessToken)).statusCode).toBe(200);
      const third = await post('/api/accounts/refresh', { refreshToken: second.refreshToken, accessToken: second.accessToken });
      expect(third.statusCode).toBe(200);
    });

    it('revokes the whole family when a rotated token is presented again after the grace window (theft detection)', async () => {
      const first = await login('refresh@example.com');
      const other = await login('refresh@example.com'); // another device: another family
      const rotated = body(await post('/api/accounts/refresh', { refreshToken: first.refreshToken, accessToken: first.accessToken }));
      // within the grace window (concurrent refreshes) the same token answers its successor again
      // (tests/security/sessions.test.ts); after it, a presented rotated token means theft
      await p
        .db('refresh_tokens')
        .where({ token_hash: sha256(first.refreshToken) })
        .update({ rotated_at: new Date(Date.now() - (p.config.refreshReuseGraceSeconds + 1) * 1000) });
      const reuse = await post('/api/accounts/refresh', { refreshToken: first.refreshToken, accessToken: first.accessToken });
      expect(reuse.statusCode).toBe(401);
      expect(body(reuse).message).toBe('Invalid refresh token.');
      expect(reuse.headers['token-expired']).toBeUndefined();
      // the thief's (or the victim's) newer token of that family is dead too
      expect((await post('/api/accounts/refresh', { refreshToken: rotated.refreshToken })).statusCode).toBe(401);
      // the other device keeps its session
      expect((await post('/api/accounts/refresh', { refreshToken: other.refreshToken })).statusCode).toBe(200);
    });

    it('accepts the expired access token the client still holds', async () => {
      const session = await login('refresh@example.com');
      const { iat: _iat, exp: _exp, ...claims } = Jwt.token.decode(session.accessToken).decoded.payload;
      const expired = Jwt.token.generate(
        claims,
        { key: p.config.accessTokenSecret, algorithm: 'HS256' },
        { ttlSec: 60, now: Date.now() - 3_600_000 },
      );
      const res = await post('/api/accounts/refresh', { refreshToken: session.refreshToken, accessToken: expired });
      expect(res.statusCode).toBe(200);
    });

    it('refuses an access token of another user, and revokes that family', async () => {
      const mine = await login('refresh@example.com');
      await signup('someone-else@example.com');
      const theirs = await login('someone-else@example.com');
      const res = await post('/api/accounts/refresh', { refreshToken: mine.refreshToken, accessToken: theirs.accessToken });
      expect(res.statusCode).toBe(401);
      expect((await post('/api/accounts/refresh', { refreshToken: mine.refreshToken })).statusCode).toBe(401);
    });

    it('refuses unknown, expired and malformed input', async () => {
      expect((await post('/api/accounts/refresh', { refreshToken: 'unknown-token' })).statusCode).toBe(401);
      expect(
        (await post('/api/accounts/refresh', { refreshToken: (await login('refresh@example.com')).refreshToken, accessToken: 'garbage' }))
          .statusCode,
      ).toBe(401);
      const session = await login('refresh@example.com');
      await p
        .db('refresh_tokens')
        .where({ user_id: session.id })
        .whereNull('revoked_at')
        .update({ expires_at: new Date(Date.now() - 1000) });
      expect((await post('/api/accounts/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(401);
      const missing = await post('/api/accounts/refresh', {});
      expect(missing.statusCode).toBe(400);
      expect(body(missing).errors.refreshToken).toBeDefined();
    });
  });

  describe('POST /api/accounts/logout', () => {
    it('revokes the refresh token', async () => {
      await signup('logout@example.com');
      const session = await login('logout@example.com');
      const res = await post('/api/accounts/logout', { refreshToken: session.refreshToken });
      expect(res.statusCode).toBe(204);
      expect((await post('/api/accounts/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(401);
    });

    it('answers 204 for an unknown or missing token too', async () => {
      expect((await post('/api/accounts/logout', { refreshToken: 'never-issued' })).statusCode).toBe(204);
      expect((await post('/api/accounts/logout', {})).statusCode).toBe(204);
    });
  });

  describe('POST /api/change-password', () => {
    it('checks the current password of an account that has one', async () => {
      await signup('change@example.com', 'old violet lantern 1');
      const session = await login('change@example.com', 'old violet lantern 1');
      const stamp = body(await get('/api/users/profile/security-stamp', session.accessToken)).securityStamp;
      const cases: Array<[object, string, string]> = [
        [{ password: 'new violet lantern 2', confirmPassword: 'new violet lantern 2' }, 'current', 'Current password is required.'],
        [
          { current: 'wrong', password: 'new violet lantern 2', confirmPassword: 'new violet lantern 2' },
          'current',
          'Current password is incorrect.',
        ],
        [
          { current: 'old violet lantern 1', password: 'short', confirmPassword: 'short' },
          'password',
          'Password must be at least 8 characters.',
        ],
        [
          { current: 'old violet lantern 1', password: 'new violet lantern 2', confirmPassword: 'other password' },
          'confirmPassword',
          'Passwords do not match.',
        ],
      ];
      for (const [payload, field, text] of cases) {
        const res = await post('/api/change-password', payload, session.accessToken);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(body(res).errors[field]).toEqual([text]);
      }
      const ok = await post(
        '/api/change-password',
        { current: 'old violet lantern 1', password: 'new violet lantern 2', confirmPassword: 'new violet lantern 2' },
        session.accessToken,
      );
      expect(ok.statusCode).toBe(200);
      const fresh = body(ok);
      expect(fresh.accessToken).toBeTruthy();
      // other sessions end; this client continues with the answered session
      expect((await post('/api/accounts/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(401);
      expect((await post('/api/accounts/refresh', { refreshToken: fresh.refreshToken })).statusCode).toBe(200);
      expect((await post('/api/accounts/login', { username: 'change@example.com', password: 'old violet lantern 1' })).statusCode).toBe(
        400,
      );
      await login('change@example.com', 'new violet lantern 2');
      expect(body(await get('/api/users/profile/security-stamp', fresh.accessToken)).securityStamp).not.toBe(stamp);
    });

    it('sets a first password on an account without one (Google-only), without current', async () => {
      const user = await insertUser(p.db, { username: 'google-only@example.com', passwordHash: null });
      const token = accessTokenFor(p.config, user);
      expect(body(await get('/api/users/profile', token)).hasPassword).toBe(false);
      expect((await post('/api/accounts/login', { username: 'google-only@example.com', password: 'anything at all' })).statusCode).toBe(
        400,
      );
      const res = await post('/api/change-password', { password: 'first password', confirmPassword: 'first password' }, token);
      expect(res.statusCode).toBe(200);
      await login('google-only@example.com', 'first password');
      // the change ended the sessions before it (tests/security/sessions.test.ts): this client goes on with the answered one
      expect((await get('/api/users/profile', token)).statusCode).toBe(401);
      expect(body(await get('/api/users/profile', body(res).accessToken)).hasPassword).toBe(true);
    });

    it('needs a bearer token', async () => {
      expect(
        (await post('/api/change-password', { password: 'new violet lantern 2', confirmPassword: 'new violet lantern 2' })).statusCode,
      ).toBe(401);
    });
  });

  it('documents the routes in the OpenAPI document', async () => {
    const doc = JSON.parse((await get('/documents/api/openapi.json')).payload);
    for (const path of [
      '/api/accounts/users',
      '/api/accounts/login',
      '/api/accounts/refresh',
      '/api/accounts/logout',
      '/api/accounts/password/reset-password',
      '/api/accounts/password/reset',
      '/api/accounts/validate',
      '/api/change-password',
      '/api/connect/google',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});
