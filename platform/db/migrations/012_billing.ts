import type { Knex } from 'knex';

/**
 * Billing (issue 16; docs/billing.md):
 *  - billing_prices: the price of one period of each plan (per seat) and add-on, per cycle and
 *    currency, in minor units; seeded here with the default price list (DEFAULT_PRICES), edited by operators.
 *  - subscriptions: one per workspace (plan, seats, add-ons, cycle, auto-renew, status, period,
 *    the period's proration segments, the customer's credit in minor units).
 *  - billing_orders: a checkout or a renewal, unique by reference: finalizing twice finds the row
 *    already Paid (the row lock serialises concurrent finalizes).
 *  - invoices: invoices (type Charge) and credit notes (type 'Credit Note'), numbered from
 *    billing_counters (INV-000001, CN-000001).
 *  - promos and promo_redemptions (backoffice.md §3 Promo).
 *  - billing_customers: a user's customer id at the payment gateway; billing_webhook_events: the
 *    provider events already handled (a replayed webhook is answered without effect).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('billing_prices', (t) => {
    t.string('code', 60).notNullable();
    t.string('kind', 10).notNullable();
    t.string('name', 100).notNullable();
    t.string('cycle', 20).notNullable();
    t.string('currency', 3).notNullable().defaultTo('USD');
    t.integer('amount').notNullable();
    t.boolean('active').notNullable().defaultTo(true);
    t.primary(['code', 'cycle', 'currency']);
  });
  await knex.raw("alter table billing_prices add constraint billing_prices_kind check (kind in ('plan', 'addon'))");
  await knex.raw('alter table billing_prices add constraint billing_prices_amount check (amount >= 0)');
  await knex('billing_prices').insert(
    SEEDED_PRICES.map(([code, kind, name, cycle, amount]) => ({ code, kind, name, cycle, currency: 'USD', amount })),
  );

  await knex.schema.createTable('subscriptions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('workspace_id').notNullable().unique().references('workspaces.id').onDelete('CASCADE');
    /** who pays (the buyer) */
    t.uuid('user_id').nullable().references('users.id').onDelete('SET NULL');
    t.string('plan', 60).notNullable();
    t.integer('quantity').notNullable().defaultTo(1);
    t.jsonb('addons').notNullable().defaultTo('[]');
    t.string('billing_cycle', 20).notNullable().defaultTo('Monthly');
    /** a cycle chosen for the next renewal (POST …/billing-cycle); null = keep billing_cycle */
    t.string('next_billing_cycle', 20).nullable();
    t.boolean('auto_renew').notNullable().defaultTo(true);
    t.string('status', 20).notNullable();
    t.string('currency', 3).notNullable().defaultTo('USD');
    t.timestamp('period_start', { useTz: true }).nullable();
    t.timestamp('period_end', { useTz: true }).nullable();
    /** shared/billing/proration Segment[] of the current period */
    t.jsonb('segments').notNullable().defaultTo('[]');
    /** credit in minor units (downgrades, operator credit) */
    t.integer('credit').notNullable().defaultTo(0);
    t.timestamp('paused_at', { useTz: true }).nullable();
    /** the gateway's saved payment method for renewals */
    t.string('payment_method_ref', 200).nullable();
    t.string('gateway', 20).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    "alter table subscriptions add constraint subscriptions_status check (status in ('Active', 'Paused', 'Expired', 'Pending', 'Canceled', 'Suspended'))",
  );
  await knex.raw('alter table subscriptions add constraint subscriptions_quantity check (quantity >= 1)');
  await knex.raw("create index subscriptions_due on subscriptions (period_end) where status in ('Active', 'Suspended', 'Paused')");

  await knex.schema.createTable('billing_counters', (t) => {
    t.string('name', 20).primary();
    t.bigInteger('value').notNullable().defaultTo(0);
  });
  await knex('billing_counters').insert([
    { name: 'invoice', value: 0 },
    { name: 'credit-note', value: 0 },
  ]);

  await knex.schema.createTable('billing_orders', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.string('reference', 100).notNullable().unique();
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.uuid('user_id').nullable().references('users.id').onDelete('SET NULL');
    /** new, change, renewal */
    t.string('type', 20).notNullable();
    t.string('plan', 60).notNullable();
    t.integer('quantity').notNullable();
    t.jsonb('addons').notNullable().defaultTo('[]');
    t.string('billing_cycle', 20).notNullable();
    t.string('payment_method', 20).notNullable();
    t.string('currency', 3).notNullable();
    /** what the customer pays, minor units */
    t.integer('amount').notNullable();
    /** the invoice figures and the proration computed when the order was placed */
    t.jsonb('figures').notNullable();
    /** Pending, Paid, Failed */
    t.string('status', 20).notNullable().defaultTo('Pending');
    t.string('gateway', 20).notNullable();
    t.string('gateway_ref', 200).nullable();
    t.uuid('invoice_id').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('paid_at', { useTz: true }).nullable();
  });
  await knex.raw("alter table billing_orders add constraint billing_orders_status check (status in ('Pending', 'Paid', 'Failed'))");
  await knex.raw('create index billing_orders_gateway_ref on billing_orders (gateway_ref)');

  await knex.schema.createTable('invoices', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.string('number', 30).notNullable().unique();
    /** Charge or Credit Note (backoffice.md §3) */
    t.string('type', 20).notNullable();
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.uuid('subscription_id').nullable().references('subscriptions.id').onDelete('SET NULL');
    t.uuid('order_id').nullable().unique().references('billing_orders.id').onDelete('SET NULL');
    t.uuid('user_id').nullable().references('users.id').onDelete('SET NULL');
    /** Paid, Open, Void */
    t.string('status', 20).notNullable();
    t.string('currency', 3).notNullable();
    t.integer('subtotal').notNullable();
    t.integer('discount').notNullable().defaultTo(0);
    t.integer('total').notNullable();
    t.integer('paid').notNullable().defaultTo(0);
    /** credit used (Charge) or created (Credit Note), minor units */
    t.integer('balance').notNullable().defaultTo(0);
    t.jsonb('items').notNullable().defaultTo('[]');
    t.jsonb('discounts').notNullable().defaultTo('[]');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('due_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw("alter table invoices add constraint invoices_type check (type in ('Charge', 'Credit Note'))");
  await knex.raw('create index invoices_workspace on invoices (workspace_id, created_at desc)');

  await knex.schema.createTable('promos', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    /** stored upper-case; redeemed case-insensitively */
    t.string('code', 60).notNullable().unique();
    t.string('name', 100).notNullable();
    t.text('comment').nullable();
    /** Fixed, Percent, Subscription (never changed after creation) */
    t.string('type', 20).notNullable();
    t.integer('amount').nullable();
    t.decimal('percent', 5, 2).nullable();
    t.string('percent_duration', 10).nullable();
    /** Subscription promos: days granted */
    t.integer('duration').nullable();
    /** how long a redemption lasts, days; 0 = no end */
    t.integer('expires_in_days').notNullable().defaultTo(0);
    t.timestamp('redeem_by', { useTz: true }).nullable();
    /** 0 = unlimited */
    t.integer('max_redemptions').notNullable().defaultTo(0);
    t.integer('max_redemptions_per_customer').notNullable().defaultTo(1);
    t.integer('redeemed_times').notNullable().defaultTo(0);
    /** Active, Disabled, Archived */
    t.string('status', 20).notNullable().defaultTo('Active');
    /** the plan a granting promo gives (ours: the spec names none) */
    t.string('plan', 60).notNullable().defaultTo('team');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw("alter table promos add constraint promos_type check (type in ('Fixed', 'Percent', 'Subscription'))");
  await knex.raw("alter table promos add constraint promos_status check (status in ('Active', 'Disabled', 'Archived'))");

  await knex.schema.createTable('promo_redemptions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('promo_id').notNullable().references('promos.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.uuid('subscription_id').nullable().references('subscriptions.id').onDelete('CASCADE');
    t.timestamp('redeemed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).nullable();
    /** a Once promo that already discounted an invoice */
    t.boolean('used').notNullable().defaultTo(false);
  });
  await knex.raw('create index promo_redemptions_promo_user on promo_redemptions (promo_id, user_id)');
  await knex.raw('create index promo_redemptions_subscription on promo_redemptions (subscription_id)');

  await knex.schema.createTable('billing_customers', (t) => {
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('gateway', 20).notNullable();
    t.string('customer_ref', 200).notNullable();
    t.primary(['user_id', 'gateway']);
  });

  await knex.schema.createTable('billing_webhook_events', (t) => {
    t.string('id', 200).primary();
    t.string('type', 100).notNullable();
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

/**
 * FROZEN COPY of the price list shared/billing/catalog.ts seeded when this migration shipped
 * (CATALOG names and kinds × DEFAULT_PRICES, currency DEFAULT_PRICE_CURRENCY 'USD'), in that order.
 * Migrations import nothing from live code (docs/architecture.md): a later change to the catalogue
 * must not change what this migration seeds. Code, kind, name, cycle, amount (minor units).
 */
const SEEDED_PRICES: ReadonlyArray<readonly [string, 'plan' | 'addon', string, string, number]> = [
  ['essential', 'plan', 'Essential', 'Monthly', 0],
  ['essential', 'plan', 'Essential', 'Quarterly', 0],
  ['essential', 'plan', 'Essential', 'Semiannually', 0],
  ['team', 'plan', 'Team', 'Monthly', 800],
  ['team', 'plan', 'Team', 'Quarterly', 2280],
  ['team', 'plan', 'Team', 'Semiannually', 4320],
  ['teamplus', 'plan', 'Team Plus', 'Monthly', 1200],
  ['teamplus', 'plan', 'Team Plus', 'Quarterly', 3420],
  ['teamplus', 'plan', 'Team Plus', 'Semiannually', 6480],
  ['white-label-api', 'addon', 'White-label API', 'Monthly', 2000],
  ['white-label-api', 'addon', 'White-label API', 'Quarterly', 5700],
  ['white-label-api', 'addon', 'White-label API', 'Semiannually', 10800],
];

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'billing_webhook_events',
    'billing_customers',
    'promo_redemptions',
    'promos',
    'invoices',
    'billing_orders',
    'billing_counters',
    'subscriptions',
    'billing_prices',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
