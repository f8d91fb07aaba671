import type { Knex } from 'knex';

type Conn = Knex | Knex.Transaction;

/** One operator action (migration 011 operator_audit). */
export interface AuditEntry {
  /** the operator's user id; null for the command line */
  actorId: string | null;
  /** the operator's username, or 'cli' */
  actorName: string;
  /** e.g. 'board.disable', 'user.toggle-active', 'role.grant' */
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  details?: Record<string, unknown>;
}

export async function writeAudit(db: Conn, entry: AuditEntry): Promise<void> {
  await db('operator_audit').insert({
    actor_id: entry.actorId,
    actor_name: entry.actorName.slice(0, 320),
    action: entry.action.slice(0, 100),
    target_type: entry.targetType?.slice(0, 40) ?? null,
    target_id: entry.targetId?.slice(0, 100) ?? null,
    details: JSON.stringify(entry.details ?? {}),
  });
}
