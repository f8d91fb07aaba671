import type { Knex } from 'knex';

/**
 * Board invitations by e-mail to an address that has no account yet (docs/security.md, "Login,
 * enumeration and passwords"): inviting an unknown address sends an invitation e-mail instead of
 * saying that no account uses it. The person joins the board with the invited role when an
 * account for that address is created with proof of the mailbox (the invitation link's token,
 * a verified Google e-mail, or a recovery link). Only the token's SHA-256 is stored.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('board_invitations', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('board_id').notNullable().references('boards.id').onDelete('CASCADE');
    /** trimmed, lower-cased */
    t.string('email', 320).notNullable();
    t.string('role', 20).notNullable();
    t.uuid('invited_by').nullable().references('users.id').onDelete('SET NULL');
    t.string('token_hash', 64).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('accepted_at', { useTz: true }).nullable();
    t.unique(['board_id', 'email']);
  });
  await knex.raw('create index board_invitations_email on board_invitations (email) where accepted_at is null');
  await knex.raw('create unique index board_invitations_token on board_invitations (token_hash)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('board_invitations');
}
