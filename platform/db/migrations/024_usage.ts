import type { Knex } from 'knex';

/**
 * Usage facts (issue 30 item 1; docs/backoffice.md "Usage facts"): board sessions as the hub sees
 * them, commands counted per day, and the daily and monthly roll-ups the dashboard's engagement
 * tables read.
 *
 * - `board_sessions`: one row per socket's stay on a board (a join to a leave), written in
 *   batches by platform/admin/usage/writer.ts. `board_id` has no foreign key (the history
 *   outlives its board, as board_activity's does); `user_id` goes with the account.
 * - `usage_daily` / `usage_monthly`: per UTC day (month: its first day), user type and country,
 *   the engagement figures, filled by `rollUpUsage` (platform/admin/usage/rollup.ts). Besides the
 *   groups themselves ('reg' / 'guest'; a country code or '' unknown) the roll-up stores the
 *   groups' unions — user_type 'all' and country '*' — so that distinct counts (people, boards) of
 *   any filter are read exactly, never summed. A month's distinct figures are counted over the
 *   month's raw rows.
 * - `command_usage_daily`: accepted commands per UTC day, command type (`cmd`, 'redo' for a redo)
 *   and user type, upserted `count = count + excluded.count` by the writer.
 * - `usage_rollups`: when the roll-up last ran (it recomputes from the day before it).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('board_sessions', (t) => {
    t.bigIncrements('id').primary();
    t.uuid('board_id').notNullable();
    /** the member's local user id (the account id, a guest's key, an app participant's key) */
    t.string('uid', 100).notNullable();
    t.uuid('user_id').nullable().references('users.id').onDelete('CASCADE');
    /** the developer app the board was opened through */
    t.string('client_id', 100).nullable();
    t.timestamp('joined_at', { useTz: true }).notNullable();
    t.timestamp('left_at', { useTz: true }).nullable();
    t.integer('duration_s').nullable();
    t.string('ip', 64).nullable();
    t.string('country', 2).nullable();
    t.string('user_agent', 300).nullable();
  });
  // a day's or a window's sessions (roll-up, countries, core actions)
  await knex.raw('create index board_sessions_joined on board_sessions (joined_at)');
  // a member's last session on a board (board detail)
  await knex.raw('create index board_sessions_board_uid on board_sessions (board_id, uid, joined_at)');
  // an account's sessions and latest country (user detail)
  await knex.raw('create index board_sessions_user on board_sessions (user_id, joined_at) where user_id is not null');
  // sessions through developer apps (latest client sessions)
  await knex.raw('create index board_sessions_client on board_sessions (client_id, joined_at) where client_id is not null');
  // sessions still open (the roll-up closes those of a node that died)
  await knex.raw('create index board_sessions_open on board_sessions (joined_at) where left_at is null');

  // an account's latest user-audit country (user detail, for joins before sessions were recorded)
  await knex.raw('create index user_audits_user on user_audits (user_id, created_at) where user_id is not null');

  for (const [table, period] of [
    ['usage_daily', 'day'],
    ['usage_monthly', 'month'],
  ] as const) {
    await knex.schema.createTable(table, (t) => {
      /** the UTC day, or the first day of the month */
      t.date(period).notNullable();
      /** 'reg' | 'guest', or 'all' for both */
      t.string('user_type', 5).notNullable();
      /** ISO code of the first session of the person in the period, '' unknown, '*' any */
      t.string('country', 2).notNullable().defaultTo('');
      t.integer('users').notNullable().defaultTo(0);
      t.integer('new_users').notNullable().defaultTo(0);
      t.integer('boards').notNullable().defaultTo(0);
      t.integer('sessions').notNullable().defaultTo(0);
      t.integer('edits').notNullable().defaultTo(0);
      t.integer('collaborations').notNullable().defaultTo(0);
      t.bigInteger('duration_s').notNullable().defaultTo(0);
      t.primary([period, 'user_type', 'country']);
    });
  }

  await knex.schema.createTable('command_usage_daily', (t) => {
    t.date('day').notNullable();
    t.string('type', 40).notNullable();
    /** 'reg' | 'guest' */
    t.string('user_type', 5).notNullable();
    t.bigInteger('count').notNullable().defaultTo(0);
    t.primary(['day', 'type', 'user_type']);
  });

  await knex.schema.createTable('usage_rollups', (t) => {
    t.string('name', 40).primary();
    t.timestamp('rolled_at', { useTz: true }).notNullable();
    /** the first day the last run recomputed */
    t.date('from_day').notNullable();
    t.integer('duration_ms').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists user_audits_user');
  for (const table of ['usage_rollups', 'command_usage_daily', 'usage_monthly', 'usage_daily', 'board_sessions']) {
    await knex.schema.dropTableIfExists(table);
  }
}
