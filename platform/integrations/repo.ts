import type { Db } from '../db/index';

/** The providers an account is linked to (external_identities, written by accounts/google.ts). */
export async function linkedProviders(db: Db, userId: string): Promise<Set<string>> {
  const rows: Array<{ provider: string }> = await db('external_identities').where({ user_id: userId }).distinct('provider');
  return new Set(rows.map((r) => r.provider));
}

export async function unlinkProvider(db: Db, userId: string, provider: string): Promise<number> {
  return db('external_identities').where({ user_id: userId, provider }).delete();
}
