/**
 * A login for an unknown user costs what a wrong password costs: one argon2 verification each
 * (platform/accounts/service.ts `login`, passwords.ts `verifyNothing`), so the answer time does
 * not tell whether an account exists. Counted, not timed: the library's `verify` is wrapped and
 * its calls are counted per login (the timings themselves are in `npm run bench login`).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';

const verifies = vi.hoisted(() => ({ count: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...original,
    verify: (...args: Parameters<typeof original.verify>) => {
      verifies.count++;
      return original.verify(...args);
    },
  };
});

describe('login cost', () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startTestPlatform();
    const password = 'correct horse battery';
    const res = await p.server.inject({
      method: 'POST',
      url: '/api/accounts/users',
      payload: { username: 'known@example.com', password, repeatPassword: password, terms: true },
    });
    expect(res.statusCode).toBe(201);
  });
  afterAll(() => p?.stop());

  const verificationsOf = async (username: string) => {
    verifies.count = 0;
    const res = await p.server.inject({ method: 'POST', url: '/api/accounts/login', payload: { username, password: 'wrong password 1' } });
    expect(res.statusCode).toBe(400);
    return verifies.count;
  };

  it('runs one argon2 verification for a wrong password and one for an unknown user', async () => {
    expect(await verificationsOf('known@example.com')).toBe(1);
    expect(await verificationsOf('ghost@example.com')).toBe(1);
    expect(await verificationsOf('another-ghost@example.com')).toBe(1);
  });
});
