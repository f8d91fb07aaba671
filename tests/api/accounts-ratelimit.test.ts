import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOGIN_LIMITS } from '../../platform/config';
import { createRateLimiter } from '../../platform/core/ratelimit';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';

/**
 * The reusable limiter (memory and Redis stores) and the login limits. The login limits'
 * attack cases (spray, botnet, trusted proxies, device cookie) are in tests/security/login.test.ts.
 */
describe('login limits', () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startTestPlatform();
    await p.server.inject({
      method: 'POST',
      url: '/api/accounts/users',
      payload: { username: 'target@example.com', password: 'target passphrase', repeatPassword: 'target passphrase', terms: true },
    });
  });
  afterAll(() => p.stop());
  const login = (username: string, password: string, remoteAddress = '10.0.0.1') =>
    p.server.inject({ method: 'POST', url: '/api/accounts/login', payload: { username, password }, remoteAddress });

  it('answers 429 after consecutive failures per client and account (backoff), even with the right password', async () => {
    for (let i = 0; i < DEFAULT_LOGIN_LIMITS.backoffAfter; i++)
      expect((await login('target@example.com', 'wrong password')).statusCode).toBe(400);
    const limited = await login('Target@Example.com', 'target passphrase');
    expect(limited.statusCode).toBe(429);
    expect(JSON.parse(limited.payload)).toEqual({ statusCode: 429, message: 'Too many attempts. Please wait a minute and try again.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts other clients and other usernames separately', async () => {
    expect((await login('target@example.com', 'target passphrase', '10.0.0.2')).statusCode).toBe(200);
    expect((await login('someone@example.com', 'target passphrase', '10.0.0.1')).statusCode).toBe(400);
  });
});

describe('createRateLimiter', () => {
  it('memory store: max attempts per window, then a new window', async () => {
    const limiter = createRateLimiter({ max: 2, windowMs: 150, prefix: 'test' });
    expect((await limiter.hit('k')).allowed).toBe(true);
    expect((await limiter.hit('k')).allowed).toBe(true);
    const third = await limiter.hit('k');
    expect(third).toMatchObject({ allowed: false, count: 3 });
    expect(third.resetMs).toBeLessThanOrEqual(150);
    expect((await limiter.hit('other')).allowed).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(await limiter.hit('k')).toMatchObject({ allowed: true, count: 1 });
    await limiter.reset('other');
    expect((await limiter.hit('other')).count).toBe(1);
    await limiter.close();
  });

  it('Redis store: one window shared by every node (rate-limiter-flexible, windows of whole seconds)', async () => {
    const prefix = `test-${crypto.randomUUID()}`;
    const options = { max: 2, windowMs: 1000, prefix, redisUrl: process.env.REDIS_URL || 'redis://127.0.0.1:6379' };
    const nodeA = createRateLimiter(options);
    const nodeB = createRateLimiter(options);
    try {
      expect((await nodeA.hit('k')).count).toBe(1);
      expect((await nodeB.hit('k')).count).toBe(2);
      const third = await nodeA.hit('k');
      expect(third.allowed).toBe(false);
      expect(third.resetMs).toBeGreaterThan(0);
      expect(third.resetMs).toBeLessThanOrEqual(1000);
      await new Promise((r) => setTimeout(r, 1100));
      expect(await nodeB.hit('k')).toMatchObject({ allowed: true, count: 1 });
      await nodeA.reset('k');
      expect((await nodeA.hit('k')).count).toBe(1);
    } finally {
      await nodeA.reset('k');
      await nodeA.close();
      await nodeB.close();
    }
  });

  it('Redis store: counts in memory on this node while Redis is unreachable (never a 500)', async () => {
    const errors: unknown[] = [];
    const limiter = createRateLimiter({
      max: 1,
      windowMs: 60_000,
      prefix: 'down',
      redisUrl: 'redis://127.0.0.1:1',
      onError: (e) => errors.push(e),
    });
    try {
      expect((await limiter.hit('k')).allowed).toBe(true);
      expect((await limiter.hit('k')).allowed).toBe(false);
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      await limiter.close();
    }
  });
});
