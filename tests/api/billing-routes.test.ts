/**
 * Billing without a payment gateway (the self-hosted default; docs/billing.md): plans, a
 * workspace's subscription, the invoice preview, place-order refused with the spec's text, the
 * billing history and invoices, pause/resume rules, promo redemption (a 100 % promo grants the
 * plan), claims that follow the subscription, and the renewal job (expiry, one runner at a time).
 * Every route is tried across workspaces: nobody reads or changes another workspace's billing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession } from '../../platform/accounts/tokens';
import { signAccessToken, verifyAccessToken } from '../../platform/core/auth';
import { runRenewals } from '../../platform/billing/renewal';
import { TOO_MANY_ATTEMPTS } from '../../platform/core/ratelimit';
import { findUserById } from '../../platform/users/repo';
import { BILLING_MESSAGES, PROMO_CODE_FORMAT } from '../../shared/billing';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { makeTeam, type Team } from './workspace-fixtures';
import { api, assignPlan, billingState, customer, makePromo } from './billing-fixtures';

let p: TestPlatform;
let team: Team;
beforeAll(async () => {
  p = await startTestPlatform();
  team = await makeTeam(p, 'Billing team');
});
afterAll(() => p.stop());

describe('plans and the free subscription', () => {
  it('lists plans, add-ons, cycles and prices in minor units; no payment method without a gateway', async () => {
    const res = await api(p, team.member, 'GET', '/api/plans');
    expect(res.status).toBe(200);
    expect(res.body.plans.map((x: { code: string }) => x.code)).toEqual(['essential', 'team', 'teamplus']);
    expect(res.body.addons.map((x: { code: string }) => x.code)).toEqual(['white-label-api']);
    expect(res.body.plans[1].price).toEqual({ amount: 800, formatted: '$8.00' });
    expect(res.body.plans[1].features).toContain('app-frame');
    expect(res.body).toMatchObject({
      billingCycles: ['Monthly', 'Quarterly', 'Semiannually'],
      paymentMethods: [],
      paymentsEnabled: false,
      currency: 'USD',
    });
    expect((await api(p, null, 'GET', '/api/plans')).status).toBe(401);
  });

  it('answers the free plan for a workspace without a subscription, to its Owner and Admin only', async () => {
    for (const who of [team.owner, team.admin]) {
      const res = await api(p, who, 'GET', `/api/subscriptions/for/${team.workspace.id}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({
        id: null,
        status: 'Active',
        plan: { code: 'essential', name: 'Essential' },
        canPause: false,
        canResume: false,
        paymentsEnabled: false,
      });
    }
    expect((await api(p, team.member, 'GET', `/api/subscriptions/for/${team.workspace.id}`)).status).toBe(403);
    expect((await api(p, team.clientAdmin, 'GET', `/api/subscriptions/for/${team.workspace.id}`)).status).toBe(403);
    expect((await api(p, team.outsider, 'GET', `/api/subscriptions/for/${team.workspace.id}`)).status).toBe(404);
    const own = await api(p, team.outsider, 'GET', '/api/subscriptions/for/default');
    expect(own.status).toBe(200);
    expect(own.body.workspaceId).not.toBe(team.workspace.id);
  });
});

describe('invoice preview and checkout without a gateway', () => {
  it('previews a new order (Addons[i] as the panel sends them) and its next payment', async () => {
    const res = await api(
      p,
      team.owner,
      'GET',
      `/api/invoices/upcoming?Plan=team&Addons[0]=white-label-api&BillingCycle=Quarterly&Quantity=2&Workspace=${team.workspace.id}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      type: 'new',
      subtotal: 2280 * 2 + 5700,
      total: 2280 * 2 + 5700,
      balance: 0,
      currency: 'USD',
      currencySymbol: '$',
    });
    expect(res.body.items).toHaveLength(2);
    expect(res.body.nextPayment.amount).toBe(2280 * 2 + 5700);
    expect((await api(p, team.member, 'GET', `/api/invoices/upcoming?Plan=team&Workspace=${team.workspace.id}`)).status).toBe(403);
    expect((await api(p, team.outsider, 'GET', `/api/invoices/upcoming?Plan=team&Workspace=${team.workspace.id}`)).status).toBe(404);
    expect((await api(p, team.owner, 'GET', '/api/invoices/upcoming?Plan=gold')).status).toBe(400);
    expect((await api(p, team.owner, 'GET', '/api/invoices/upcoming')).status).toBe(400);
  });

  it("place-order answers 'Payments are not configured on this server.' and stores nothing", async () => {
    const before = await billingState(p, team.workspace.id);
    const res = await api(p, team.owner, 'POST', '/api/subscriptions/place-order', {
      plan: 'team',
      billingCycle: 'Monthly',
      addons: [],
      PaymentMethod: 'Card',
      workspace: team.workspace.id,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(BILLING_MESSAGES.paymentsNotConfigured);
    expect(await billingState(p, team.workspace.id)).toEqual(before);
    expect((await api(p, team.owner, 'POST', '/api/subscriptions/finalize-order', { referenceId: 'ord_nothing' })).status).toBe(404);
  });

  it('pause is refused without payments; resume only when Paused', async () => {
    const c = await customer(p);
    await assignPlan(p, c.workspace.id, 'team');
    const pause = await api(p, c, 'POST', '/api/users/self/subscriptions/pause', { pause: true });
    expect(pause.status).toBe(400);
    expect(pause.body.errors.pause).toEqual([BILLING_MESSAGES.pauseNotAllowed]);
    const resume = await api(p, c, 'POST', '/api/users/self/subscriptions/pause', { pause: false });
    expect(resume.body.errors.pause).toEqual([BILLING_MESSAGES.resumeNotAllowed]);
    await p.db('subscriptions').where({ workspace_id: c.workspace.id }).update({ status: 'Paused' });
    const resumed = await api(p, c, 'POST', '/api/users/self/subscriptions/pause', { pause: false });
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect(resumed.body.status).toBe('Active');
    // another workspace's subscription is not reachable through `workspace`
    expect(
      (await api(p, team.outsider, 'POST', '/api/users/self/subscriptions/pause', { pause: false, workspace: c.workspace.id })).status,
    ).toBe(404);
  });
});

describe('billing cycle', () => {
  it('sets the next renewal cycle, for the Owner or Admin of the subscription only', async () => {
    const sub = await assignPlan(p, team.workspace.id, 'team', { userId: team.owner.user!.id });
    for (const who of [team.member, team.outsider]) {
      expect((await api(p, who, 'POST', `/api/subscriptions/${sub.id}/billing-cycle`, { cycle: 'Quarterly' })).status).toBe(404);
    }
    const res = await api(p, team.admin, 'POST', `/api/subscriptions/${sub.id}/billing-cycle`, { cycle: 'Quarterly' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ billingCycle: 'Monthly', nextBillingCycle: 'Quarterly' });
    expect((await api(p, team.admin, 'POST', `/api/subscriptions/${sub.id}/billing-cycle`, { cycle: 'Quarterly' })).status).toBe(400);
    const preview = await api(p, team.owner, 'GET', `/api/invoices/upcoming?subscriptionId=${sub.id}`);
    expect(preview.body).toMatchObject({ type: 'renewal', total: 2280 });
    expect((await api(p, team.outsider, 'GET', `/api/invoices/upcoming?subscriptionId=${sub.id}`)).status).toBe(404);
    await p.db('subscriptions').where({ id: sub.id }).delete();
  });
});

describe('promo codes and the billing history', () => {
  it('a 100 % promo grants the plan with a zero invoice; a second redemption by the same customer is refused', async () => {
    const c = await customer(p, 'Pat Promo');
    const promo = await makePromo(p, { code: 'WTAB-CDEF-123456', name: 'StarterPack', expires_in_days: 30 });
    expect(promo.code).toMatch(PROMO_CODE_FORMAT);
    const res = await api(p, c, 'POST', '/api/admin/promos/redeem', {
      code: '  wtab-cdef-123456 ',
      assignedTo: null,
      assignedToType: null,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      succeed: true,
      result: BILLING_MESSAGES.promoGranted('Team', 30),
      subscription: { plan: { code: 'team' }, status: 'Active', remainingDays: 30, promos: [{ name: 'StarterPack' }] },
    });
    const again = await api(p, c, 'POST', '/api/admin/promos/redeem', { code: promo.code });
    expect(again.body).toEqual({ result: BILLING_MESSAGES.promoAlreadyRedeemed, succeed: false });
    expect((await api(p, c, 'POST', '/api/admin/promos/redeem', { code: 'WTZZ-ZZZZ-ZZZZZZ' })).body).toEqual({
      result: BILLING_MESSAGES.promoInvalid,
      succeed: false,
    });

    // the history: one zero invoice with the discount, 10 a page, only the caller's
    const history = await api(p, c, 'GET', '/api/users/subscriptions/history');
    expect(history.status).toBe(200);
    expect(history.body.totalCount).toBe(1);
    expect(history.body.data[0]).toMatchObject({
      type: 'Charge',
      totalAmount: 0,
      discount: 800,
      subtotal: 800,
      currencyCode: 'USD',
      items: [{ formattedAmount: '$8.00' }],
    });
    expect(history.body.data[0].number).toMatch(/^INV-\d{6}$/);
    const id = history.body.data[0].id;
    expect((await api(p, c, 'GET', `/api/subscriptions/invoices/${id}`)).body.number).toBe(history.body.data[0].number);
    for (const who of [team.owner, team.outsider]) {
      expect((await api(p, who, 'GET', `/api/subscriptions/invoices/${id}`)).status).toBe(404);
      const theirs = await api(p, who, 'GET', '/api/users/subscriptions/history');
      expect(theirs.body.data.map((r: { id: string }) => r.id)).not.toContain(id);
    }
    expect((await api(p, team.outsider, 'GET', `/api/users/subscriptions/history?Workspace=${c.workspace.id}`)).status).toBe(404);
    // the redeeming user's token now carries team (claims follow the subscription)
    const session = await openSession(p.db, p.config, (await findUserById(p.db, c.user!.id))!);
    expect(verifyAccessToken(p.config, session.accessToken)).toMatchObject({ plan: 'team', qty: 1 });
  });

  it('redeeming for a workspace the caller does not manage is refused and changes nothing', async () => {
    const promo = await makePromo(p, { code: 'WTQQ-QQQQ-QQQQQQ', name: 'VIP', expires_in_days: 365, max_redemptions: 0 });
    const before = await billingState(p, team.workspace.id);
    expect(
      (
        await api(p, team.member, 'POST', '/api/admin/promos/redeem', {
          code: promo.code,
          assignedTo: team.workspace.id,
          assignedToType: 'Workspace',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await api(p, team.outsider, 'POST', '/api/admin/promos/redeem', {
          code: promo.code,
          assignedTo: team.workspace.id,
          assignedToType: 'Workspace',
        })
      ).status,
    ).toBe(404);
    expect(await billingState(p, team.workspace.id)).toEqual(before);
    expect((await p.db('promos').where({ id: promo.id }).first()).redeemed_times).toBe(0);
  });

  it('holds the redemption limit under concurrent redemptions (the promo row is locked)', async () => {
    const promo = await makePromo(p, {
      code: 'WTCC-CCCC-CCCCCC',
      name: 'Two only',
      type: 'Fixed',
      amount: 500,
      percent: null,
      percent_duration: null,
      max_redemptions: 2,
    });
    const people = await Promise.all([1, 2, 3, 4, 5].map((i) => customer(p, `Concurrent ${i}`)));
    const answers = await Promise.all(people.map((c) => api(p, c, 'POST', '/api/admin/promos/redeem', { code: promo.code })));
    expect(answers.filter((a) => a.body.succeed)).toHaveLength(2);
    expect(answers.filter((a) => a.body.result === BILLING_MESSAGES.promoUsedUp)).toHaveLength(3);
    expect((await p.db('promos').where({ id: promo.id }).first()).redeemed_times).toBe(2);
    // a Fixed promo discounts the next invoice: the preview of the lucky ones shows it
    const lucky = people[answers.findIndex((a) => a.body.succeed)]!;
    const preview = await api(p, lucky, 'GET', '/api/invoices/upcoming?Plan=team');
    expect(preview.body).toMatchObject({
      subtotal: 800,
      discount: { totalAmount: 500, items: [{ name: 'Two only', amount: 500 }] },
      total: 300,
    });
  });

  it('limits redemption attempts per user (codes cannot be found by trying)', async () => {
    const c = await customer(p, 'Tom Trier');
    for (let i = 0; i < 10; i++)
      expect((await api(p, c, 'POST', '/api/admin/promos/redeem', { code: `WT00-0000-00000${i}` })).body.result).toBe(
        BILLING_MESSAGES.promoInvalid,
      );
    const promo = await makePromo(p, { code: 'WTRL-RLRL-RLRLRL', name: 'Late', expires_in_days: 30 });
    expect((await api(p, c, 'POST', '/api/admin/promos/redeem', { code: promo.code })).body).toEqual({
      result: TOO_MANY_ATTEMPTS,
      succeed: false,
    });
    expect(await p.db('promo_redemptions').where({ promo_id: promo.id })).toEqual([]);
  });

  it('pages the history 10 at a time, CreatedDate descending, with the quick filters', async () => {
    const c = await customer(p, 'Hal History');
    const sub = await assignPlan(p, c.workspace.id, 'team');
    for (let i = 0; i < 13; i++) {
      const type = i % 4 === 3 ? 'Credit Note' : 'Charge';
      const number = `${type === 'Charge' ? 'INV' : 'CN'}-T${c.user!.id.slice(0, 6)}-${String(i).padStart(2, '0')}`;
      await p.db('invoices').insert({
        number,
        type,
        workspace_id: c.workspace.id,
        subscription_id: sub.id,
        status: 'Paid',
        currency: 'USD',
        subtotal: 100 * i,
        total: 100 * i,
        created_at: new Date(Date.UTC(2026, 0, 1 + i)),
      });
    }
    const first = await api(p, c, 'GET', '/api/users/subscriptions/history');
    const second = await api(p, c, 'GET', '/api/users/subscriptions/history?Skip=10&Take=10');
    expect(first.body.totalCount).toBe(13);
    expect(first.body.data).toHaveLength(10);
    expect(second.body.data).toHaveLength(3);
    const dates = [...first.body.data, ...second.body.data].map((r: { createdAt: string }) => r.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(dates).size).toBe(13);
    const credits = await api(p, c, 'GET', '/api/users/subscriptions/history?QuickFilter=inactive');
    expect(credits.body.totalCount).toBe(3);
    expect(credits.body.data.every((r: { type: string }) => r.type === 'Credit Note')).toBe(true);
    expect((await api(p, c, 'GET', '/api/users/subscriptions/history?QuickFilter=beta-tester')).body.totalCount).toBe(10);
    expect((await api(p, c, 'GET', '/api/users/subscriptions/history?QuickFilter=nope')).status).toBe(400);
  });
});

describe('a customer-plan claim (panel.md §6)', () => {
  it("refuses every billing route to a partner's customer: their subscription is the partner's", async () => {
    const c = await customer(p, 'Petra Partner');
    await assignPlan(p, c.workspace.id, 'team');
    const payload = JSON.parse(Buffer.from(c.token!.split('.')[1]!, 'base64url').toString('utf8'));
    delete payload.iat;
    delete payload.exp;
    const partnered = { ...c, token: signAccessToken(p.config, { ...payload, 'customer-plan': 'partner-7' }) };
    const before = await billingState(p, c.workspace.id);
    const calls: Array<[string, string, object?]> = [
      ['GET', '/api/subscriptions/for/default'],
      ['GET', `/api/subscriptions/for/${c.workspace.id}`],
      ['GET', '/api/invoices/upcoming?Plan=teamplus'],
      ['GET', '/api/users/subscriptions/history'],
      ['POST', '/api/subscriptions/place-order', { plan: 'teamplus', PaymentMethod: 'Card' }],
      ['POST', '/api/users/self/subscriptions/pause', { pause: true }],
      ['POST', '/api/admin/promos/redeem', { code: 'WT00-NONE-NONE00' }],
    ];
    for (const [method, url, body] of calls) {
      const res = await api(p, partnered, method, url, body);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.message).toBe(BILLING_MESSAGES.customerPlan);
    }
    expect(await billingState(p, c.workspace.id)).toEqual(before);
    // the same account without the claim reads its subscription
    expect((await api(p, c, 'GET', '/api/subscriptions/for/default')).body.plan.code).toBe('team');
  });
});

describe('claims follow the subscription; the renewal job', () => {
  it('an assigned plan reaches the token at refresh; its expiry removes it at the next refresh (DEFAULT_PLAN applies again)', async () => {
    const c = await customer(p, 'Cal Claims');
    const session = await openSession(p.db, p.config, c.user!);
    expect(verifyAccessToken(p.config, session.accessToken)?.plan).toBe('essential');
    await assignPlan(p, c.workspace.id, 'teamplus', { quantity: 3, days: 1 });
    const refreshed = await api(p, null, 'POST', '/api/accounts/refresh', { refreshToken: session.refreshToken });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect(verifyAccessToken(p.config, refreshed.body.accessToken)).toMatchObject({ plan: 'teamplus', qty: 3 });
    // the period ended beyond the grace days: the job expires it (not auto-renewing)
    await p
      .db('subscriptions')
      .where({ workspace_id: c.workspace.id })
      .update({ period_end: new Date(Date.now() - 10 * 86_400_000) });
    const run = await runRenewals(p.server.app);
    expect(run.expired).toBeGreaterThanOrEqual(1);
    expect((await p.db('subscriptions').where({ workspace_id: c.workspace.id }).first()).status).toBe('Expired');
    const later = await api(p, null, 'POST', '/api/accounts/refresh', { refreshToken: refreshed.body.refreshToken });
    expect(verifyAccessToken(p.config, later.body.accessToken)).toMatchObject({ plan: 'essential', qty: 1 });
  });

  it('a subscription within its grace days stays valid and is not expired yet', async () => {
    const c = await customer(p, 'Gus Grace');
    await assignPlan(p, c.workspace.id, 'team');
    await p
      .db('subscriptions')
      .where({ workspace_id: c.workspace.id })
      .update({ period_end: new Date(Date.now() - 86_400_000) });
    await runRenewals(p.server.app);
    const res = await api(p, c, 'GET', '/api/subscriptions/for/default');
    expect(res.body).toMatchObject({ status: 'Active', isValid: true, inGrace: true, remainingDays: 0 });
  });

  it('runs as the job billing-renewal every BILLING_RENEWAL_MINUTES (platform/core/jobs: once across nodes, tests/api/jobs.test.ts)', () => {
    const job = p.server.app.jobs!.definitions.get('billing-renewal');
    expect(job?.everyMs).toBe(p.config.billing.renewalMinutes * 60_000);
  });
});
