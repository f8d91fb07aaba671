import type { Knex } from 'knex';

/**
 * The panel's board list, thumbnails and backups (docs/panel.md "Board list, backup and thumbnails"):
 *  - board_library: one row per board that changed since this migration or has a thumbnail:
 *    when it last changed and by whom (the list's '*' marker and LastChanged sort, written in the
 *    background a short while after a change, never on the command path), and its thumbnail
 *    (PNG bytes, the board seq it shows, and an unguessable key that names it in its URL: a new
 *    key per image, so the URL can be cached for good).
 *  - board_backups: a .wtb file made by POST /api/boards/{id}/backup, downloaded once or more
 *    by its unguessable id within BACKUP_TTL (a browser navigation carries no bearer token).
 *  - boards (tags, name): indexes for the list's tag filter and alphabetical order.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('board_library', (t) => {
    t.uuid('board_id').primary().references('boards.id').onDelete('CASCADE');
    t.timestamp('changed_at', { useTz: true }).nullable();
    /** the uid of the last change's author (a user id, or a guest's key) */
    t.string('changed_by', 100).nullable();
    t.binary('thumbnail').nullable();
    t.string('thumbnail_type', 40).nullable();
    t.string('thumbnail_key', 40).nullable().unique();
    /** the board's last_seq the thumbnail shows */
    t.bigInteger('thumbnail_seq').notNullable().defaultTo(0);
    /** 'server' (rendered) or 'client' (POST /api/admin/boards/{id}/thumbnails) */
    t.string('thumbnail_source', 10).nullable();
    t.timestamp('thumbnail_at', { useTz: true }).nullable();
  });

  await knex.schema.createTable('board_backups', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('board_id').notNullable().references('boards.id').onDelete('CASCADE');
    t.uuid('created_by').nullable().references('users.id').onDelete('CASCADE');
    /** the download's file name (board name + .wtb) */
    t.string('file_name', 260).notNullable();
    /** the gzip-compressed .wtb */
    t.binary('data').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
  });
  await knex.raw('create index board_backups_expires on board_backups (expires_at)');
  await knex.raw('create index board_backups_board on board_backups (board_id)');

  await knex.raw('create index boards_tags on boards using gin (tags)');
  await knex.raw('create index boards_workspace_name on boards (workspace_id, lower(name))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists boards_workspace_name');
  await knex.raw('drop index if exists boards_tags');
  for (const table of ['board_backups', 'board_library']) await knex.schema.dropTableIfExists(table);
}
