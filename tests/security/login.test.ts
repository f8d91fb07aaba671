import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from '../../platform/config';
import { createLoginLimiter, DEVICE_COOKIE } from '../../platform/accounts/limits';
import { openRedis } from '../../platform/core/ratelimit';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';

/**
 * Issue 9, finding 10 (login limits): the old limit (10/min per IP+username) let a password
 * spray over 40 usernames from one address through without a single 429, locked the real user
 * out along with the attacker on a shared address, and could not tell clients apart behind a
 * proxy. Now failures are limited per client address, per account (with backoff) and globally;
 * a device that signed in before is exempt; X-Forwarded-For counts only from TRUSTED_PROXIES.
 * (docs/security.md "Login, enumeration and passwords")
 */
const PASSWORD = 'owner passphrase 10';
const body = (res: { payload: string }) => JSON.parse(res.payload);

type Inject = { remoteAddress?: string; headers?: Record<string, string> };

function helpers(get: () => TestPlatform) {
  const login = (username: string, password: string, o: Inject = {}) =>
    get().server.inject({
      method: 'POST',
      url: '/api/accounts/login',
      payload: { username, password },
      remoteAddress: o.remoteAddress ?? '10.0.0.1',
      headers: o.headers,
    });
  const signup = (username: string) =>
    get().server.inject({
      method: 'POST',
      url: '/api/accounts/users',
      payload: { username, password: PASSWORD, repeatPassword: PASSWORD, terms: true },
    });
  /** the device cookie a successful login set, as a Cookie header value */
  const deviceCookie = (res: { headers: Record<string, unknown> }) => {
    const set = ([] as string[]).concat((res.headers['set-cookie'] as string | string[] | undefined) ?? []);
    const line = set.find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
    return line ? line.split(';')[0]! : null;
  };
  return { login, signup, deviceCookie };
}

describe('a password spray from one address', () => {
  let p: TestPlatform;
  const { login, signup } = helpers(() => p);
  beforeAll(async () => {
    p = await startTestPlatform();
  });
  afterAll(() => p.stop());

  it('40 usernames, one password each, from one IP: refused with 429 before the 40th', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push((await login(`victim${i}@example.com`, 'Summer2024!', { remoteAddress: '203.0.113.7' })).statusCode);
    expect(statuses.slice(0, DEFAULT_LOGIN_LIMITS.ipFailures)).toEqual(Array(DEFAULT_LOGIN_LIMITS.ipFailures).fill(400));
    expect(statuses.slice(DEFAULT_LOGIN_LIMITS.ipFailures)).toEqual(Array(40 - DEFAULT_LOGIN_LIMITS.ipFailures).fill(429));
    const limited = await login('victim40@example.com', 'Summer2024!', { remoteAddress: '203.0.113.7' });
    expect(limited.statusCode).toBe(429);
    expect(body(limited)).toMatchObject({ message: 'Too many attempts. Please wait a minute and try again.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('the real users, from their own addresses, are not affected by that spray', async () => {
    await signup('victim3@example.com');
    expect((await login('victim3@example.com', PASSWORD, { remoteAddress: '198.51.100.3' })).statusCode).toBe(200);
  });

  it('successful logins are given back: many users signing in from one office address are never limited', async () => {
    for (let i = 0; i < 5; i++) await signup(`office${i}@example.com`);
    for (let round = 0; round < 6; round++) {
      for (let i = 0; i < 5; i++)
        expect((await login(`office${i}@example.com`, PASSWORD, { remoteAddress: '192.0.2.50' })).statusCode).toBe(200);
    }
  });
});

describe('guessing at one account', () => {
  let p: TestPlatform;
  const { login, signup, deviceCookie } = helpers(() => p);
  beforeAll(async () => {
    p = await startTestPlatform();
    await signup('owner@example.com');
  });
  afterAll(() => p.stop());

  it('one address: after 5 consecutive failures the backoff refuses the next attempt (429, Retry-After ≥ 30 s)', async () => {
    for (let i = 0; i < DEFAULT_LOGIN_LIMITS.backoffAfter; i++)
      expect((await login('owner@example.com', `guess ${i}`, { remoteAddress: '203.0.113.20' })).statusCode).toBe(400);
    const next = await login('owner@example.com', 'guess again', { remoteAddress: '203.0.113.20' });
    expect(next.statusCode).toBe(429);
    expect(Number(next.headers['retry-after'])).toBeGreaterThanOrEqual(DEFAULT_LOGIN_LIMITS.backoffBaseSec - 1);
    // even with the right password: this address must wait
    expect((await login('owner@example.com', PASSWORD, { remoteAddress: '203.0.113.20' })).statusCode).toBe(429);
  });

  it('the owner from another address is not locked out by that backoff', async () => {
    expect((await login('owner@example.com', PASSWORD, { remoteAddress: '198.51.100.1' })).statusCode).toBe(200);
  });

  it("many addresses (a botnet): the per-account limit refuses unknown devices, the owner's known device still gets in", async () => {
    // the owner signs in once from their laptop: it gets a device cookie
    const first = await login('owner@example.com', PASSWORD, { remoteAddress: '198.51.100.2' });
    expect(first.statusCode).toBe(200);
    const cookie = deviceCookie(first);
    expect(cookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=v1\\.`));
    const setCookie = ([] as string[]).concat(first.headers['set-cookie'] as string[]).find((c) => c.startsWith(DEVICE_COOKIE))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/api\/accounts/);

    // the attack: one guess from each of many addresses
    const statuses: number[] = [];
    for (let i = 0; i < DEFAULT_LOGIN_LIMITS.accountFailures + 5; i++) {
      statuses.push(
        (await login('owner@example.com', `botnet guess ${i}`, { remoteAddress: `10.9.${Math.floor(i / 200)}.${i % 200}` })).statusCode,
      );
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(DEFAULT_LOGIN_LIMITS.accountFailures);
    // an unknown device with the right password is refused now …
    expect((await login('owner@example.com', PASSWORD, { remoteAddress: '10.8.0.1' })).statusCode).toBe(429);
    // … but the owner's laptop, even from a new address, gets in
    expect((await login('owner@example.com', PASSWORD, { remoteAddress: '100.64.0.9', headers: { cookie: cookie! } })).statusCode).toBe(
      200,
    );
  });

  it('a device cookie is bound to its account and to this server: it exempts nothing else', async () => {
    await signup('other@example.com');
    const mine = deviceCookie(await login('other@example.com', PASSWORD, { remoteAddress: '198.51.100.9' }))!;
    // other@'s cookie does not unlock owner@ (still under its per-account limit)
    expect((await login('owner@example.com', PASSWORD, { remoteAddress: '198.51.100.10', headers: { cookie: mine } })).statusCode).toBe(
      429,
    );
    // a forged cookie is ignored
    const forged = `${DEVICE_COOKIE}=v1.${'0'.repeat(32)}.abc.${crypto.randomBytes(32).toString('base64url')}`;
    expect((await login('owner@example.com', PASSWORD, { remoteAddress: '198.51.100.11', headers: { cookie: forged } })).statusCode).toBe(
      429,
    );
  });

  it('the owner on a brand-new device gets in through a recovery link, which makes it a known device', async () => {
    const { drainMail } = await import('../../platform/mail/service');
    const asked = await p.server.inject({
      method: 'POST',
      url: '/api/accounts/password/reset-password',
      payload: { email: 'owner@example.com' },
      remoteAddress: '100.64.1.1',
    });
    expect(asked.statusCode).toBe(200);
    await drainMail(p.server.app);
    const mail = await p.db('outbox').where({ to: 'owner@example.com' }).orderBy('created_at', 'desc').first();
    const [, code] = /\/accounts\/reset-password\/([A-Za-z0-9_-]+)\//.exec(mail.text)!;
    const reset = await p.server.inject({
      method: 'POST',
      url: '/api/accounts/password/reset',
      payload: { email: 'owner@example.com', code, password: 'a fresh passphrase 1', confirmPassword: 'a fresh passphrase 1' },
      remoteAddress: '100.64.1.1',
    });
    expect(reset.statusCode).toBe(200);
    const cookie = deviceCookie(reset);
    expect(cookie).toBeTruthy();
    expect(
      (await login('owner@example.com', 'a fresh passphrase 1', { remoteAddress: '100.64.1.1', headers: { cookie: cookie! } })).statusCode,
    ).toBe(200);
  });
});

describe('a known device has its own budget', () => {
  let p: TestPlatform;
  const { login, signup, deviceCookie } = helpers(() => p);
  beforeAll(async () => {
    p = await startTestPlatform({ loginLimits: { ...DEFAULT_LOGIN_LIMITS, deviceFailures: 3 } });
    await signup('dev@example.com');
  });
  afterAll(() => p.stop());

  it('a stolen device cookie does not lift the limits: after its failures it counts as an unknown device', async () => {
    const cookie = deviceCookie(await login('dev@example.com', PASSWORD))!;
    const statuses: number[] = [];
    for (let i = 0; i < 3 + DEFAULT_LOGIN_LIMITS.backoffAfter + 1; i++)
      statuses.push((await login('dev@example.com', `wrong ${i}`, { headers: { cookie } })).statusCode);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('the global limit', () => {
  let p: TestPlatform;
  const { login } = helpers(() => p);
  beforeAll(async () => {
    p = await startTestPlatform({ loginLimits: { ...DEFAULT_LOGIN_LIMITS, globalFailures: 30 } });
  });
  afterAll(() => p.stop());

  it('credential stuffing from many addresses and accounts is refused past the platform-wide budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push((await login(`stuffed${i}@example.com`, 'leaked password 1', { remoteAddress: `10.77.0.${i + 1}` })).statusCode);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(400));
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
  });
});

describe('X-Forwarded-For', () => {
  const spray = async (p: TestPlatform, headers: (i: number) => Record<string, string>, remoteAddress: string) => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await p.server.inject({
        method: 'POST',
        url: '/api/accounts/login',
        payload: { username: `x${i}@example.com`, password: 'Summer2024!' },
        remoteAddress,
        headers: headers(i),
      });
      statuses.push(res.statusCode);
    }
    return statuses;
  };

  it('is ignored without TRUSTED_PROXIES: a client cannot pick a new address per attempt', async () => {
    const p = await startTestPlatform();
    try {
      const statuses = await spray(p, (i) => ({ 'x-forwarded-for': `198.18.0.${i + 1}` }), '203.0.113.99');
      expect(statuses).toContain(429);
    } finally {
      await p.stop();
    }
  });

  it('from a trusted proxy, each client behind it has its own budget; a spoofed hop in front of the real one changes nothing', async () => {
    const p = await startTestPlatform({ trustedProxies: ['10.0.0.0/8'] });
    try {
      // 25 different clients behind the proxy, one failure each: nobody is limited
      expect(await spray(p, (i) => ({ 'x-forwarded-for': `198.18.1.${i + 1}` }), '10.1.1.1')).toEqual(Array(25).fill(400));
      // one client behind the proxy that prepends fake addresses: the proxy's own hop (the last) counts
      const statuses = await spray(p, (i) => ({ 'x-forwarded-for': `198.18.2.${i + 1}, 203.0.113.5` }), '10.1.1.1');
      expect(statuses).toContain(429);
    } finally {
      await p.stop();
    }
  });
});

describe('the limits live in Redis when configured: every node shares them', () => {
  it('two limiters on one Redis count the same failures', async () => {
    const url = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
    const a = openRedis(url);
    const b = openRedis(url);
    const limits: LoginLimits = { ...DEFAULT_LOGIN_LIMITS, ipFailures: 4 };
    const nodeA = createLoginLimiter(limits, { redis: a });
    const nodeB = createLoginLimiter(limits, { redis: b });
    const ip = `198.19.${crypto.randomInt(255)}.${crypto.randomInt(255)}`;
    try {
      for (let i = 0; i < 4; i++)
        await (i % 2 ? nodeA : nodeB).begin({ ip, account: `r${i}-${crypto.randomUUID()}@example.com`, device: null });
      await expect(nodeA.begin({ ip, account: `r-${crypto.randomUUID()}@example.com`, device: null })).rejects.toMatchObject({
        output: { statusCode: 429 },
      });
      await expect(nodeB.begin({ ip, account: `r-${crypto.randomUUID()}@example.com`, device: null })).rejects.toMatchObject({
        output: { statusCode: 429 },
      });
    } finally {
      a.disconnect();
      b.disconnect();
    }
  });
});
