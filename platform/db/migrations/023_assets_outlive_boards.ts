import type { Knex } from 'knex';

/**
 * Assets outlive their board's row for a moment (docs/assets.md "When a board goes"): a board can
 * be removed many ways (its owner, the disposal job, an operator, an account deleted with its
 * boards), and each used to drop the board's asset rows by the foreign key's cascade — leaving the
 * stored bytes behind with nothing left to find them by. Now the rows stay with `board_id` null,
 * and the assets' sweep removes their bytes and then the rows (platform/assets/sweep.ts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('assets', (t) => {
    t.dropForeign(['board_id']);
  });
  await knex.raw('alter table assets alter column board_id drop not null');
  await knex.schema.alterTable('assets', (t) => {
    t.foreign('board_id').references('boards.id').onDelete('SET NULL');
  });
  await knex.raw('create index assets_orphaned on assets (created_at) where board_id is null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists assets_orphaned');
  await knex('assets').whereNull('board_id').delete();
  await knex.schema.alterTable('assets', (t) => {
    t.dropForeign(['board_id']);
  });
  await knex.raw('alter table assets alter column board_id set not null');
  await knex.schema.alterTable('assets', (t) => {
    t.foreign('board_id').references('boards.id').onDelete('CASCADE');
  });
}
