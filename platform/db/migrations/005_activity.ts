import type { Knex } from 'knex';

/**
 * Core actions (board.md §7 POST …/commands `coreActions`; docs/architecture.md "Board service"):
 * one row per member per board per UTC day, with whether they edited and whether they did so
 * while collaborating. Read by the back-office's daily and monthly engagement tables
 * (backoffice.md, filtered by user type: `user_id` set = registered) and the panel's home
 * statistics (panel.md home data `coreAction`). Written by platform/boards/activity.ts (an upsert that ORs
 * the flags together).
 *
 * `board_id` has no foreign key on purpose: the engagement of past days stays when a board is
 * deleted. `user_id` goes with the account (an account deleted by the back-office takes its
 * activity with it).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('board_activity', (t) => {
    /** the UTC day */
    t.date('day').notNullable();
    t.uuid('board_id').notNullable();
    /** the member's local user id (the user id when signed in, else the guest's roaming uid) */
    t.string('uid', 100).notNullable();
    /** set for signed-in users */
    t.uuid('user_id').nullable().references('users.id').onDelete('CASCADE');
    /** the developer app the board was embedded through (board.md §2 clientid) */
    t.string('client_id', 100).nullable();
    t.boolean('edited').notNullable().defaultTo(false);
    t.boolean('collaborated').notNullable().defaultTo(false);
    t.timestamp('first_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['day', 'board_id', 'uid']);
  });
  await knex.raw('create index board_activity_user on board_activity (user_id, day) where user_id is not null');
  await knex.raw('create index board_activity_uid on board_activity (uid, day)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('board_activity');
}
