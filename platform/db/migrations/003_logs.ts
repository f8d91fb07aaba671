import type { Knex } from 'knex';

/**
 * What browsers report (board.md §7): client error logs, feature usage (read by the
 * back-office feature audits) and performance records (back-office performance logs).
 */
export async function up(knex: Knex): Promise<void> {
  const who = (t: Knex.CreateTableBuilder) => {
    t.bigIncrements('id').primary();
    t.string('uid', 100).nullable();
    t.uuid('user_id').nullable().references('users.id').onDelete('SET NULL');
    t.string('ip', 64).nullable();
    t.string('country', 8).nullable();
    t.string('user_agent', 400).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  };
  await knex.schema.createTable('client_logs', (t) => {
    who(t);
    t.string('level', 20).notNullable();
    t.string('context', 200).notNullable().defaultTo('');
    t.text('message').notNullable().defaultTo('');
    t.jsonb('data').nullable();
  });
  await knex.schema.createTable('usage_logs', (t) => {
    who(t);
    t.string('context', 200).notNullable();
    t.jsonb('data').nullable();
  });
  await knex.schema.createTable('perf_logs', (t) => {
    who(t);
    t.string('type', 100).notNullable();
    t.string('session_id', 100).notNullable().defaultTo('');
    t.string('board', 100).nullable();
    t.string('ver', 40).nullable();
    t.jsonb('payload').nullable();
  });
  for (const table of ['client_logs', 'usage_logs', 'perf_logs']) {
    await knex.raw(`create index ${table}_created on ${table} (created_at)`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['perf_logs', 'usage_logs', 'client_logs']) await knex.schema.dropTableIfExists(table);
}
