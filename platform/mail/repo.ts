import type { Db } from '../db/index';

export type OutboxStatus = 'sending' | 'sent' | 'stored' | 'failed';

export interface OutboxRow {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  status: OutboxStatus;
  error: string | null;
  created_at: Date;
  sent_at: Date | null;
}

export async function insertMail(
  db: Db,
  mail: { to: string; subject: string; text: string; html?: string | null; status: OutboxStatus },
): Promise<OutboxRow> {
  const [row] = await db('outbox')
    .insert({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null, status: mail.status })
    .returning('*');
  return row as OutboxRow;
}

export async function setMailStatus(db: Db, id: string, status: OutboxStatus, error: string | null = null): Promise<void> {
  await db('outbox')
    .where({ id })
    .update({ status, error, sent_at: status === 'sent' ? db.fn.now() : null });
}

export async function findMail(db: Db, id: string): Promise<OutboxRow | undefined> {
  return (await db('outbox').where({ id }).first()) as OutboxRow | undefined;
}
