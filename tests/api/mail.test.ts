import net from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMail } from '../../platform/mail/service';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { startSmtp, type TestSmtp } from '../helpers/smtp';

/** sendMail: every mail through the outbox; stored without SMTP, sent, or failed without throwing. */
describe('mail', () => {
  let p: TestPlatform;
  let smtp: TestSmtp;
  const logs: Array<Record<string, unknown>> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line)) });
  beforeAll(async () => {
    smtp = await startSmtp();
    p = await startTestPlatform();
  });
  afterAll(async () => {
    await p.stop();
    await smtp.stop();
  });
  const app = (smtpUrl?: string) => ({ config: { ...p.config, smtpUrl }, db: p.db, logger });
  const mail = (to: string) => ({ to, subject: 'Hello from Tabula', text: 'Plain text body', html: '<p>HTML body</p>' });

  it('stores the mail and logs it at info level when no SMTP is configured', async () => {
    const result = await sendMail(app(), mail('stored@example.com'));
    expect(result.status).toBe('stored');
    const row = await p.db('outbox').where({ id: result.id }).first();
    expect(row).toMatchObject({
      to: 'stored@example.com',
      subject: 'Hello from Tabula',
      text: 'Plain text body',
      html: '<p>HTML body</p>',
      status: 'stored',
      error: null,
    });
    const line = logs.find((l) => l.outboxId === result.id);
    expect(line).toMatchObject({ level: 30, to: 'stored@example.com', subject: 'Hello from Tabula', text: 'Plain text body' });
  });

  it('sends over SMTP and marks the outbox row sent', async () => {
    const result = await sendMail(app(smtp.url), mail('sent@example.com'));
    expect(result.status).toBe('sent');
    const received = await smtp.waitForMail('sent@example.com');
    expect(received.subject).toBe('Hello from Tabula');
    expect(received.text.trim()).toBe('Plain text body');
    expect(received.html.trim()).toBe('<p>HTML body</p>');
    expect(received.raw).toMatch(new RegExp(`^From: ${p.config.mailFrom}`, 'm'));
    expect((await p.db('outbox').where({ id: result.id }).first()).status).toBe('sent');
  });

  it('records a refused mail as failed, without throwing', async () => {
    smtp.rejectAll = true;
    try {
      const result = await sendMail(app(smtp.url), mail('refused@example.com'));
      expect(result.status).toBe('failed');
      const row = await p.db('outbox').where({ id: result.id }).first();
      expect(row.status).toBe('failed');
      expect(row.error).toMatch(/550|Mailbox unavailable/);
    } finally {
      smtp.rejectAll = false;
    }
  });

  it('records an unreachable SMTP server as failed', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as net.AddressInfo;
        s.close(() => resolve(port));
      });
    });
    const result = await sendMail(app(`smtp://127.0.0.1:${closedPort}`), mail('unreachable@example.com'));
    expect(result.status).toBe('failed');
    expect((await p.db('outbox').where({ id: result.id }).first()).error).toMatch(/ECONNREFUSED|connect/i);
  });
});
