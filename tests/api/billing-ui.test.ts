/**
 * What the billing screens need from the server (panel/billing): a card payment confirmed on the
 * server with a Stripe PaymentMethod id (finalize-order's paymentMethod; the local Stripe stand-in
 * plays Stripe), charged once under concurrent finalizes; a declined card; and the operator route
 * that creates a promo (POST /api/admin/promos), which a user then redeems.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, PROMO_CODE_FORMAT } from '../../shared/billing';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { DECLINED_CARD, GOOD_CARD, startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in';
import { operator } from './admin-fixtures';
import { api, customer } from './billing-fixtures';

let p: TestPlatform;
let stripe: StripeStandIn;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  p = await startTestPlatform({
    billing: {
      stripeSecretKey: 'sk_test_stand_in',
      stripeWebhookSecret: stripe.webhookSecret,
      stripeApiUrl: stripe.url,
      graceDays: 3,
      renewalMinutes: 5,
    },
  });
});
afterAll(async () => {
  await p.stop();
  await stripe.close();
});

describe('finalize-order with a payment method (server-side confirmation)', () => {
  it('confirms the PaymentIntent once, however many finalizes arrive at once', async () => {
    const c = await customer(p, 'Sam Server');
    const placed = await api(p, c, 'POST', '/api/subscriptions/place-order', {
      plan: 'team',
      billingCycle: 'Monthly',
      addons: [],
      PaymentMethod: 'Card',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const reference = placed.body.reference as string;
    const before = stripe.charges.length;
    const finals = await Promise.all(
      [1, 2, 3].map(() => api(p, c, 'POST', '/api/subscriptions/finalize-order', { referenceId: reference, paymentMethod: GOOD_CARD })),
    );
    for (const f of finals) expect(f.status, JSON.stringify(f.body)).toBe(200);
    expect(new Set(finals.map((f) => f.body.invoice.number)).size).toBe(1);
    expect(finals[0]!.body.subscription).toMatchObject({ plan: { code: 'team' }, status: 'Active', autoRenew: true });
    expect(stripe.charges.length - before).toBe(1);
    expect(stripe.charges.at(-1)!.amount).toBe(800);
    // a replay without the method answers the same, charging nothing
    const replay = await api(p, c, 'POST', '/api/subscriptions/finalize-order', { referenceId: reference });
    expect(replay.body.invoice.number).toBe(finals[0]!.body.invoice.number);
    expect(stripe.charges.length - before).toBe(1);
  });

  it('a declined card: 400 under referenceId, the order fails and nothing is granted', async () => {
    const c = await customer(p, 'Dora Declined');
    const placed = await api(p, c, 'POST', '/api/subscriptions/place-order', {
      plan: 'team',
      billingCycle: 'Monthly',
      addons: [],
      PaymentMethod: 'Card',
    });
    const declined = await api(p, c, 'POST', '/api/subscriptions/finalize-order', {
      referenceId: placed.body.reference,
      paymentMethod: DECLINED_CARD,
    });
    expect(declined.status).toBe(400);
    expect(declined.body.errors.referenceId).toEqual([BILLING_MESSAGES.paymentFailed]);
    expect((await p.db('billing_orders').where({ reference: placed.body.reference }).first()).status).toBe('Failed');
    expect((await api(p, c, 'GET', '/api/subscriptions/for/default')).body.plan.code).toBe('essential');
  });

  it('refuses a payment method that is not a Stripe PaymentMethod id', async () => {
    const c = await customer(p, 'Ivy Input');
    const bad = await api(p, c, 'POST', '/api/subscriptions/finalize-order', {
      referenceId: 'ord_x',
      paymentMethod: '4242 4242 4242 4242',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toContain('paymentMethod');
  });
});

describe('POST /api/admin/promos', () => {
  it('an operator creates a promo with the spec defaults and a generated code; a user redeems it', async () => {
    const op = await operator(p);
    const made = await api(p, op, 'POST', '/api/admin/promos', { name: 'Full month', percent: 100, expiresInDays: 30 });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.code).toMatch(PROMO_CODE_FORMAT);
    expect(made.body).toMatchObject({
      type: 'Percent',
      percent: 100,
      percentDuration: 'Forever',
      maxRedemptions: 0,
      maxRedemptionsPerCustomer: 1,
      status: 'Active',
      plan: 'team',
      redeemedTimes: 0,
    });
    const c = await customer(p, 'Remy Redeemer');
    const redeemed = await api(p, c, 'POST', '/api/admin/promos/redeem', { code: `  ${made.body.code.toLowerCase()} ` });
    expect(redeemed.body).toMatchObject({
      succeed: true,
      result: BILLING_MESSAGES.promoGranted('Team', 30),
      subscription: { plan: { code: 'team' } },
    });
  });

  it('a given code is stored upper-case and must be unused; type-specific fields are required', async () => {
    const op = await operator(p, { name: 'Otto Operator' });
    const made = await api(p, op, 'POST', '/api/admin/promos', { code: 'wt12-abcd-efgh12', name: 'Ten off', type: 'Fixed', amount: 1000 });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({ code: 'WT12-ABCD-EFGH12', type: 'Fixed', amount: 1000, percent: null, percentDuration: null });
    const again = await api(p, op, 'POST', '/api/admin/promos', { code: 'WT12-ABCD-EFGH12', name: 'Again', type: 'Fixed', amount: 500 });
    expect(again.status).toBe(400);
    expect(again.body.errors.code).toEqual(['This code is already in use.']);
    const noDays = await api(p, op, 'POST', '/api/admin/promos', { name: 'Days', type: 'Subscription' });
    expect(noDays.status).toBe(400);
    expect(Object.keys(noDays.body.errors)).toContain('duration');
  });

  it('a user is refused (403) and nothing is created', async () => {
    const c = await customer(p, 'Ursula User');
    const before = await p.db('promos').count({ n: '*' });
    const refused = await api(p, c, 'POST', '/api/admin/promos', { name: 'Mine', percent: 100 });
    expect(refused.status).toBe(403);
    expect(await p.db('promos').count({ n: '*' })).toEqual(before);
  });
});
