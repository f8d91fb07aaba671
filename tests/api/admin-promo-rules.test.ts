/**
 * Promos honoured exactly as an operator defines them (issue 29 item 6; docs/billing.md "Promo
 * rules"), through the operator's save and the user's redeem, the invoice preview and the renewal
 * job: status, redeem-by, max redemptions, per customer, expires-in-days, Percent Once/Forever
 * (discount and grant), Fixed, Subscription days (granted, or added to a running period).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_PROMO_ID } from '../../platform/billing/promo-admin';
import { runRenewals } from '../../platform/billing/renewal';
import { BILLING_MESSAGES } from '../../shared/billing';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { operator } from './admin-fixtures';
import { api, assignPlan, customer } from './billing-fixtures';
import { call, type Who } from './boards-fixtures';

const DAY = 86_400_000;
let p: TestPlatform;
let op: Who;
let n = 0;

/** An operator's promo (the save route), with a unique code. */
async function promo(fields: Record<string, unknown>): Promise<{ id: string; code: string; name: string }> {
  const code = `WTRU-${String(++n).padStart(4, '0')}-RULES${n % 10}`;
  const res = await call(p, op, 'POST', `/api/admin/promos/${NEW_PROMO_ID}`, { name: `Rule ${n}`, code, ...fields });
  if (res.status !== 200) throw new Error(res.raw);
  return res.body;
}
const redeem = (who: Who, code: string) => api(p, who, 'POST', '/api/admin/promos/redeem', { code }).then((r) => r.body);
const sub = (workspaceId: string) => p.db('subscriptions').where({ workspace_id: workspaceId }).first();
const redemption = (promoId: string, userId: string) => p.db('promo_redemptions').where({ promo_id: promoId, user_id: userId }).first();
const preview = (who: Who, plan = 'team') => api(p, who, 'GET', `/api/invoices/upcoming?Plan=${plan}`).then((r) => r.body);
/** Ends the workspace's period a minute ago (within grace) and runs the renewal job. */
async function renewNow(workspaceId: string) {
  await p
    .db('subscriptions')
    .where({ workspace_id: workspaceId })
    .update({ period_end: new Date(Date.now() - 60_000) });
  await runRenewals(p.server.app);
}

beforeAll(async () => {
  p = await startTestPlatform();
  op = await operator(p);
});
afterAll(() => p?.stop());

describe('who may redeem', () => {
  it('only an Active promo: Disabled and Archived are invalid until made Active again', async () => {
    const made = await promo({ percent: 10 });
    const c = await customer(p, 'Stan Status');
    for (const status of ['Disabled', 'Archived']) {
      await call(p, op, 'POST', `/api/admin/promos/${made.id}`, { name: 'x', type: 'Percent', percent: 10, status });
      expect(await redeem(c, made.code)).toEqual({ result: BILLING_MESSAGES.promoInvalid, succeed: false });
    }
    await call(p, op, 'POST', `/api/admin/promos/${made.id}`, { name: 'x', type: 'Percent', percent: 10, status: 'Active' });
    expect((await redeem(c, made.code)).succeed).toBe(true);
  });

  it('redeem-by: refused once the moment has passed', async () => {
    const late = await promo({ percent: 10, redeemBy: new Date(Date.now() - 1000).toISOString() });
    const open = await promo({ percent: 10, redeemBy: new Date(Date.now() + DAY).toISOString() });
    const c = await customer(p, 'Rita Redeemby');
    expect(await redeem(c, late.code)).toEqual({ result: BILLING_MESSAGES.promoExpired, succeed: false });
    expect((await redeem(c, open.code)).succeed).toBe(true);
  });

  it('max redemptions in total, and per customer', async () => {
    const one = await promo({ percent: 10, maxRedemptions: 1 });
    const [a, b] = [await customer(p, 'Max One'), await customer(p, 'Max Two')];
    expect((await redeem(a, one.code)).succeed).toBe(true);
    expect(await redeem(b, one.code)).toEqual({ result: BILLING_MESSAGES.promoUsedUp, succeed: false });
    const twice = await promo({ percent: 10, maxRedemptionsPerCustomer: 2 });
    expect((await redeem(b, twice.code)).succeed).toBe(true);
    expect((await redeem(b, twice.code)).succeed).toBe(true);
    expect(await redeem(b, twice.code)).toEqual({ result: BILLING_MESSAGES.promoAlreadyRedeemed, succeed: false });
    expect((await p.db('promos').where({ id: twice.id }).first()).redeemed_times).toBe(2);
  });
});

describe('discounts', () => {
  it('Percent Forever discounts every invoice while the redemption lasts (expiresInDays)', async () => {
    const made = await promo({ percent: 25, percentDuration: 'Forever', expiresInDays: 10 });
    const c = await customer(p, 'Fay Forever');
    expect(await redeem(c, made.code)).toMatchObject({ succeed: true, result: BILLING_MESSAGES.promoRedeemed });
    const r = await redemption(made.id, c.user!.id);
    expect(Math.abs(new Date(r.expires_at).getTime() - (Date.now() + 10 * DAY))).toBeLessThan(60_000);
    expect(await preview(c)).toMatchObject({ subtotal: 800, discount: { totalAmount: 200 }, total: 600 });
    // the operator edits the percent: invoices from then on use it
    await call(p, op, 'POST', `/api/admin/promos/${made.id}`, { name: 'x', type: 'Percent', percent: 50, expiresInDays: 10 });
    expect((await preview(c)).total).toBe(400);
    await p
      .db('promo_redemptions')
      .where({ id: r.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect(await preview(c)).toMatchObject({ discount: { totalAmount: 0 }, total: 800 });
  });

  it('Percent Once discounts one invoice: the renewal uses it up, the next one is full price', async () => {
    const c = await customer(p, 'Olly Once');
    await assignPlan(p, c.workspace.id, 'team', { autoRenew: true, userId: c.user!.id });
    // the customer's credit pays the other half, so the renewal needs no card
    await p.db('subscriptions').where({ workspace_id: c.workspace.id }).update({ credit: 400 });
    const made = await promo({ percent: 50, percentDuration: 'Once' });
    expect((await redeem(c, made.code)).succeed).toBe(true);
    await renewNow(c.workspace.id);
    const invoices = await p.db('invoices').where({ workspace_id: c.workspace.id }).orderBy('created_at');
    expect(invoices.map((i) => [Number(i.subtotal), Number(i.total)])).toEqual([[800, 0]]);
    expect(invoices[0].discounts).toEqual([{ name: made.name, amount: 400 }]);
    expect((await redemption(made.id, c.user!.id)).used).toBe(true);
    expect((await sub(c.workspace.id)).status).toBe('Active');
    // the next renewal has no discount left (and no card: Suspended)
    await renewNow(c.workspace.id);
    expect((await sub(c.workspace.id)).status).toBe('Suspended');
  });

  it('Fixed takes its amount off each invoice while the redemption lasts', async () => {
    const made = await promo({ type: 'Fixed', amount: 300, expiresInDays: 30 });
    const c = await customer(p, 'Fred Fixed');
    expect((await redeem(c, made.code)).succeed).toBe(true);
    expect(await preview(c)).toMatchObject({ discount: { totalAmount: 300 }, total: 500 });
    expect(await preview(c, 'teamplus')).toMatchObject({ discount: { totalAmount: 300 } });
  });
});

describe('grants', () => {
  it('Percent 100 Forever without expiry: the plan, renewing at no cost', async () => {
    const made = await promo({ percent: 100, percentDuration: 'Forever', expiresInDays: 0 });
    const c = await customer(p, 'Vic Forever');
    expect(await redeem(c, made.code)).toMatchObject({ succeed: true, result: BILLING_MESSAGES.promoRedeemed });
    expect(await sub(c.workspace.id)).toMatchObject({ plan: 'team', status: 'Active', auto_renew: true });
    await renewNow(c.workspace.id);
    const after = await sub(c.workspace.id);
    expect([after.status, new Date(after.period_end).getTime() > Date.now() + 27 * DAY]).toEqual(['Active', true]);
    const totals = await p.db('invoices').where({ workspace_id: c.workspace.id }).pluck('total');
    expect(totals.map(Number)).toEqual([0, 0]);
  });

  it('Percent 100 Forever with expiresInDays: the plan for those days, not renewing (a template)', async () => {
    const made = await promo({ percent: 100, expiresInDays: 90, name: 'ExtendedPack' });
    const c = await customer(p, 'Ed Extended');
    expect(await redeem(c, made.code)).toMatchObject({ succeed: true, result: BILLING_MESSAGES.promoGranted('Team', 90) });
    const s = await sub(c.workspace.id);
    expect(s.auto_renew).toBe(false);
    expect(Math.round((new Date(s.period_end).getTime() - Date.now()) / DAY)).toBe(90);
  });

  it('Percent 100 Once: one free monthly period, the redemption spent, no renewal', async () => {
    const made = await promo({ percent: 100, percentDuration: 'Once' });
    const c = await customer(p, 'Oona Once');
    const answer = await redeem(c, made.code);
    expect(answer.succeed).toBe(true);
    expect(answer.result).toMatch(/^Promo code redeemed: Team for (28|29|30|31) days\.$/);
    expect(await sub(c.workspace.id)).toMatchObject({ plan: 'team', auto_renew: false });
    expect((await redemption(made.id, c.user!.id)).used).toBe(true);
    expect(await preview(c, 'teamplus')).toMatchObject({ discount: { totalAmount: 0 } });
  });

  it('Subscription: its days as a plan, or added to a running period', async () => {
    const made = await promo({ type: 'Subscription', duration: 14, maxRedemptionsPerCustomer: 2 });
    const c = await customer(p, 'Sid Subscription');
    expect(await redeem(c, made.code)).toMatchObject({ succeed: true, result: BILLING_MESSAGES.promoGranted('Team', 14) });
    const first = await sub(c.workspace.id);
    expect([first.plan, first.auto_renew, Math.round((new Date(first.period_end).getTime() - Date.now()) / DAY)]).toEqual([
      'team',
      false,
      14,
    ]);
    expect(await redeem(c, made.code)).toMatchObject({ succeed: true, result: BILLING_MESSAGES.promoGranted('Team', 14) });
    const second = await sub(c.workspace.id);
    expect(new Date(second.period_end).getTime() - new Date(first.period_end).getTime()).toBe(14 * DAY);
    // a Subscription promo never discounts an invoice
    expect(await preview(c, 'teamplus')).toMatchObject({ discount: { totalAmount: 0 } });
  });
});
