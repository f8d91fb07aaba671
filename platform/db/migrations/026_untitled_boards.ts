import type { Knex } from 'knex';

/**
 * A board created without a name is 'Untitled board · Nov 28' (issue 34 item 9,
 * docs/board-screen.md "Board names"), never the reserved placeholder 'new board': the column's
 * default becomes that text with the day of the insert in UTC (Postgres's 'Mon' is English
 * whatever the locale; FMDD drops the leading zero). platform/boards/repo always names the board
 * itself (shared/board-name, in the creator's time zone); this default covers any other insert.
 * Boards that already carry 'new board' keep it: the panel still treats that name as reserved.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`alter table boards alter column name set default ('Untitled board · ' || to_char(now() at time zone 'UTC', 'Mon FMDD'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`alter table boards alter column name set default 'new board'`);
}
