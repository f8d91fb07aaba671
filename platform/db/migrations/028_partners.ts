import type { Knex } from 'knex';

/**
 * Partners (issue 29; backoffice.md §3 Partner/Payout, panel.md §3; docs/billing.md "Partners"):
 *  - partners: an account (users.id, one partner each) that resells the product: its name and icon
 *    (the public address of its logo, like users.avatar; the bytes in partner_icons), the origins
 *    of its own site an authorize-partner returnUrl may point to.
 *  - partner_icons: the logo bytes (the profile-image rules, like user_images).
 *  - partner_programs: a partner's status in each programme (shared/partners/programs.ts: codes,
 *    statuses and transitions are data there, so no check constraint here), with the reason of the
 *    last change (a rejection's reason).
 *  - partner_customers: which partner a user is the customer of (at most one: user_id is the key).
 *  - partner_payouts: payout invoices (PP-000001, numbered from billing_counters 'partner-payout'):
 *    what the platform owes a partner for its customers' invoices, Open until an operator pays it.
 *  - partner_payout_items: the customer invoices (charges and credit notes) a payout covers;
 *    invoice_id is unique, so no customer invoice is ever paid out twice.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('partners', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().unique().references('users.id').onDelete('CASCADE');
    t.string('name', 100).nullable();
    t.string('icon', 500).nullable();
    t.specificType('origins', 'text[]').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('partner_icons', (t) => {
    t.uuid('partner_id').primary().references('partners.id').onDelete('CASCADE');
    t.string('content_type', 40).notNullable();
    t.binary('bytes').notNullable();
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('partner_programs', (t) => {
    t.uuid('partner_id').notNullable().references('partners.id').onDelete('CASCADE');
    t.string('program', 40).notNullable();
    t.string('status', 20).notNullable();
    t.text('reason').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['partner_id', 'program']);
  });

  await knex.schema.createTable('partner_customers', (t) => {
    t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    t.uuid('partner_id').notNullable().references('partners.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index partner_customers_partner on partner_customers (partner_id, created_at)');

  await knex.schema.createTable('partner_payouts', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.string('number', 30).notNullable().unique();
    t.uuid('partner_id').notNullable().references('partners.id').onDelete('CASCADE');
    /** the programme whose commission rule computed it */
    t.string('program', 40).notNullable();
    /** Open, Paid */
    t.string('status', 20).notNullable().defaultTo('Open');
    /** the customers' invoices net of credit notes (the commission basis), minor units */
    t.integer('subtotal').notNullable();
    /** the commission owed to the partner, minor units */
    t.integer('total').notNullable();
    t.string('currency', 3).notNullable();
    t.timestamp('period_start', { useTz: true }).notNullable();
    t.timestamp('period_end', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('paid_at', { useTz: true }).nullable();
  });
  await knex.raw("alter table partner_payouts add constraint partner_payouts_status check (status in ('Open', 'Paid'))");
  await knex.raw('create index partner_payouts_partner on partner_payouts (partner_id, created_at desc)');

  await knex.schema.createTable('partner_payout_items', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('payout_id').notNullable().references('partner_payouts.id').onDelete('CASCADE');
    /** the customer invoice covered; unique: never paid out twice (null once the invoice is deleted) */
    t.uuid('invoice_id').nullable().unique().references('invoices.id').onDelete('SET NULL');
    t.string('invoice_number', 30).notNullable();
    t.string('invoice_type', 20).notNullable();
    t.uuid('customer_id').nullable().references('users.id').onDelete('SET NULL');
    /** the invoice's contribution to the basis (negative for a credit note), minor units */
    t.integer('amount').notNullable();
  });
  await knex.raw('create index partner_payout_items_payout on partner_payout_items (payout_id)');

  await knex('billing_counters').insert({ name: 'partner-payout', value: 0 }).onConflict('name').ignore();
}

export async function down(knex: Knex): Promise<void> {
  await knex('billing_counters').where({ name: 'partner-payout' }).delete();
  for (const table of ['partner_payout_items', 'partner_payouts', 'partner_customers', 'partner_programs', 'partner_icons', 'partners']) {
    await knex.schema.dropTableIfExists(table);
  }
}
