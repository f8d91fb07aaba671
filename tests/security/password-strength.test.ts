/**
 * Issue 26 item 7: password strength by a zxcvbn score floor (platform/accounts/passwords.ts,
 * docs/security.md "Password strength"): the product's name and the user's e-mail are user inputs,
 * and a password is as strong as what is left once they are taken out of it. Signup, password
 * change and reset refuse a weak password with the field error under `password`; the length
 * bounds (8–128) and the common-password and username rules keep their own errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainMail } from '../../platform/mail/service';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';

const WEAK = 'This password is too easy to guess. Use a longer one, e.g. a few unrelated words.';
const COMMON = 'This password is too common. Choose one that is harder to guess.';
const USERNAME = 'Your password must not be your username or e-mail address.';
const STRONG = 'violet lantern 2041';

const post = (p: TestPlatform, url: string, payload: object, headers: Record<string, string> = {}) =>
  p.server.inject({ method: 'POST', url, payload, headers });
const body = (res: { payload: string }) => JSON.parse(res.payload);
const signup = (p: TestPlatform, username: string, password: string) =>
  post(p, '/api/accounts/users', { username, password, repeatPassword: password, terms: true });
const LINK = /\/accounts\/reset-password\/([A-Za-z0-9_-]+)\/([^\s"<]+)/;

describe('password strength', () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startTestPlatform();
  });
  afterAll(() => p.stop());

  it.each([
    // not on the common list as such: the strength floor refuses it
    ['aaaaaaaa', WEAK],
    ['password123', COMMON],
    ['ann.smith@example.com', USERNAME],
    ['tabula2026tabula', WEAK],
    ['Tabula-Tabula-1', WEAK],
    ['ann.smith.2026', WEAK],
    ['qazwsxedcrfv', COMMON],
    ['abcdefgh1234', WEAK],
  ])('signup refuses %j with the field error', async (password, text) => {
    const res = await signup(p, 'ann.smith@example.com', password);
    expect(res.statusCode).toBe(400);
    expect(body(res).errors.password).toEqual([text]);
  });

  it('accepts a strong password (201), also with the product name in it', async () => {
    expect((await signup(p, 'strong@example.com', STRONG)).statusCode).toBe(201);
    expect((await signup(p, 'strong2@example.com', 'tabula violet lantern 2041')).statusCode).toBe(201);
  });

  it('the length bounds keep their own errors', async () => {
    expect(body(await signup(p, 'short@example.com', 'aaaa')).errors.password).toEqual(['Password must be at least 8 characters.']);
    expect(body(await signup(p, 'long@example.com', 'x'.repeat(129))).errors.password).toEqual([
      'Password must be at most 128 characters.',
    ]);
  });

  it('change password refuses a weak one, with the e-mail as a user input', async () => {
    await signup(p, 'bea.jones@example.com', STRONG);
    const login = body(await post(p, '/api/accounts/login', { username: 'bea.jones@example.com', password: STRONG }));
    const change = (password: string) =>
      post(
        p,
        '/api/change-password',
        { current: STRONG, password, confirmPassword: password },
        { authorization: `Bearer ${login.accessToken}` },
      );
    for (const [password, text] of [
      ['aaaaaaaa', WEAK],
      ['beajones2026', WEAK],
      ['tabula2026tabula', WEAK],
      ['bea.jones@example.com', USERNAME],
      ['password123', COMMON],
    ]) {
      const res = await change(password!);
      expect(res.statusCode, password).toBe(400);
      expect(body(res).errors.password, password).toEqual([text]);
    }
    expect((await change('a quiet violet harbour')).statusCode).toBe(200);
  });

  it('reset refuses a weak password and the code still works for a strong one', async () => {
    await signup(p, 'cyd.reset@example.com', STRONG);
    expect((await post(p, '/api/accounts/password/reset-password', { email: 'cyd.reset@example.com' })).statusCode).toBe(200);
    await drainMail(p.server.app);
    const mail = await p.db('outbox').where({ to: 'cyd.reset@example.com' }).orderBy('created_at', 'desc').first();
    const [, code, address] = LINK.exec(mail.text)!;
    const reset = (password: string) =>
      post(p, '/api/accounts/password/reset', { code, email: decodeURIComponent(address!), password, confirmPassword: password });
    for (const [password, text] of [
      ['aaaaaaaa', WEAK],
      ['cydreset2026', WEAK],
      ['tabula2026tabula', WEAK],
    ]) {
      const res = await reset(password!);
      expect(res.statusCode, password).toBe(400);
      expect(body(res).errors.password, password).toEqual([text]);
    }
    expect((await reset('a quiet violet harbour')).statusCode).toBe(200);
  });
});
