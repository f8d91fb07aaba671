/**
 * The Outbox screen's API (docs/backoffice.md "Outbox"; docs/operations.md "Mail without SMTP"):
 * without SMTP_URL a password-recovery mail stays in the outbox; an operator lists it, opens it and
 * reads the reset link; Resend answers 409 with a clear message. With SMTP, Resend sends the mail
 * again (or records the failure). Operators only: a user gets 403, no token 401; bad input is a
 * 400 in the error envelope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_TEXTS } from '../../platform/admin/outbox/routes';
import { drainMail } from '../../platform/mail/service';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { call, signedIn, type Who } from './boards-fixtures';
import { operator } from './admin-fixtures';

const LINK = /https?:\/\/[^\s"<]+\/accounts\/reset-password\/[A-Za-z0-9_-]+\/[^\s"<]+/;

async function recoveryMailFor(p: TestPlatform, email: string, password = 'outbox password 1') {
  const signup = await p.server.inject({
    method: 'POST',
    url: '/api/accounts/users',
    payload: { username: email, password, repeatPassword: password, terms: true },
  });
  expect(signup.statusCode, signup.payload).toBe(201);
  const asked = await p.server.inject({ method: 'POST', url: '/api/accounts/password/reset-password', payload: { email } });
  expect(asked.statusCode).toBe(200);
  await drainMail(p.server.app);
}

describe('the outbox without SMTP', () => {
  let p: TestPlatform;
  let op: Who;
  let user: Who;
  const email = 'rita.reset@example.com';

  beforeAll(async () => {
    p = await startTestPlatform();
    op = await operator(p);
    user = await signedIn(p, { name: 'Ursula User' });
    await recoveryMailFor(p, email);
  });
  afterAll(() => p?.stop());

  it('lists the recovery mail (newest first, status stored) and finds it by address', async () => {
    const page = await call(p, op, 'GET', '/api/admin/outbox');
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.totalCount).toBeGreaterThanOrEqual(1);
    const found = await call(p, op, 'GET', `/api/admin/outbox?Filter=${encodeURIComponent('rita.reset')}`);
    const recovery = found.body.data.find((m: { subject: string }) => /password/i.test(m.subject));
    expect(recovery).toMatchObject({ id: expect.any(String), to: email, status: 'stored', created: expect.any(String), sentAt: null });
    expect(Object.keys(recovery).sort()).toEqual(['created', 'id', 'sentAt', 'status', 'subject', 'to']);
    // quick filters by status, orders
    expect((await call(p, op, 'GET', '/api/admin/outbox?QuickFilter=stored')).body.totalCount).toBe(page.body.totalCount);
    expect((await call(p, op, 'GET', '/api/admin/outbox?QuickFilter=sent')).body).toEqual({ totalCount: 0, data: [] });
    expect((await call(p, op, 'GET', '/api/admin/outbox?Orders=to&Orders=created%20Desc&Take=1')).status).toBe(200);
  });

  it('shows the mail with its text and HTML bodies: the operator reads the reset link', async () => {
    const [row] = (await call(p, op, 'GET', `/api/admin/outbox?Filter=${encodeURIComponent(email)}&QuickFilter=stored`)).body.data.filter(
      (m: { subject: string }) => /password/i.test(m.subject),
    );
    const detail = await call(p, op, 'GET', `/api/admin/outbox/${row.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: row.id, to: email, status: 'stored', smtp: false, error: null });
    const link = LINK.exec(detail.body.text)?.[0];
    expect(link).toContain(`${p.config.publicUrl}/accounts/reset-password/`);
    expect(detail.body.html).toContain(link!.replace(/&/g, '&amp;'));
    // the link works: the reset page's code sets a new password
    const [, code, address] = /\/reset-password\/([^/]+)\/([^/\s]+)$/.exec(link!)!;
    const reset = await p.server.inject({
      method: 'POST',
      url: '/api/accounts/password/reset',
      payload: { code, email: decodeURIComponent(address!), password: 'a brand new password', confirmPassword: 'a brand new password' },
    });
    expect(reset.statusCode, reset.payload).toBe(200);
    // reading a mail that may hold a sign-in link is written to the operator audit
    const trail = await p.db('operator_audit').where({ target_id: row.id }).pluck('action');
    expect(trail).toEqual(['outbox.read']);
  });

  it('Resend without SMTP: 409 with a clear message in the envelope; nothing changes', async () => {
    const [row] = (await call(p, op, 'GET', '/api/admin/outbox')).body.data;
    const res = await call(p, op, 'POST', `/api/admin/outbox/${row.id}/resend`, {});
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: OUTBOX_TEXTS.noSmtp });
    expect(res.body.message).toContain('SMTP_URL');
    expect((await p.db('outbox').where({ id: row.id }).first()).status).toBe('stored');
  });

  it('operators only: a user gets 403, no token 401', async () => {
    const [row] = (await call(p, op, 'GET', '/api/admin/outbox')).body.data;
    for (const [method, url] of [
      ['GET', '/api/admin/outbox'],
      ['GET', `/api/admin/outbox/${row.id}`],
      ['POST', `/api/admin/outbox/${row.id}/resend`],
    ] as const) {
      const payload = method === 'POST' ? {} : undefined;
      const asUser = await call(p, user, method, url, payload);
      expect(asUser.status, `${method} ${url} as a user`).toBe(403);
      expect(asUser.body.message).toEqual(expect.any(String));
      expect(JSON.stringify(asUser.body)).not.toContain('reset-password');
      const anonymous = await call(p, null, method, url, payload);
      expect(anonymous.status, `${method} ${url} without a token`).toBe(401);
    }
  });

  it('bad input: 400 in the error envelope; an unknown mail 404', async () => {
    const cases: Array<[string, string, object | undefined, string]> = [
      ['GET', '/api/admin/outbox/not-a-uuid', undefined, 'id'],
      ['GET', '/api/admin/outbox?Take=0', undefined, 'Take'],
      ['GET', '/api/admin/outbox?Take=1000', undefined, 'Take'],
      ['GET', '/api/admin/outbox?Orders=text', undefined, 'Orders'],
      ['GET', '/api/admin/outbox?QuickFilter=lost', undefined, 'QuickFilter'],
      ['POST', '/api/admin/outbox/not-a-uuid/resend', {}, 'id'],
      ['POST', '/api/admin/outbox/00000000-0000-4000-8000-000000000000/resend', { to: 'someone@else.example' }, 'to'],
    ];
    for (const [method, url, payload, field] of cases) {
      const res = await call(p, op, method, url, payload);
      expect(res.status, `${method} ${url}`).toBe(400);
      expect(res.body.message, `${method} ${url}`).toEqual(expect.any(String));
      expect(Object.keys(res.body.errors ?? {}), `${method} ${url}`).toContain(field);
    }
    const missing = await call(p, op, 'GET', '/api/admin/outbox/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(OUTBOX_TEXTS.notFound);
  });
});

describe('the outbox with SMTP: Resend', () => {
  let p: TestPlatform;
  let smtp: TestSmtp;
  let op: Who;

  beforeAll(async () => {
    smtp = await startSmtp();
    p = await startTestPlatform({ smtpUrl: smtp.url });
    op = await operator(p);
  });
  afterAll(async () => {
    await p?.stop();
    await smtp?.stop();
  });

  it('sends a mail that was stored before SMTP was configured, and marks it sent', async () => {
    const [stored] = await p
      .db('outbox')
      .insert({ to: 'late@example.com', subject: 'Stored before SMTP', text: 'Open https://example.com/x', html: null, status: 'stored' })
      .returning('*');
    const detail = await call(p, op, 'GET', `/api/admin/outbox/${stored.id}`);
    expect(detail.body).toMatchObject({ smtp: true, status: 'stored', html: null });
    const res = await call(p, op, 'POST', `/api/admin/outbox/${stored.id}/resend`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ id: stored.id, status: 'sent', message: 'mail sent' });
    const received = await smtp.waitForMail('late@example.com', 10_000);
    expect(received.subject).toBe('Stored before SMTP');
    expect(received.text).toContain('https://example.com/x');
    const row = await p.db('outbox').where({ id: stored.id }).first();
    expect(row.status).toBe('sent');
    expect(row.sent_at).not.toBeNull();
    expect(await p.db('operator_audit').where({ target_id: stored.id }).orderBy('id').pluck('action')).toEqual([
      'outbox.read',
      'outbox.resend',
    ]);
  });

  it('sends a recovery mail again; a refused delivery is answered and recorded as failed', async () => {
    await recoveryMailFor(p, 'sam.smtp@example.com');
    await smtp.waitForMail('sam.smtp@example.com', 10_000, (m) => LINK.test(m.text));
    const [row] = (await call(p, op, 'GET', `/api/admin/outbox?Filter=sam.smtp&QuickFilter=sent`)).body.data.filter(
      (m: { subject: string }) => /password/i.test(m.subject),
    );
    expect(row).toMatchObject({ status: 'sent', sentAt: expect.any(String) });
    const before = smtp.mails.filter((m) => m.to.includes('sam.smtp@example.com')).length;
    expect((await call(p, op, 'POST', `/api/admin/outbox/${row.id}/resend`, {})).body.status).toBe('sent');
    expect(smtp.mails.filter((m) => m.to.includes('sam.smtp@example.com')).length).toBe(before + 1);

    smtp.rejectAll = true;
    try {
      const res = await call(p, op, 'POST', `/api/admin/outbox/${row.id}/resend`, {});
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: row.id, status: 'failed', error: expect.stringMatching(/550|Mailbox unavailable/) });
      expect(res.body.message).toMatch(/^The mail could not be sent: /);
      const detail = await call(p, op, 'GET', `/api/admin/outbox/${row.id}`);
      expect(detail.body).toMatchObject({ status: 'failed', error: expect.stringMatching(/550|Mailbox unavailable/) });
      expect((await call(p, op, 'GET', '/api/admin/outbox?QuickFilter=failed')).body.data.map((m: { id: string }) => m.id)).toEqual([
        row.id,
      ]);
    } finally {
      smtp.rejectAll = false;
    }
  });
});
