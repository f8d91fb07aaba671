import type { Knex } from 'knex';

/**
 * Sessions (docs/security.md "Sessions and tokens"):
 *  - users.token_version: carried by every access token as the `tv` claim; a password change or
 *    reset increments it, so every access token issued before stops working at once (jwt
 *    validate and every hub call compare it, through a short cache).
 *  - refresh_tokens.rotated_at / replaced_by / successor_sealed: a rotated token remembers its
 *    successor, sealed with a key only the holder of the rotated token can derive, so the same
 *    token presented again within the grace window answers the same successor (two tabs
 *    refreshing at once both stay signed in) instead of revoking the family.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.integer('token_version').notNullable().defaultTo(0);
  });
  await knex.schema.alterTable('refresh_tokens', (t) => {
    t.timestamp('rotated_at', { useTz: true }).nullable();
    t.uuid('replaced_by').nullable();
    t.text('successor_sealed').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('refresh_tokens', (t) => {
    t.dropColumn('successor_sealed');
    t.dropColumn('replaced_by');
    t.dropColumn('rotated_at');
  });
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('token_version');
  });
}
