import type { Knex } from 'knex';

/**
 * A user's core actions (panel.md §3 home data `coreAction {sessions, edits, collaborations}`;
 * backoffice.md §3 User detail sessions, edits, collaborations): one definition for the panel's
 * home and the back-office's user detail. Sessions are board sessions, a join to a leave
 * (board_sessions, recorded since usage facts exist: docs/backoffice.md "Usage facts"); edits and
 * collaborations are the member's board-days on which they changed a board, alone or while
 * someone else was on it (board_activity).
 */
export async function coreActionsOf(db: Knex, userId: string): Promise<{ sessions: number; edits: number; collaborations: number }> {
  const [sessions, activity] = await Promise.all([
    db('board_sessions').where({ user_id: userId }).first(db.raw('count(*)::int as n')) as Promise<{ n: number | string } | undefined>,
    db('board_activity')
      .where({ user_id: userId })
      .first(
        db.raw('count(*) filter (where edited)::int as edits'),
        db.raw('count(*) filter (where collaborated)::int as collaborations'),
      ) as Promise<{ edits: number | string; collaborations: number | string } | undefined>,
  ]);
  return { sessions: Number(sessions?.n ?? 0), edits: Number(activity?.edits ?? 0), collaborations: Number(activity?.collaborations ?? 0) };
}
