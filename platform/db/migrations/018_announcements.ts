import type { Knex } from 'knex';

/**
 * Announcements (backoffice.md §2 Dashboard "Announcements form", §3 Announcement; docs/backoffice.md
 * "Announcements"): what an operator publishes to every open board — type ScheduledMaintenance
 * or News, the message, when it starts and ends, who published it and when. Open boards receive
 * it as the `announcement` hub event; a board opened later reads the current ones
 * (GET /api/announcements). Deleting one withdraws it from open boards.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('announcements', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.string('type', 40).notNullable();
    t.text('message').notNullable();
    t.timestamp('starts_at', { useTz: true }).notNullable();
    t.timestamp('ends_at', { useTz: true }).notNullable();
    t.uuid('created_by').nullable().references('users.id').onDelete('SET NULL');
    t.timestamp('published_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index announcements_ends_at on announcements (ends_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('announcements');
}
