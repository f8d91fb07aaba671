import type { Db } from '../db/index';

/** Who sent a log record (003_logs). */
export interface LogOrigin {
  uid: string | null;
  userId: string | null;
  ip: string | null;
  country: string | null;
  userAgent: string | null;
}

const who = (o: LogOrigin) => ({ uid: o.uid, user_id: o.userId, ip: o.ip, country: o.country, user_agent: o.userAgent });
const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

export async function insertClientLog(
  db: Db,
  o: LogOrigin,
  r: { level: string; context: string; message: string; data: unknown },
): Promise<void> {
  await db('client_logs').insert({ ...who(o), level: r.level, context: r.context, message: r.message, data: json(r.data) });
}

export async function insertUsageLog(db: Db, o: LogOrigin, r: { context: string; data: unknown }): Promise<void> {
  await db('usage_logs').insert({ ...who(o), context: r.context, data: json(r.data) });
}

export async function insertPerfLog(
  db: Db,
  o: LogOrigin,
  r: { type: string; sessionId: string; board: string | null; ver: string | null; payload: unknown },
): Promise<void> {
  await db('perf_logs').insert({ ...who(o), type: r.type, session_id: r.sessionId, board: r.board, ver: r.ver, payload: json(r.payload) });
}
