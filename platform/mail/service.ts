import nodemailer, { type Transporter } from 'nodemailer';
import type { AppContext } from '../core/context';
import { findMail, insertMail, setMailStatus, type OutboxRow, type OutboxStatus } from './repo';

export type { OutboxRow, OutboxStatus };

/**
 * Outgoing e-mail. Every mail is written to the `outbox` table first; then it is sent over
 * SMTP (config.smtpUrl) and marked 'sent', or 'failed' with the error. Without SMTP the
 * mail stays 'stored' and is logged at info level so an operator can read it.
 * Sending never throws at a visitor: failures are recorded, logged and reported in the result.
 */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailResult {
  id: string | null;
  status: OutboxStatus;
  error?: string;
}

type MailContext = Pick<AppContext, 'config' | 'db' | 'logger'>;

const transports = new WeakMap<object, Transporter>();
const inFlight = new WeakMap<object, Set<Promise<unknown>>>();

export async function sendMail(app: MailContext, mail: Mail): Promise<MailResult> {
  const { config, db, logger } = app;
  let id: string | null = null;
  try {
    const row = await insertMail(db, { ...mail, status: config.smtpUrl ? 'sending' : 'stored' });
    id = row.id;
    if (!config.smtpUrl) {
      logger.info(
        { outboxId: id, to: mail.to, subject: mail.subject, text: mail.text },
        'mail stored in the outbox (no SMTP_URL configured)',
      );
      return { id, status: 'stored' };
    }
    await transportOf(app).sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    await setMailStatus(db, id, 'sent');
    logger.info({ outboxId: id, to: mail.to, subject: mail.subject }, 'mail sent');
    return { id, status: 'sent' };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    logger.error({ err, outboxId: id, to: mail.to, subject: mail.subject }, 'mail delivery failed');
    if (id)
      await setMailStatus(db, id, 'failed', error).catch((e) =>
        logger.error({ err: e, outboxId: id }, 'could not record the mail failure'),
      );
    return { id, status: 'failed', error };
  }
}

/** One mail of the outbox as it was written (the back-office's Outbox screen). */
export async function outboxMail(app: Pick<MailContext, 'db'>, id: string): Promise<OutboxRow | undefined> {
  return findMail(app.db, id);
}

/**
 * Sends a mail of the outbox again, as it was written (the back-office's Resend): over SMTP only
 * (the caller checks config.smtpUrl first); the row goes 'sending', then 'sent' or 'failed' with
 * the error. Null when there is no such mail. Never throws at the caller for a delivery failure.
 */
export async function resendMail(app: MailContext, id: string): Promise<MailResult | null> {
  const { config, db, logger } = app;
  const row = await findMail(db, id);
  if (!row) return null;
  if (!config.smtpUrl) return { id, status: row.status, error: 'no SMTP_URL configured' };
  await setMailStatus(db, id, 'sending');
  try {
    await transportOf(app).sendMail({
      from: config.mailFrom,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html ?? undefined,
    });
    await setMailStatus(db, id, 'sent');
    logger.info({ outboxId: id, to: row.to, subject: row.subject }, 'mail sent again');
    return { id, status: 'sent' };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    logger.error({ err, outboxId: id, to: row.to, subject: row.subject }, 'mail delivery failed (resend)');
    await setMailStatus(db, id, 'failed', error).catch((e) => logger.error({ err: e, outboxId: id }, 'could not record the mail failure'));
    return { id, status: 'failed', error };
  }
}

/**
 * Sends in the background (the answer to the visitor does not wait for SMTP, so its timing
 * says nothing about the mail). The mail plugin waits for these before the server stops.
 */
export function sendMailLater(app: MailContext, mail: Mail): void {
  let pending = inFlight.get(app);
  if (!pending) inFlight.set(app, (pending = new Set()));
  const job: Promise<unknown> = sendMail(app, mail).finally(() => pending.delete(job));
  pending.add(job);
}

/** Waits for background mails of this app (used on server stop and by tests). */
export async function drainMail(app: MailContext): Promise<void> {
  const pending = inFlight.get(app);
  while (pending && pending.size > 0) await Promise.allSettled([...pending]);
}

export function closeMailTransport(app: MailContext): void {
  transports.get(app)?.close();
  transports.delete(app);
}

function transportOf(app: MailContext): Transporter {
  let transport = transports.get(app);
  if (!transport) {
    transport = nodemailer.createTransport({
      url: app.config.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    } as never);
    transports.set(app, transport);
  }
  return transport;
}
