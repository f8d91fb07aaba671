import type { Knex } from 'knex';

/**
 * User audit (backoffice.md §2/§3 User Audit; docs/backoffice.md "Audits"): one row per board
 * join over the hub — who (account and/or guest key), which board, the country of the client
 * address (offline geoip), source (web or embed) and attributes (board size, join
 * frequency). Feature audits and performance logs read the tables of 003_logs.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('user_audits', (t) => {
    t.bigIncrements('id').primary();
    t.uuid('user_id').nullable().references('users.id').onDelete('SET NULL');
    t.string('uid', 100).nullable();
    t.string('board_code', 100).notNullable();
    t.string('type', 40).notNullable();
    t.string('source', 40).nullable();
    t.string('ip', 64).nullable();
    t.string('country', 8).nullable();
    t.jsonb('attributes').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index user_audits_created on user_audits (created_at)');
  await knex.raw('create index user_audits_board_uid on user_audits (board_code, uid)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('user_audits');
}
