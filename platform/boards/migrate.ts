import Boom from '@hapi/boom';
import type { Knex } from 'knex';
import type { Command, Shape } from '../../shared/model';
import type { BoardSnapshot } from '../../shared/reducer';
import type { Actor } from '../core/actor';
import { guestKey } from '../core/identity';
import { ensureDefaultWorkspace } from '../workspaces/api';
import type { BoardApp } from './access';
import { forgetBoard } from './access-cache';
import { textArray } from './log';

/**
 * POST /api/users/migrate {uniqueUserId} at login (panel.md §4 'Your local boards are being
 * merged with your account.'): the guest's boards move into the user's default workspace and
 * become theirs; the guest's memberships, chat messages and comments become the user's.
 *
 * `uniqueUserId` is the guest's secret roaming uid, held by the caller's own browser: the guest
 * is found by its key (core/identity guestKey), so only the holder of the secret can merge it, and
 * no value names a registered user (a key is never a user id). A guest merges once: the key is
 * recorded in `merged_guests` and a second call, by anyone, moves nothing.
 *
 * What the guest drew becomes the user's too (renameIdentity), so the user can undo and redo
 * their guest-era commands and, in private mode, keep editing the shapes they drew as a guest.
 */
export async function migrateGuest(
  app: BoardApp,
  actor: Actor | null,
  guestSecret: string,
): Promise<{ boards: number; memberships: number }> {
  if (!actor?.userId) throw Boom.unauthorized('Missing authentication');
  const userId = actor.userId;
  const from = guestKey(guestSecret);
  const workspace = await ensureDefaultWorkspace(app.db, userId);
  const result = await app.db.transaction(async (trx) => {
    const first = await trx.raw('insert into merged_guests (guest_uid, user_id) values (?, ?) on conflict do nothing returning guest_uid', [
      from,
      userId,
    ]);
    if (!first.rows?.length) return { boards: 0, memberships: 0 };
    return renameIdentity(trx, from, actor.uid, { userId, workspaceId: workspace.id });
  });
  forgetBoard(app);
  return result;
}

/**
 * Everything one identity key holds becomes another's, in the caller's transaction: boards it
 * owns as a guest, memberships (a board the new key already belongs to keeps its own row), chat
 * messages, comments, seen marks, and on every board it belonged to, owned or edited, each stored
 * command naming it — the author (`commands.uid`, `command.uid`, sub-commands of a commandSet),
 * and in shapes (add/replace shapes, shapes nested in composites and links, the shapes of
 * undo/redo/clear effects) the creator `uid`, `modifiedBy` and `protectedBy` — and the stored
 * state of those boards' snapshots (shapes and undo info). The shape index and seqs do not
 * change. Past days' `board_activity` rows stay the old key's.
 *
 * With `user`, the new key is that user's: the boards join their default workspace and the rows
 * get their user id (guest merge). Without, it is a guest's new key (migration 006).
 */
export async function renameIdentity(
  trx: Knex.Transaction,
  from: string,
  to: string,
  user: { userId: string; workspaceId: string } | null,
): Promise<{ boards: number; memberships: number }> {
  const userId = user?.userId ?? null;
  // the boards the old key may have written to (found before its memberships move)
  const touched = await boardsOfGuest(trx, from);
  const boards = await trx('boards')
    .whereNull('owner_id')
    .andWhere({ owner_uid: from })
    .update(user ? { owner_id: userId, owner_uid: to, workspace_id: user.workspaceId, updated_at: trx.fn.now() } : { owner_uid: to });
  await trx('board_members as g')
    .where('g.uid', from)
    .whereExists(
      trx('board_members as u')
        .whereRaw('u.board_id = g.board_id')
        .andWhere((w) => (userId ? w.where('u.uid', to).orWhere('u.user_id', userId) : w.where('u.uid', to))),
    )
    .delete();
  const memberships = await trx('board_members')
    .where({ uid: from })
    .update({ uid: to, ...(userId ? { user_id: userId } : {}), updated_at: trx.fn.now() });
  await trx('chat_messages')
    .where({ uid: from })
    .update({ uid: to, ...(userId ? { user_id: userId } : {}) });
  await trx('comments')
    .where({ author_uid: from })
    .update({ author_uid: to, ...(userId ? { author_user_id: userId } : {}) });
  await trx('comment_threads').where({ created_by: from }).update({ created_by: to });
  await trx('comment_seen as g')
    .where('g.uid', from)
    .whereExists(trx('comment_seen as u').whereRaw('u.thread_id = g.thread_id').andWhere('u.uid', to))
    .delete();
  await trx('comment_seen').where({ uid: from }).update({ uid: to });
  for (const boardId of touched) {
    await reauthorCommands(trx, boardId, from, to);
    await reauthorSnapshots(trx, boardId, from, to);
  }
  return { boards, memberships };
}

/**
 * Boards holding the guest's commands: those they own or are a member of (opening a board makes
 * the visitor a member, over HTTP and the hub) and those they edited (board_activity). Found
 * through indexes: the command log has no index by author, and needs none on its append path.
 */
async function boardsOfGuest(trx: Knex.Transaction, guestUid: string): Promise<string[]> {
  const rows: Array<{ id: string }> = await trx
    .select('id')
    .from('boards')
    .where({ owner_uid: guestUid })
    .union((q) => q.select('board_id as id').from('board_members').where({ uid: guestUid }))
    .union((q) => q.select('board_id as id').from('board_activity').where({ uid: guestUid }));
  return rows.map((r) => r.id);
}

/** Kinds of commands by other authors that may still name the guest (in shapes or effects). */
const CARRYING_SHAPES = ['undo', 'clear', 'replace', 'commandSet', 'composite', 'link'];
/** Rows rewritten per statement. */
const BATCH = 200;

/** Rewrites the guest's uid in one board's stored commands (authors, shapes, effects). */
async function reauthorCommands(trx: Knex.Transaction, boardId: string, from: string, to: string): Promise<void> {
  const rows: Array<{ seq: number | string; uid: string; p: string }> = await trx('commands')
    .where({ board_id: boardId })
    .andWhere((w) => w.where('uid', from).orWhereIn('kind', CARRYING_SHAPES))
    .andWhereRaw('strpos(payload::text, ?) > 0', [JSON.stringify(from)])
    .select('seq', 'uid', trx.raw('payload::text as p'));
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    await trx.raw(
      `update commands c set uid = x.uid, payload = x.payload::jsonb
         from unnest(?::bigint[], ?::text[], ?::text[]) as x(seq, uid, payload)
        where c.board_id = ? and c.seq = x.seq`,
      [
        textArray(batch.map((r) => String(r.seq))),
        textArray(batch.map((r) => (r.uid === from ? to : r.uid))),
        textArray(batch.map((r) => JSON.stringify(reauthorCommand(JSON.parse(r.p) as Command, from, to)))),
        boardId,
      ],
    );
  }
}

/** Rewrites the guest's uid in one board's stored snapshots (shapes and undo info). */
async function reauthorSnapshots(trx: Knex.Transaction, boardId: string, from: string, to: string): Promise<void> {
  const rows: Array<{ seq: number | string; s: string }> = await trx('snapshots')
    .where({ board_id: boardId })
    .andWhereRaw('strpos(state::text, ?) > 0', [JSON.stringify(from)])
    .select('seq', trx.raw('state::text as s'));
  for (const row of rows) {
    const state = JSON.parse(row.s) as BoardSnapshot;
    const next: BoardSnapshot = {
      ...state,
      shapes: (state.shapes ?? []).map((s) => reauthorShape(s, from, to)),
      undo: { ...state.undo, commands: (state.undo?.commands ?? []).map((c) => reauthorCommand(c, from, to)) },
    };
    await trx('snapshots')
      .where({ board_id: boardId, seq: row.seq })
      .update({ state: JSON.stringify(next) });
  }
}

const swap = (value: unknown, from: string, to: string) => (value === from ? to : value);

/** A shape with `from` replaced by `to` as creator, last modifier and protector (nested shapes too). */
export function reauthorShape(shape: Shape, from: string, to: string): Shape {
  if (!shape || typeof shape !== 'object') return shape;
  const next = { ...shape } as Shape & { shapes?: Shape[] };
  next.uid = swap(next.uid, from, to) as string;
  if (next.modifiedBy !== undefined) next.modifiedBy = swap(next.modifiedBy, from, to) as string;
  if (next.protectedBy !== undefined) next.protectedBy = swap(next.protectedBy, from, to) as string;
  if (Array.isArray(next.shapes)) next.shapes = next.shapes.map((s) => reauthorShape(s, from, to));
  return next;
}

/** A command with `from` replaced by `to` as author, in its sub-commands, shapes and effect. */
export function reauthorCommand(command: Command, from: string, to: string): Command {
  const next = { ...command, uid: swap(command.uid, from, to) } as Command & {
    shape?: unknown;
    commands?: Command[];
    effect?: { shapes?: Shape[] };
  };
  if (Array.isArray(next.commands)) next.commands = next.commands.map((c) => reauthorCommand(c, from, to));
  if (next.shape && typeof next.shape === 'object') next.shape = reauthorShape(next.shape as Shape, from, to);
  if (next.effect && Array.isArray(next.effect.shapes))
    next.effect = { ...next.effect, shapes: next.effect.shapes.map((s) => reauthorShape(s, from, to)) };
  return next;
}
