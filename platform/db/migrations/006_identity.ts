import type { Knex } from 'knex';
import { renameIdentity } from '../../boards/migrate';
import { guestKey, GUEST_PREFIX, PARTICIPANT_PREFIX } from '../../core/identity';

/**
 * Identity keys (docs/security.md "Identity and trust"): a guest was stored under the roaming
 * uid it sent — a secret, published to every member. From now on a guest is stored under
 * the key of its secret (core/identity guestKey) and the secret itself is never stored.
 *
 * Every guest uid already stored is rewritten to its key (boards, members, chat, comments,
 * commands, snapshots: boards/migrate renameIdentity), so a guest's browser, still holding its
 * secret, finds its boards again. `merged_guests` remembers the guests merged into an account
 * (POST /api/users/migrate): a guest merges once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('merged_guests', (t) => {
    t.string('guest_uid', 100).primary();
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('merged_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  const keyed = (column: string) => knex.raw(`${column} not like ? and ${column} not like ?`, [`${GUEST_PREFIX}%`, `${PARTICIPANT_PREFIX}%`]);
  const legacy: Array<{ uid: string }> = await knex
    .select('owner_uid as uid').from('boards').whereNull('owner_id').whereNotNull('owner_uid').andWhere(keyed('owner_uid'))
    .union((q) => q.select('uid').from('board_members').whereNull('user_id').andWhere(keyed('uid')))
    .union((q) => q.select('uid').from('chat_messages').whereNull('user_id').andWhere(keyed('uid')))
    .union((q) => q.select('author_uid as uid').from('comments').whereNull('author_user_id').andWhere(keyed('author_uid')));
  // the migration runs in its own transaction: `knex` here is that transaction
  for (const { uid } of legacy) await renameIdentity(knex as Knex.Transaction, uid, guestKey(uid), null);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('merged_guests');
}
