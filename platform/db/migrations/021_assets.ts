import type { Knex } from 'knex';

/**
 * Assets (board.md §3 image shape `resource`, §7 POST /api/boards/{id}/assets; docs/assets.md):
 * the pictures and documents uploaded to a board. The bytes live in the asset storage (files
 * under DATA_DIR, or an S3-compatible bucket); this table says whose they are, so storage is
 * accounted per board, workspace and uploader, and a read is checked against the board.
 * `bytes` counts every stored variant (full and previews).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('assets', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('board_id').notNullable().references('boards.id').onDelete('CASCADE');
    t.uuid('uploader_id').nullable().references('users.id').onDelete('SET NULL');
    t.string('uploader_uid', 64).nullable();
    t.string('name', 255).notNullable();
    t.string('mime', 100).notNullable();
    t.bigInteger('bytes').notNullable();
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.integer('pages').notNullable().defaultTo(1);
    t.string('sha256', 64).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index assets_board on assets (board_id)');
  await knex.raw('create index assets_uploader on assets (uploader_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('assets');
}
