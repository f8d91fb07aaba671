import type { Knex } from 'knex';

/**
 * Members' names without their e-mail (issue 26 item 3, docs/security.md "Members' contact
 * details"): before it, a signed-in member without a profile name was shown — and their name
 * stored in board members, chat messages and comments — as their e-mail or its local part. Those
 * stored names become what the board shows now: the profile name, or 'Member XXXX' (the first
 * four hex digits of the sha256 of the user's id, upper case: platform/boards/members.ts
 * userDisplayName, written out here so this migration never changes with live code). Only names
 * equal to the user's e-mail or its local part (case aside) are touched.
 */
const NAME_NOW = `coalesce(nullif(trim(u.display_name), ''), 'Member ' || upper(substr(encode(sha256(convert_to(u.id::text, 'UTF8')), 'hex'), 1, 4)))`;
const FROM_EMAIL = (column: string) => `(lower(${column}) = lower(u.username) or lower(${column}) = lower(split_part(u.username, '@', 1)))`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`update board_members m set name = ${NAME_NOW} from users u where m.user_id = u.id and ${FROM_EMAIL('m.name')}`);
  await knex.raw(
    `update chat_messages m set display_name = ${NAME_NOW} from users u where m.user_id = u.id and ${FROM_EMAIL('m.display_name')}`,
  );
  await knex.raw(
    `update comments c set author_name = ${NAME_NOW} from users u where c.author_user_id = u.id and ${FROM_EMAIL('c.author_name')}`,
  );
}

/** The e-mails are not put back. */
export async function down(): Promise<void> {}
