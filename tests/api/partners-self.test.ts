/**
 * The partner's own area and the authorize-partner flow (issue 29 items 1, 2; docs/panel.md
 * "Partner area", docs/embedding.md "Integrate with Your Website"): every /api/partners/* call of
 * panel.md §7, who may make it, and that nothing crosses partners: partner A never sees partner
 * B's customers or invoices, a customer never reads the partner's other customers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRenewals } from '../../platform/billing/renewal';
import { ensureDefaultWorkspace } from '../../platform/workspaces/repo';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { pngDataUrl } from '../helpers/png';
import { operator } from './admin-fixtures';
import { api } from './billing-fixtures';
import { signedIn, type Who } from './boards-fixtures';
import { freshClaims, makePartner } from './partners-self-fixtures';

let p: TestPlatform;
let a: Awaited<ReturnType<typeof makePartner>>;
let b: Awaited<ReturnType<typeof makePartner>>;
let alice: Who;
let bob: Who;
beforeAll(async () => {
  p = await startTestPlatform();
  a = await makePartner(p, { name: 'Acme Resale', origins: ['https://shop.example', 'http://localhost:5173'] });
  b = await makePartner(p, { name: 'Bolt Partners', origins: ['https://bolt.example'] });
  alice = await signedIn(p, { name: 'Alice' });
  bob = await signedIn(p, { name: 'Bob' });
});
afterAll(() => p.stop());

const authorize = (who: Who, partnerId: string, returnUrl: string, state = 'xyz') =>
  api(p, who, 'POST', `/api/partners/${partnerId}/authorize`, { returnUrl, state });

describe('the authorize-partner flow', () => {
  it('shows the partner to visitors, and hides unknown or inactive partners', async () => {
    const shown = await api(p, null, 'GET', `/api/partners/${a.partner.id}/public`);
    expect(shown).toMatchObject({ status: 200, body: { partnerId: a.partner.id, name: 'Acme Resale', icon: null } });
    const inactive = await makePartner(p, { reseller: 'UnderReview' });
    expect((await api(p, null, 'GET', `/api/partners/${inactive.partner.id}/public`)).status).toBe(404);
    expect((await api(p, null, 'GET', '/api/partners/00000000-0000-4000-8000-000000000000/public')).status).toBe(404);
    expect((await api(p, null, 'GET', '/api/partners/nope/public')).status).toBe(400);
  });

  it('makes the user the customer and answers the returnUrl with state, customer and customerId', async () => {
    expect(
      (await api(p, null, 'POST', `/api/partners/${a.partner.id}/authorize`, { returnUrl: 'https://shop.example/x', state: 's' })).status,
    ).toBe(401);
    const res = await authorize(alice, a.partner.id, 'https://shop.example/back?keep=1', 'st&te 1');
    expect(res.status).toBe(200);
    const url = new URL(res.body.redirect);
    expect(url.origin + url.pathname).toBe('https://shop.example/back');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      keep: '1',
      state: 'st&te 1',
      customer: alice.user!.username,
      customerId: alice.user!.id,
    });
    // again: the same answer, still one customer row
    expect((await authorize(alice, a.partner.id, 'http://localhost:5173/cb')).status).toBe(200);
    expect(await p.db('partner_customers').where({ user_id: alice.user!.id })).toHaveLength(1);
  });

  it('refuses a returnUrl off the partner origins: never an open redirect', async () => {
    for (const bad of [
      'https://evil.example/x',
      'https://shop.example.evil.example/x',
      'http://shop.example/x',
      'javascript:alert(1)',
      '//shop.example/x',
      'https://user@shop.example/x',
      'https://bolt.example/x',
      'not a url',
    ]) {
      const res = await authorize(bob, a.partner.id, bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.errors.returnUrl, bad).toEqual(["This return address is not one of the partner's registered sites."]);
    }
    expect(await p.db('partner_customers').where({ user_id: bob.user!.id })).toHaveLength(0);
  });

  it("refuses another partner's customer and the partner itself", async () => {
    const res = await authorize(alice, b.partner.id, 'https://bolt.example/cb');
    expect(res.status).toBe(400);
    expect(res.body.errors.partnerId).toEqual(['Your account is already the customer of another partner.']);
    expect((await authorize(a, a.partner.id, 'https://shop.example/cb')).body.errors.partnerId).toEqual([
      'A partner cannot be its own customer.',
    ]);
    expect((await authorize(bob, b.partner.id, 'https://bolt.example/cb')).status).toBe(200);
  });

  it("puts the partner's name in the customer's customer-plan claim; the customer reads the subscription read-only", async () => {
    const { token, claims } = await freshClaims(p, alice.user!.id);
    expect(claims['customer-plan']).toBe('Acme Resale');
    expect((await freshClaims(p, a.user!.id)).claims['customer-plan']).toBeUndefined();
    const asCustomer = { ...alice, token };
    const mine = await api(p, asCustomer, 'GET', '/api/partners/customer/subscription');
    expect(mine).toMatchObject({
      status: 200,
      body: { plan: { code: 'essential' }, partner: { type: 'Reseller', name: 'Acme Resale', email: a.user!.username } },
    });
    // the customer's own billing routes refuse the claim
    expect((await api(p, asCustomer, 'GET', '/api/subscriptions/for/default')).status).toBe(403);
    expect((await api(p, a, 'GET', '/api/partners/customer/subscription')).status).toBe(404);
  });
});

describe("the partner's own calls", () => {
  it('who may call: 401 without a token, 403 for non-partners (customers too) and for a partner without Active Reseller', async () => {
    const plain = await signedIn(p);
    const under = await makePartner(p, { reseller: 'Suspended' });
    for (const url of ['/api/partners/', '/api/partners/customers', '/api/partners/invoices', '/api/partners/partner-invoices']) {
      expect((await api(p, null, 'GET', url)).status, url).toBe(401);
      expect((await api(p, plain, 'GET', url)).status, url).toBe(403);
      expect((await api(p, alice, 'GET', url)).status, url).toBe(403);
    }
    expect((await api(p, under, 'GET', '/api/partners/')).status).toBe(200);
    const refused = await api(p, under, 'GET', '/api/partners/customers');
    expect(refused).toMatchObject({ status: 403, body: { message: 'Your Reseller programme is not active.' } });
  });

  it('reads and saves the profile: name, logo (the profile-image rules, served publicly), origins', async () => {
    const me = await api(p, a, 'GET', '/api/partners/');
    expect(me.body).toMatchObject({ id: a.partner.id, name: 'Acme Resale', email: a.user!.username, types: expect.any(Array) });
    expect(me.body.types.find((t: { code: string }) => t.code === 'Reseller').status).toBe('Active');
    const saved = await api(p, a, 'POST', '/api/partners/profile', { name: ' Acme Resale Ltd ', icon: pngDataUrl(64, 48) });
    expect(saved.status).toBe(200);
    expect(saved.body.name).toBe('Acme Resale Ltd');
    expect(saved.body.icon).toMatch(new RegExp(`/api/partners/${a.partner.id}/icon\\?v=`));
    expect(saved.body.origins).toEqual(['https://shop.example', 'http://localhost:5173']);
    const icon = await p.server.inject(new URL(saved.body.icon).pathname);
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    const kept = await api(p, a, 'POST', '/api/partners/profile', {
      name: 'Acme Resale',
      icon: saved.body.icon,
      origins: ['https://shop.example/'],
    });
    expect(kept.body).toMatchObject({ icon: saved.body.icon, origins: ['https://shop.example'] });
    const tiny = await api(p, a, 'POST', '/api/partners/profile', { name: 'Acme Resale', icon: pngDataUrl(8, 8) });
    expect(tiny).toMatchObject({ status: 400, body: { errors: { icon: ['Image is too small.'] } } });
    expect((await api(p, a, 'POST', '/api/partners/profile', { name: '' })).body.errors.name).toEqual(['Name is required.']);
    const origin = await api(p, a, 'POST', '/api/partners/profile', { name: 'Acme Resale', origins: ['http://shop.example'] });
    expect(origin.status).toBe(400);
    expect(origin.body.errors.origins[0]).toMatch(/is not an origin/);
    expect((await api(p, b, 'GET', '/api/partners/')).body.name).toBe('Bolt Partners');
  });

  it('lists only its own customers', async () => {
    const mine = await api(p, a, 'GET', '/api/partners/customers');
    expect(mine.body).toEqual({
      totalCount: 1,
      data: [expect.objectContaining({ customerId: alice.user!.id, email: alice.user!.username })],
    });
    const theirs = await api(p, b, 'GET', '/api/partners/customers');
    expect(theirs.body.data.map((c: { email: string }) => c.email)).toEqual([bob.user!.username]);
    expect((await api(p, a, 'GET', '/api/partners/customers?Take=0')).status).toBe(400);
  });

  it("changes a customer's plan through the billing engine (an invoice, Monthly only); never another partner's customer", async () => {
    const url = `/api/partners/customers/${alice.user!.id}/subscriptions`;
    expect((await api(p, a, 'GET', url)).body).toMatchObject({ plan: { code: 'essential' } });
    expect((await api(p, b, 'GET', url)).status).toBe(404);
    expect((await api(p, b, 'POST', url, { plan: 'team', quantity: 1 })).status).toBe(404);
    const quarterly = await api(p, a, 'POST', url, { plan: 'team', quantity: 1, billingCycle: 'Quarterly' });
    expect(quarterly.body.errors.billingCycle).toEqual(['Partners can only choose the Monthly billing cycle.']);
    expect((await api(p, a, 'POST', url, { plan: 'team', quantity: 0 })).body.errors.quantity).toEqual([
      'Seats must be a whole number from 1 to 1000.',
    ]);
    const changed = await api(p, a, 'POST', url, { plan: 'teamplus', quantity: 2, billingCycle: 2, addons: [], autoRenew: false });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      status: 'Active',
      plan: { code: 'teamplus' },
      quantity: 2,
      billingCycle: 'Monthly',
      autoRenew: false,
    });
    const ws = await ensureDefaultWorkspace(p.db, alice.user!.id);
    const invoices = await p.db('invoices').where({ workspace_id: ws.id });
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ type: 'Charge', total: 2400 });
    expect((await freshClaims(p, alice.user!.id)).claims).toMatchObject({ plan: 'teamplus', qty: 2, 'customer-plan': 'Acme Resale' });
    const same = await api(p, a, 'POST', url, { plan: 'teamplus', quantity: 2, autoRenew: false });
    expect(same.status).toBe(400);
  });

  it("names the partner on the customer's subscription in the operators' view (backoffice.md §3)", async () => {
    const admin = await operator(p, { name: 'Olga Operator' });
    const ws = await ensureDefaultWorkspace(p.db, alice.user!.id);
    const sub = await p.db('subscriptions').where({ workspace_id: ws.id }).first('id');
    const view = await api(p, admin, 'GET', `/api/admin/subscriptions/${sub.id}`);
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body.partner).toMatchObject({ type: 'Reseller', name: 'Acme Resale' });
    expect(view.body.partner.email).toMatch(/@/);
  });

  it('cancel, pause, resume and renew follow panel.md §4', async () => {
    const base = `/api/partners/customers/${alice.user!.id}/subscriptions`;
    const sub = (await api(p, a, 'GET', base)).body;
    expect((await api(p, b, 'POST', `${base}/${sub.id}/pause`, { pause: true })).status).toBe(404);
    expect((await api(p, a, 'POST', `${base}/00000000-0000-4000-8000-000000000000/pause`, { pause: true })).status).toBe(404);
    expect((await api(p, a, 'POST', `${base}/${sub.id}/pause`, { pause: false })).body.errors.status).toEqual([
      'Only a paused subscription can be resumed.',
    ]);
    expect((await api(p, a, 'POST', `${base}/${sub.id}/pause`, { pause: true })).body.status).toBe('Paused');
    expect((await api(p, a, 'POST', `${base}/${sub.id}/cancel`)).status).toBe(400);
    expect((await api(p, a, 'POST', `${base}/${sub.id}/pause`, { pause: false })).body.status).toBe('Active');
    // renew: only with one day left and auto-renew off
    expect((await api(p, a, 'POST', `${base}/renew`)).body.errors.status).toBeDefined();
    await p
      .db('subscriptions')
      .where({ id: sub.id })
      .update({ period_end: new Date(Date.now() + 20 * 3_600_000) });
    const renewed = await api(p, a, 'POST', `${base}/renew`);
    expect(renewed.status).toBe(200);
    expect(renewed.body.remainingDays).toBeGreaterThan(28);
    expect((await api(p, a, 'POST', `${base}/${sub.id}/cancel`)).body.status).toBe('Canceled');
    expect((await api(p, a, 'POST', `${base}/${sub.id}/cancel`)).status).toBe(400);
  });

  it('renews an auto-renewing partner subscription in the renewal job, invoiced without a gateway', async () => {
    const url = `/api/partners/customers/${bob.user!.id}/subscriptions`;
    const sub = (await api(p, b, 'POST', url, { plan: 'team', quantity: 1, autoRenew: true })).body;
    await p
      .db('subscriptions')
      .where({ id: sub.id })
      .update({ period_end: new Date(Date.now() - 1000) });
    expect((await runRenewals(p.server.app)).renewed).toBeGreaterThanOrEqual(1);
    expect((await api(p, b, 'GET', url)).body).toMatchObject({ status: 'Active', plan: { code: 'team' } });
  });

  it("lists its customers' invoices with email, from and to filters; the detail only of its own", async () => {
    const list = await api(p, a, 'GET', '/api/partners/invoices');
    expect(list.status).toBe(200);
    expect(list.body.totalCount).toBeGreaterThanOrEqual(2);
    expect(new Set(list.body.data.map((i: { userEmail: string }) => i.userEmail))).toEqual(new Set([alice.user!.username]));
    const today = new Date().toISOString().slice(0, 10);
    expect((await api(p, a, 'GET', `/api/partners/invoices?email=${encodeURIComponent(bob.user!.username)}`)).body.totalCount).toBe(0);
    expect((await api(p, a, 'GET', `/api/partners/invoices?from=${today}&to=${today}`)).body.totalCount).toBe(list.body.totalCount);
    expect((await api(p, a, 'GET', '/api/partners/invoices?from=2000-01-01&to=2000-01-02')).body.totalCount).toBe(0);
    expect((await api(p, a, 'GET', '/api/partners/invoices?from=yesterday')).status).toBe(400);
    const id = list.body.data[0].id;
    expect((await api(p, a, 'GET', `/api/partners/invoices/${id}`)).body).toMatchObject({
      id,
      userEmail: alice.user!.username,
      items: expect.any(Array),
    });
    expect((await api(p, b, 'GET', `/api/partners/invoices/${id}`)).status).toBe(404);
    const theirs = (await api(p, b, 'GET', '/api/partners/invoices')).body.data;
    expect(theirs.every((i: { userEmail: string }) => i.userEmail === bob.user!.username)).toBe(true);
  });

  it('lists its payout invoices and their detail; never another partner’s', async () => {
    const { generatePayouts } = await import('../../platform/partners/payouts');
    const [payout] = await generatePayouts(p.db, a.partner.id);
    expect(payout).toBeDefined();
    const list = await api(p, a, 'GET', '/api/partners/partner-invoices');
    expect(list.body).toMatchObject({ totalCount: 1, data: [{ id: payout!.id, status: 'Open' }] });
    expect((await api(p, b, 'GET', '/api/partners/partner-invoices')).body.totalCount).toBe(0);
    const detail = await api(p, a, 'GET', `/api/partners/partner-invoices/${payout!.id}`);
    expect(detail.body.items.length).toBeGreaterThan(0);
    expect(detail.body.items[0].customerEmail).toBe(alice.user!.username);
    expect((await api(p, b, 'GET', `/api/partners/partner-invoices/${payout!.id}`)).status).toBe(404);
  });
});
