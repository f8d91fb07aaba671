import type { Knex } from 'knex';

/**
 * A workspace's fonts, fetched once when added and served from this server (docs/panel.md
 * "Workspace fonts"): the stylesheet with its font files' addresses as placeholders, and the files.
 * Boards load them from this origin (the page's CSP allows fonts only from 'self'), and viewers'
 * browsers never call the font service.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('workspace_fonts', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.string('name', 100).notNullable();
    /** the URL or the font service's stylesheet it was read from */
    t.string('source_url', 2000).notNullable();
    /** @font-face rules; `__FONT_FILE_{n}__` stands for file n's address */
    t.text('css').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index workspace_fonts_workspace on workspace_fonts (workspace_id)');
  await knex.schema.createTable('workspace_font_files', (t) => {
    t.uuid('font_id').notNullable().references('workspace_fonts.id').onDelete('CASCADE');
    t.integer('idx').notNullable();
    t.string('content_type', 60).notNullable();
    t.binary('data').notNullable();
    t.primary(['font_id', 'idx']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('workspace_font_files');
  await knex.schema.dropTableIfExists('workspace_fonts');
}
