import type { Knex } from 'knex';

/**
 * Developer apps (panel.md §2 "Developers and apps"): one client app per owner user, its
 * hashed secret and optional embedding allowlist, and the origins its boards were embedded
 * from (listed by the back-office, backoffice.md "Clients").
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('clients', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('owner_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('app_name', 100).notNullable();
    /** public identifier a host page passes as clientId / clientid */
    t.string('client_id', 64).notNullable().unique();
    /** sha256 (hex) of the secret; the secret itself is shown once and never stored */
    t.string('secret_hash', 64).notNullable();
    /** last 4 characters of the secret, so the owner can tell which one is current */
    t.string('secret_hint', 8).notNullable();
    /** origins allowed to embed boards; empty = any origin */
    t.specificType('allowed_origins', 'text[]').notNullable().defaultTo('{}');
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamp('terms_accepted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_session_at', { useTz: true }).nullable();
    t.unique(['owner_id']);
  });

  await knex.schema.createTable('client_embed_origins', (t) => {
    t.uuid('client_id').notNullable().references('clients.id').onDelete('CASCADE');
    t.string('origin', 300).notNullable();
    /** embeds accepted from this origin */
    t.integer('embeds').notNullable().defaultTo(0);
    /** embeds refused because the origin is not on the allowlist */
    t.integer('refusals').notNullable().defaultTo(0);
    t.timestamp('first_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['client_id', 'origin']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('client_embed_origins');
  await knex.schema.dropTableIfExists('clients');
}
