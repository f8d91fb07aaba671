import type { Knex } from 'knex';

/**
 * The operator back-office (docs/backoffice.md):
 *  - operator_audit: one row per operator action (who, what, on which target, details, when);
 *    `actor_id` is null for the command line (scripts/admin.ts), `actor_name` keeps who it was
 *    after the account is gone.
 *  - users.flagged: the back-office's "flag" checkbox (backoffice.md §4); storage_bytes / storage_at:
 *    the last storage recalculation of the account; beta testers are the
 *    platform role 'beta-tester' in users.roles, operators the role 'admin'.
 *  - feedbacks, contacts: what visitors send (panel.md §3 Feedback; the public contact form),
 *    with the sender's address, country (offline geoip) and user agent.
 *  - directories: named texts the operators keep (backoffice.md §2 Directory).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('operator_audit', (t) => {
    t.bigIncrements('id').primary();
    t.uuid('actor_id').nullable().references('users.id').onDelete('SET NULL');
    t.string('actor_name', 320).notNullable();
    t.string('action', 100).notNullable();
    t.string('target_type', 40).nullable();
    t.string('target_id', 100).nullable();
    t.jsonb('details').notNullable().defaultTo('{}');
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index operator_audit_at on operator_audit (at)');
  await knex.raw('create index operator_audit_target on operator_audit (target_type, target_id)');

  await knex.schema.alterTable('users', (t) => {
    t.boolean('flagged').notNullable().defaultTo(false);
    /** bytes the account's data takes (boards' logs and snapshots, profile image), as last recalculated */
    t.bigInteger('storage_bytes').notNullable().defaultTo(0);
    t.timestamp('storage_at', { useTz: true }).nullable();
  });

  await knex.schema.createTable('feedbacks', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').nullable().references('users.id').onDelete('SET NULL');
    /** the sender's key (user id, or a guest's key: never a guest's secret) */
    t.string('uid', 100).nullable();
    /** the address a visitor who is not signed in gave; a user's is their username */
    t.string('email', 320).nullable();
    t.string('type', 20).notNullable();
    t.text('description').notNullable().defaultTo('');
    t.string('source', 40).notNullable().defaultTo('app');
    t.specificType('tags', 'text[]').notNullable().defaultTo('{}');
    t.string('ip', 64).nullable();
    t.string('country', 8).nullable();
    t.string('user_agent', 400).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index feedbacks_created on feedbacks (created_at)');
  await knex.raw('create index feedbacks_tags on feedbacks using gin (tags)');

  await knex.schema.createTable('contacts', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.string('name', 100).notNullable();
    t.string('email', 320).notNullable();
    t.string('type', 40).notNullable().defaultTo('general');
    t.text('message').notNullable();
    t.string('ip', 64).nullable();
    t.string('country', 8).nullable();
    t.string('user_agent', 400).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index contacts_created on contacts (created_at)');

  await knex.schema.createTable('directories', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.string('name', 200).notNullable();
    t.text('content').notNullable().defaultTo('');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['directories', 'contacts', 'feedbacks', 'operator_audit']) await knex.schema.dropTableIfExists(table);
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('storage_at');
    t.dropColumn('storage_bytes');
    t.dropColumn('flagged');
  });
}
