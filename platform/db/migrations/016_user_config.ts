import type { Knex } from 'knex';

/**
 * A signed-in user's board preferences (board.md §3 userConfig): key bindings `keys` [{c, k}],
 * `snapToObject`, custom `colors`. Saved by PUT /api/users/configs, sent with every board join.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.jsonb('config').notNullable().defaultTo('{}');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('config');
  });
}
