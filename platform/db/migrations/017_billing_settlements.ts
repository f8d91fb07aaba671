import type { Knex } from 'knex';

/**
 * Ether payments (docs/billing.md "Ether"):
 *  - billing_orders.payment_params: what the gateway answered when the payment started (the Ether
 *    quote: recipient, wei, rate, data, expiry), checked again at finalize.
 *  - billing_settlements: the proof that paid an order (an Ether transaction hash), unique per
 *    gateway: one transaction never pays two orders.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('billing_orders', (t) => {
    t.jsonb('payment_params').nullable();
  });
  await knex.schema.createTable('billing_settlements', (t) => {
    t.string('gateway', 20).notNullable();
    t.string('ref', 100).notNullable();
    t.uuid('order_id').notNullable().references('billing_orders.id').onDelete('CASCADE');
    t.string('payer', 100).nullable();
    t.string('amount', 80).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['gateway', 'ref']);
    t.unique(['order_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('billing_settlements');
  await knex.schema.alterTable('billing_orders', (t) => {
    t.dropColumn('payment_params');
  });
}
