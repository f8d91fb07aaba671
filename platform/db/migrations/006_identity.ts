import crypto from 'node:crypto';
import type { Knex } from 'knex';

/**
 * Identity keys (docs/security.md "Identity and trust"): a guest was stored under the roaming
 * uid it sent — a secret, published to every member. From now on a guest is stored under
 * the key of its secret (`g_` + 32 hex of its SHA-256) and the secret itself is never stored.
 *
 * Every guest uid already stored is rewritten to its key (boards, members, chat, comments,
 * commands, snapshots), so a guest's browser, still holding its secret, finds its boards again.
 * `merged_guests` remembers the guests merged into an account (POST /api/users/migrate): a guest
 * merges once.
 *
 * Migrations are frozen (docs/architecture.md): everything below the migration is a FROZEN COPY of
 * live code as it was when this migration shipped — platform/core/identity.ts (GUEST_PREFIX,
 * PARTICIPANT_PREFIX, guestKey), platform/boards/migrate.ts (renameIdentity for a guest's new key,
 * i.e. without a user, with boardsOfGuest, reauthorCommands, reauthorSnapshots, reauthorShape,
 * reauthorCommand) and platform/boards/log.ts (textArray). Do not change it to follow the live code,
 * and do not import live code here: a later change there must not change what this migration does.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('merged_guests', (t) => {
    t.string('guest_uid', 100).primary();
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('merged_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  const keyed = (column: string) =>
    knex.raw(`${column} not like ? and ${column} not like ?`, [`${GUEST_PREFIX}%`, `${PARTICIPANT_PREFIX}%`]);
  const legacy: Array<{ uid: string }> = await knex
    .select('owner_uid as uid')
    .from('boards')
    .whereNull('owner_id')
    .whereNotNull('owner_uid')
    .andWhere(keyed('owner_uid'))
    .union((q) => q.select('uid').from('board_members').whereNull('user_id').andWhere(keyed('uid')))
    .union((q) => q.select('uid').from('chat_messages').whereNull('user_id').andWhere(keyed('uid')))
    .union((q) => q.select('author_uid as uid').from('comments').whereNull('author_user_id').andWhere(keyed('author_uid')));
  // the migration runs in its own transaction: `knex` here is that transaction
  for (const { uid } of legacy) await renameGuest(knex as Knex.Transaction, uid, guestKey(uid));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('merged_guests');
}

// ---------------------------------------------------------------------------------------------
// Frozen copy of platform/core/identity.ts (GUEST_PREFIX, PARTICIPANT_PREFIX, guestKey).

const GUEST_PREFIX = 'g_';
const PARTICIPANT_PREFIX = 'a_';

const digest = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 32);

/** The key a guest is known by, from the secret it holds. */
function guestKey(secret: string): string {
  return GUEST_PREFIX + digest(secret);
}

// ---------------------------------------------------------------------------------------------
// Frozen copy of platform/boards/log.ts textArray.

/** A PostgreSQL text[] literal of the values. */
function textArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

// ---------------------------------------------------------------------------------------------
// Frozen copy of platform/boards/migrate.ts renameIdentity(trx, from, to, null) and its helpers.
// Stored rows are handled as plain JSON: the live Command, Shape and BoardSnapshot types may change.

type Json = Record<string, unknown>;
type StoredShape = Json & { uid?: unknown; modifiedBy?: unknown; protectedBy?: unknown; shapes?: StoredShape[] };
type StoredCommand = Json & { uid?: unknown; shape?: unknown; commands?: StoredCommand[]; effect?: { shapes?: StoredShape[] } };
type StoredSnapshot = Json & { shapes?: StoredShape[]; undo?: Json & { commands?: StoredCommand[] } };

/**
 * Everything one guest key holds becomes another guest key's, in the migration's transaction:
 * boards it owns as a guest, memberships (a board the new key already belongs to keeps its own
 * row), chat messages, comments, seen marks, and on every board it belonged to, owned or edited,
 * each stored command naming it (authors, sub-commands, shapes, effects) and the stored state of
 * those boards' snapshots. Past days' `board_activity` rows stay the old key's.
 */
async function renameGuest(trx: Knex.Transaction, from: string, to: string): Promise<void> {
  // the boards the old key may have written to (found before its memberships move)
  const touched = await boardsOfGuest(trx, from);
  await trx('boards').whereNull('owner_id').andWhere({ owner_uid: from }).update({ owner_uid: to });
  await trx('board_members as g')
    .where('g.uid', from)
    .whereExists(
      trx('board_members as u')
        .whereRaw('u.board_id = g.board_id')
        .andWhere((w) => w.where('u.uid', to)),
    )
    .delete();
  await trx('board_members').where({ uid: from }).update({ uid: to, updated_at: trx.fn.now() });
  await trx('chat_messages').where({ uid: from }).update({ uid: to });
  await trx('comments').where({ author_uid: from }).update({ author_uid: to });
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
}

/** Boards holding the guest's commands: those they own, are a member of, or edited (board_activity). */
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
        textArray(batch.map((r) => JSON.stringify(reauthorCommand(JSON.parse(r.p) as StoredCommand, from, to)))),
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
    const state = JSON.parse(row.s) as StoredSnapshot;
    const next: StoredSnapshot = {
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
function reauthorShape(shape: StoredShape, from: string, to: string): StoredShape {
  if (!shape || typeof shape !== 'object') return shape;
  const next = { ...shape };
  next.uid = swap(next.uid, from, to);
  if (next.modifiedBy !== undefined) next.modifiedBy = swap(next.modifiedBy, from, to);
  if (next.protectedBy !== undefined) next.protectedBy = swap(next.protectedBy, from, to);
  if (Array.isArray(next.shapes)) next.shapes = next.shapes.map((s) => reauthorShape(s, from, to));
  return next;
}

/** A command with `from` replaced by `to` as author, in its sub-commands, shapes and effect. */
function reauthorCommand(command: StoredCommand, from: string, to: string): StoredCommand {
  const next: StoredCommand = { ...command, uid: swap(command.uid, from, to) };
  if (Array.isArray(next.commands)) next.commands = next.commands.map((c) => reauthorCommand(c, from, to));
  if (next.shape && typeof next.shape === 'object') next.shape = reauthorShape(next.shape as StoredShape, from, to);
  if (next.effect && Array.isArray(next.effect.shapes))
    next.effect = { ...next.effect, shapes: next.effect.shapes.map((s) => reauthorShape(s, from, to)) };
  return next;
}
