/**
 * The operators' Partners (backoffice.md §2 "Partners", §4, §7; docs/billing.md "Partners"): every
 * call, operators only, and a payout covering each customer invoice once.
 */
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { operator } from './admin-fixtures';
import { call, signedIn, type Who } from './boards-fixtures';
import { paidInvoice, partnerCustomer } from './partners-fixtures';

let p: TestPlatform;
let op: Who;

beforeAll(async () => {
  p = await startTestPlatform();
  op = await operator(p);
});
afterAll(() => p?.stop());

const count = async (q: Knex.QueryBuilder) => Number(((await q.count('* as n').first()) as { n: string | number }).n);

/** A new account made a partner through the API. */
async function newPartner(name = 'Pat Partner') {
  const who = await signedIn(p, { name });
  const res = await call(p, op, 'POST', '/api/admin/partners/', { email: who.user!.username });
  expect(res.status, res.raw).toBe(200);
  return { who, id: res.body.id as string };
}

async function activate(id: string, program = 'Reseller') {
  expect((await call(p, op, 'POST', `/api/admin/partners/${id}/enrolls`, { program })).status).toBe(200);
  expect((await call(p, op, 'POST', `/api/admin/partners/${id}/statuses`, { program, state: 'Active' })).status).toBe(200);
}

describe('partners', () => {
  it('makes an existing account a partner by e-mail (row + partner role); unknown or repeated e-mails are 400s', async () => {
    const who = await signedIn(p, { name: 'Nia New' });
    const made = await call(p, op, 'POST', '/api/admin/partners/', { email: who.user!.username.toUpperCase() });
    expect(made.status, made.raw).toBe(200);
    expect(made.body).toMatchObject({ email: who.user!.username, name: null, status: 'None', partnerId: made.body.id });
    expect(made.body.types.map((t: { code: string; status: null }) => [t.code, t.status])).toEqual([
      ['Reseller', null],
      ['Referral', null],
    ]);
    expect((await p.db('users').where({ id: who.user!.id }).first()).roles).toContain('partner');
    const unknown = await call(p, op, 'POST', '/api/admin/partners/', { email: 'nobody@example.com' });
    expect([unknown.status, unknown.body.errors]).toEqual([400, { email: ['user not found'] }]);
    const again = await call(p, op, 'POST', '/api/admin/partners/', { email: who.user!.username });
    expect(again.status).toBe(400);
    expect(again.body.errors.email).toBeDefined();
    expect((await call(p, op, 'POST', '/api/admin/partners/', { email: 'not an email' })).body.errors.email).toBeDefined();
    // the panel's roaming Uid rides along in every body
    const withUid = await call(p, op, 'POST', '/api/admin/partners/', { email: (await signedIn(p)).user!.username, Uid: 'x' });
    expect(withUid.status, withUid.raw).toBe(200);
    const trail = await p.db('operator_audit').where({ target_id: made.body.id }).pluck('action');
    expect(trail).toEqual(['partner.create']);
    expect((await call(p, op, 'GET', '/api/admin/partners?Take=0')).status).toBe(400);
  });

  it('lists partners with the list protocol (All, text filter, orders)', async () => {
    const a = await newPartner('Grid A');
    await p.db('partners').where({ id: a.id }).update({ name: 'Zeta Resellers' });
    await activate(a.id);
    const all = await call(p, op, 'GET', '/api/admin/partners?QuickFilter=All&Take=100&Orders=createdDate%20Desc');
    expect(all.status, all.raw).toBe(200);
    expect(all.body.data[0]).toMatchObject({ id: a.id, name: 'Zeta Resellers', status: 'Active', email: a.who.user!.username });
    for (const q of ['filter=zeta', 'Filter=zeta']) {
      const found = await call(p, op, 'GET', `/api/admin/partners?${q}`);
      expect(found.body.data.map((r: { id: string }) => r.id)).toEqual([a.id]);
    }
    expect((await call(p, op, 'GET', '/api/admin/partners?Orders=status')).status).toBe(200);
    expect((await call(p, op, 'GET', '/api/admin/partners?QuickFilter=active')).status).toBe(400);
    expect((await call(p, op, 'GET', '/api/admin/partners?Orders=password')).status).toBe(400);
  });

  it('enrolls and moves programme statuses only along the next statuses; reject needs a reason', async () => {
    const { id } = await newPartner();
    const url = `/api/admin/partners/${id}`;
    const enrolled = await call(p, op, 'POST', `${url}/enrolls`, { program: 'Reseller' });
    expect(enrolled.body).toEqual({ code: 'Reseller', status: 'UnderReview', nextStatuses: ['Active', 'Rejected'], reason: null });
    expect((await call(p, op, 'POST', `${url}/enrolls`, { program: 'Reseller' })).body.errors.program).toBeDefined();
    expect((await call(p, op, 'POST', `${url}/enrolls`, { program: 'Gold' })).status).toBe(400);
    const noReason = await call(p, op, 'POST', `${url}/statuses`, { program: 'Reseller', state: 'Rejected', reason: '' });
    expect([noReason.status, noReason.body.errors]).toEqual([400, { reason: ['a reason is required'] }]);
    const long = await call(p, op, 'POST', `${url}/statuses`, { program: 'Reseller', state: 'Rejected', reason: 'x'.repeat(501) });
    expect(long.body.errors.reason).toBeDefined();
    expect((await call(p, op, 'POST', `${url}/statuses`, { program: 'Reseller', state: 'Gone' })).body.errors.state).toBeDefined();
    const skip = await call(p, op, 'POST', `${url}/statuses`, { program: 'Reseller', state: 'Suspended' });
    expect(skip.body.errors.state).toBeDefined();
    const notEnrolled = await call(p, op, 'POST', `${url}/statuses`, { program: 'Referral', state: 'Active' });
    expect(notEnrolled.body.errors.program).toBeDefined();
    const rejected = await call(p, op, 'POST', `${url}/statuses`, { program: 'Reseller', state: 'Rejected', reason: 'No website' });
    expect(rejected.body).toEqual({ code: 'Reseller', status: 'Rejected', nextStatuses: ['UnderReview'], reason: 'No website' });
    await call(p, op, 'POST', `${url}/statuses`, { program: 'Reseller', state: 'UnderReview' });
    const active = await call(p, op, 'POST', `${url}/statuses`, { program: 'Reseller', state: 'Active' });
    expect(active.body).toMatchObject({ status: 'Active', nextStatuses: ['Suspended', 'Terminated'] });
    const details = await call(p, op, 'GET', `${url}/details`);
    expect(details.body).toMatchObject({ id, status: 'Active' });
    expect(details.body.types[0]).toMatchObject({
      code: 'Reseller',
      name: 'Reseller',
      status: 'Active',
      nextStatuses: ['Suspended', 'Terminated'],
    });
    expect((await call(p, op, 'GET', '/api/admin/partners/00000000-0000-4000-8000-000000000000/details')).status).toBe(404);
    expect((await call(p, op, 'GET', '/api/admin/partners/nope/details')).status).toBe(400);
  });

  it("lists a partner's customers and never another partner's", async () => {
    const a = await newPartner('A');
    const b = await newPartner('B');
    const ca = await partnerCustomer(p, a.id, 'Cust A');
    await partnerCustomer(p, b.id, 'Cust B');
    const list = await call(p, op, 'GET', `/api/admin/partners/${a.id}/customers`);
    expect(list.body).toEqual({
      totalCount: 1,
      data: [{ customerId: ca.user!.id, email: ca.user!.username, createdDate: expect.any(String) }],
    });
  });
});

describe('payouts', () => {
  it('covers each paid customer invoice once, net of credit notes, by the active programme commission; pays it', async () => {
    const { id } = await newPartner('Payee');
    const url = `/api/admin/partners/${id}`;
    const none = await call(p, op, 'POST', `${url}/generate-invoice`);
    expect([none.status, none.body.message]).toEqual([400, 'The partner has no active programme: nothing can be paid out.']);
    await activate(id);
    const c1 = await partnerCustomer(p, id, 'C1');
    const c2 = await partnerCustomer(p, id, 'C2');
    const outsider = await partnerCustomer(p, (await newPartner('Other')).id, 'Other customer');
    await paidInvoice(p, outsider, { total: 99_999 });
    expect((await call(p, op, 'POST', `${url}/generate-invoice`)).body.message).toBe(
      'Nothing to pay: no paid customer invoices since the last partner invoice.',
    );
    await paidInvoice(p, c1, { total: 2400 });
    await paidInvoice(p, c1, { total: 400, type: 'Credit Note' });
    await paidInvoice(p, c2, { total: 300, balance: 500 });
    await paidInvoice(p, c2, { total: 5000, status: 'Open' });
    const made = await call(p, op, 'POST', `${url}/generate-invoice`);
    expect(made.status, made.raw).toBe(200);
    expect(made.body.payouts).toHaveLength(1);
    const payout = made.body.payouts[0];
    // (2400 − 400 + 800) × 20 %
    expect(payout).toMatchObject({ status: 'Open', program: 'Reseller', subtotal: 2800, total: 560, currency: 'USD', paidDate: null });
    expect(payout.number).toMatch(/^PP-\d{6}$/);
    expect(made.body.message).toBe(`Partner invoice generated: ${payout.number} ($5.60)`);
    expect(await count(p.db('partner_payout_items').where({ payout_id: payout.id }))).toBe(3);
    const again = await call(p, op, 'POST', `${url}/generate-invoice`);
    expect(again.status).toBe(400);
    await paidInvoice(p, c2, { total: 1000 });
    const next = await call(p, op, 'POST', `${url}/generate-invoice`);
    expect(next.body.payouts[0]).toMatchObject({ subtotal: 1000, total: 200 });
    const covered = await p.db('partner_payout_items').whereIn('payout_id', [payout.id, next.body.payouts[0].id]).pluck('invoice_id');
    expect(new Set(covered).size).toBe(covered.length);

    const list = await call(p, op, 'GET', `${url}/payouts`);
    expect(list.body.data.map((r: { number: string }) => r.number)).toEqual([next.body.payouts[0].number, payout.number]);
    const paid = await call(p, op, 'POST', `${url}/payouts/${payout.id}`);
    expect(paid.body).toMatchObject({ message: `${payout.number} paid`, payout: { id: payout.id, status: 'Paid' } });
    expect(paid.body.payout.paidDate).toEqual(expect.any(String));
    expect((await call(p, op, 'POST', `${url}/payouts/${payout.id}`)).body.message).toBe('This partner invoice is already paid.');
    const other = await newPartner('Not the payee');
    expect((await call(p, op, 'POST', `/api/admin/partners/${other.id}/payouts/${payout.id}`)).status).toBe(404);
    const actions = await p.db('operator_audit').where({ target_id: id }).orderBy('id').pluck('action');
    expect(actions).toEqual(expect.arrayContaining(['partner.enroll', 'partner.status', 'partner.payout.generate', 'partner.payout.pay']));
  });

  it("uses the active programme's rate: Referral 10 %, the highest when several are Active", async () => {
    const { id } = await newPartner('Referrer');
    await activate(id, 'Referral');
    const c = await partnerCustomer(p, id, 'Referred');
    await paidInvoice(p, c, { total: 1005 });
    const made = await call(p, op, 'POST', `/api/admin/partners/${id}/generate-invoice`);
    expect(made.body.payouts[0]).toMatchObject({ program: 'Referral', subtotal: 1005, total: 101 });
    await activate(id, 'Reseller');
    await paidInvoice(p, c, { total: 1000 });
    const both = await call(p, op, 'POST', `/api/admin/partners/${id}/generate-invoice`);
    expect(both.body.payouts[0]).toMatchObject({ program: 'Reseller', subtotal: 1000, total: 200 });
  });

  it('two concurrent generations never cover an invoice twice', async () => {
    const { id } = await newPartner('Racer');
    await activate(id);
    const c = await partnerCustomer(p, id, 'Racing customer');
    await paidInvoice(p, c, { total: 1000 });
    const results = await Promise.all([1, 2].map(() => call(p, op, 'POST', `/api/admin/partners/${id}/generate-invoice`)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await count(p.db('partner_payouts').where({ partner_id: id }))).toBe(1);
  });
});

describe('operators only', () => {
  it('answers 401 without a token and 403 to a signed-in non-operator, the partner included', async () => {
    const { who, id } = await newPartner('Curious');
    const paths: Array<[string, string, object?]> = [
      ['GET', '/api/admin/partners'],
      ['POST', '/api/admin/partners/', { email: who.user!.username }],
      ['GET', `/api/admin/partners/${id}/details`],
      ['GET', `/api/admin/partners/${id}/customers`],
      ['GET', `/api/admin/partners/${id}/payouts`],
      ['POST', `/api/admin/partners/${id}/enrolls`, { program: 'Reseller' }],
      ['POST', `/api/admin/partners/${id}/statuses`, { program: 'Reseller', state: 'Active' }],
      ['POST', `/api/admin/partners/${id}/generate-invoice`],
      ['POST', `/api/admin/partners/${id}/payouts/00000000-0000-4000-8000-000000000000`],
    ];
    for (const [method, url, body] of paths) {
      expect((await call(p, null, method, url, body)).status, `${method} ${url}`).toBe(401);
      expect((await call(p, who, method, url, body)).status, `${method} ${url}`).toBe(403);
    }
    expect(await count(p.db('partner_programs').where({ partner_id: id }))).toBe(0);
  });
});
