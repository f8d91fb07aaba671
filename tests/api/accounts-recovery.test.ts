import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/accounts/passwords';
import { drainMail } from '../../platform/mail/service';
import { insertUser } from '../../platform/users/repo';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { startSmtp, type TestSmtp } from '../helpers/smtp';

/** Password recovery: the request (no enumeration), the mail, the reset with the one-time code. */
const post = (p: TestPlatform, url: string, payload: object) => p.server.inject({ method: 'POST', url, payload });
const body = (res: { payload: string }) => JSON.parse(res.payload);
const signup = (p: TestPlatform, username: string, password = 'old violet lantern 1') =>
  post(p, '/api/accounts/users', { username, password, repeatPassword: password, terms: true });
const LINK = /\/accounts\/reset-password\/([A-Za-z0-9_-]+)\/([^\s"<]+)/;

describe('password recovery, mail stored in the outbox (no SMTP)', () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startTestPlatform();
    await signup(p, 'known@example.com');
  });
  afterAll(() => p.stop());

  const request = (email: string) => post(p, '/api/accounts/password/reset-password', { email });
  const lastMailTo = async (to: string) => {
    await drainMail(p.server.app);
    return p.db('outbox').where({ to }).orderBy('created_at', 'desc').first();
  };
  const codeFor = async (email: string) => {
    expect((await request(email)).statusCode).toBe(200);
    const mail = await lastMailTo(email);
    const [, code, address] = LINK.exec(mail.text)!;
    return { code: code!, email: decodeURIComponent(address!) };
  };

  it('answers a known and an unknown e-mail identically', async () => {
    const known = await request('known@example.com');
    const unknown = await request('unknown@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.payload).toBe(known.payload);
    expect(body(known)).toEqual({ message: 'Password recovery link sent to your email' });
    expect(await lastMailTo('unknown@example.com')).toBeUndefined();
  });

  it('stores the recovery mail with a one-hour, hashed, single-use code', async () => {
    const started = Date.now();
    await request('Known@Example.com');
    const mail = await lastMailTo('known@example.com');
    expect(mail.status).toBe('stored');
    expect(mail.subject).toContain('Tabula');
    expect(mail.html).toContain('/accounts/reset-password/');
    const match = LINK.exec(mail.text)!;
    expect(mail.text).toContain(`${p.config.publicUrl}/accounts/reset-password/${match[1]}/${encodeURIComponent('known@example.com')}`);
    const code = match[1]!;
    expect(Buffer.from(code, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await p.db('password_resets').orderBy('created_at', 'desc').first();
    expect(stored.code_hash).toBe(crypto.createHash('sha256').update(code).digest('hex'));
    const lifetime = new Date(stored.expires_at).getTime() - started;
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(61 * 60_000);
  });

  it('shows a field error for a malformed e-mail', async () => {
    const res = await request('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(body(res).errors.email).toEqual(['Email must be a valid e-mail address.']);
  });

  it('sets the new password with the code, once; revokes sessions and rotates the stamp', async () => {
    const before = body(await post(p, '/api/accounts/login', { username: 'known@example.com', password: 'old violet lantern 1' }));
    const stamp = (await p.db('users').where({ username: 'known@example.com' }).first()).security_stamp;
    const { code, email } = await codeFor('known@example.com');
    const res = await post(p, '/api/accounts/password/reset', {
      code,
      email,
      password: 'new violet lantern 2',
      confirmPassword: 'new violet lantern 2',
    });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String), id: before.id });
    expect((await post(p, '/api/accounts/login', { username: 'known@example.com', password: 'old violet lantern 1' })).statusCode).toBe(
      400,
    );
    expect((await post(p, '/api/accounts/login', { username: 'known@example.com', password: 'new violet lantern 2' })).statusCode).toBe(
      200,
    );
    expect((await post(p, '/api/accounts/refresh', { refreshToken: before.refreshToken })).statusCode).toBe(401);
    expect((await p.db('users').where({ username: 'known@example.com' }).first()).security_stamp).not.toBe(stamp);

    const again = await post(p, '/api/accounts/password/reset', {
      code,
      email,
      password: 'third password',
      confirmPassword: 'third password',
    });
    expect(again.statusCode).toBe(400);
    expect(body(again).errors).toEqual({ code: ['The recovery link is invalid or has expired.'] });
  });

  it('retires the other outstanding links of the user after a reset', async () => {
    const first = await codeFor('known@example.com');
    const second = await codeFor('known@example.com');
    expect(
      (await post(p, '/api/accounts/password/reset', { ...second, password: 'fourth password', confirmPassword: 'fourth password' }))
        .statusCode,
    ).toBe(200);
    const res = await post(p, '/api/accounts/password/reset', { ...first, password: 'fifth password', confirmPassword: 'fifth password' });
    expect(body(res).errors.code).toBeDefined();
  });

  it('refuses an expired code', async () => {
    const { code, email } = await codeFor('known@example.com');
    await p
      .db('password_resets')
      .whereNull('used_at')
      .update({ expires_at: new Date(Date.now() - 1000) });
    const res = await post(p, '/api/accounts/password/reset', {
      code,
      email,
      password: 'new password 2',
      confirmPassword: 'new password 2',
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toEqual({ code: ['The recovery link is invalid or has expired.'] });
  });

  it('refuses a code of another account', async () => {
    await signup(p, 'other@example.com');
    const { code } = await codeFor('other@example.com');
    const res = await post(p, '/api/accounts/password/reset', {
      code,
      email: 'known@example.com',
      password: 'new password 3',
      confirmPassword: 'new password 3',
    });
    expect(body(res).errors).toEqual({ code: ['The recovery link is invalid or has expired.'] });
  });

  it('answers each bad field under code, password and confirmPassword (an unknown address like a bad code: no enumeration)', async () => {
    const good = {
      code: 'x'.repeat(43),
      email: 'known@example.com',
      password: 'new violet lantern 2',
      confirmPassword: 'new violet lantern 2',
    };
    const cases: Array<[object, string, string]> = [
      [{ ...good, code: 'wrong' }, 'code', 'The recovery link is invalid or has expired.'],
      [{ ...good, code: '' }, 'code', 'The recovery link is invalid or has expired.'],
      [{ ...good, email: 'nobody@example.com' }, 'code', 'The recovery link is invalid or has expired.'],
      [
        { ...good, password: 'password1', confirmPassword: 'password1' },
        'password',
        'This password is too common. Choose one that is harder to guess.',
      ],
      [
        { ...good, password: 'known@example.com', confirmPassword: 'known@example.com' },
        'password',
        'Your password must not be your username or e-mail address.',
      ],
      [{ ...good, password: 'short', confirmPassword: 'short' }, 'password', 'Password must be at least 8 characters.'],
      [{ ...good, confirmPassword: 'different password' }, 'confirmPassword', 'Passwords do not match.'],
    ];
    for (const [payload, field, text] of cases) {
      const res = await post(p, '/api/accounts/password/reset', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).errors[field]).toEqual([text]);
    }
  });

  it('limits recovery requests per client and e-mail (429), still without enumeration', async () => {
    const { max } = p.config.rateLimit;
    await signup(p, 'limited@example.com');
    for (const email of ['limited@example.com', 'ghost@example.com']) {
      for (let i = 0; i < max; i++) expect((await request(email)).statusCode).toBe(200);
      const limited = await request(email);
      expect(limited.statusCode).toBe(429);
      expect(body(limited).message).toBe('Too many attempts. Please wait a minute and try again.');
      expect(limited.headers['retry-after']).toBeDefined();
    }
    // another e-mail from the same client is counted separately
    expect((await request('third@example.com')).statusCode).toBe(200);
  });

  it('limits reset attempts per client and e-mail (429)', async () => {
    const payload = {
      code: 'guess',
      email: 'other@example.com',
      password: 'new violet lantern 2',
      confirmPassword: 'new violet lantern 2',
    };
    for (let i = 0; i < p.config.rateLimit.max; i++) expect((await post(p, '/api/accounts/password/reset', payload)).statusCode).toBe(400);
    const limited = await post(p, '/api/accounts/password/reset', payload);
    expect(limited.statusCode).toBe(429);
    expect(body(limited).message).toBe('Too many attempts. Please wait a minute and try again.');
  });
});

describe('password recovery through a real SMTP server', () => {
  let smtp: TestSmtp;
  let p: TestPlatform;
  beforeAll(async () => {
    smtp = await startSmtp();
    p = await startTestPlatform({ smtpUrl: smtp.url });
    // made directly: a signup would mail its welcome first, and this test reads the first mail
    await insertUser(p.db, { username: 'mailed@example.com', passwordHash: await hashPassword('old violet lantern 1') });
  });
  afterAll(async () => {
    await p.stop();
    await smtp.stop();
  });

  it('mails the link; the link resets the password once; the new password logs in', async () => {
    expect((await post(p, '/api/accounts/password/reset-password', { email: 'mailed@example.com' })).statusCode).toBe(200);
    const mail = await smtp.waitForMail('mailed@example.com');
    expect(mail.subject).toBe('Reset your Tabula password');
    expect(mail.raw).toMatch(/^From: Tabula <no-reply@tabula\.local>/m);
    expect(mail.html).toContain('<a href=');
    const [, code, address] = LINK.exec(mail.text)!;
    expect(mail.html).toContain(code);
    const email = decodeURIComponent(address!);
    expect(email).toBe('mailed@example.com');

    const reset = await post(p, '/api/accounts/password/reset', {
      code,
      email,
      password: 'a quiet violet harbour 7',
      confirmPassword: 'a quiet violet harbour 7',
    });
    expect(reset.statusCode).toBe(200);
    const login = await post(p, '/api/accounts/login', { username: 'mailed@example.com', password: 'a quiet violet harbour 7' });
    expect(login.statusCode).toBe(200);
    expect(body(login).id).toBe(body(reset).id);

    const twice = await post(p, '/api/accounts/password/reset', {
      code,
      email,
      password: 'another password',
      confirmPassword: 'another password',
    });
    expect(twice.statusCode).toBe(400);
    expect(body(twice).errors.code).toEqual(['The recovery link is invalid or has expired.']);

    await drainMail(p.server.app);
    const row = await p.db('outbox').where({ to: 'mailed@example.com' }).first();
    expect(row.status).toBe('sent');
    expect(row.sent_at).not.toBeNull();
  });

  it('still answers 200 when SMTP refuses the mail, and records the failure', async () => {
    smtp.rejectAll = true;
    try {
      const res = await post(p, '/api/accounts/password/reset-password', { email: 'mailed@example.com' });
      expect(res.statusCode).toBe(200);
      await drainMail(p.server.app);
      const row = await p.db('outbox').where({ to: 'mailed@example.com' }).orderBy('created_at', 'desc').first();
      expect(row.status).toBe('failed');
      expect(row.error).toBeTruthy();
    } finally {
      smtp.rejectAll = false;
    }
  });
});
