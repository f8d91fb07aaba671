import type { Knex } from 'knex';

/**
 * Templates (board.md §3 "Template", §4 "Templates dialog", §7; docs/templates.md):
 *  - templates: the built-in templates, installed from the library folder
 *    (platform/templates/library/*.json) when its content hash changes: the file as `content`
 *    (json: its parameters keep the file's order), the columns the list reads, when it first came (isNew), and the thumbnail the server
 *    drew from it (a cache: null until drawn, cleared when the file changes).
 *  - template_library: one row, the content hash of the library last installed.
 *  - custom_templates: templates users saved from a board: the owner, the workspace it was saved
 *    in, whether it is shared with that workspace, the shapes (jsonb), the size, the JPEG
 *    thumbnail the board sent and the random key its address carries.
 *  - template_uses: each insertion of a template (the back-office templates statistic).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('templates', (t) => {
    t.string('name', 60).primary();
    t.string('title', 200).notNullable();
    t.text('summary').notNullable();
    t.string('group_name', 20).notNullable();
    t.integer('position').notNullable().defaultTo(0);
    t.boolean('has_parameters').notNullable().defaultTo(false);
    // json, not jsonb: a template's parameters keep the order of its file (the Customize form's order)
    t.json('content').notNullable();
    t.string('content_hash', 64).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.binary('thumbnail').nullable();
    t.string('thumbnail_hash', 64).nullable();
  });

  await knex.schema.createTable('template_library', (t) => {
    t.integer('id').primary();
    t.string('hash', 64).notNullable();
    t.timestamp('installed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('custom_templates', (t) => {
    t.string('name', 40).primary();
    t.uuid('owner_id').notNullable().references('users.id').onDelete('CASCADE');
    t.uuid('workspace_id').nullable().references('workspaces.id').onDelete('CASCADE');
    t.string('title', 200).notNullable();
    t.boolean('shared').notNullable().defaultTo(false);
    t.jsonb('shapes').notNullable();
    t.double('width').notNullable();
    t.double('height').notNullable();
    t.binary('thumbnail').nullable();
    t.string('thumbnail_key', 40).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['owner_id']);
    t.index(['workspace_id']);
  });

  await knex.schema.createTable('template_uses', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.string('template_name', 60).notNullable();
    t.smallint('template_type').notNullable();
    t.string('title', 200).notNullable();
    t.uuid('board_id').nullable().references('boards.id').onDelete('SET NULL');
    t.string('uid', 100).notNullable();
    t.timestamp('used_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index template_uses_used_at on template_uses (used_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('template_uses');
  await knex.schema.dropTableIfExists('custom_templates');
  await knex.schema.dropTableIfExists('template_library');
  await knex.schema.dropTableIfExists('templates');
}
