import type { Knex } from 'knex';

/** Accounts: users, credentials, refresh tokens, recovery codes, external identities, profile images, outbox. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.string('username', 320).notNullable();
    t.string('password_hash', 255).nullable();
    t.string('display_name', 100).notNullable().defaultTo('');
    /** URL of GET /api/users/{id}/images (with a version query) while an image is stored, else null. */
    t.string('avatar', 500).nullable();
    t.string('language', 2).notNullable().defaultTo('en');
    t.integer('role_code').notNullable().defaultTo(100);
    /** Platform roles: 'admin', 'beta-tester', 'partner' … */
    t.specificType('roles', 'text[]').notNullable().defaultTo('{}');
    t.specificType('tags', 'text[]').notNullable().defaultTo('{}');
    t.string('plan', 40).notNullable().defaultTo('essential');
    t.integer('qty').notNullable().defaultTo(1);
    t.string('security_stamp', 64).notNullable().defaultTo(knex.raw('md5(random()::text)'));
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_online_at', { useTz: true }).nullable();
  });
  await knex.raw('create unique index users_username_lower on users (lower(username))');

  await knex.schema.createTable('refresh_tokens', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    /** Rotation chain: a reused (already rotated) token revokes its whole family. */
    t.uuid('family').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id']);
    t.index(['family']);
  });

  await knex.schema.createTable('password_resets', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('code_hash', 64).notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id']);
  });

  await knex.schema.createTable('external_identities', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('provider', 40).notNullable();
    t.string('subject', 255).notNullable();
    t.string('email', 320).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['provider', 'subject']);
  });

  /** Profile images (panel.md §5: PNG or JPEG, ≤ 2 MB, 16–200 px), one per user. */
  await knex.schema.createTable('user_images', (t) => {
    t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    t.string('content_type', 40).notNullable();
    t.binary('bytes').notNullable();
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('outbox', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.string('to', 320).notNullable();
    t.string('subject', 300).notNullable();
    t.text('text').notNullable();
    t.text('html').nullable();
    /** 'sending' while the SMTP attempt runs, then 'sent'; 'stored' when no SMTP is configured; 'failed' (see error). */
    t.string('status', 20).notNullable();
    t.text('error').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('sent_at', { useTz: true }).nullable();
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['outbox', 'user_images', 'external_identities', 'password_resets', 'refresh_tokens', 'users']) {
    await knex.schema.dropTableIfExists(table);
  }
}
