import type { Knex } from 'knex';

/**
 * Sessions that end (issue 26, docs/security.md "Sessions and tokens"): one row per sign-in.
 * Its id is the refresh-token family of that sign-in (refresh_tokens.family) and the `sid` claim
 * of every access token issued for it. Logout sets revoked_at: from then on that session's access
 * tokens are refused (jwt validate and every hub call) and its refresh tokens no longer refresh.
 * A password change or reset, a deactivation and an operator's delete end every session of the
 * user (revoked_at set on all of them, beside users.token_version going up).
 *
 * Nothing is backfilled: a refresh-token family issued before this migration (or by an older node
 * during a rolling deploy) has no row and gets one at its next refresh (or, revoked, at its
 * logout); its access tokens carry no `sid`. A deleted user's rows go with the user.
 *
 * Migrations are frozen (docs/architecture.md): nothing is imported from live code.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sessions', (t) => {
    t.uuid('id').primary();
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('revoked_at', { useTz: true }).nullable();
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('sessions');
}
