import type { Knex } from 'knex';

/**
 * Notifications (docs/panel.md "Notifications and integrations"): a user's feed, their
 * preferences per type × channel (a missing row is the default: Email on, Desktop off) and the
 * Web Push subscriptions of their browsers.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notifications', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('type', 40).notNullable();
    t.string('message', 1000).notNullable();
    /** [{ name, action }]: action is a path of this site (e.g. /board/{code}) */
    t.jsonb('actions').notNullable().defaultTo('[]');
    t.boolean('is_read').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index notifications_user_created on notifications (user_id, created_at desc, id desc)');

  await knex.schema.createTable('notification_preferences', (t) => {
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('type', 40).notNullable();
    t.string('channel', 20).notNullable();
    t.boolean('active').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'type', 'channel']);
  });

  await knex.schema.createTable('push_subscriptions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    /** one browser's push endpoint belongs to the account that registered it last */
    t.string('endpoint', 2000).notNullable().unique();
    t.string('p256dh', 200).notNullable();
    t.string('auth', 100).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index push_subscriptions_user on push_subscriptions (user_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('push_subscriptions');
  await knex.schema.dropTableIfExists('notification_preferences');
  await knex.schema.dropTableIfExists('notifications');
}
