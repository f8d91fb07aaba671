/**
 * Card checkout with hosted card entry (STRIPE_CARD_ENTRY=hosted, docs/billing.md "Card entry"):
 * place-order creates a Stripe Checkout Session through the official SDK against the local stand-in
 * (tests/helpers/stripe-stand-in.ts) and answers its url; the customer pays on the stand-in's hosted
 * page; finalize-order retrieves the session and finalizes once however often it is replayed; the
 * signed checkout.session.completed webhook finalizes alone (the tab closed after paying); a bad
 * signature is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardEntryOf } from '../../platform/billing/gateway/stripe';
import { loadConfig } from '../../platform/config';
import { BILLING_MESSAGES } from '../../shared/billing';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in';
import type { Who } from './boards-fixtures';
import { api, billingState, customer } from './billing-fixtures';

const PUBLIC_URL = 'https://tabula.example';
let p: TestPlatform;
let stripe: StripeStandIn;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  p = await startTestPlatform(
    {
      publicUrl: PUBLIC_URL,
      billing: {
        stripeSecretKey: 'sk_test_stand_in',
        stripeWebhookSecret: stripe.webhookSecret,
        stripeApiUrl: stripe.url,
        stripeCardEntry: 'hosted',
        graceDays: 3,
        renewalMinutes: 5,
      },
    },
    { listen: true },
  );
  stripe.webhookTarget = `${p.url}/api/billing/stripe/webhook`;
});
afterAll(async () => {
  await p.stop();
  await stripe.close();
});

const order = (who: Who, body: object = {}) =>
  api(p, who, 'POST', '/api/subscriptions/place-order', {
    plan: 'team',
    billingCycle: 'Monthly',
    addons: [],
    PaymentMethod: 'Card',
    ...body,
  });
const finalize = (who: Who, referenceId: string) => api(p, who, 'POST', '/api/subscriptions/finalize-order', { referenceId });
const sessionOf = async (reference: string) =>
  stripe.sessions.get((await p.db('billing_orders').where({ reference }).first()).gateway_ref)!;
const webhook = (payload: string, headers: Record<string, string>) =>
  p.server.inject({ method: 'POST', url: '/api/billing/stripe/webhook', payload, headers });
const invoiceCount = async (workspaceId: string) =>
  Number((await p.db('invoices').where({ workspace_id: workspaceId }).count({ n: '*' }))[0]!.n);

describe('card checkout on the hosted payment page', () => {
  it('tells the panel how cards are entered', async () => {
    const c = await customer(p, 'Pat Plans');
    expect((await api(p, c, 'GET', '/api/plans')).body).toMatchObject({ cardEntry: 'hosted', paymentMethods: ['Card'] });
  });

  it('creates a Checkout Session for the invoice total and the order reference, and answers its url', async () => {
    const c = await customer(p, 'Sam Session');
    const placed = await order(c, { plan: 'teamplus', addons: ['white-label-api'], quantity: 2 });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const reference = placed.body.reference as string;
    const session = await sessionOf(reference);
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 2 * 1200 + 2000,
      currency: 'usd',
      client_reference_id: reference,
      metadata: { reference },
      payment_status: 'unpaid',
    });
    expect(session.line_items).toHaveLength(1);
    expect(session.success_url).toBe(`${PUBLIC_URL}/panel/checkout?reference=${reference}&session_id={CHECKOUT_SESSION_ID}`);
    expect(session.cancel_url).toBe(`${PUBLIC_URL}/panel/checkout?reference=${reference}&canceled=1`);
    expect(placed.body.paymentResult.params).toEqual({
      amount: 4400,
      currency: 'USD',
      checkoutUrl: `${stripe.url}/checkout/${session.id}`,
    });
    // no client secret, no test card: the card is entered on the hosted page only
    expect(placed.body.paymentResult.params.clientSecret).toBeUndefined();
  });

  it('says "not paid yet" before paying; after Pay on the hosted page, ten finalizes make one invoice and one charge', async () => {
    const c = await customer(p, 'Hal Hosted');
    stripe.webhookTarget = null; // the browser comes back before any webhook
    try {
      const placed = await order(c);
      const reference = placed.body.reference as string;
      const early = await finalize(c, reference);
      expect(early.status).toBe(400);
      expect(early.body.errors.referenceId).toEqual([BILLING_MESSAGES.paymentPending]);
      // a test payment method named by the browser pays nothing: the session is paid on Stripe's page only
      const named = await api(p, c, 'POST', '/api/subscriptions/finalize-order', { referenceId: reference, paymentMethod: 'pm_card_visa' });
      expect(named.body.errors.referenceId).toEqual([BILLING_MESSAGES.paymentPending]);
      const session = await sessionOf(reference);
      // Decline on the hosted page: declined, still unpaid
      const declined = await fetch(`${session.url}/decline`, { method: 'POST' });
      expect(await declined.text()).toContain('Your card was declined.');
      expect((await finalize(c, reference)).body.errors.referenceId).toEqual([BILLING_MESSAGES.paymentPending]);

      const charges = stripe.charges.length;
      const paid = await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe(`${PUBLIC_URL}/panel/checkout?reference=${reference}&session_id=${session.id}`);
      expect(stripe.charges.length).toBe(charges + 1);
      const answers = await Promise.all([1, 2].map(() => finalize(c, reference)));
      for (let i = 0; i < 10; i++) answers.push(await finalize(c, reference));
      for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
      expect(new Set(answers.map((a) => a.body.invoice.number)).size).toBe(1);
      expect(stripe.charges.length).toBe(charges + 1);
      expect(await invoiceCount(c.workspace.id)).toBe(1);
      expect(answers[0]!.body.subscription).toMatchObject({ status: 'Active', plan: { code: 'team' }, autoRenew: true });
      // the card paid on the hosted page is kept for renewals
      expect((await p.db('subscriptions').where({ workspace_id: c.workspace.id }).first()).payment_method_ref).toBe('pm_card_visa');
    } finally {
      stripe.webhookTarget = `${p.url}/api/billing/stripe/webhook`;
    }
  });

  it("the hosted page's signed webhook finalizes alone (the tab closed after paying); replays change nothing", async () => {
    const c = await customer(p, 'Wren Webhook');
    const placed = await order(c);
    const session = await sessionOf(placed.body.reference);
    const paid = await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    // the Pay button delivered checkout.session.completed to the platform before redirecting
    const sub = await api(p, c, 'GET', '/api/subscriptions/for/default');
    expect(sub.body).toMatchObject({ status: 'Active', plan: { code: 'team' } });
    expect(await invoiceCount(c.workspace.id)).toBe(1);
    expect((await p.db('subscriptions').where({ workspace_id: c.workspace.id }).first()).payment_method_ref).toBe('pm_card_visa');
    const state = await billingState(p, c.workspace.id);
    const again = stripe.webhook('checkout.session.completed', session.id, { eventId: 'evt_session_replayed' });
    for (let i = 0; i < 3; i++) expect((await webhook(again.payload, again.headers)).statusCode).toBe(200);
    expect(await billingState(p, c.workspace.id)).toEqual(state);
    expect((await finalize(c, placed.body.reference)).status).toBe(200);
    expect(await invoiceCount(c.workspace.id)).toBe(1);
  });

  it("refuses a webhook with a bad signature or none; an unpaid session's event grants nothing", async () => {
    const c = await customer(p, 'Fay Forged');
    const placed = await order(c);
    const session = await sessionOf(placed.body.reference);
    const early = stripe.webhook('checkout.session.completed', session.id);
    expect((await webhook(early.payload, early.headers)).statusCode).toBe(200);
    expect(await p.db('subscriptions').where({ workspace_id: c.workspace.id })).toEqual([]);
    stripe.paySession(session.id);
    const forged = stripe.webhook('checkout.session.completed', session.id, { secret: 'whsec_not_the_secret' });
    expect((await webhook(forged.payload, forged.headers)).statusCode).toBe(400);
    expect((await webhook(forged.payload, {})).statusCode).toBe(400);
    expect(await p.db('subscriptions').where({ workspace_id: c.workspace.id })).toEqual([]);
    const good = stripe.webhook('checkout.session.completed', session.id);
    expect(JSON.parse((await webhook(good.payload, good.headers)).payload)).toEqual({ received: true, replay: false });
    expect((await api(p, c, 'GET', '/api/subscriptions/for/default')).body).toMatchObject({ status: 'Active', plan: { code: 'team' } });
  });

  it('an expired session fails the order: nothing granted, a new order is needed', async () => {
    const c = await customer(p, 'Eve Expired');
    const placed = await order(c);
    const session = await sessionOf(placed.body.reference);
    session.status = 'expired';
    const expired = stripe.webhook('checkout.session.expired', session.id);
    expect((await webhook(expired.payload, expired.headers)).statusCode).toBe(200);
    expect((await p.db('billing_orders').where({ reference: placed.body.reference }).first()).status).toBe('Failed');
    expect((await finalize(c, placed.body.reference)).body.errors.referenceId).toEqual([BILLING_MESSAGES.paymentFailed]);
    expect(await p.db('subscriptions').where({ workspace_id: c.workspace.id })).toEqual([]);
  });

  it('someone else cannot finalize the order', async () => {
    const c = await customer(p, 'Owen Owner');
    const other = await customer(p, 'Ivy Intruder');
    const placed = await order(c);
    stripe.paySession((await sessionOf(placed.body.reference)).id);
    expect((await finalize(other, placed.body.reference)).status).toBe(404);
  });
});

describe('STRIPE_CARD_ENTRY', () => {
  const entry = (env: Record<string, string>) =>
    cardEntryOf(
      loadConfig({ DATA_DIR: p.config.dataDir, ...env }, { accessTokenSecret: 'x'.repeat(48), cookieSecret: 'y'.repeat(48) }).billing,
    );
  it('defaults to test payment methods for a test key and to the hosted page for a live key; the variable decides when set', () => {
    expect(entry({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toBe('test');
    expect(entry({ STRIPE_SECRET_KEY: 'sk_live_abc' })).toBe('hosted');
    expect(entry({ STRIPE_SECRET_KEY: 'rk_live_abc' })).toBe('hosted');
    expect(entry({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_CARD_ENTRY: 'hosted' })).toBe('hosted');
    expect(entry({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_CARD_ENTRY: 'test' })).toBe('test');
    expect(entry({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_CARD_ENTRY: 'elements' })).toBe('hosted');
  });
});
