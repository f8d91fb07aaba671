/**
 * Card checkout through the Stripe gateway (the official SDK) against a local stand-in
 * (tests/helpers/stripe-stand-in.ts): place-order → the browser confirms the PaymentIntent →
 * finalize-order, replayed and double-clicked without a second charge; a declined card; the signed
 * webhook as the source of truth (a replay changes nothing, a bad signature is refused); proration
 * of an upgrade and the credit note of a downgrade; pause and resume; renewals charging the saved card.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession } from '../../platform/accounts/tokens';
import { verifyAccessToken } from '../../platform/core/auth';
import { runRenewals } from '../../platform/billing/renewal';
import { BILLING_MESSAGES } from '../../shared/billing';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { DECLINED_CARD, startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in';
import type { Who } from './boards-fixtures';
import { api, billingState, customer } from './billing-fixtures';
import { makeTeam, type Team } from './workspace-fixtures';

const DAY = 86_400_000;
let p: TestPlatform;
let stripe: StripeStandIn;
let team: Team;

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
  team = await makeTeam(p, 'Card team');
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
const intentOf = async (reference: string) => (await p.db('billing_orders').where({ reference }).first()).gateway_ref as string;
const webhook = (payload: string, headers: Record<string, string>) =>
  p.server.inject({ method: 'POST', url: '/api/billing/stripe/webhook', payload, headers });

describe('checkout by card', () => {
  it('charges once however often finalize is replayed or double-clicked; the plan reaches the token', async () => {
    const c = await customer(p, 'Carl Card');
    const placed = await order(c);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body).toMatchObject({ type: 'new', paymentResult: { params: { amount: 800, currency: 'USD' } } });
    expect(placed.body.paymentResult.params.clientSecret).toMatch(/_secret_/);
    const reference = placed.body.reference;
    // not paid yet
    const early = await api(p, c, 'POST', '/api/subscriptions/finalize-order', { referenceId: reference });
    expect(early.status).toBe(400);
    expect(early.body.errors.referenceId).toEqual([BILLING_MESSAGES.paymentPending]);
    expect(stripe.confirm(await intentOf(reference)).ok).toBe(true);
    const charged = stripe.charges.length;
    const answers = await Promise.all([1, 2].map(() => api(p, c, 'POST', '/api/subscriptions/finalize-order', { referenceId: reference })));
    for (let i = 0; i < 10; i++) answers.push(await api(p, c, 'POST', '/api/subscriptions/finalize-order', { referenceId: reference }));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(new Set(answers.map((a) => a.body.invoice.number)).size).toBe(1);
    expect(stripe.charges.length).toBe(charged);
    expect(await p.db('invoices').where({ workspace_id: c.workspace.id }).count({ n: '*' })).toEqual([{ n: 1 }]);
    const sub = answers[0]!.body.subscription;
    expect(sub).toMatchObject({
      status: 'Active',
      plan: { code: 'team' },
      billingCycle: 'Monthly',
      autoRenew: true,
      canPause: true,
      paymentsEnabled: true,
    });
    expect(sub.remainingDays).toBeGreaterThanOrEqual(28);
    const session = await openSession(p.db, p.config, c.user!);
    expect(verifyAccessToken(p.config, session.accessToken)?.plan).toBe('team');
    // someone else cannot finalize (nor learn about) the order
    expect((await api(p, team.outsider, 'POST', '/api/subscriptions/finalize-order', { referenceId: reference })).status).toBe(404);
  });

  it('a declined card leaves the order unpaid; the failed webhook marks it declined; nothing is granted', async () => {
    const c = await customer(p, 'Dee Declined');
    const placed = await order(c);
    const intent = await intentOf(placed.body.reference);
    expect(stripe.confirm(intent, DECLINED_CARD).ok).toBe(false);
    expect(
      (await api(p, c, 'POST', '/api/subscriptions/finalize-order', { referenceId: placed.body.reference })).body.errors.referenceId,
    ).toEqual([BILLING_MESSAGES.paymentPending]);
    const failed = stripe.webhook('payment_intent.payment_failed', intent);
    expect((await webhook(failed.payload, failed.headers)).statusCode).toBe(200);
    const res = await api(p, c, 'POST', '/api/subscriptions/finalize-order', { referenceId: placed.body.reference });
    expect(res.status).toBe(400);
    expect(res.body.errors.referenceId).toEqual([BILLING_MESSAGES.paymentFailed]);
    expect(await p.db('subscriptions').where({ workspace_id: c.workspace.id })).toEqual([]);
  });

  it('the signed webhook applies a paid order by itself; a replay changes nothing; a bad signature is refused', async () => {
    const c = await customer(p, 'Wes Webhook');
    const placed = await order(c, { plan: 'teamplus', addons: ['white-label-api'], quantity: 2 });
    expect(placed.body.paymentResult.params.amount).toBe(2 * 1200 + 2000);
    const intent = await intentOf(placed.body.reference);
    stripe.confirm(intent);
    const forged = stripe.webhook('payment_intent.succeeded', intent, { secret: 'whsec_not_the_secret' });
    const refused = await webhook(forged.payload, forged.headers);
    expect(refused.statusCode).toBe(400);
    expect((await webhook(forged.payload, {})).statusCode).toBe(400);
    expect(await p.db('subscriptions').where({ workspace_id: c.workspace.id })).toEqual([]);
    const event = stripe.webhook('payment_intent.succeeded', intent, { eventId: 'evt_replayed' });
    const first = await webhook(event.payload, event.headers);
    expect(first.statusCode, first.payload).toBe(200);
    expect(JSON.parse(first.payload)).toEqual({ received: true, replay: false });
    const state = await billingState(p, c.workspace.id);
    for (let i = 0; i < 3; i++)
      expect(JSON.parse((await webhook(event.payload, event.headers)).payload)).toEqual({ received: true, replay: true });
    expect(await billingState(p, c.workspace.id)).toEqual(state);
    const sub = await api(p, c, 'GET', '/api/subscriptions/for/default');
    expect(sub.body).toMatchObject({ plan: { code: 'teamplus' }, quantity: 2, addons: [{ code: 'white-label-api' }] });
    // finalize after the webhook: the same invoice
    const fin = await api(p, c, 'POST', '/api/subscriptions/finalize-order', { referenceId: placed.body.reference });
    expect(fin.status).toBe(200);
    expect(await p.db('invoices').where({ workspace_id: c.workspace.id }).count({ n: '*' })).toEqual([{ n: 1 }]);
  });

  it('refuses Ether (not available on this server) and members who do not manage the workspace', async () => {
    const res = await order(team.owner, { PaymentMethod: 'Ether', workspace: team.workspace.id });
    expect(res.status).toBe(400);
    expect(res.body.errors.PaymentMethod).toEqual([BILLING_MESSAGES.methodNotSupported]);
    expect((await order(team.member, { workspace: team.workspace.id })).status).toBe(403);
    expect((await order(team.outsider, { workspace: team.workspace.id })).status).toBe(404);
    expect(await p.db('billing_orders').where({ workspace_id: team.workspace.id })).toEqual([]);
  });
});

describe('changes, pause and renewals', () => {
  async function buy(c: Awaited<ReturnType<typeof customer>>, body: object = {}) {
    const placed = await order(c, body);
    if (placed.body.paymentResult.params.amount > 0) stripe.confirm(await intentOf(placed.body.reference));
    const fin = await api(p, c, 'POST', '/api/subscriptions/finalize-order', { referenceId: placed.body.reference });
    expect(fin.status, JSON.stringify(fin.body)).toBe(200);
    return { placed: placed.body, fin: fin.body };
  }

  it('an upgrade halfway charges half the difference; a downgrade to the free plan makes a credit note', async () => {
    const c = await customer(p, 'Uma Upgrade');
    await buy(c);
    const start = Date.now() - 15 * DAY;
    const end = Date.now() + 15 * DAY;
    await p
      .db('subscriptions')
      .where({ workspace_id: c.workspace.id })
      .update({ period_start: new Date(start), period_end: new Date(end), segments: JSON.stringify([{ from: start, price: 800 }]) });
    const preview = await api(p, c, 'GET', '/api/invoices/upcoming?Plan=teamplus');
    expect(preview.body.type).toBe('change');
    expect(Math.abs(preview.body.total - 200)).toBeLessThanOrEqual(1);
    const up = await buy(c, { plan: 'teamplus' });
    expect(Math.abs(up.fin.invoice.totalAmount - 200)).toBeLessThanOrEqual(1);
    expect(up.fin.invoice.items).toHaveLength(2);
    const down = await buy(c, { plan: 'essential' });
    expect(down.placed.paymentResult.params.amount).toBe(0);
    expect(down.fin.invoice).toMatchObject({ type: 'Credit Note' });
    expect(down.fin.invoice.number).toMatch(/^CN-\d{6}$/);
    // teamplus's unused half is credited: the charges minus the credit equal what was used (team
    // for half the period; teamplus for the moment between the two changes; then nothing)
    expect(Math.abs(down.fin.invoice.totalAmount - 600)).toBeLessThanOrEqual(1);
    const used = 800 / 2;
    const net = 800 + up.fin.invoice.totalAmount - down.fin.invoice.totalAmount;
    expect(Math.abs(net - used)).toBeLessThanOrEqual(1);
    expect(down.fin.subscription).toMatchObject({ plan: { code: 'essential' }, credit: down.fin.invoice.totalAmount });
  });

  it('pause only when Active and paid; resume only when Paused; only its Owner or Admin', async () => {
    const c = await customer(p, 'Pia Pause');
    await buy(c);
    const paused = await api(p, c, 'POST', '/api/users/self/subscriptions/pause', { pause: true });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ status: 'Paused', canPause: false, canResume: true, nextBilling: null });
    expect((await api(p, c, 'POST', '/api/users/self/subscriptions/pause', { pause: true })).body.errors.pause).toEqual([
      BILLING_MESSAGES.pauseNotAllowed,
    ]);
    const resumed = await api(p, c, 'POST', '/api/users/self/subscriptions/pause', { pause: false });
    expect(resumed.body).toMatchObject({ status: 'Active', canPause: true });
    expect(
      (await api(p, team.member, 'POST', '/api/users/self/subscriptions/pause', { pause: true, workspace: team.workspace.id })).status,
    ).toBe(403);
  });

  it('renews an auto-renew subscription by charging the saved card once; a declined saved card suspends it', async () => {
    const c = await customer(p, 'Rex Renew');
    await buy(c);
    const sub = await p.db('subscriptions').where({ workspace_id: c.workspace.id }).first();
    expect(sub.payment_method_ref).toBe('pm_card_visa');
    const ended = new Date(Date.now() - 60_000);
    await p.db('subscriptions').where({ id: sub.id }).update({ period_end: ended });
    const charges = stripe.charges.length;
    const run = await runRenewals(p.server.app);
    expect(run).toMatchObject({ renewed: 1 });
    expect(stripe.charges.length).toBe(charges + 1);
    const renewed = await p.db('subscriptions').where({ id: sub.id }).first();
    expect(new Date(renewed.period_start).getTime()).toBe(ended.getTime());
    expect(new Date(renewed.period_end).getTime()).toBeGreaterThan(Date.now() + 27 * DAY);
    expect((await runRenewals(p.server.app)).renewed).toBe(0);
    expect(stripe.charges.length).toBe(charges + 1);
    expect(await p.db('invoices').where({ workspace_id: c.workspace.id }).count({ n: '*' })).toEqual([{ n: 2 }]);

    await p
      .db('subscriptions')
      .where({ id: sub.id })
      .update({ period_end: new Date(Date.now() - 60_000), payment_method_ref: DECLINED_CARD });
    expect((await runRenewals(p.server.app)).failed).toBe(1);
    const suspended = await api(p, c, 'GET', '/api/subscriptions/for/default');
    expect(suspended.body).toMatchObject({ status: 'Suspended', isValid: true, inGrace: true });
  });
});
